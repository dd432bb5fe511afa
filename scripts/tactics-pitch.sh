#!/usr/bin/env bash
# tactics-pitch.sh: crown on the hard tactics sheet (../shared/data/tactics_pitch.tsv):
# each position analysed for SECONDS (default 10) with crown's defaults plus
# any extra analyze flags; prints each problem's move and the solved count.
#
#   scripts/tactics-pitch.sh [CROWN] [SECONDS] [analyze flags...]
set -euo pipefail
CROWN=${1:-crown}
SECS=${2:-10}
shift 2 || true
FILE=${TACTICS:-$(dirname "$0")/../../shared/data/tactics_pitch.tsv}
solved=0
total=0
while IFS=$'\t' read -r name fen best _; do
	case "$name" in ''|'#'*|name) continue ;; esac
	total=$((total + 1))
	move=$("$CROWN" analyze --fen "$fen" --time "$SECS" "$@" 2>/dev/null | awk '/^best /{print $2}')
	ok=miss
	IFS='|' read -ra alts <<<"$best"
	for a in "${alts[@]}"; do
		if [ "$move" = "$a" ]; then ok=OK; solved=$((solved + 1)); fi
	done
	printf '%-12s %-8s want %-12s %s\n' "$name" "$move" "$best" "$ok"
done <"$FILE"
echo "solved $solved of $total at ${SECS}s"
