#!/usr/bin/env bash
# train-generation.sh: one generation of crown's trained network (issue 16,
# docs/training.md): self-play with the best network so far, training on
# all the generations' samples, and the match that decides whether the new
# network is kept. Every step resumes: rerun the same command after an
# interruption and finished work is kept (sample files, the training
# checkpoint, the match's PDN).
#
#   scripts/train-generation.sh N [DIR]
#
# Generation N plays with DIR/genN.nnue (for N = 0: the evolved seed network,
# evaluator nn), writes DIR/genN.smp, trains DIR/gen(N+1).nnue on
# DIR/gen0.smp ... DIR/genN.smp and plays it against DIR/genN.nnue (N = 0:
# the evolved network) at 0.1 s a move over the ACF ballots, both colours.
#
# Settings (environment): GAMES (self-play games, default 20000), NODES
# (nodes per move, 5000), EPOCHS (20), BATCH (1024), LAMBDA (0.5),
# MATCH_GAMES (ballot pairs, 156 = 312 games), EGDB (database directory,
# default the per-user one that `crown egdb build --pieces 6` fills).
set -euo pipefail
N=${1:?usage: train-generation.sh N [DIR]}
DIR=${2:-runs/train}
GAMES=${GAMES:-20000}
NODES=${NODES:-5000}
EPOCHS=${EPOCHS:-20}
BATCH=${BATCH:-1024}
LAMBDA=${LAMBDA:-0.5}
MATCH_GAMES=${MATCH_GAMES:-156}
EGDB=${EGDB:-${XDG_DATA_HOME:-$HOME/.local/share}/crown/egdb}
CROWN=${CROWN:-crown}
mkdir -p "$DIR"

egdb_flag=()
if [ -d "$EGDB" ]; then egdb_flag=(--egdb-dir "$EGDB"); fi

if [ "$N" -eq 0 ]; then
	player=(--eval nn)
	opponent="crown:eval=nn,name=evolved"
else
	player=(--eval nnue --net "$DIR/gen$N.nnue")
	opponent="crown:eval=nnue,net=$DIR/gen$N.nnue,name=gen$N"
fi

echo "== generation $N: self-play ($GAMES games, $NODES nodes a move)"
"$CROWN" selfplay --out "$DIR/gen$N.smp" --games "$GAMES" --nodes "$NODES" "${player[@]}" "${egdb_flag[@]}" \
	--log-file "$DIR/gen$N-selfplay.log"

data=$(ls "$DIR"/gen*.smp | sort -V | awk -v n="$N" '{ f=$0; sub(/.*gen/, "", f); sub(/\.smp$/, "", f); if (f+0 <= n) print $0 }' | paste -sd, -)
next=$((N + 1))
echo "== training gen$next.nnue on $data"
resume=()
if [ -f "$DIR/gen$next.nnue.ckpt" ]; then resume=(--resume); fi
"$CROWN" train --data "$data" --out "$DIR/gen$next.nnue" --epochs "$EPOCHS" --batch "$BATCH" --lambda "$LAMBDA" \
	"${resume[@]}" --log-file "$DIR/gen$next-train.log"

echo "== match: gen$next against the generation-$N player, 0.1 s a move"
"$CROWN" match --player "crown:eval=nnue,net=$DIR/gen$next.nnue,name=gen$next" --player "$opponent" \
	--movetime 100ms --openings acf --count "$MATCH_GAMES" --pdn "$DIR/match-gen$next.pdn" \
	--log-file "$DIR/match-gen$next.log"
