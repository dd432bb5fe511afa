#!/usr/bin/env bash
# hostile-newgame.sh measures what `new-game` costs a Hub client (the
# hardening issue's item 2: clearing a large hash table blocked the engine
# and made the first move of every game overrun its time). It drives a built
# crown binary through a pipe: hub, set-param hash, book off (so every move
# is searched), init; then GAMES times new-game, pos, level move-time, go
# think, timing each move from writing `go think` to reading `done`; then
# PINGS times new-game and ping, timing each from writing `new-game` to
# reading `pong`. It prints the median and maximum of each and the number
# of moves over the move time.
#
# On a shared machine a move can also overrun because the engine was
# runnable but had no CPU. Where Linux reports it (/proc/PID/task/*/schedstat:
# time run, time waiting on a run queue), each slow move is listed with the
# time that the thread which ran longest during the move (the search) spent
# waiting for a CPU, and the moves are summarised again with that wait
# taken off.
#
# Usage: scripts/hostile-newgame.sh [BINARY] [HASH_MIB] [GAMES] [MOVE_TIME_S] [PINGS]
# (defaults ./crown 1024 200 0.05 50; build the binary with
# go build -o crown ./cmd/crown). POS_FEN overrides the position searched
# (default the start, B:W21-32:B1-12).
set -euo pipefail
bin=${1:-./crown}
hash=${2:-1024}
games=${3:-200}
movetime=${4:-0.05}
pings=${5:-50}
fen=${POS_FEN:-B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12}
limit_us=$(awk -v s="$movetime" 'BEGIN { printf "%d", s * 1e6 }')

coproc ENGINE { exec "$bin" engine 2>/dev/null; }
in=${ENGINE[1]}
out=${ENGINE[0]}
pid=$ENGINE_PID

# now sets t to the wall clock in microseconds (EPOCHREALTIME: no fork).
now() { t=${EPOCHREALTIME/[.,]/}; }
# sched_snap NAME fills the associative array NAME with, per thread of the
# engine, "ran waited" in nanoseconds (empty where schedstat is missing).
sched_snap() {
	local -n snap=$1
	local f a b rest
	snap=()
	for f in /proc/"$pid"/task/*/schedstat; do
		if [[ -r $f ]] && read -r a b rest <"$f" 2>/dev/null; then
			snap[$f]="$a $b"
		fi
	done
}
# search_wait sets queued to the microseconds that the thread which ran
# longest between the snapshots s0 and s1 spent waiting for a CPU.
search_wait() {
	local f r0 w0 r1 w1 best=-1
	queued=0
	for f in "${!s1[@]}"; do
		read -r r1 w1 <<<"${s1[$f]}"
		read -r r0 w0 <<<"${s0[$f]:-0 0}"
		if ((r1 - r0 > best)); then
			best=$((r1 - r0)) queued=$(((w1 - w0) / 1000))
		fi
	done
}
# wait_for reads engine lines until one starts with $1.
wait_for() {
	local line
	while IFS= read -r -u "$out" line; do
		case $line in "$1"*) return 0 ;; error*) echo "engine: $line" >&2 ;; esac
	done
	echo "engine closed its output before '$1'" >&2
	exit 1
}
# summary NAME LIMIT_US VALUES...: median, max, count over LIMIT_US (ms).
summary() {
	local name=$1 lim=$2
	shift 2
	printf '%s\n' "$@" | sort -n | awk -v name="$name" -v lim="$lim" '
		{ v[NR] = $1; if ($1 > lim) over++ }
		END {
			med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%s: n=%d median=%.1f ms max=%.1f ms over %.0f ms: %d\n",
				name, NR, med / 1000, v[NR] / 1000, lim / 1000, over + 0
		}'
}

echo hub >&"$in"
wait_for wait
echo "set-param name=hash value=$hash" >&"$in"
echo "set-param name=book value=off" >&"$in"
now
t0=$t
echo init >&"$in"
wait_for ready
now
echo "init (hash=$hash MiB): $(((t - t0) / 1000)) ms"

moves=()
own=()
declare -A s0 s1
for g in $(seq "$games"); do
	sched_snap s0
	echo new-game >&"$in"
	echo "pos fen=$fen" >&"$in"
	echo "level move-time=$movetime" >&"$in"
	echo "go think" >&"$in"
	now
	t0=$t
	wait_for done
	now
	sched_snap s1
	search_wait
	wall=$((t - t0))
	moves+=("$wall")
	own+=($((wall - queued)))
	if ((wall > limit_us)); then
		echo "game $g: $((wall / 1000)) ms, the search waited $((queued / 1000)) ms of it for a CPU"
	fi
done
summary "first move after new-game (hash=$hash MiB, move-time=$movetime s)" "$limit_us" "${moves[@]}"
summary "the same less the time waiting for a CPU" "$limit_us" "${own[@]}"

lat=()
for _ in $(seq "$pings"); do
	now
	t0=$t
	echo new-game >&"$in"
	echo ping >&"$in"
	wait_for pong
	now
	lat+=($((t - t0)))
done
summary "new-game then ping (hash=$hash MiB)" 10000 "${lat[@]}"

echo quit >&"$in"
wait "$pid" 2>/dev/null || true
