#!/usr/bin/env bash
# gui-timing.sh measures how long `crown gui` takes from exec to serving
# its page (the bar: under a second): it starts the binary on a free
# loopback port, polls the page with curl until it is served, prints the
# time, and stops the server. Usage: scripts/gui-timing.sh [BINARY] [RUNS]
# (default ./crown, 5 runs; build it with go build -o crown ./cmd/crown).
set -euo pipefail
bin=${1:-./crown}
runs=${2:-5}
for i in $(seq "$runs"); do
	out=$(mktemp)
	t0=$(date +%s%N)
	"$bin" gui --addr 127.0.0.1:0 --log-level warn >"$out" &
	pid=$!
	until grep -q 'http://' "$out"; do sleep 0.002; done
	url=$(sed -n 's/^crown gui: //p' "$out")
	until curl -sf -o /dev/null "$url"; do sleep 0.002; done
	t1=$(date +%s%N)
	echo "run $i: page served $(( (t1 - t0) / 1000000 )) ms after exec ($url)"
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	rm -f "$out"
done
