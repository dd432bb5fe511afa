// bench.go is the fixed benchmark behind `crown bench`: the start position,
// fifteen ACF three-move ballots (every twelfth of the 174, from
// ../shared/data/acf-3move-ballots-fen.txt) and three endings with kings, each
// searched to a fixed depth from a cleared table. With one thread the node
// count is deterministic; commits that change the search quote it.
package search

import (
	"time"

	"crown/engine/board"
)

// benchFENs is the bench set; changing it changes every bench signature.
var benchFENs = [...]string{
	"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
	"W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13", // ballot 1: 9-13 21-17 5-9
	"W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,14", // 13: 9-13 23-18 10-14
	"W:W19,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,14", // 25: 9-13 24-19 10-14
	"W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,14", // 37: 9-14 22-17 6-9
	"W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,14,16", // 49: 9-14 23-19 11-16
	"W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,14,15",  // 61: 10-14 22-17 11-15
	"W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,14,16",  // 73: 10-14 23-19 11-16
	"W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,15", // 85: 10-15 21-17 6-10
	"W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,11,12,22",     // 97: 10-15 22-18 15x22
	"W:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,15,16",  // 109: 10-15 24-20 11-16
	"W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15", // 121: 11-15 23-18 8-11
	"W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,10,11,12,16", // 133: 11-16 21-17 7-11
	"W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,15,16",  // 145: 11-16 22-18 10-15
	"W:W19,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,20",  // 157: 11-16 24-19 16-20
	"W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,19",  // 169: 12-16 23-18 16-19
	"W:WK19,K23:B12,K28",     // First Position (Pask)
	"W:WK10,K15,K19:BK9,K27", // 3 kings v 2 kings
	"W:W31,29,23,17,14,13,K8,7,K6:BK27,25,24,K22,21,18,16,K15,10,5,1", // Cass #89, a stroke
}

// BenchDepth is the default bench depth: about 2.7 s on one core of the
// development machine with material (27.8 M nodes; depth 12 until late
// move reductions and ProbCut made the tree 15 times smaller).
const BenchDepth = 17

// BenchHashMB is the table size bench uses, fixed so the node count is.
const BenchHashMB = 16

// BenchPositions returns the bench set.
func BenchPositions() []board.Position {
	out := make([]board.Position, len(benchFENs))
	for i, f := range benchFENs {
		p, err := board.ParseFEN(f)
		if err != nil {
			panic("bench FEN " + f + ": " + err.Error()) // a constant table: a bug here is a build error
		}
		out[i] = p
	}
	return out
}

// BenchResult is the outcome of Bench.
type BenchResult struct {
	Nodes uint64
	Time  time.Duration
	Each  []Result // one per position
}

// Bench searches every bench position to depth (BenchDepth if 0) from a
// cleared table with s and returns the total nodes and time.
func Bench(s *Searcher, depth int) BenchResult {
	if depth <= 0 {
		depth = BenchDepth
	}
	s.Clear()
	var br BenchResult
	for _, p := range BenchPositions() {
		r := s.Search(nil, Limits{Depth: depth}, p, nil, nil)
		br.Nodes += r.Nodes
		br.Time += r.Time
		br.Each = append(br.Each, r)
	}
	return br
}
