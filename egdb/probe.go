// probe.go is the database as the engine uses it: open a directory (or an
// embedded file system) of slice files, then look positions up. A DB is
// safe for concurrent use. Probe answers only positions without a capture
// for the side to move (those are don't-care in the files); Value resolves
// captures by searching them first and so answers every covered position.
//
// A block that fails its checksum (or cannot be read) when first probed
// puts its slice out of use: the slice counts as absent from then on, and
// the error is recorded once as a fault (Faults), for the engine to pass
// on to its client or its log rather than play on silently.
package egdb

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"

	"crown/engine/board"
)

// DB is an open set of endgame database slices, all of one game's rules:
// a position of another variant is not covered.
type DB struct {
	variant   board.Variant
	first     string // the first file added, which set variant
	files     [keySpace]*sliceFile
	maxPieces int
	cache     *blockCache
	dec       *zstd.Decoder
	closers   []io.Closer
	err       atomic.Pointer[error]
	loads     atomic.Uint64
	broken    [keySpace]atomic.Bool // slices put out of use by a fault

	faultMu sync.Mutex
	faults  []error // one per broken slice, in the order they broke
}

// DefaultCacheMiB is the block cache size when the caller gives none: it
// holds the whole <=5-piece database unpacked (35 MiB at 2 bits/entry).
const DefaultCacheMiB = 64

// inMemoryMax bounds the slice files Open reads whole into memory: the
// whole <=6-piece English database (45 MB) fits, a 7-piece one would not.
// Files read block by block from the OS page cache stall the search when
// the system has evicted the pages (a 1 s match here lost games on time:
// probes of blocks untouched for a minute took about 4 ms each, the
// machine's proactive reclaim having dropped them); the process's own
// memory stays. Files past the bound are read block by block.
const inMemoryMax = 256 << 20

// Open opens every slice file in dir. cacheMiB sizes the block cache (0:
// DefaultCacheMiB). Headers and block tables are checked now, each block's
// checksum when it is first read. Up to inMemoryMax bytes of files are
// read into memory now; the rest stay open and are read block by block.
func Open(dir string, cacheMiB int) (*DB, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var inMemory int64
	return load(entries, cacheMiB, dir, func(db *DB, name string) error {
		path := filepath.Join(dir, name)
		fh, err := os.Open(path)
		if err != nil {
			return err
		}
		info, err := fh.Stat()
		if err != nil {
			fh.Close()
			return err
		}
		size := info.Size()
		if size >= 0 && inMemory+size <= inMemoryMax {
			data := make([]byte, size)
			_, err := io.ReadFull(fh, data)
			fh.Close()
			if err != nil {
				return fmt.Errorf("egdb %s: %w", path, err)
			}
			inMemory += size
			return db.add(bytes.NewReader(data), size, path)
		}
		db.closers = append(db.closers, fh)
		return db.add(fh, size, path)
	})
}

// OpenFS opens the slice files at the top of fsys, reading them into
// memory (meant for small embedded databases).
func OpenFS(fsys fs.FS, cacheMiB int) (*DB, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	return load(entries, cacheMiB, "embedded", func(db *DB, name string) error {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		return db.add(bytes.NewReader(data), int64(len(data)), name)
	})
}

// load makes a DB of the slice files among entries (hidden ones, such as a
// build's temporary files, left out), each added by addFile; where names
// the place in messages.
func load(entries []fs.DirEntry, cacheMiB int, where string, addFile func(db *DB, name string) error) (*DB, error) {
	db, err := newDB()
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), fileExt) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if err := addFile(db, e.Name()); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, db.finish(where, cacheMiB)
}

func newDB() (*DB, error) {
	dec, err := newDecoder()
	if err != nil {
		return nil, err
	}
	return &DB{dec: dec}, nil
}

func (db *DB) add(r io.ReaderAt, size int64, name string) error {
	f, err := openSlice(r, size, name)
	if err != nil {
		return err
	}
	if want := FileName(f.mat); filepath.Base(name) != want {
		return fmt.Errorf("%w %s: holds slice %s", ErrCorrupt, name, want)
	}
	if db.first == "" {
		db.variant, db.first = f.variant, name
	} else if f.variant != db.variant {
		return fmt.Errorf("egdb: %s is a slice of the %s database, %s of the %s one: one directory holds one game's slices",
			name, f.variant, db.first, db.variant)
	}
	db.files[f.mat.key()] = f
	return nil
}

// finish makes the block cache of cacheMiB (0: DefaultCacheMiB), its slots
// as large as the largest block, and sets MaxPieces: the largest n with
// every slice of 2..n pieces.
func (db *DB) finish(where string, cacheMiB int) error {
	if cacheMiB <= 0 {
		cacheMiB = DefaultCacheMiB
	}
	var slotBytes uint64 // the largest block's packed size
	for _, f := range db.files {
		if f != nil {
			slotBytes = max(slotBytes, uint64(f.perBlk)/4)
		}
	}
	db.cache = newBlockCache(cacheMiB, slotBytes)
	for n := 2; n <= MaxBuildPieces; n++ {
		for _, m := range Slices(n) {
			if db.files[m.key()] == nil {
				if n == 2 {
					db.Close()
					return fmt.Errorf("egdb: no complete database in %s (slice %s missing)", where, FileName(m))
				}
				return nil
			}
		}
		db.maxPieces = n
	}
	return nil
}

// Close releases the files.
func (db *DB) Close() error {
	var errs []error
	for _, c := range db.closers {
		errs = append(errs, c.Close())
	}
	db.closers = nil
	db.dec.Close()
	return errors.Join(errs...)
}

// Variant returns the rules the database was solved under.
func (db *DB) Variant() board.Variant { return db.variant }

// MaxPieces returns the largest total piece count covered.
func (db *DB) MaxPieces() int { return db.maxPieces }

// Err returns the first read or checksum error a probe met (probes that
// meet one answer ok=false, and so do all later probes of its slice).
func (db *DB) Err() error {
	if e := db.err.Load(); e != nil {
		return *e
	}
	return nil
}

// Faults returns the faults recorded since the first n (0: all), one per
// slice put out of use; a caller that passes how many it has seen gets
// each fault once.
func (db *DB) Faults(n int) []error {
	db.faultMu.Lock()
	defer db.faultMu.Unlock()
	if n >= len(db.faults) {
		return nil
	}
	return append([]error(nil), db.faults[max(n, 0):]...)
}

// fault puts slice f out of use because of err and records it, once per
// slice however many probes meet it.
func (db *DB) fault(f *sliceFile, err error) {
	if !db.broken[f.mat.key()].CompareAndSwap(false, true) {
		return
	}
	db.err.CompareAndSwap(nil, &err)
	db.faultMu.Lock()
	db.faults = append(db.faults, fmt.Errorf("%w; slice %s is no longer used", err, f.mat.Name()))
	db.faultMu.Unlock()
}

// BlockLoads returns how many blocks were decompressed (cache misses).
func (db *DB) BlockLoads() uint64 { return db.loads.Load() }

// Probe returns +1, 0 or -1 for the side to move of p, with ok false when
// p has more pieces than the database or the side to move has a capture.
// A side without pieces has lost. It implements search.Tablebase.
func (db *DB) Probe(p *board.Position) (int, bool) {
	if p.HasCapture() {
		return 0, false
	}
	v, ok := db.lookup(p)
	return wld(v), ok
}

// lookup returns the stored value of p (don't-care if p has a capture).
func (db *DB) lookup(p *board.Position) (uint8, bool) {
	if p.Variant != db.variant {
		return 0, false
	}
	b, w, k := p.Black, p.White, p.Kings
	if p.Side == board.White {
		b, w, k = flip(b, w, k)
	}
	switch {
	case bits32(b|w) > db.maxPieces:
		return 0, false
	case b == 0: // the side to move has no pieces: lost
		return valLoss, true
	case w == 0:
		return valWin, true
	}
	key := MaterialOf(b, w, k).key()
	f := db.files[key]
	if f == nil || db.broken[key].Load() {
		return 0, false
	}
	i := f.ix.index(b, w, k)
	blk, j := uint32(i/uint64(f.perBlk)), i%uint64(f.perBlk)
	file := uint32(f.mat.key())
	if v, ok := db.cache.value(file, blk, j); ok {
		return v, true
	}
	buf := db.cache.bufs.Get().(*blockReader)
	data, err := buf.read(f, db.dec, blk)
	if err != nil {
		db.cache.bufs.Put(buf)
		db.fault(f, err)
		return 0, false
	}
	db.loads.Add(1)
	db.cache.put(file, blk, data)
	v := data[j>>2] >> (2 * (j & 3)) & 3
	db.cache.bufs.Put(buf)
	return v, true
}

// Value returns the value of any position the database covers, resolving
// captures by trying each one (captures shrink the position, so this ends).
func (db *DB) Value(p *board.Position) (int, bool) { return db.value(*p) }

// value is Value on a copy: a recursive function's pointer arguments escape,
// a value argument does not, so this allocates nothing.
func (db *DB) value(p board.Position) (int, bool) {
	if !p.HasCapture() {
		v, ok := db.lookup(&p)
		return wld(v), ok
	}
	if p.Total() > db.maxPieces || p.Variant != db.variant {
		return 0, false
	}
	var ml board.MoveList
	p.GenerateCaptures(&ml)
	best := -1
	for i := range ml.N {
		c := p
		c.Apply(&ml.Moves[i])
		if c.Pieces(c.Side) == 0 {
			return 1, true
		}
		v, ok := db.value(c)
		if !ok {
			return 0, false
		}
		best = max(best, -v)
		if best == 1 {
			break
		}
	}
	return best, true
}
