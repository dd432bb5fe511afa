// endgame.go opens the endgame database the user chose and gives the search
// and the move choice at the root what they need from it: a
// search.Tablebase limited to a piece count, and the database's root move
// (egdb.DB.RootMove: keep the best value, make progress, avoid positions
// the game has seen). A slice found damaged during play is put out of use
// by the database; NewFaults hands each such fault to the caller once, for
// its client or its log.
package players

import (
	"fmt"
	"sync"
	"time"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/search"
)

// DefaultEGDBPolicy is the policy when the user names none: always, what
// strong engines do. In the policy matches of docs/egdb.md (<=6 pieces,
// 40 ms a move) always scored +13 +/- 21 Elo against off over 624 games
// and kimcho -27 +/- 27 against always: never worse, so it is the default.
const DefaultEGDBPolicy = search.EGDBAlways

// EGDB is a database choice.
type EGDB struct {
	Variant  board.Variant     // the game: its own database (egdb.OpenUser)
	Dir      string            // directory of slice files; "" = the per-user one (egdb.UserDir) if built, else the embedded <=4-piece database
	Policy   search.EGDBPolicy // off: no database at all
	CacheMiB int               // block cache; 0 = egdb.DefaultCacheMiB
	Pieces   int               // largest piece count used; 0 = all the database has
}

// Endgame is an open database limited to a piece count. It implements
// search.Tablebase and is safe for concurrent use.
type Endgame struct {
	db  *egdb.DB
	max int

	mu   sync.Mutex
	seen int // faults NewFaults has returned
}

// Open opens the database of c, or returns nil (and no error) when the
// policy is off.
func (c EGDB) Open() (*Endgame, error) {
	if c.Policy == search.EGDBOff {
		return nil, nil
	}
	if c.CacheMiB < 0 || c.Pieces < 0 {
		return nil, fmt.Errorf("endgame database: negative cache (%d MiB) or piece count (%d)", c.CacheMiB, c.Pieces)
	}
	if err := search.CheckTable("egdb-cache", c.CacheMiB, 0); err != nil {
		return nil, fmt.Errorf("endgame database: %w", err)
	}
	db, dir, err := egdb.OpenUser(c.Variant, c.Dir, c.CacheMiB)
	if err != nil {
		if dir == "" {
			return nil, fmt.Errorf("embedded endgame database: %w", err)
		}
		if c.Dir == "" {
			return nil, fmt.Errorf("endgame database %s (the per-user directory; set %s= or --egdb-dir to use another): %w", dir, egdb.EnvDir, err)
		}
		return nil, fmt.Errorf("endgame database %s: %w", dir, err)
	}
	e := &Endgame{db: db, max: db.MaxPieces()}
	if c.Pieces > 0 {
		e.max = min(e.max, c.Pieces)
	}
	return e, nil
}

// Probe implements search.Tablebase.
func (e *Endgame) Probe(p *board.Position) (int, bool) {
	if p.Total() > e.max {
		return 0, false
	}
	return e.db.Probe(p)
}

// MaxPieces implements search.Tablebase.
func (e *Endgame) MaxPieces() int { return e.max }

// NewFaults returns the database faults (damaged slices, now out of use)
// not returned before; nil for a nil Endgame.
func (e *Endgame) NewFaults() []error {
	if e == nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	f := e.db.Faults(e.seen)
	e.seen += len(f)
	return f
}

// Close releases the database's files.
func (e *Endgame) Close() error {
	if e == nil {
		return nil
	}
	return e.db.Close()
}

// RootMove returns the database's move for p, whose earlier positions in
// the game are history (oldest first), with p's value for its side to move
// (+1 win, 0 draw, -1 loss). ok is false when p is not covered. Its search
// for the quickest conversion of a win gives up at deadline (zero: none;
// egdb.DB.RootMoveBy).
func (e *Endgame) RootMove(p *board.Position, history []board.Position, deadline time.Time) (m board.Move, value int, ok bool) {
	if p.Total() > e.max {
		return board.Move{}, 0, false
	}
	seen := func(c *board.Position) bool {
		for i := range history {
			h := &history[i]
			if h.Black == c.Black && h.White == c.White && h.Kings == c.Kings && h.Side == c.Side {
				return true
			}
		}
		return false
	}
	ch, ok := e.db.RootMoveBy(p, seen, deadline)
	if !ok {
		return board.Move{}, 0, false
	}
	return ch.Move, ch.Value, true
}

// Score is the search score of a database value for p's side to move: the
// score the search gives a database result (between search.EvalLimit and
// search.WinLimit, material added so that bigger wins rank higher; see
// engine/search/tbprobe.go), so protocols print it the same way.
func Score(value int, p *board.Position) int { return search.TablebaseScore(value, p) }
