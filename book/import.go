// import.go adds lines from game collections: every move of every game up to
// a ply limit becomes a book entry, and the game's result is counted for the
// side that played the move.
package book

import (
	"io"

	"crown/engine/board"
	"crown/engine/pdn"
)

// ImportStats reports what an import added.
type ImportStats struct {
	Games, Skipped, Moves int
}

// ImportPDN reads games from r and adds their first maxPly moves (0 = all).
// Games that fail to parse are skipped and counted; the first error is
// returned with the stats only if no game could be read at all.
func (b *Book) ImportPDN(r io.Reader, maxPly int) (ImportStats, error) {
	var st ImportStats
	rd, err := pdn.NewReader(r)
	if err != nil {
		return st, err
	}
	var first error
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			st.Skipped++
			if first == nil {
				first = err
			}
			continue
		}
		st.Games++
		p := g.Start
		for i, m := range g.Moves {
			if maxPly > 0 && i >= maxPly {
				break
			}
			e := b.Upsert(&p, m)
			switch g.Result.For(p.Side) {
			case board.Win:
				e.Wins++
			case board.Loss:
				e.Losses++
			default:
				if g.Result == board.Draw {
					e.Draws++
				}
			}
			st.Moves++
			p = p.Play(m)
		}
	}
	if st.Games == 0 && first != nil {
		return st, first
	}
	return st, nil
}
