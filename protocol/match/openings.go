// openings.go supplies a match's start positions: the 156 ACF 3-move ballots
// in use (from the book package's table of named openings, which leaves out
// the 18 barred ballots), the seven first moves (seed 001's control
// experiment), every line of the first N plies (plies:N), the 2,400
// eleven-man ballots (CheckerBoard's
// 11_man_english set, embedded), the start position, or a file of FENs
// (one per line, or the "acf | moves | FEN" table of
// ../shared/data/acf-3move-ballots-fen.txt) or of PDN games (each game's
// start position and moves).
package match

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"crown/book"
	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
)

// elevenMan holds the eleven-man ballots, one FEN per line, from
// ../shared/data/eleven_man_ballots.txt (its header says where they come from).
//
//go:embed eleven_man_ballots.txt
var elevenMan string

// Opening is one start position of a match.
type Opening struct {
	Name  string
	Start board.Position
	Moves []board.Move // played from Start before the engines take over
}

// Position is the position the engines start from.
func (o Opening) Position() board.Position {
	p := o.Start
	for _, m := range o.Moves {
		p = p.Play(m)
	}
	return p
}

// Built-in opening sets for LoadOpenings.
const (
	SetACF    = "acf"    // the 156 ACF 3-move ballots in use
	SetFirst7 = "first7" // the seven first moves of Black (seed 001's control)
	SetEleven = "eleven" // the 2,400 eleven-man ballots
	SetStart  = "start"  // the initial position only
	SetPlies  = "plies:" // plies:N, every distinct position N plies from the start
)

// maxOpeningPlies bounds plies:N: 6 plies from the start are 36,768 lines
// (perft 6), already more games than any match here plays.
const maxOpeningPlies = 6

// LoadOpenings returns a built-in set by name, or else reads the file at
// src: PDN if it holds a '[' tag or move numbers, otherwise FEN lines.
func LoadOpenings(src string) ([]Opening, error) {
	switch src {
	case SetACF:
		return namedLines(func(o book.Opening) bool { return strings.HasPrefix(o.Name, "ACF ") && len(o.Moves) == 3 })
	case SetFirst7:
		return namedLines(func(o book.Opening) bool { return !strings.HasPrefix(o.Name, "ACF ") && len(o.Moves) == 1 })
	case SetEleven:
		return parseFENLines(elevenMan, "eleven-man")
	case SetStart:
		return []Opening{{Name: "start", Start: board.Start()}}, nil
	}
	if v, ok := strings.CutPrefix(src, SetPlies); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxOpeningPlies {
			return nil, fmt.Errorf("openings %q: want plies:N with N from 1 to %d", src, maxOpeningPlies)
		}
		return firstPlies(n), nil
	}
	data, err := fsutil.ReadFile(src)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	// Openings are named after the file's base name, so a match resumes
	// from its PDN file even if the opening file has moved.
	return ParseOpenings(string(data), filepath.Base(src))
}

// ParseOpenings reads openings from text: PDN games if it holds a '['
// tag or a move number, otherwise FEN lines. src names the text in errors
// and in the openings' names.
func ParseOpenings(text, src string) ([]Opening, error) {
	if strings.Contains(text, "[") || strings.Contains(text, "1.") {
		return parsePDNOpenings(text, src)
	}
	return parseFENLines(text, src)
}

// firstPlies returns every line of n plies from the start position, in
// move generation order, keeping the first line to reach each position
// (transpositions are played once).
func firstPlies(n int) []Opening { return linesFrom(board.Start(), n) }

// linesFrom returns every line of n plies from start (firstPlies in any
// variant's start).
func linesFrom(start board.Position, n int) []Opening {
	var out []Opening
	seen := map[uint64]bool{}
	var walk func(p board.Position, line []board.Move)
	walk = func(p board.Position, line []board.Move) {
		if len(line) == n {
			if seen[p.Hash] {
				return
			}
			seen[p.Hash] = true
			out = append(out, Opening{Name: fmt.Sprintf("%d plies: %s", n, lineText(start, line)),
				Start: start, Moves: slices.Clone(line)})
			return
		}
		for _, m := range p.LegalMoves() {
			walk(p.Play(m), append(line, m))
		}
	}
	walk(start, nil)
	return out
}

// namedLines plays out the lines of the book's opening table that keep
// says to.
func namedLines(keep func(book.Opening) bool) ([]Opening, error) {
	var out []Opening
	for _, o := range book.Openings() {
		if !keep(o) {
			continue
		}
		op := Opening{Name: o.Name + ": " + strings.Join(o.Moves, " "), Start: board.Start()}
		p := op.Start
		for _, text := range o.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				return nil, fmt.Errorf("opening %s: %w", o.Name, err)
			}
			op.Moves = append(op.Moves, m)
			p = p.Play(m)
		}
		out = append(out, op)
	}
	return out, nil
}

// parseFENLines reads one FEN per line, or the last '|'-separated field of
// each line ("acf | moves | FEN"); '#' starts a comment line. A line's
// first field names the opening when there are several.
func parseFENLines(text, src string) ([]Opening, error) {
	var out []Opening
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		fen := strings.TrimSpace(fields[len(fields)-1])
		p, err := board.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", src, i+1, err)
		}
		name := fmt.Sprintf("%s %d", src, len(out)+1)
		if len(fields) > 1 {
			name = fmt.Sprintf("%s %s: %s", src, strings.TrimSpace(fields[0]), strings.TrimSpace(strings.Join(fields[1:len(fields)-1], " ")))
		}
		if !p.HasMoves() {
			return nil, fmt.Errorf("%s line %d: %s has no legal move", src, i+1, fen)
		}
		out = append(out, Opening{Name: name, Start: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", src)
	}
	return out, nil
}

// parsePDNOpenings takes each game's start and moves; the Event or Opening
// tag names it.
func parsePDNOpenings(text, src string) ([]Opening, error) {
	games, err := pdn.ReadAll(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	var out []Opening
	for i, g := range games {
		name := g.Tag("Opening")
		if name == "" {
			name = fmt.Sprintf("%s game %d", src, i+1)
		}
		o := Opening{Name: name, Start: g.Start, Moves: g.Moves}
		if p := o.Position(); !p.HasMoves() {
			return nil, fmt.Errorf("%s game %d: the game is over, nothing to play", src, i+1)
		}
		out = append(out, o)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no games", src)
	}
	return out, nil
}
