// format.go reads and writes slice files. One file holds one material,
// Black to move (White-to-move positions are looked up flipped), named
// "<bm><bk><wm><wk>.egdb". A slice file is fsutil's container (magic
// "CRWNEGDB", version 3, length, CRC-32C) holding the slice's index,
// stored as it is, followed by the block area the index describes. All
// integers are little-endian.
//
//	index (the container's payload)
//	offset size  field
//	0      4     material: black men, black kings, white men, white kings
//	4      8     entries: the slice's index space (see index.go)
//	12     4     entries per block (the last block may be shorter)
//	16     4     number of blocks B
//	20     24    wins, losses, draws: exact counts over all positions of the
//	             slice for Black to move, capture positions included
//	44     4     rules: board.Variant (0 English, 1 Russian, 2 Brazilian),
//	             then three zero bytes
//	48     8(B+1) block offsets from the start of the block area, ascending;
//	             the last is the block area's size, which ends the file
//	       4B    CRC-32C of each compressed block
//	block area   the blocks, each one zstd frame holding its entries'
//	             values at 2 bits each (entry i in bits 2*(i%4) of byte
//	             i/4; 0 draw, 1 win, 2 loss), values from the side to move
//
// Only the index is in the container, not the blocks: a probe reads one
// block at a time by its offset (ReadAt) and checks that block's CRC-32C,
// so opening a slice reads and checks the index once (as before the
// container) and a probe costs what it did. The container's checksum
// covers the index, the index's checksums every block, and the last
// offset must end the file, so every byte is checked (checkWhole) without a
// checksum of the whole file. Version 2, which had no rules field (its
// files are English), and version 1, the layout before the container,
// still read (formatv1.go); a version 1 file is the size of a version 2.
//
// Indices that hold no position (overlapping men) and capture positions
// (Black to move must capture) are "don't care": they repeat the value
// before them, which lengthens runs; a probe must not answer them. Files
// are written to a temporary name and renamed, so a file with the final
// name is complete even if the process dies.
package egdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"

	"crown/engine/board"
	"crown/engine/fsutil"
)

const (
	fileMagic     = "CRWNEGDB"
	formatVersion = 3
	fileExt       = ".egdb"
	// indexHeader is the index's fixed part: material, entries, entries
	// per block, blocks, the three counts.
	// Version 3 adds the rules field (rulesBytes) after it.
	indexHeader = 4 + 8 + 4 + 4 + 24
	rulesBytes  = 4
	// maxIndex bounds a slice's index. OpenAt reads it only once its length
	// is within the file, so the file's size is the real bound; 1 GiB is
	// far above any slice's (12 bytes per block of 65,536 entries).
	maxIndex = 1 << 30
	// blockEntries is the number of values per compressed block: 16 KiB
	// unpacked. Measured on the <=5 databases: halving it costs about 10 %
	// in size, doubling it about 2x in cold-probe time.
	blockEntries = 1 << 16
	// maxBlockBytes bounds a block's unpacked size when reading, so a
	// damaged or hostile file cannot make the decoder allocate much.
	maxBlockBytes = 4 << 20
)

// ErrCorrupt is wrapped by every error about a damaged file.
var ErrCorrupt = errors.New("egdb: corrupt file")

// sliceFormat is the slice file's index in the container.
var sliceFormat = fsutil.Format{Magic: fileMagic, Name: "endgame database slice", Max: maxIndex, Reads: []uint32{1, 2, formatVersion}}

// sliceError returns err, the container's error about the slice file name,
// as ErrCorrupt too when it says the file is damaged (every kind but a
// version this build does not read), so that errors.Is finds both.
func sliceError(name string, err error) error {
	if k := fsutil.Kind(err); k != nil && k != fsutil.ErrVersion {
		return fmt.Errorf("%w %s: %w", ErrCorrupt, name, err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// FileName returns the file name of material m's slice.
func FileName(m Material) string { return m.Name() + fileExt }

// header is a slice file's fixed part.
type header struct {
	variant board.Variant
	mat     Material
	entries uint64
	perBlk  uint32
	blocks  uint32
	stats   Stats
}

// packValues returns the table's values 4 per byte, don't-care entries
// (dc bit set) replaced by the value before them.
func packValues(t *exactTable, dc []uint64) []byte {
	out := make([]byte, (t.ix.size+3)/4)
	last := valDraw
	for i := range t.ix.size {
		v := last
		if !bitSet(dc, i) {
			v = t.get(i)
			last = v
		}
		out[i>>2] |= v << (2 * (i & 3))
	}
	return out
}

// encodeSlice returns a slice file's bytes: packed holds the values (4 per
// byte), stats the exact counts for the index. The same values give the
// same bytes on any machine (each block is compressed on its own at a fixed
// level), which is what lets a cluster worker's file stand for a local one.
// v is the rules the values were solved under.
func encodeSlice(v board.Variant, m Material, packed []byte, entries uint64, stats Stats, threads int) ([]byte, error) {
	nb := (entries + blockEntries - 1) / blockEntries
	blocks, err := compressBlocks(packed, int(nb), threads)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	index := make([]byte, indexHeader+rulesBytes, indexHeader+rulesBytes+12*nb+8)
	index[0], index[1], index[2], index[3] = byte(m.BM), byte(m.BK), byte(m.WM), byte(m.WK)
	le.PutUint64(index[4:], entries)
	le.PutUint32(index[12:], blockEntries)
	le.PutUint32(index[16:], uint32(nb))
	le.PutUint64(index[20:], stats.Win)
	le.PutUint64(index[28:], stats.Loss)
	le.PutUint64(index[36:], stats.Draw)
	index[indexHeader] = byte(v)
	var off uint64
	for _, blk := range blocks {
		index = le.AppendUint64(index, off)
		off += uint64(len(blk))
	}
	index = le.AppendUint64(index, off)
	for _, blk := range blocks {
		index = le.AppendUint32(index, fsutil.Checksum(blk))
	}
	out := sliceFormat.Seal(formatVersion, index, fsutil.Stored)
	for _, blk := range blocks {
		out = append(out, blk...)
	}
	return out, nil
}

// compressBlocks compresses packed in nb blocks of blockEntries values on
// threads goroutines.
func compressBlocks(packed []byte, nb, threads int) ([][]byte, error) {
	blocks := make([][]byte, nb)
	var next sync.Mutex
	k := 0
	var wg sync.WaitGroup
	var encErr error
	for range max(threads, 1) {
		wg.Go(func() {
			enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
				zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
			if err != nil {
				next.Lock()
				encErr = err
				next.Unlock()
				return
			}
			defer enc.Close()
			for {
				next.Lock()
				b := k
				k++
				next.Unlock()
				if b >= nb {
					return
				}
				lo := b * blockEntries / 4
				hi := min(lo+blockEntries/4, len(packed))
				blocks[b] = enc.EncodeAll(packed[lo:hi], nil)
			}
		})
	}
	wg.Wait()
	return blocks, encErr
}

// writeSlice writes slice m's file into dir atomically.
func writeSlice(dir string, m Material, data []byte) error {
	return fsutil.WriteAtomic(filepath.Join(dir, FileName(m)), data)
}

// sliceFile is an open slice file: its index; blocks are read on demand
// through r.
type sliceFile struct {
	header
	ix        indexer
	r         io.ReaderAt
	size      int64 // the file's
	dataStart int64 // where the block area starts
	offsets   []uint64
	crcs      []uint32
}

// openSlice reads and checks a slice file's index, of either version.
func openSlice(r io.ReaderAt, size int64, name string) (*sliceFile, error) {
	head := make([]byte, min(max(size, 0), fsutil.HeaderLen))
	if n, err := r.ReadAt(head, 0); n < len(head) {
		return nil, fmt.Errorf("egdb %s: %w", name, err)
	}
	v, err := sliceFormat.Version(head)
	if err != nil {
		return nil, sliceError(name, err)
	}
	if uint16(v) == 1 { // version 1 held the material in the high half
		return openSliceV1(r, size, name)
	}
	want := uint32(formatVersion) // any other version: OpenAt says which this build reads
	if v == 2 {
		want = 2
	}
	index, end, err := sliceFormat.OpenAt(r, size, want)
	if err != nil {
		return nil, sliceError(name, err)
	}
	rules := board.English
	if want == 3 { // the rules field, cut out to leave version 2's layout
		if len(index) < indexHeader+rulesBytes {
			return nil, fmt.Errorf("%w %s: index of %d bytes, its header alone is %d", ErrCorrupt, name, len(index), indexHeader+rulesBytes)
		}
		field := index[indexHeader : indexHeader+rulesBytes]
		if field[0] >= board.NumVariants || field[1]|field[2]|field[3] != 0 {
			return nil, fmt.Errorf("%w %s: unknown rules field % x", ErrCorrupt, name, field)
		}
		rules = board.Variant(field[0])
		index = append(index[:indexHeader:indexHeader], index[indexHeader+rulesBytes:]...)
	}
	f, err := readIndex(r, index, size, end, size-end, name)
	if err != nil {
		return nil, err
	}
	f.variant = rules
	return f, nil
}

// readIndex checks and decodes a slice's index (the version 2 layout; a
// version 1 file's header and table are rearranged into it) of a file of
// size bytes with a block area of dataLen bytes at dataStart.
func readIndex(r io.ReaderAt, index []byte, size, dataStart, dataLen int64, name string) (*sliceFile, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w %s: %s", ErrCorrupt, name, fmt.Sprintf(format, args...))
	}
	if len(index) < indexHeader {
		return nil, bad("index of %d bytes, its header alone is %d", len(index), indexHeader)
	}
	le := binary.LittleEndian
	f := &sliceFile{r: r, size: size, dataStart: dataStart}
	f.mat = Material{int(index[0]), int(index[1]), int(index[2]), int(index[3])}
	if !f.mat.valid() {
		return nil, bad("bad material %v", f.mat)
	}
	f.ix = newIndexer(f.mat)
	f.entries, f.perBlk, f.blocks = le.Uint64(index[4:]), le.Uint32(index[12:]), le.Uint32(index[16:])
	f.stats = Stats{le.Uint64(index[20:]), le.Uint64(index[28:]), le.Uint64(index[36:])}
	if f.entries != f.ix.size || f.perBlk == 0 || f.perBlk%4 != 0 || f.perBlk/4 > maxBlockBytes ||
		uint64(f.blocks) != (f.entries+uint64(f.perBlk)-1)/uint64(f.perBlk) {
		return nil, bad("header sizes do not match material %v", f.mat)
	}
	table := index[indexHeader:]
	if uint64(len(table)) != 12*uint64(f.blocks)+8 {
		return nil, bad("block table of %d bytes for %d blocks", len(table), f.blocks)
	}
	f.offsets = make([]uint64, f.blocks+1)
	for b := range f.offsets {
		f.offsets[b] = le.Uint64(table[8*b:])
		if b > 0 && f.offsets[b] < f.offsets[b-1] {
			return nil, bad("block offsets out of order")
		}
	}
	if f.offsets[0] != 0 || dataLen < 0 || f.offsets[f.blocks] != uint64(dataLen) {
		return nil, bad("data area size does not match the file size")
	}
	f.crcs = make([]uint32, f.blocks)
	for b := range f.crcs {
		f.crcs[b] = le.Uint32(table[8*(int(f.blocks)+1)+4*b:])
	}
	return f, nil
}

// blockLen returns the number of entries in block b.
func (f *sliceFile) blockLen(b uint32) uint64 {
	return min(uint64(f.perBlk), f.entries-uint64(b)*uint64(f.perBlk))
}

// readBlock reads, checks and decompresses block b into dst (reused if
// large enough) and returns the packed values.
func (f *sliceFile) readBlock(dec *zstd.Decoder, b uint32, dst []byte) ([]byte, error) {
	r := blockReader{out: dst}
	return r.read(f, dec, b)
}

// blockReader reads blocks into buffers it keeps from one read to the
// next, so that a probe's cache miss allocates nothing once its buffers
// have grown to a block.
type blockReader struct{ comp, out []byte }

// read reads, checks and decompresses block b of f; the values returned
// are valid until the next read.
func (r *blockReader) read(f *sliceFile, dec *zstd.Decoder, b uint32) ([]byte, error) {
	lo, hi := f.offsets[b], f.offsets[b+1]
	n := int(hi - lo)
	if cap(r.comp) < n {
		r.comp = make([]byte, n)
	}
	comp := r.comp[:n]
	if got, err := f.r.ReadAt(comp, f.dataStart+int64(lo)); got < n { // the last block ends the file
		return nil, fmt.Errorf("egdb %s block %d: %w", f.mat.Name(), b, err)
	}
	if fsutil.Checksum(comp) != f.crcs[b] {
		return nil, fmt.Errorf("%w %s: block %d checksum mismatch", ErrCorrupt, FileName(f.mat), b)
	}
	want := (f.blockLen(b) + 3) / 4
	if uint64(cap(r.out)) < want {
		r.out = make([]byte, 0, want)
	}
	out, err := dec.DecodeAll(comp, r.out[:0])
	if err != nil {
		return nil, fmt.Errorf("%w %s: block %d: %v", ErrCorrupt, FileName(f.mat), b, err)
	}
	r.out = out[:0]
	if uint64(len(out)) != want {
		return nil, fmt.Errorf("%w %s: block %d holds %d bytes, want %d", ErrCorrupt, FileName(f.mat), b, len(out), want)
	}
	return out, nil
}

// checkWhole verifies every block's checksum: with the index's (checked
// when the file was opened) that covers every byte of the file.
func (f *sliceFile) checkWhole() error {
	var comp []byte
	for b := range f.blocks {
		n := int(f.offsets[b+1] - f.offsets[b])
		if cap(comp) < n {
			comp = make([]byte, n)
		}
		comp = comp[:n]
		if got, err := f.r.ReadAt(comp, f.dataStart+int64(f.offsets[b])); got < n {
			return fmt.Errorf("egdb %s block %d: %w", f.mat.Name(), b, err)
		}
		if fsutil.Checksum(comp) != f.crcs[b] {
			return fmt.Errorf("%w %s: block %d checksum mismatch", ErrCorrupt, FileName(f.mat), b)
		}
	}
	return nil
}

// newDecoder returns a zstd decoder for blocks, safe for concurrent DecodeAll.
func newDecoder() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.IgnoreChecksum(true),
		zstd.WithDecoderMaxMemory(maxBlockBytes))
}
