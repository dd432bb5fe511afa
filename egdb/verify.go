// verify.go checks a database directory: every file's checksum, and every
// stored value against its successors (a position is won if some move
// reaches a position lost for the opponent, lost if it has no move or all
// reach won ones, else drawn), and the header statistics against a recount.
// Slices are read back into exact tables (capture positions recomputed
// from the slices below), then checked with board's move generator, which
// the builder's un-move generator does not take part in. Local consistency
// catches a wrong value anywhere except a cycle of kings' moves labelled
// won/lost all round that should be drawn; the statistics tests and the
// independent solver in the tests cover that case.
package egdb

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
)

// VerifyOptions configures Verify.
type VerifyOptions struct {
	Dir      string
	MemMiB   int // memory budget for tables (0: 2048)
	Threads  int // 0: all cores
	Log      zerolog.Logger
	Progress func(done, total uint64)
}

// VerifyReport sums up a verification.
type VerifyReport struct {
	Slices    int
	Positions uint64 // positions whose value was checked against successors
	MaxPieces int
	Elapsed   time.Duration
}

// Verify checks every slice in o.Dir; the error lists the first mismatches.
func Verify(ctx context.Context, o VerifyOptions) (*VerifyReport, error) {
	start := time.Now()
	if o.Threads <= 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	if o.MemMiB <= 0 {
		o.MemMiB = defaultMemMiB
	}
	db, err := Open(o.Dir, 1)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rep := &VerifyReport{MaxPieces: db.MaxPieces()}
	var total uint64
	for n := 2; n <= db.MaxPieces(); n++ {
		for _, m := range Slices(n) {
			f := db.files[m.key()]
			if err := f.checkWhole(); err != nil {
				return nil, err
			}
			total += f.entries
		}
	}
	st, err := newStore(db.variant, dirSource(o.Dir), uint64(o.MemMiB)<<20, o.Threads)
	if err != nil {
		return nil, err
	}
	defer st.close()
	var done uint64
	for n := 2; n <= db.MaxPieces(); n++ {
		for _, m := range pairs(n) {
			mats := pairOf(m)
			need := []Material{m}
			if mats[1] != m {
				need = append(need, mats[1])
			}
			for _, x := range need {
				need = append(need, buildDeps(x)...)
			}
			if err := st.ensure(ctx, need, map[Material]bool{}); err != nil {
				return nil, err
			}
			set := st.view(need)
			for _, x := range need[:min(2, len(need))] {
				if x != m && x != mats[1] {
					continue
				}
				checked, err := verifySlice(ctx, db.variant, set, x, db.files[x.key()].stats, o.Threads)
				if err != nil {
					return nil, err
				}
				rep.Slices++
				rep.Positions += checked
				done += newIndexer(x).size
				if o.Progress != nil {
					o.Progress(done, total)
				}
				o.Log.Debug().Str("slice", x.Name()).Uint64("checked", checked).Msg("slice verified")
			}
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// verifySlice checks every non-capture position of m against its
// successors and recounts the statistics.
func verifySlice(ctx context.Context, v board.Variant, set *exactSet, m Material, want Stats, threads int) (uint64, error) {
	t := set.tables[m.key()]
	var checked, win, loss, draw atomic.Uint64
	var bad atomic.Pointer[error]
	lists := make([]board.MoveList, max(threads, 1))
	err := parallelChunks(ctx, t.ix.size, chunkSize, threads, func(w int, lo, hi uint64) {
		ml := &lists[w]
		var c, nw, nl, nd uint64
		for i := lo; i < hi; i++ {
			b, wh, kg, ok := t.ix.decode(i)
			if !ok {
				continue
			}
			stored := t.get(i)
			switch stored {
			case valWin:
				nw++
			case valLoss:
				nl++
			default:
				nd++
			}
			p := board.Position{Black: b, White: wh, Kings: kg, Side: board.Black, Variant: v}
			if p.HasCapture() {
				continue
			}
			c++
			p.Generate(ml)
			v := valLoss
			for k := range ml.N {
				ch := p
				ch.Apply(&ml.Moves[k])
				cv := set.valueAfterBlack(ch.Black, ch.White, ch.Kings)
				if cv == valLoss {
					v = valWin
					break
				}
				if cv == valDraw {
					v = valDraw
				}
			}
			if v != stored {
				e := fmt.Errorf("%w %s: %v stored %d, successors give %d", ErrCorrupt, FileName(m), p.FEN(), wld(stored), wld(v))
				bad.CompareAndSwap(nil, &e)
			}
		}
		checked.Add(c)
		win.Add(nw)
		loss.Add(nl)
		draw.Add(nd)
	})
	if err != nil {
		return 0, err
	}
	if e := bad.Load(); e != nil {
		return 0, *e
	}
	if got := (Stats{win.Load(), loss.Load(), draw.Load()}); got != want {
		return 0, fmt.Errorf("%w %s: header statistics %+v, values give %+v", ErrCorrupt, FileName(m), want, got)
	}
	return checked.Load(), nil
}

// Info describes one slice file for `crown egdb info`.
type Info struct {
	Material  Material
	Positions uint64
	Entries   uint64
	Blocks    uint32
	Bytes     int64
	Stats     Stats
}

// Describe lists the slices in dir with their sizes and statistics, the
// piece count the database is complete to, and its game.
func Describe(dir string) ([]Info, int, board.Variant, error) {
	db, err := Open(dir, 1)
	if err != nil {
		return nil, 0, 0, err
	}
	defer db.Close()
	return db.describe(), db.MaxPieces(), db.Variant(), nil
}

// DescribeDefault lists the embedded slices of variant v.
func DescribeDefault(v board.Variant) ([]Info, int, board.Variant, error) {
	db, err := DefaultFor(v, 1)
	if err != nil {
		return nil, 0, 0, err
	}
	defer db.Close()
	return db.describe(), db.MaxPieces(), db.Variant(), nil
}

func (db *DB) describe() []Info {
	var out []Info
	for n := 2; n <= MaxBuildPieces; n++ {
		for _, m := range Slices(n) {
			if f := db.files[m.key()]; f != nil {
				out = append(out, Info{m, Placements(m), f.entries, f.blocks, f.size, f.stats})
			}
		}
	}
	return out
}
