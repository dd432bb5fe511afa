#!/bin/sh
# species-experiment.sh re-runs the speciation experiment of docs/species.md
# (seed 002, Kim & Cho, Tables III-IV, scaled down): a speciated
# (deterministic crowding) run and a simple EP run with the same number of
# games, DBSCAN species of the crowding run's final population, and the
# coalition of species representatives against the best single network of
# each run at equal depth over ACF 3-move ballots, both colours.
#
# Usage: scripts/species-experiment.sh [workdir]   (from the repository root)
# Every step is skipped when its output exists, and the evolutions resume
# from their checkpoints, so an interrupted run continues where it stopped.
# Scale with the variables below (the defaults are the measured run's).
set -eu
DIR=${1:-species-exp}
POP=${POP:-20}            # crowding population (seed: 100)
EP_PARENTS=${EP_PARENTS:-10}  # EP parents; EP_PARENTS*2*EP_GAMES = POP games a generation
EP_GAMES=${EP_GAMES:-1}
GENS=${GENS:-30}          # generations (seed: 50)
DEPTH=${DEPTH:-2}         # search depth of every game (seed: 4)
SEED=${SEED:-2}
EPSQ=${EPSQ:-0.1}         # DBSCAN radius as a quantile of the pairwise distances
MINPTS=${MINPTS:-3}
SAMPLE=${SAMPLE:-10}      # behaviour vector length (seed: 100)
BALLOTS=${BALLOTS:-30}    # ballots used of 174, spread evenly (0 = all)
THREADS=${THREADS:-2}
BALLOT_FILE=${BALLOT_FILE:-../shared/data/acf-3move-ballots-fen.txt}
CROWN=${CROWN:-./crown}
RUN="nice -n 10 $CROWN"

[ -x "$CROWN" ] || go build -o "$CROWN" ./cmd/crown
mkdir -p "$DIR"

evolve() { # name algorithm extra-flags...
	name=$1; algo=$2; shift 2
	if [ -f "$DIR/$name.ckpt" ]; then resume=--resume; else resume=; fi
	$RUN evolve run $resume --algorithm "$algo" --depth "$DEPTH" --generations "$GENS" --seed "$SEED" \
		--threads "$THREADS" --checkpoint "$DIR/$name.ckpt" --out "$DIR/$name-best.net" \
		--csv "$DIR/$name.csv" --log-file "$DIR/$name.log" "$@"
}
evolve crowd crowding --population "$POP"
evolve ep ep --population "$EP_PARENTS" --games "$EP_GAMES"

# Species: Euclidean distance (the distance crowding uses) for the coalition;
# behaviour for the cluster count and the dendrogram (seed 002, Fig. 18).
[ -f "$DIR/species.ens" ] || $RUN species cluster --checkpoint "$DIR/crowd.ckpt" --distance euclid \
	--eps-quantile "$EPSQ" --minpts "$MINPTS" --threads "$THREADS" --out "$DIR/species.ens" \
	--svg "$DIR/dendrogram-euclid.svg" --best "$DIR/crowd-league-best.net" --log-file "$DIR/cluster-euclid.log"
[ -f "$DIR/species-behaviour.ens" ] || $RUN species cluster --checkpoint "$DIR/crowd.ckpt" --distance behaviour \
	--sample "$SAMPLE" --eps-quantile "$EPSQ" --minpts "$MINPTS" --rounds 0 --threads "$THREADS" \
	--out "$DIR/species-behaviour.ens" --svg "$DIR/dendrogram-behaviour.svg" --log-file "$DIR/cluster-behaviour.log"
# Cluster counts of the EP population, for comparison (no games: --rounds 0).
[ -f "$DIR/ep-species.ens" ] || $RUN species cluster --checkpoint "$DIR/ep.ckpt" --distance euclid \
	--eps-quantile "$EPSQ" --minpts "$MINPTS" --rounds 0 --out "$DIR/ep-species.ens" --log-file "$DIR/cluster-ep.log"
$CROWN species info "$DIR/species.ens"

versus() { # name a b
	[ -f "$DIR/$1.txt" ] || $RUN species versus "$2" "$3" --depth "$DEPTH" --openings "$BALLOT_FILE" \
		--ballots "$BALLOTS" --workers "$THREADS" --log-file "$DIR/$1.log" > "$DIR/$1.txt.tmp" && mv "$DIR/$1.txt.tmp" "$DIR/$1.txt"
	cat "$DIR/$1.txt"
}
versus coalition-vs-ep-best "$DIR/species.ens" "$DIR/ep-best.net"
versus coalition-vs-crowd-best "$DIR/species.ens" "$DIR/crowd-league-best.net"
versus crowd-best-vs-ep-best "$DIR/crowd-league-best.net" "$DIR/ep-best.net"
