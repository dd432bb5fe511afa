// memo.go remembers the results of games between individuals that may meet
// again. A game is a pure function of its two players (Match's contract:
// fixed-depth search, no randomness, the same moves from the same position
// whatever came before), and an individual never changes after it is
// created, so replaying a pairing can only give the result already known.
// Pairings recur in two ways in evolutionary programming: the random draw
// with replacement gives a Red player the same opponent twice in one
// generation, and two parents that both survive may be paired again in a
// later generation. The memo serves both; it changes which games are
// played, never a result, so a run with it is the run without it (tested).
package evolve

import (
	"cmp"
	"context"
	"slices"

	"crown/engine/board"
)

// MemoEntry is the result of Red against White (individual IDs).
type MemoEntry struct {
	Red, White int
	Result     board.Result
}

type pairIDs struct{ red, white int }

// playMemo plays games like PlayAll, except pairings found in memo or
// already scheduled this generation, and adds the new results to memo. It
// returns the results in game order and how many games were played. A nil
// memo plays every game.
func playMemo(ctx context.Context, matches []Match, pop []*Individual, games []Pairing,
	onGame func(int, int), memo map[pairIDs]board.Result) ([]board.Result, int, error) {
	if memo == nil {
		results, err := PlayAll(ctx, matches, pop, games, onGame)
		return results, len(games), err
	}
	results := make([]board.Result, len(games))
	from := make([]int, len(games)) // index into todo, or -1: known
	first := make(map[pairIDs]int)
	var todo []Pairing
	for i, g := range games {
		k := pairIDs{pop[g.Red].ID, pop[g.White].ID}
		if r, ok := memo[k]; ok {
			results[i], from[i] = r, -1
			continue
		}
		j, ok := first[k]
		if !ok {
			j = len(todo)
			first[k] = j
			todo = append(todo, g)
		}
		from[i] = j
	}
	played, err := PlayAll(ctx, matches, pop, todo, onGame)
	if err != nil {
		return nil, 0, err
	}
	for i, j := range from {
		if j >= 0 {
			results[i] = played[j]
		}
	}
	for k, j := range first {
		memo[k] = played[j]
	}
	return results, len(todo), nil
}

// memoMap returns the state's memo as a map.
func (s *State) memoMap() map[pairIDs]board.Result {
	m := make(map[pairIDs]board.Result, len(s.Memo))
	for _, e := range s.Memo {
		m[pairIDs{e.Red, e.White}] = e.Result
	}
	return m
}

// keepMemo returns the entries of m between members of pop (the only
// individuals that can play again), in a fixed order so that checkpoints
// are deterministic.
func keepMemo(m map[pairIDs]board.Result, pop []*Individual) []MemoEntry {
	alive := make(map[int]bool, len(pop))
	for _, ind := range pop {
		alive[ind.ID] = true
	}
	var out []MemoEntry
	for k, r := range m {
		if alive[k.red] && alive[k.white] {
			out = append(out, MemoEntry{Red: k.red, White: k.white, Result: r})
		}
	}
	slices.SortFunc(out, func(a, b MemoEntry) int {
		return cmp.Or(cmp.Compare(a.Red, b.Red), cmp.Compare(a.White, b.White))
	})
	return out
}
