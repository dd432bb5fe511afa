// commands.go holds what `crown book show`, `stats`, `import` and `merge`
// do and print: the book moves of a position with their scores, games and
// names; a book's size and contents; PDN games' opening moves added to a
// book; book files (and the named openings) merged into one, scores and
// names of later files winning and game counts adding up.
package book

import (
	"fmt"
	"io"
	"os"
	"strings"

	"crown/engine/board"
	"crown/engine/fsutil"
)

// Open loads the book file, or the embedded default book when file is "".
func Open(file string) (*Book, error) {
	if file == "" {
		return Default()
	}
	return Load(file)
}

// Show writes the book moves of the position reached from fen ("": the
// start position) by the moves text, in the book of file (Open).
func Show(w io.Writer, file, fen, moves string) error {
	b, err := Open(file)
	if err != nil {
		return err
	}
	p := board.Start()
	if fen != "" {
		if p, err = board.ParseFEN(fen); err != nil {
			return err
		}
	}
	g := board.NewGame(p, board.Rules{})
	for _, m := range strings.Fields(moves) {
		if _, err := g.PlayText(m); err != nil {
			return err
		}
	}
	p = g.Position()
	fmt.Fprintf(w, "%s\n", p.FEN())
	found := b.Lookup(&p)
	if len(found) == 0 {
		fmt.Fprintln(w, "not in book")
		return nil
	}
	for _, m := range found {
		score := "-"
		if m.Entry.Score != NoScore {
			score = fmt.Sprintf("%+.2f", float64(m.Entry.Score)/100)
		}
		fmt.Fprintf(w, "%-8s score %6s  games %5d (+%d =%d -%d)  %s\n", p.Notation(m.Move), score,
			m.Entry.Games(), m.Entry.Wins, m.Entry.Draws, m.Entry.Losses, m.Name)
	}
	return nil
}

// WriteStats writes the size and contents of the book of file (Open).
func WriteStats(w io.Writer, file string) error {
	b, err := Open(file)
	if err != nil {
		return err
	}
	s := b.Stats()
	fmt.Fprintf(w, "entries %d\npositions %d\nscored %d (below 0: %d, 0: %d, above 0: %d)\ngames %d\nnames %d\ndeepest line %d plies\n",
		s.Entries, s.Positions, s.Scored, s.Losing, s.Level, s.Winning, s.Games, s.Names, s.MaxPly)
	return nil
}

// ImportFile adds the first plies (0: all) of every game of the PDN file
// to the book of file (Open), saves the result as out and says so on w.
func ImportFile(w io.Writer, file, pdnFile string, plies int, out string) error {
	b, err := Open(file)
	if err != nil {
		return err
	}
	f, _, err := fsutil.OpenRegular(pdnFile, fsutil.MaxFile)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := b.ImportPDN(f, plies)
	if err != nil {
		return err
	}
	if err := b.Save(out); err != nil {
		return err
	}
	fmt.Fprintf(w, "imported %d games (%d skipped), %d moves; book now has %d entries in %d positions\n",
		st.Games, st.Skipped, st.Moves, b.Len(), b.Positions())
	return nil
}

// MergeFiles merges the book files in order, on top of the named openings
// when named, saves the result as out and describes it on w.
func MergeFiles(w io.Writer, files []string, named bool, out string) error {
	b := New()
	if named {
		b = Named()
	}
	for _, f := range files {
		o, err := Load(f)
		if err != nil {
			return err
		}
		b.Merge(o)
	}
	if err := b.Save(out); err != nil {
		return err
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	s := b.Stats()
	fmt.Fprintf(w, "%s: %d entries in %d positions, %d scored, %d names, deepest line %d plies, %d bytes\n",
		out, s.Entries, s.Positions, s.Scored, s.Names, s.MaxPly, st.Size())
	return nil
}
