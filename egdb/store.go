// store.go keeps finished slices in memory as exact tables for the builder
// and the verifier, within a memory budget. A slice built in this run is
// kept as solved; one read back from its file (after a restart) has its
// don't-care capture positions recomputed from the slices below it, so
// every table in the store holds true values everywhere. Files come from a
// SliceSource: the build directory, or on a cluster worker the files the
// submitter shared, fetched into the worker's cache.
package egdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/klauspost/compress/zstd"

	"crown/engine/board"
)

// SliceSource returns the path of finished slice m's file.
type SliceSource func(ctx context.Context, m Material) (string, error)

// dirSource reads slices from dir.
func dirSource(dir string) SliceSource {
	return func(_ context.Context, m Material) (string, error) { return filepath.Join(dir, FileName(m)), nil }
}

type store struct {
	variant board.Variant // the rules every table is solved under
	source  SliceSource
	threads int
	budget  uint64 // bytes the tables may use
	tables  map[Material]*exactTable
	lastUse map[Material]uint64
	tick    uint64
	used    uint64
	dec     *zstd.Decoder
}

func newStore(v board.Variant, source SliceSource, budget uint64, threads int) (*store, error) {
	dec, err := newDecoder()
	if err != nil {
		return nil, err
	}
	return &store{variant: v, source: source, threads: threads, budget: budget, dec: dec,
		tables: map[Material]*exactTable{}, lastUse: map[Material]uint64{}}, nil
}

func (s *store) close() { s.dec.Close() }

// reset drops every table.
func (s *store) reset() {
	clear(s.tables)
	clear(s.lastUse)
	s.used = 0
}

// add puts a table in the store.
func (s *store) add(m Material, t *exactTable) {
	if old := s.tables[m]; old != nil {
		s.used -= old.bytes()
	}
	s.tables[m] = t
	s.used += t.bytes()
	s.tick++
	s.lastUse[m] = s.tick
}

// makeRoom evicts least recently used tables not in keep until need more
// bytes fit in the budget; it fails if they cannot.
func (s *store) makeRoom(need uint64, keep map[Material]bool) error {
	for s.used+need > s.budget {
		var victim Material
		best := ^uint64(0)
		for m := range s.tables {
			if !keep[m] && s.lastUse[m] < best {
				victim, best = m, s.lastUse[m]
			}
		}
		if best == ^uint64(0) {
			return fmt.Errorf("egdb: memory budget %d MiB too small: %d MiB of tables needed at once plus %d MiB",
				s.budget>>20, s.used>>20, need>>20)
		}
		s.used -= s.tables[victim].bytes()
		delete(s.tables, victim)
		delete(s.lastUse, victim)
	}
	return nil
}

// ensure makes sure every material in ms is in the store, loading from
// files (and their own dependencies, to recompute capture positions) as
// needed, never evicting what is in keep.
func (s *store) ensure(ctx context.Context, ms []Material, keep map[Material]bool) error {
	for _, m := range ms {
		keep[m] = true
	}
	for _, m := range ms {
		if t := s.tables[m]; t != nil {
			s.tick++
			s.lastUse[m] = s.tick
			continue
		}
		deps := buildDeps(m)
		if err := s.ensure(ctx, deps, keep); err != nil {
			return err
		}
		if err := s.makeRoom(newIndexer(m).size/4+8, keep); err != nil {
			return err
		}
		t, err := s.load(ctx, m, deps)
		if err != nil {
			return err
		}
		s.add(m, t)
	}
	return nil
}

// view returns the tables of ms as an exactSet for workers.
func (s *store) view(ms []Material) *exactSet {
	set := &exactSet{}
	for _, m := range ms {
		set.tables[m.key()] = s.tables[m]
	}
	return set
}

// load reads material m's file into an exact table and recomputes its
// capture positions from deps (already in the store).
func (s *store) load(ctx context.Context, m Material, deps []Material) (*exactTable, error) {
	path, err := s.source(ctx, m)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("egdb: slice %v is missing: %w", m, err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	f, err := openSlice(fh, st.Size(), path)
	if err != nil {
		return nil, err
	}
	if f.mat != m {
		return nil, fmt.Errorf("%w %s: holds slice %s, want %s", ErrCorrupt, path, f.mat.Name(), m.Name())
	}
	if f.variant != s.variant {
		return nil, fmt.Errorf("egdb: %s is a slice of the %s database, this build is of %s", path, f.variant, s.variant)
	}
	t := newExactTable(m)
	var buf []byte
	for b := range f.blocks {
		if buf, err = f.readBlock(s.dec, b, buf); err != nil {
			return nil, err
		}
		first := uint64(b) * uint64(f.perBlk)
		for k, x := range buf { // 4 entries per byte, 32 per word
			i := first + 4*uint64(k)
			t.words[i>>5] |= uint64(x) << (2 * (i & 31))
		}
	}
	set := s.view(deps)
	lists := make([]board.MoveList, max(s.threads, 1))
	err = parallelChunks(ctx, t.ix.size, chunkSize, s.threads, func(w int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			b, wh, kg, ok := t.ix.decode(i)
			if !ok {
				continue
			}
			p := board.Position{Black: b, White: wh, Kings: kg, Side: board.Black, Variant: s.variant}
			if !p.HasCapture() {
				continue
			}
			v := captureValue(&p, set, &lists[w])
			word := &t.words[i>>5]
			*word = *word&^(3<<(2*(i&31))) | uint64(v)<<(2*(i&31))
		}
	})
	return t, err
}

// captureValue returns the value of a Black-to-move position with a capture:
// the best of its captures, each looked up in set.
func captureValue(p *board.Position, set *exactSet, ml *board.MoveList) uint8 {
	p.GenerateCaptures(ml)
	v := valLoss
	for m := range ml.N {
		c := *p
		c.Apply(&ml.Moves[m])
		switch set.valueAfterBlack(c.Black, c.White, c.Kings) {
		case valLoss:
			return valWin
		case valDraw:
			v = valDraw
		}
	}
	return v
}
