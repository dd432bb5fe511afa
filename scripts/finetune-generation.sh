#!/usr/bin/env bash
# finetune-generation.sh: one generation of crown's trained network that
# fits in a session of a machine whose files do not outlive it (issue 26,
# docs/training.md "Generation 7"): the base network plays itself, the
# 7-16-piece positions are rescored by deeper searches with the 6-piece
# database (score distillation), and the base network is fine-tuned on
# them (crown train --init), so what earlier data taught stays in the
# weights when the data is gone. Then the screening match at equal nodes
# against the base. Every step resumes: rerun the same command after an
# interruption and finished work is kept (the database's slices, the
# sample files and their stamps, the training checkpoint, the match's PDN).
#
#   scripts/finetune-generation.sh NAME [DIR]
#
# writes DIR/NAME-play.smp, DIR/NAME-relabel.smp, DIR/NAME.nnue and
# DIR/NAME-screen.pdn.
#
# Settings (environment): BASE (the network that plays and is fine-tuned,
# default nets/nnue/default.nnue), SEED (self-play seed: a new one each
# generation, default 9), PLAY_TIME and RELABEL_TIME (how long self-play
# and relabelling run before they stop and keep what they have, as
# timeout(1) durations, default 45m and 35m), RELABEL_NODES (20000),
# LR (0.002), EPOCHS (20), LAMBDA (0.75: generation 7b's settings, the
# best of the three tried, +7 [-8, +21] against its base), SCREEN (ballots
# of the screening match, both colours, default 400), EGDB (database
# directory, default DIR/egdb6), CROWN (the binary, default crown).
set -euo pipefail
NAME=${1:?usage: finetune-generation.sh NAME [DIR]}
DIR=${2:-runs/finetune}
BASE=${BASE:-nets/nnue/default.nnue}
SEED=${SEED:-9}
PLAY_TIME=${PLAY_TIME:-45m}
RELABEL_TIME=${RELABEL_TIME:-35m}
RELABEL_NODES=${RELABEL_NODES:-20000}
LR=${LR:-0.002}
EPOCHS=${EPOCHS:-20}
LAMBDA=${LAMBDA:-0.75}
SCREEN=${SCREEN:-400}
EGDB=${EGDB:-$DIR/egdb6}
CROWN=${CROWN:-crown}
mkdir -p "$DIR"
# The base's shape, which the fine-tuned network keeps: "120 -> H1 -> H2 -> H3 -> 1, B buckets".
read -r h1 h2 h3 buckets < <("$CROWN" net info "$BASE" |
	sed -n 's/^architecture *120 -> \([0-9]*\) -> \([0-9]*\) -> \([0-9]*\) -> 1, \([0-9]*\) buckets.*/\1 \2 \3 \4/p')

echo "== 6-piece database in $EGDB"
"$CROWN" egdb build --pieces 6 --dir "$EGDB" --mem 8192 --log-file "$DIR/egdb.log"

# A step stopped by its time limit (status 124) has saved what it did and
# is done: its stamp file keeps a rerun from adding to its output, which
# the later steps' checkpoints were made from. A step interrupted before
# its time is up resumes on a rerun, for its whole time again.
limited() { timeout -s INT "$@" || [ $? -eq 124 ]; }

if [ ! -f "$DIR/$NAME-play.done" ]; then
	echo "== self-play with $BASE for $PLAY_TIME"
	limited "$PLAY_TIME" "$CROWN" selfplay play --out "$DIR/$NAME-play.smp" --games 400000 --nodes 5000 --seed "$SEED" \
		--egdb-dir "$EGDB" --eval nnue --net "$BASE" --log-file "$DIR/$NAME-play.log"
	touch "$DIR/$NAME-play.done"
fi
"$CROWN" selfplay info "$DIR/$NAME-play.smp"

if [ ! -f "$DIR/$NAME-relabel.done" ]; then
	echo "== relabel 7-16 pieces at $RELABEL_NODES nodes for $RELABEL_TIME"
	limited "$RELABEL_TIME" "$CROWN" selfplay relabel "$DIR/$NAME-play.smp" --out "$DIR/$NAME-relabel.smp" \
		--nodes "$RELABEL_NODES" --pieces 7-16 --egdb-dir "$EGDB" --eval nnue --net "$BASE" --log-file "$DIR/$NAME-relabel.log"
	touch "$DIR/$NAME-relabel.done"
fi

echo "== fine-tune $BASE: lr $LR, $EPOCHS epochs, lambda $LAMBDA"
resume=()
if [ -f "$DIR/$NAME.nnue.ckpt" ]; then resume=(--resume); fi
"$CROWN" train --data "$DIR/$NAME-relabel.smp" --out "$DIR/$NAME.nnue" --init "$BASE" \
	--h1 "$h1" --h2 "$h2" --h3 "$h3" --buckets "$buckets" \
	--lr "$LR" --epochs "$EPOCHS" --batch 1024 --lambda "$LAMBDA" "${resume[@]}" --log-file "$DIR/$NAME-train.log"

echo "== screening: $NAME against the base at 20,000 nodes a move"
"$CROWN" match --player "crown:eval=nnue,net=$DIR/$NAME.nnue,name=$NAME,egdb=$EGDB" \
	--player "crown:eval=nnue,net=$BASE,name=base,egdb=$EGDB" --nodes 20000 --openings eleven \
	--count "$SCREEN" --egdb-dir "$EGDB" --pdn "$DIR/$NAME-screen.pdn" --log-file "$DIR/$NAME-screen.log"
