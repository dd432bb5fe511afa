#!/usr/bin/env bash
# hostile-gui.sh replays the hardening issue's attacks on `crown gui` with
# the built binary and reports what a user would see: the server's resident
# memory (RSS, from /proc) and whether it still answers.
#
#   1. session flood: FLOOD POSTs /api/session at once (the issue: 200 took
#      RSS from 29 MB to 5.9 GB); RSS before, just after, SETTLE s later
#   2. search flood: SEARCHES pages each start an analysis; RSS while they
#      run (the memory budget, --memory, bounds it) and how many were refused
#   3. streams: STREAMS pages each hold an event stream open; then a new
#      page must still open (no 503) and the oldest streams are closed
#   4. stalled bodies: STALLED connections send a request's headers and part
#      of its body, then nothing; after STALL_WAIT s, how many the server
#      still holds open (the GUI's read timeout should have closed them)
#   5. at rest: RSS FINAL_WAIT s later, once the pages of 2 are gone
#
# usage: scripts/hostile-gui.sh [BINARY]   (default: builds ./cmd/crown into
# a temporary directory). Settings from the environment, with defaults:
# PORT=18436 FLOOD=200 SEARCHES=8 STREAMS=12 STALLED=50 SETTLE=10
# STALL_WAIT=25 FINAL_WAIT=35 GUI_ARGS="" (more flags for crown gui). Needs curl, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${PORT:-18436}
flood=${FLOOD:-200}
searches=${SEARCHES:-8}
streams=${STREAMS:-12}
stalled=${STALLED:-50}
settle=${SETTLE:-10}
stall_wait=${STALL_WAIT:-25}
final_wait=${FINAL_WAIT:-35}
url=http://127.0.0.1:$port

tmp=$(mktemp -d)
bin=${1:-}
if [ -z "$bin" ]; then
	bin=$tmp/crown
	go build -o "$bin" ./cmd/crown
fi

server=
curls=()
cleanup() {
	for p in "${curls[@]}"; do kill "$p" 2>/dev/null || true; done
	if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

rss() { awk '/^VmRSS/ { printf "%.0f MB", $2 / 1024 }' "/proc/$server/status"; }

# answers prints the status codes of GET /api/info and POST /api/session.
answers() {
	local a b
	a=$(curl -s -m 5 -o /dev/null -w '%{http_code}' "$url/api/info" || true)
	b=$(curl -s -m 5 -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' "$url/api/session" || true)
	echo "GET /api/info $a, POST /api/session $b"
}

# newSession prints a new session's id.
newSession() {
	curl -s -m 10 -X POST -H 'Content-Type: application/json' -d '{}' "$url/api/session" |
		python3 -c 'import json, sys; print(json.load(sys.stdin).get("id", ""))'
}

# shellcheck disable=SC2086
"$bin" gui --addr "127.0.0.1:$port" --log-level warn ${GUI_ARGS:-} >"$tmp/gui.log" 2>&1 &
server=$!
for _ in $(seq 200); do
	curl -s -o /dev/null "$url/api/info" && break
	sleep 0.05
done
echo "crown gui on $url (pid $server), $bin"
echo "start: RSS $(rss)"

echo "== 1. session flood: $flood POST /api/session at once"
before=$(rss)
seq "$flood" | xargs -P "$flood" -n1 sh -c 'curl -s -m 30 -o /dev/null -w "%{http_code}\n" -X POST -H "Content-Type: application/json" -d "{}" '"$url"'/api/session' >"$tmp/codes"
echo "answers: $(sort "$tmp/codes" | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')"
echo "RSS before $before, just after $(rss)"
sleep "$settle"
echo "RSS ${settle} s later $(rss); $(answers)"

echo "== 2. search flood: $searches pages start an analysis"
ids=()
for _ in $(seq "$searches"); do ids+=("$(newSession)"); done
pids=()
: >"$tmp/codes"
for id in "${ids[@]}"; do
	curl -s -m 30 -o /dev/null -w '%{http_code}\n' -X POST -H 'Content-Type: application/json' -d '{}' "$url/api/analyse?s=$id" >>"$tmp/codes" &
	pids+=($!)
done
wait "${pids[@]}" 2>/dev/null || true
sleep 2
echo "answers: $(sort "$tmp/codes" | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')"
echo "RSS while analysing $(rss)"
for id in "${ids[@]}"; do curl -s -m 5 -o /dev/null -X POST -H 'Content-Type: application/json' -d '{}' "$url/api/stop?s=$id" || true; done
echo "after stop: $(answers)"

echo "== 3. streams: $streams pages hold an event stream open"
for i in $(seq "$streams"); do
	id=$(newSession)
	curl -s -N -m 120 "$url/api/events?s=$id" >"$tmp/stream.$i" 2>/dev/null &
	curls+=($!)
	sleep 0.05
done
sleep 1
echo "a new page: $(answers)"
closed=$(cat "$tmp"/stream.* 2>/dev/null | grep -c '^event: closed' || true)
echo "streams the server closed to make room: $closed of $streams"
for p in "${curls[@]}"; do kill "$p" 2>/dev/null || true; done
curls=()

echo "== 4. stalled bodies: $stalled requests send part of their body, then nothing"
python3 - "$port" "$stalled" "$stall_wait" <<'EOF'
import select, socket, sys, time
port, n, wait = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Content-Length: 1000\r\n\r\n{\"x\":")
    socks.append(s)
open_ = set(socks)
end = time.time() + wait
while open_ and time.time() < end:
    ready, _, _ = select.select(list(open_), [], [], max(0.0, end - time.time()))
    for s in ready:
        try:
            if not s.recv(65536):
                open_.discard(s)
        except OSError:
            open_.discard(s)
print(f"still open after {wait:.0f} s: {len(open_)} of {n}")
for s in socks:
    s.close()
EOF
echo "RSS $(rss); $(answers)"
sleep "$final_wait"
echo "== at rest: RSS ${final_wait} s later $(rss) (the server returns freed searchers' memory every 30 s); $(answers)"
if grep -qi 'warn\|error' "$tmp/gui.log"; then
	echo "server log (warnings):"
	grep -i 'warn\|error' "$tmp/gui.log" | sort | uniq -c | sort -rn | head -5
fi
