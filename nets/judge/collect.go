// collect.go gathers candidate positions from game records: every quiet
// position (neither side could capture, the side to move has a move) with
// 7-16 pieces, deduplicated, then a seeded sample of at most a given number
// per piece bucket, so that the few-piece positions that games pass through
// quickly are not swamped by the many 13-16-piece ones.
package judge

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"crown/engine/board"
	"crown/engine/pdn"
)

// Bucket is a range of piece counts.
type Bucket struct {
	Name   string
	Lo, Hi int
}

// Buckets are the piece-count strata of the measurement; positions outside
// them (tests use 3-4 pieces) fall into Other.
var Buckets = []Bucket{{"7-8", 7, 8}, {"9-10", 9, 10}, {"11-12", 11, 12}, {"13-16", 13, 16}}

// Other holds every piece count outside Buckets.
var Other = Bucket{Name: "other"}

// BucketOf returns the bucket of a piece count.
func BucketOf(pieces int) Bucket {
	for _, b := range Buckets {
		if pieces >= b.Lo && pieces <= b.Hi {
			return b
		}
	}
	return Other
}

// MinPieces and MaxPieces bound the positions Collect keeps.
const (
	MinPieces = 7
	MaxPieces = 16
)

// Quiet reports whether neither side could capture in p (the side to move
// now, nor the other side were it to move) and the side to move has a
// move: a position a static evaluation can be asked about fairly.
func Quiet(p *board.Position) bool {
	if p.HasCapture() || !p.HasMoves() {
		return false
	}
	other := board.NewPosition(p.Black, p.White, p.Kings, p.Side.Other())
	return !other.HasCapture()
}

// Candidate is a position met in a game.
type Candidate struct {
	Pos    board.Position
	Source string
}

// GamePositions returns the quiet 7-16-piece positions of the games of a
// PDN file, in order, each with its source (name:game:ply; name is the
// file's base name without extension). A game that does not parse is an
// error naming it.
func GamePositions(path string) ([]Candidate, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadGamePositions(f, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
}

// ReadGamePositions is GamePositions on a reader.
func ReadGamePositions(r io.Reader, name string) ([]Candidate, error) {
	rd, err := pdn.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var out []Candidate
	for game := 1; ; game++ {
		g, err := rd.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", name, game, err)
		}
		p := g.Start
		for ply := 0; ; ply++ {
			if n := p.Total(); n >= MinPieces && n <= MaxPieces && Quiet(&p) {
				out = append(out, Candidate{Pos: p, Source: fmt.Sprintf("%s:%d:%d", name, game, ply)})
			}
			if ply == len(g.Moves) {
				break
			}
			p = p.Play(g.Moves[ply])
		}
	}
}

// Sample deduplicates cands (the first source of a position is kept) and
// keeps at most perBucket positions of each bucket, chosen by a shuffle
// with the seed; the result is sorted by piece count, then source.
func Sample(cands []Candidate, perBucket int, seed uint64) []Candidate {
	seen := map[board.Position]bool{}
	byBucket := map[string][]Candidate{}
	for _, c := range cands {
		if seen[c.Pos] {
			continue
		}
		seen[c.Pos] = true
		b := BucketOf(c.Pos.Total()).Name
		byBucket[b] = append(byBucket[b], c)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x6a756467)) // "judg"
	var out []Candidate
	names := make([]string, 0, len(byBucket))
	for n := range byBucket {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, pick(rng, byBucket[n], perBucket)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos.Total(), out[j].Pos.Total()
		if a != b {
			return a < b
		}
		return out[i].Source < out[j].Source
	})
	return out
}
