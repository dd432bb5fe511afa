// variantopenings.go supplies start positions in Russian and Brazilian
// draughts, for matches and self-play of a variant: the variant's start,
// every line of its first N plies (plies:N), N uniformly random plies from
// its start (random:N, a fixed sample of distinct positions), or a file of
// the variant's FENs. The English ballot sets (acf, eleven, first7) are
// English checkers openings and are refused for a variant; English itself
// goes to LoadOpenings unchanged.
package match

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"crown/engine/board"
	"crown/engine/fsutil"
)

// SetRandom is random:N, up to maxRandomOpenings distinct positions each
// reached by N uniformly random plies from the start.
const SetRandom = "random:"

// maxRandomOpenings bounds random:N's sample (1,000 openings are 2,000
// games, more than a match here plays).
const maxRandomOpenings = 1000

// maxRandomPlies bounds random:N's N.
const maxRandomPlies = 20

// LoadVariantOpenings returns the openings src names in variant v:
// LoadOpenings for English checkers (with random:N added), otherwise
// start, plies:N, random:N or a file of v's FENs (one per line, as
// board.ParseVariantFEN reads them).
func LoadVariantOpenings(src string, v board.Variant) ([]Opening, error) {
	if n, ok := strings.CutPrefix(src, SetRandom); ok {
		plies, err := strconv.Atoi(n)
		if err != nil || plies < 1 || plies > maxRandomPlies {
			return nil, fmt.Errorf("openings %q: want random:N with N from 1 to %d", src, maxRandomPlies)
		}
		return randomPlies(board.StartOf(v), plies), nil
	}
	if v == board.English {
		return LoadOpenings(src)
	}
	switch src {
	case SetACF, SetEleven, SetFirst7:
		return nil, fmt.Errorf("openings %q are English checkers ballots; in %s draughts use start, plies:N, random:N or a file of %s FENs", src, v, v)
	case SetStart:
		return []Opening{{Name: "start", Start: board.StartOf(v)}}, nil
	}
	if n, ok := strings.CutPrefix(src, SetPlies); ok {
		plies, err := strconv.Atoi(n)
		if err != nil || plies < 1 || plies > maxOpeningPlies {
			return nil, fmt.Errorf("openings %q: want plies:N with N from 1 to %d", src, maxOpeningPlies)
		}
		return linesFrom(board.StartOf(v), plies), nil
	}
	data, err := fsutil.ReadFile(src)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	return parseVariantFENLines(string(data), filepath.Base(src), v)
}

// randomPlies plays n uniformly random plies from start again and again
// (game i from a generator seeded by i, so the set never changes),
// keeping the first line to reach each position that still has a move,
// until maxRandomOpenings are found or 20 times as many tries are spent.
func randomPlies(start board.Position, n int) []Opening {
	var out []Opening
	seen := map[uint64]bool{}
	for i := 0; i < 20*maxRandomOpenings && len(out) < maxRandomOpenings; i++ {
		rng := rand.New(rand.NewPCG(uint64(n), uint64(i)))
		p := start
		var line []board.Move
		for range n {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			line = append(line, m)
			p = p.Play(m)
		}
		if len(line) < n || !p.HasMoves() || seen[p.Hash] {
			continue
		}
		seen[p.Hash] = true
		out = append(out, Opening{Name: fmt.Sprintf("random %d: %s", len(out)+1, lineText(start, line)),
			Start: start, Moves: line})
	}
	return out
}

// lineText writes a line of moves from start in the variant's notation.
func lineText(start board.Position, line []board.Move) string {
	names := make([]string, len(line))
	q := start
	for i, m := range line {
		names[i] = q.Notation(m)
		q = q.Play(m)
	}
	return strings.Join(names, " ")
}

// parseVariantFENLines reads one FEN of variant v per line; '#' starts a
// comment line.
func parseVariantFENLines(text, src string, v board.Variant) ([]Opening, error) {
	var out []Opening
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := board.ParseVariantFEN(line, v)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", src, i+1, err)
		}
		if !p.HasMoves() {
			return nil, fmt.Errorf("%s line %d: %s has no legal move", src, i+1, line)
		}
		out = append(out, Opening{Name: fmt.Sprintf("%s %d", src, len(out)+1), Start: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", src)
	}
	return out, nil
}
