// Package book is crown's opening book: positions mapped to their book moves,
// each with a search score and game statistics, plus opening names.
//
// book.go holds the in-memory book. Entries are kept sorted by position key
// (the position's Zobrist hash) so a lookup is a binary search and loading a
// file is one decompression. A move is stored as from, to and captured set and
// resolved against the legal moves when looked up, so a corrupt or colliding
// entry can never produce an illegal move.
package book

import (
	"slices"
	"sort"

	"crown/engine/board"
)

// NoScore marks an entry that has not been scored by a search.
const NoScore = -32768

// NoName marks an entry without an opening name.
const NoName = 0xFFFF

// Entry is one book move in one position.
type Entry struct {
	Key      uint64 // board.Position.Hash of the position before the move
	From, To board.Square
	Captured uint32
	Score    int16  // search score after the move, from the mover's view; NoScore if unscored
	Wins     uint32 // games won by the mover after this move (imported games)
	Draws    uint32
	Losses   uint32
	Name     uint16 // index into the book's names, NoName if none
}

// Games returns the number of games recorded through this entry.
func (e *Entry) Games() uint32 { return e.Wins + e.Draws + e.Losses }

// Book is a set of entries and opening names.
type Book struct {
	entries []Entry // sorted by Key, then From, To, Captured
	names   []string
	index   map[string]uint16
}

// New returns an empty book.
func New() *Book { return &Book{index: map[string]uint16{}} }

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Positions returns the number of distinct positions.
func (b *Book) Positions() int {
	n := 0
	for i := range b.entries {
		if i == 0 || b.entries[i].Key != b.entries[i-1].Key {
			n++
		}
	}
	return n
}

// Names returns the opening names.
func (b *Book) Names() []string { return b.names }

// Name returns the name with index i, "" for NoName.
func (b *Book) Name(i uint16) string {
	if int(i) < len(b.names) {
		return b.names[i]
	}
	return ""
}

// nameID returns the index of name, adding it if new.
func (b *Book) nameID(name string) uint16 {
	if name == "" {
		return NoName
	}
	if id, ok := b.index[name]; ok {
		return id
	}
	id := uint16(len(b.names))
	b.names = append(b.names, name)
	b.index[name] = id
	return id
}

func entryLess(a, b *Entry) int {
	switch {
	case a.Key != b.Key:
		return cmpU64(a.Key, b.Key)
	case a.From != b.From:
		return int(a.From) - int(b.From)
	case a.To != b.To:
		return int(a.To) - int(b.To)
	}
	return cmpU64(uint64(a.Captured), uint64(b.Captured))
}

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// find returns the position of e's slot and whether it exists.
func (b *Book) find(e *Entry) (int, bool) {
	return slices.BinarySearchFunc(b.entries, *e, func(x, y Entry) int { return entryLess(&x, &y) })
}

// Upsert returns the entry for move m in p, adding an empty one if needed.
// The pointer is valid until the next Upsert.
func (b *Book) Upsert(p *board.Position, m board.Move) *Entry {
	e := Entry{Key: p.Hash, From: m.From, To: m.To, Captured: m.Captured, Score: NoScore, Name: NoName}
	i, ok := b.find(&e)
	if !ok {
		b.entries = slices.Insert(b.entries, i, e)
	}
	return &b.entries[i]
}

// SetName names the entry for m in p.
func (b *Book) SetName(p *board.Position, m board.Move, name string) {
	id := b.nameID(name)
	b.Upsert(p, m).Name = id
}

// Move is a book move resolved in a position.
type Move struct {
	Move  board.Move
	Entry Entry
	Name  string
}

// Lookup returns the book moves of p, resolved to legal moves, in entry order.
func (b *Book) Lookup(p *board.Position) []Move {
	lo := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= p.Hash })
	if lo == len(b.entries) || b.entries[lo].Key != p.Hash {
		return nil
	}
	legal := p.LegalMoves()
	var out []Move
	for i := lo; i < len(b.entries) && b.entries[i].Key == p.Hash; i++ {
		e := b.entries[i]
		for _, m := range legal {
			if m.From == e.From && m.To == e.To && m.Captured == e.Captured {
				out = append(out, Move{Move: m, Entry: e, Name: b.Name(e.Name)})
				break
			}
		}
	}
	return out
}

// Contains reports whether p has book moves.
func (b *Book) Contains(p *board.Position) bool { return len(b.Lookup(p)) > 0 }

// Merge adds every entry of o to b: game counts add up, a score or name
// present in o replaces b's.
func (b *Book) Merge(o *Book) {
	for _, e := range o.entries {
		x := e
		i, ok := b.find(&x)
		if !ok {
			x.Name = b.nameID(o.Name(e.Name))
			b.entries = slices.Insert(b.entries, i, x)
			continue
		}
		d := &b.entries[i]
		d.Wins += e.Wins
		d.Draws += e.Draws
		d.Losses += e.Losses
		if e.Score != NoScore {
			d.Score = e.Score
		}
		if e.Name != NoName {
			d.Name = b.nameID(o.Name(e.Name))
		}
	}
}

// Stats summarises a book.
type Stats struct {
	Entries, Positions, Names, Scored int
	Losing, Level, Winning            int // scored entries below, at and above 0
	Games                             uint64
	MaxPly                            int // deepest book position reached from the start
}

// Stats counts the book's contents; MaxPly walks the book from the start position.
func (b *Book) Stats() Stats {
	s := Stats{Entries: len(b.entries), Positions: b.Positions(), Names: len(b.names)}
	for i := range b.entries {
		switch sc := b.entries[i].Score; {
		case sc == NoScore:
		case sc < 0:
			s.Scored++
			s.Losing++
		case sc == 0:
			s.Scored++
			s.Level++
		default:
			s.Scored++
			s.Winning++
		}
		s.Games += uint64(b.entries[i].Games())
	}
	seen := map[uint64]bool{}
	var walk func(p board.Position, ply int)
	walk = func(p board.Position, ply int) {
		if seen[p.Hash] {
			return
		}
		seen[p.Hash] = true
		s.MaxPly = max(s.MaxPly, ply)
		for _, m := range b.Lookup(&p) {
			walk(p.Play(m.Move), ply+1)
		}
	}
	walk(board.Start(), 0)
	return s
}
