// limited.go bounds the endgame database to the piece count of a run, so
// a process with a larger database plays the games the run asked for.
package selfplayjob

import (
	"crown/egdb"
	"crown/engine/board"
)

// limitedDB is a database used up to max pieces: the search's tablebase
// and self-play's oracle.
type limitedDB struct {
	db  *egdb.DB
	max int
}

func (l *limitedDB) Probe(p *board.Position) (int, bool) {
	if p.Total() > l.max {
		return 0, false
	}
	return l.db.Probe(p)
}

func (l *limitedDB) Value(p *board.Position) (int, bool) {
	if p.Total() > l.max {
		return 0, false
	}
	return l.db.Value(p)
}

func (l *limitedDB) MaxPieces() int { return l.max }
