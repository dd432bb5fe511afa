#!/usr/bin/env bash
# screen-search.sh: screens search settings against the default at equal
# nodes, one 2 x COUNT-game match each, one after the other (docs/
# search-tuning.md, "The search's numbers, screened at equal nodes").
# Equal nodes is equal time for a setting that changes the tree but not
# the cost of a node, and a node budget makes the result independent of
# whatever else runs on the machine. Resumable: a finished screen leaves
# DIR/scr-SPEC-NODES.done and is skipped; an interrupted one resumes from
# its PDN (crown match plays only the missing games).
#
#   scripts/screen-search.sh DIR SPEC...
#
# SPEC is what crown:search= takes in the binary used (a trial branch's
# settings, or nosingular, noreduce, ...). Settings (environment): CROWN
# (the binary, default crown), NODES (50000), COUNT (ballots, both colours:
# 400), CONCURRENCY (2). Each screen's summary (W-D-L, Elo and interval)
# is at the end of DIR/scr-SPEC-NODES.log.
set -euo pipefail
DIR=${1:?usage: screen-search.sh DIR SPEC...}
shift
CROWN=${CROWN:-crown}
NODES=${NODES:-50000}
COUNT=${COUNT:-400}
CONCURRENCY=${CONCURRENCY:-2}
mkdir -p "$DIR"
for spec in "$@"; do
	name=$(printf '%s' "$spec" | tr '=+' '__')
	base="$DIR/scr-$name-$NODES"
	if [ -f "$base.done" ]; then
		echo "$spec: done ($base.log)"
		continue
	fi
	"$CROWN" match --player "crown:search=$spec,name=$name" --player crown:name=default \
		--nodes "$NODES" --openings eleven --count "$COUNT" --concurrency "$CONCURRENCY" \
		--pdn "$base.pdn" >"$base.log" 2>&1
	touch "$base.done"
	echo "$spec: $(grep 'Elo difference' "$base.log")"
done
