#!/usr/bin/env bash
# hostile.sh is a rerunnable hostile run of crown's engine mode and command
# line: sizes that would allocate or loop without a bound, files that are
# devices, FIFOs or directories, hostile file headers, floods and huge lines
# on stdin, CR-LF and NUL bytes, stdin closed mid-search, SIGINT/SIGTERM
# during long commands, output paths that cannot be written. Each check runs
# the binary under /usr/bin/time (wall seconds, max RSS) and a timeout and
# prints one line, PASS or FAIL with its figures; the script exits 1 if any
# check failed. It holds the reproductions of the hardening issue that are
# fixed (threads 100000, a 1 MiB pos line, net-file /etc/passwd, a book
# header declaring 2^27 entries) and those found after it (devices and
# FIFOs read without end, egdb --cache and net bench --positions unbounded,
# book build deaf to SIGINT mid-search, an unbounded command queue during a
# search).
#
# Usage: scripts/hostile.sh BINARY [--slow]
# (build it with go build -o /tmp/crown ./cmd/crown). --slow also runs
# scripts/hostile-newgame.sh and scripts/hostile-gui.sh where present (they
# take minutes). Work files go to a temporary directory, removed at exit.
set -uo pipefail

bin=${1:?usage: scripts/hostile.sh BINARY [--slow]}
slow=${2:-}
[[ -x $bin ]] || { echo "hostile.sh: $bin is not an executable" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "hostile.sh: needs /usr/bin/time (GNU time) for RSS figures" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/crown-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
fails=0
checks=0

# result NAME OK FIGURES: one line per check.
result() {
	checks=$((checks + 1))
	if [[ $2 == 1 ]]; then
		printf 'PASS %-44s %s\n' "$1" "$3"
	else
		printf 'FAIL %-44s %s\n' "$1" "$3"
		fails=$((fails + 1))
	fi
}

# measure TIMEOUT INPUT CMD...: runs CMD with stdin from INPUT under a
# timeout (SIGINT, then SIGKILL 3 s later); sets rc, wall (s), rss (KB);
# stdout in out.txt, stderr in err.txt.
measure() {
	local t=$1 input=$2
	shift 2
	/usr/bin/time -f '%e %M' -o time.txt timeout -s INT -k 3 "$t" "$@" <"$input" >out.txt 2>err.txt
	rc=$?
	read -r wall rss < <(tail -n 1 time.txt)
	wall=${wall:-0} rss=${rss:-0}
}

# lt A B: A < B for decimals.
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# expect_fail NAME MAXWALL MAXRSS_MB PATTERN CMD...: CMD must exit 1 within
# MAXWALL seconds and MAXRSS_MB, with PATTERN in its stderr and no Go crash.
expect_fail() {
	local name=$1 maxwall=$2 maxrss=$3 pat=$4
	shift 4
	measure 30 /dev/null "$@"
	local ok=1 why=""
	[[ $rc == 1 ]] || { ok=0 why+=" want status 1;"; }
	grep -qE -- "$pat" err.txt || { ok=0 why+=" no /$pat/ in stderr;"; }
	grep -qE 'fatal error|panic:|goroutine [0-9]+ \[' err.txt && { ok=0 why+=" Go crash;"; }
	lt "$wall" "$maxwall" || { ok=0 why+=" over ${maxwall}s;"; }
	((rss < maxrss * 1024)) || { ok=0 why+=" over ${maxrss} MB;"; }
	result "$name" $ok "status $rc, ${wall}s, $((rss / 1024)) MB RSS:$why $(tail -n 1 err.txt | cut -c1-90)"
}

# engine NAME TIMEOUT MAXRSS_MB INPUT: runs engine mode on INPUT; sets rc,
# wall, rss and checks the limits (the caller checks the output).
engine() {
	measure "$2" "$4" "$bin"
	eng_ok=1 eng_why=""
	[[ $rc == 0 ]] || { eng_ok=0 eng_why+=" status $rc;"; }
	((rss < $3 * 1024)) || { eng_ok=0 eng_why+=" over $3 MB;"; }
	grep -qE 'fatal error|panic:' err.txt && { eng_ok=0 eng_why+=" Go crash;"; }
}

start=B:W21-32:B1-12
mkfifo fifo
mkdir adir

# --- sizes that allocate or loop in proportion -------------------------
expect_fail "analyze --threads 100000 (issue)" 2 120 '--threads: must be 1 to 256' \
	"$bin" analyze --fen $start --depth 4 --threads 100000
expect_fail "analyze --hash -5" 2 120 '--hash: must be at least 1 MiB' \
	"$bin" analyze --fen $start --depth 4 --hash -5
expect_fail "analyze --hash 1000000000" 2 120 '--hash: must be at most' \
	"$bin" analyze --fen $start --depth 4 --hash 1000000000
expect_fail "egdb probe --cache 100000000" 2 120 '--cache: must be at most' \
	"$bin" egdb probe --fen W:W32:B1 --cache 100000000
expect_fail "egdb probe --cache=-1" 2 120 '--cache: must be 0' \
	"$bin" egdb probe --fen W:W32:B1 --cache=-1
expect_fail "net bench --positions 2000000000" 2 120 '--positions must be 1 to' \
	"$bin" net bench --positions 2000000000 --time 1ms
expect_fail "perft --depth 1000" 2 120 'out of range' "$bin" perft --depth 1000
expect_fail "bench --depth 100000" 2 120 'out of range' "$bin" bench -q --depth 100000
expect_fail "analyze --multipv 100000" 2 120 'out of range' \
	"$bin" analyze --fen $start --depth 2 --multipv 100000
expect_fail "egdb build --pieces 100" 2 120 'out of range' \
	"$bin" egdb build --pieces 100 --dir "$work/egdb"
expect_fail "selfplay --workers 100000" 2 120 '--workers: must be' \
	"$bin" selfplay play --out "$work/s.smp" --workers 100000

# --- files that are not regular files ----------------------------------
for f in /dev/zero /dev/urandom "$work/fifo" "$work/adir"; do
	short=${f#"$work"/}
	expect_fail "net info $short" 2 120 'not a regular file|is a directory' "$bin" net info "$f"
	expect_fail "book show --book $short" 2 120 'not a regular file|is a directory' "$bin" book show --book "$f"
	expect_fail "analyze --pdn $short" 2 120 'not a regular file|is a directory' \
		"$bin" analyze --pdn "$f" --depth 1
	expect_fail "analyze --eval nn --net $short" 2 120 'not a regular file|is a directory' \
		"$bin" analyze --fen $start --depth 1 --eval nn --net "$f"
done
expect_fail "selfplay info /dev/zero" 2 120 'not a regular file' "$bin" selfplay info /dev/zero
expect_fail "match --openings fifo" 2 120 'not a regular file' \
	"$bin" match --player crown: --player crown: --openings "$work/fifo" --count 1 --pdn "$work/m.pdn"
for f in /dev/zero "$work/fifo"; do
	short=${f#"$work"/}
	for param in net-file book-file; do
		printf 'set-param name=evaluator value=nn\nset-param name=%s value=%s\ninit\nping\n' $param "$f" >in.txt
		engine "engine $param $short" 10 200 in.txt
		grep -q '^error .*not a regular file' out.txt && grep -q '^pong' out.txt || eng_ok=0
		result "engine $param $short" $eng_ok "${wall}s, $((rss / 1024)) MB RSS:$eng_why $(grep -m 1 '^error' out.txt | cut -c1-70)"
	done
done

# --- hostile file contents ---------------------------------------------
# A book whose header declares 2^27 entries (3.75 GiB of records) in 36
# bytes: the header of a real book with the counts changed.
"$bin" book build --out real.book --depth 1 --rounds 1 --no-egdb >/dev/null 2>&1
python3 - <<'EOF'
import struct
h = bytearray(open("real.book", "rb").read()[:36])
struct.pack_into("<I", h, 20, 1 << 27)           # entries
struct.pack_into("<I", h, 28, (1 << 27) * 30)    # raw length
open("bomb.book", "wb").write(bytes(h))
EOF
expect_fail "book header of 2^27 entries (issue)" 2 120 'bomb.book' "$bin" book show --book bomb.book
printf 'set-param name=book-file value=%s\ninit\nping\n' "$work/bomb.book" >in.txt
engine "engine book-file 2^27 header" 10 200 in.txt
grep -q '^error .*bomb.book' out.txt && grep -q '^pong' out.txt || eng_ok=0
result "engine book-file 2^27 header" $eng_ok "${wall}s, $((rss / 1024)) MB RSS:$eng_why"
# net-file /etc/passwd (issue): refused, its bytes not echoed, play goes on.
printf 'set-param name=evaluator value=nn\nset-param name=net-file value=/etc/passwd\ninit\nset-param name=book value=false\npos start\nlevel depth=4\ngo think\n' >in.txt
engine "net-file /etc/passwd then go (issue)" 20 300 in.txt
grep -q '^done move=' out.txt || { eng_ok=0 eng_why+=" no done;"; }
grep -q 'root:' out.txt && { eng_ok=0 eng_why+=" echoed the file;"; }
result "net-file /etc/passwd then go (issue)" $eng_ok "${wall}s, $((rss / 1024)) MB RSS, $(grep -c '^error' out.txt) error lines:$eng_why"

# --- engine mode: huge lines, floods, odd bytes ------------------------
python3 -c 'import sys; sys.stdout.write("pos pos=" + "e" * (1 << 20) + "\nping\n")' >in.txt
engine "1 MiB pos pos=eee... line (issue)" 10 200 in.txt
len=$(grep '^error' out.txt | head -n 1 | wc -c)
((len > 0 && len < 1024)) && grep -q '^pong' out.txt || eng_ok=0
result "1 MiB pos pos=eee... line (issue)" $eng_ok "error line $len bytes, ${wall}s, $((rss / 1024)) MB RSS:$eng_why"

head -c 5000000 /dev/zero | tr '\0' 'e' >in.txt
engine "5 MB without a newline" 10 200 in.txt
grep -q '^error .*longer than' out.txt || eng_ok=0
result "5 MB without a newline" $eng_ok "${wall}s, $((rss / 1024)) MB RSS, $(wc -c <out.txt) bytes out:$eng_why"

printf 'ping\r\nset-param name=book value=false\r\npos start\r\nlevel depth=3\r\ngo think\r\n' >in.txt
engine "CR-LF line endings" 10 200 in.txt
grep -q '^pong' out.txt && grep -q '^done move=' out.txt && ! grep -q '^error' out.txt || eng_ok=0
result "CR-LF line endings" $eng_ok "${wall}s:$eng_why"

printf 'pi\0ng\npos fen=B:W21-32:B1-12\0\nping\n' >in.txt
engine "NUL bytes" 10 200 in.txt
grep -q '^error' out.txt && grep -q '^pong' out.txt || eng_ok=0
result "NUL bytes" $eng_ok "$(grep -c '^error' out.txt) error lines, ${wall}s:$eng_why"

yes ping | head -n 200000 >in.txt
engine "200000 pings" 30 200 in.txt
n=$(grep -c '^pong' out.txt)
[[ $n == 200000 ]] || eng_ok=0
result "200000 pings" $eng_ok "$n pongs, ${wall}s, $((rss / 1024)) MB RSS:$eng_why"

python3 -c '
for i in range(20000):
    print("set-param name=book value=false\npos start\nlevel depth=2\ngo think")' >in.txt
engine "20000 searches back to back" 60 200 in.txt
n=$(grep -c '^done move=' out.txt)
[[ $n == 20000 ]] || eng_ok=0
result "20000 searches back to back" $eng_ok "$n dones, ${wall}s, $((rss / 1024)) MB RSS:$eng_why"

# 200 MiB of commands sent during an infinite search: held to 16 MiB.
python3 -c '
import sys
w = sys.stdout.write
w("set-param name=book value=false\npos start\nlevel infinite\ngo think\n")
line = "new-game " + "x" * ((1 << 20) - 100) + "\n"
for i in range(200): w(line)
w("stop\nping\n")' >in.txt
engine "200 MiB of commands during a search" 60 400 in.txt
n=$(grep -c '^error .*dropped' out.txt)
((n > 150)) && grep -q '^done move=' out.txt && grep -q '^pong' out.txt || eng_ok=0
result "200 MiB of commands during a search" $eng_ok "$n dropped, ${wall}s, $((rss / 1024)) MB RSS:$eng_why"

python3 -c '
print("set-param name=book value=false")
print("pos fen=W:WK32,K31,21,22,23:BK1,K2,10,11,12 moves=\"" + " ".join(["32-28", "1-5", "28-32", "5-1"] * 40000) + "\"")
print("level move-time=0.3\ngo think")' >in.txt
engine "moves= of 160000 plies, move-time 0.3" 20 400 in.txt
grep -q '^done move=' out.txt && lt "$wall" 3 || eng_ok=0
result "moves= of 160000 plies, move-time 0.3" $eng_ok "${wall}s, $((rss / 1024)) MB RSS:$eng_why"

python3 -c '
print("set book 0")
print("set gamehist W:WK32,K31,21,22,23:BK1,K2,10,11,12 " + " ".join(["32-28", "1-5", "28-32", "5-1"] * 40000))
print("getmove W:WK32,K31,21,22,23:BK1,K2,10,11,12 0.3")' >in.txt
engine "set gamehist of 160000 plies + getmove" 20 400 in.txt
grep -q '^getmove move=' out.txt && lt "$wall" 3 || eng_ok=0
result "set gamehist of 160000 plies + getmove" $eng_ok "${wall}s, $((rss / 1024)) MB RSS:$eng_why"

printf 'level depth=1001\nlevel time=1e300\nlevel nodes=0\nset-param name=multipv value=100000\nset-param name=threads value=100000\nset-param name=hash value=100000000\ngetmove %s 1e300\nping\n' $start >in.txt
engine "out-of-range protocol values" 10 200 in.txt
n=$(grep -c '^error' out.txt)
[[ $n == 7 ]] && grep -q '^pong' out.txt || eng_ok=0
result "out-of-range protocol values" $eng_ok "$n of 7 refused, ${wall}s, $((rss / 1024)) MB RSS:$eng_why"

# stdin closed during an infinite search: done, exit at once.
mkfifo in.fifo
(printf 'set-param name=book value=false\npos start\nlevel infinite\ngo think\n'; sleep 1) >in.fifo &
engine "stdin closed mid-search" 10 200 in.fifo
wait
grep -q '^done move=' out.txt && lt "$wall" 2 || eng_ok=0
result "stdin closed mid-search" $eng_ok "exit ${wall}s after start (input closed at 1 s):$eng_why"

# --- signals during long commands --------------------------------------
# signal_after SECS SIG WAIT CMD...: runs CMD in the background, sends SIG
# after SECS, waits up to WAIT seconds for it to exit (then kills it); sets
# stopped (seconds from the signal to the exit), st (its status) and ok
# (0 when it had to be killed).
signal_after() {
	local secs=$1 sig=$2 wait_s=$3 pid t0
	shift 3
	"$@" >out.txt 2>err.txt &
	pid=$!
	sleep "$secs"
	t0=$EPOCHREALTIME
	kill -"$sig" $pid
	for _ in $(seq $((wait_s * 20))); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
	stopped=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
	ok=1
	if kill -0 $pid 2>/dev/null; then
		ok=0
		kill -KILL $pid
	fi
	wait $pid
	st=$?
}

# book build deep in a leaf search: SIGINT ends it at once, file saved.
signal_after 1.5 INT 5 "$bin" book build --out deep.book --depth 100000 --rounds 1 --no-egdb --threads 1
[[ $st == 0 && -s deep.book ]] || ok=0
result "book build --depth 100000, SIGINT" $ok "stopped ${stopped}s after SIGINT, status $st, book $(wc -c <deep.book 2>/dev/null || echo none) bytes"

# selfplay: SIGTERM saves the games played.
signal_after 3 TERM 10 "$bin" selfplay play --out sp.smp --games 100000 --nodes 200 --workers 1 --no-egdb --save-every 1h
games=$("$bin" selfplay info sp.smp 2>/dev/null | awk '$1 == "games" { print $2 " games" }')
[[ -n $games ]] || ok=0
result "selfplay, SIGTERM at 3 s" $ok "stopped ${stopped}s after SIGTERM, status $st, saved: ${games:-nothing}"

# --- output paths -------------------------------------------------------
mkdir ro
chmod 555 ro
if [[ $(id -u) == 0 ]]; then rodir=/proc/crown-hostile; else rodir=$work/ro; fi
expect_fail "book build --out in a missing directory" 5 200 'no such file|not a directory' \
	"$bin" book build --out "$work/missing/dir/x.book" --depth 1 --rounds 1 --no-egdb
expect_fail "book build --out in an unwritable directory" 5 200 'permission denied|read-only|no such file' \
	"$bin" book build --out "$rodir/x.book" --depth 1 --rounds 1 --no-egdb
expect_fail "net random --out in a missing directory" 5 200 'no such file|not a directory' \
	"$bin" net random --out "$work/missing/x.net"
# A failed save keeps the file that was there (not checkable as root, who
# writes into read-only directories).
if [[ $(id -u) != 0 ]]; then
	cp real.book keep.book
	chmod 555 "$work"
	measure 30 /dev/null "$bin" book build --out "$work/keep.book" --depth 1 --rounds 1 --no-egdb
	chmod 755 "$work"
	ok=1
	cmp -s real.book keep.book || ok=0
	[[ $rc == 1 ]] || ok=0
	result "save into a read-only directory keeps the old file" $ok "status $rc, old file intact: $(cmp -s real.book keep.book && echo yes || echo no)"
fi

# --- the long hostile runs of other scripts ----------------------------
if [[ $slow == --slow ]]; then
	for s in hostile-newgame.sh hostile-gui.sh; do
		if [[ -x $here/$s ]]; then
			if "$here/$s" "$bin" >slow.txt 2>&1; then ok=1; else ok=0; fi
			result "$s" $ok "$(tail -n 1 slow.txt | cut -c1-100)"
		fi
	done
fi

echo "$checks checks, $fails failed"
((fails == 0))
