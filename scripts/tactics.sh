#!/usr/bin/env bash
# tactics.sh: the hard tactics sheet (../shared/data/tactics_pitch.tsv, or
# engine/search/testdata/tactics_pitch.tsv) searched by crown analyze at a
# fixed time per position; prints each problem's move and whether it is the
# solution, then the number solved (issue 16's bar: at 10 s per position, not
# fewer than before).
#
#   scripts/tactics.sh [SECONDS] [extra analyze flags...]
#
# CROWN names the binary (default: crown on PATH); TSV the sheet.
set -euo pipefail
secs=${1:-10}
shift || true
crown=${CROWN:-crown}
tsv=${TSV:-$(dirname "$0")/../engine/search/testdata/tactics_pitch.tsv}
solved=0
total=0
while IFS=$'\t' read -r name fen best _; do
	case "$name" in '#'* | name | '') continue ;; esac
	total=$((total + 1))
	line=$("$crown" analyze --fen "$fen" --time "$secs" "$@" | grep -E '^best ' | tail -1)
	move=$(awk '{print $2}' <<<"$line")
	depth=$(sed -E 's/.* depth ([0-9]+).*/\1/' <<<"$line")
	ok=miss
	IFS='|' read -ra alts <<<"$best"
	for a in "${alts[@]}"; do
		if [ "$move" = "$a" ]; then ok=OK; fi
	done
	if [ "$ok" = OK ]; then solved=$((solved + 1)); fi
	printf '%-12s %-8s want %-12s depth %-3s %s\n' "$name" "$move" "$best" "$depth" "$ok"
done <"$tsv"
echo "solved $solved of $total at ${secs} s a position"
