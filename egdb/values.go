// values.go holds the win/loss/draw codes and the exact in-memory table the
// builder and the verifier look positions up in: 2 bits per index, every
// position's true value, capture positions included.
package egdb

import "math/bits"

// Stored value codes, from the side to move's point of view.
const (
	valDraw uint8 = 0
	valWin  uint8 = 1
	valLoss uint8 = 2
)

// wld converts a value code to +1/0/-1.
func wld(v uint8) int {
	switch v {
	case valWin:
		return 1
	case valLoss:
		return -1
	}
	return 0
}

// Stats counts the values of a slice's positions, capture positions included.
type Stats struct {
	Win, Loss, Draw uint64
}

// Total returns the number of positions counted.
func (s Stats) Total() uint64 { return s.Win + s.Loss + s.Draw }

func (s *Stats) add(v uint8) {
	switch v {
	case valWin:
		s.Win++
	case valLoss:
		s.Loss++
	default:
		s.Draw++
	}
}

// exactTable holds one slice's values at 2 bits per index, 32 per word.
type exactTable struct {
	ix    indexer
	words []uint64
}

func newExactTable(m Material) *exactTable {
	ix := newIndexer(m)
	return &exactTable{ix: ix, words: make([]uint64, (ix.size+31)/32)}
}

func (t *exactTable) get(i uint64) uint8 { return uint8(t.words[i>>5]>>(2*(i&31))) & 3 }

// bytes returns the table's memory footprint.
func (t *exactTable) bytes() uint64 { return uint64(len(t.words)) * 8 }

// exactSet is a read-only view of the finished slices a build step may look
// into, indexed by material key. It is filled before workers start and not
// changed while they run.
type exactSet struct {
	tables [keySpace]*exactTable
}

// valueBlackToMove returns the value of a Black-to-move position whose slice
// is in the set (a side without pieces has lost).
func (s *exactSet) valueBlackToMove(black, white, kings uint32) uint8 {
	if black == 0 {
		return valLoss
	}
	if white == 0 {
		return valWin
	}
	t := s.tables[MaterialOf(black, white, kings).key()]
	return t.get(t.ix.index(black, white, kings))
}

// valueAfterBlack returns the value, for White to move, of the position
// reached by a black move: the flipped position looked up for Black to move.
func (s *exactSet) valueAfterBlack(black, white, kings uint32) uint8 {
	return s.valueBlackToMove(flip(black, white, kings))
}

func bits32(x uint32) int { return bits.OnesCount32(x) }
