// format.go reads and writes slice files. One file holds one material,
// Black to move (White-to-move positions are looked up flipped), named
// "<bm><bk><wm><wk>.egdb". All integers are little-endian.
//
//	offset size  field
//	0      8     magic "CRWNEGDB"
//	8      2     format version (formatVersion)
//	10     4     material: black men, black kings, white men, white kings
//	14     2     zero
//	16     8     entries: the slice's index space (see index.go)
//	24     4     entries per block (the last block may be shorter)
//	28     4     number of blocks B
//	32     24    wins, losses, draws: exact counts over all positions of the
//	             slice for Black to move, capture positions included
//	56     4     zero
//	60     4     CRC-32C of bytes 0-59 followed by the block table
//	64     8(B+1) block offsets from the start of the data area, ascending
//	       4B    CRC-32C of each compressed block
//	...          data area: the blocks, each one zstd frame holding its
//	             entries' values at 2 bits each (entry i in bits 2*(i%4) of
//	             byte i/4; 0 draw, 1 win, 2 loss), values from the side to move
//	end-4  4     CRC-32C of everything before it
//
// Indices that hold no position (overlapping men) and capture positions
// (Black to move must capture) are "don't care": they repeat the value
// before them, which lengthens runs; a probe must not answer them. Files
// are written to a temporary name and renamed, so a file with the final
// name is complete even if the process dies. They are not fsynced: on this
// shared disk one fsync stalled for seconds (a 760-position slice took
// 5.5 s); after a power loss the checksums catch a damaged file and the
// build rebuilds it.
package egdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil"
)

const (
	fileMagic     = "CRWNEGDB"
	formatVersion = 1
	headerSize    = 64
	fileExt       = ".egdb"
	// blockEntries is the number of values per compressed block: 16 KiB
	// unpacked. Measured on the <=5 databases: halving it costs about 10 %
	// in size, doubling it about 2x in cold-probe time.
	blockEntries = 1 << 16
	// maxBlockBytes bounds a block's unpacked size when reading, so a
	// damaged or hostile file cannot make the decoder allocate much.
	maxBlockBytes = 4 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrCorrupt is wrapped by every error about a damaged file.
var ErrCorrupt = errors.New("egdb: corrupt file")

// FileName returns the file name of material m's slice.
func FileName(m Material) string { return m.Name() + fileExt }

// header is a slice file's fixed part.
type header struct {
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
// byte), stats the exact counts for the header. The same values give the
// same bytes on any machine (each block is compressed on its own at a fixed
// level), which is what lets a cluster worker's file stand for a local one.
func encodeSlice(m Material, packed []byte, entries uint64, stats Stats, threads int) ([]byte, error) {
	nb := (entries + blockEntries - 1) / blockEntries
	blocks := make([][]byte, nb)
	var next sync.Mutex
	k := 0
	var wg sync.WaitGroup
	var encErr error
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
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
				if b >= int(nb) {
					return
				}
				lo := b * blockEntries / 4
				hi := min(lo+blockEntries/4, len(packed))
				blocks[b] = enc.EncodeAll(packed[lo:hi], nil)
			}
		}()
	}
	wg.Wait()
	if encErr != nil {
		return nil, encErr
	}
	var buf bytes.Buffer
	h := make([]byte, headerSize)
	copy(h, fileMagic)
	binary.LittleEndian.PutUint16(h[8:], formatVersion)
	h[10], h[11], h[12], h[13] = byte(m.BM), byte(m.BK), byte(m.WM), byte(m.WK)
	binary.LittleEndian.PutUint64(h[16:], entries)
	binary.LittleEndian.PutUint32(h[24:], blockEntries)
	binary.LittleEndian.PutUint32(h[28:], uint32(nb))
	binary.LittleEndian.PutUint64(h[32:], stats.Win)
	binary.LittleEndian.PutUint64(h[40:], stats.Loss)
	binary.LittleEndian.PutUint64(h[48:], stats.Draw)
	table := make([]byte, 8*(nb+1)+4*nb)
	var off uint64
	for b, blk := range blocks {
		binary.LittleEndian.PutUint64(table[8*b:], off)
		binary.LittleEndian.PutUint32(table[8*(nb+1)+4*uint64(b):], crc32.Checksum(blk, castagnoli))
		off += uint64(len(blk))
	}
	binary.LittleEndian.PutUint64(table[8*nb:], off)
	crc := crc32.Update(crc32.Checksum(h[:60], castagnoli), castagnoli, table)
	binary.LittleEndian.PutUint32(h[60:], crc)
	buf.Write(h)
	buf.Write(table)
	for _, blk := range blocks {
		buf.Write(blk)
	}
	binary.Write(&buf, binary.LittleEndian, crc32.Checksum(buf.Bytes(), castagnoli))
	return buf.Bytes(), nil
}

// writeSlice writes slice m's file into dir atomically.
func writeSlice(dir string, m Material, data []byte) error {
	return fsutil.WriteAtomic(filepath.Join(dir, FileName(m)), data)
}

// sliceFile is an open slice file: its header and block table; blocks are
// read on demand through r.
type sliceFile struct {
	header
	ix        indexer
	r         io.ReaderAt
	size      int64
	dataStart int64
	offsets   []uint64
	crcs      []uint32
}

// openSlice reads and checks a slice file's header and block table.
func openSlice(r io.ReaderAt, size int64, name string) (*sliceFile, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w %s: %s", ErrCorrupt, name, fmt.Sprintf(format, args...))
	}
	if size < headerSize+12 {
		return nil, bad("%d bytes is too short", size)
	}
	h := make([]byte, headerSize)
	if _, err := r.ReadAt(h, 0); err != nil {
		return nil, fmt.Errorf("egdb %s: %w", name, err)
	}
	if string(h[:8]) != fileMagic {
		return nil, bad("not an endgame database slice (magic %q)", h[:8])
	}
	if v := binary.LittleEndian.Uint16(h[8:]); v != formatVersion {
		return nil, fmt.Errorf("egdb %s: format version %d, this build reads %d", name, v, formatVersion)
	}
	f := &sliceFile{r: r, size: size}
	f.mat = Material{int(h[10]), int(h[11]), int(h[12]), int(h[13])}
	if !f.mat.valid() {
		return nil, bad("bad material %v", f.mat)
	}
	f.ix = newIndexer(f.mat)
	f.entries = binary.LittleEndian.Uint64(h[16:])
	f.perBlk = binary.LittleEndian.Uint32(h[24:])
	f.blocks = binary.LittleEndian.Uint32(h[28:])
	f.stats = Stats{binary.LittleEndian.Uint64(h[32:]), binary.LittleEndian.Uint64(h[40:]), binary.LittleEndian.Uint64(h[48:])}
	if f.entries != f.ix.size || f.perBlk == 0 || f.perBlk%4 != 0 || f.perBlk/4 > maxBlockBytes ||
		uint64(f.blocks) != (f.entries+uint64(f.perBlk)-1)/uint64(f.perBlk) {
		return nil, bad("header sizes do not match material %v", f.mat)
	}
	tableLen := int64(12*uint64(f.blocks) + 8)
	f.dataStart = headerSize + tableLen
	if f.dataStart+4 > size {
		return nil, bad("block table runs past the end")
	}
	table := make([]byte, tableLen)
	if _, err := r.ReadAt(table, headerSize); err != nil {
		return nil, fmt.Errorf("egdb %s: %w", name, err)
	}
	if crc := crc32.Update(crc32.Checksum(h[:60], castagnoli), castagnoli, table); crc != binary.LittleEndian.Uint32(h[60:]) {
		return nil, bad("header checksum mismatch")
	}
	f.offsets = make([]uint64, f.blocks+1)
	for b := range f.offsets {
		f.offsets[b] = binary.LittleEndian.Uint64(table[8*b:])
		if b > 0 && f.offsets[b] < f.offsets[b-1] {
			return nil, bad("block offsets out of order")
		}
	}
	if int64(f.offsets[f.blocks])+f.dataStart+4 != size {
		return nil, bad("data area size does not match the file size")
	}
	f.crcs = make([]uint32, f.blocks)
	for b := range f.crcs {
		f.crcs[b] = binary.LittleEndian.Uint32(table[8*(int(f.blocks)+1)+4*b:])
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
	lo, hi := f.offsets[b], f.offsets[b+1]
	comp := make([]byte, hi-lo)
	if _, err := f.r.ReadAt(comp, f.dataStart+int64(lo)); err != nil {
		return nil, fmt.Errorf("egdb %s block %d: %w", f.mat.Name(), b, err)
	}
	if crc32.Checksum(comp, castagnoli) != f.crcs[b] {
		return nil, fmt.Errorf("%w %s: block %d checksum mismatch", ErrCorrupt, FileName(f.mat), b)
	}
	out, err := dec.DecodeAll(comp, dst[:0])
	if err != nil {
		return nil, fmt.Errorf("%w %s: block %d: %v", ErrCorrupt, FileName(f.mat), b, err)
	}
	if want := (f.blockLen(b) + 3) / 4; uint64(len(out)) != want {
		return nil, fmt.Errorf("%w %s: block %d holds %d bytes, want %d", ErrCorrupt, FileName(f.mat), b, len(out), want)
	}
	return out, nil
}

// checkWhole verifies the whole-file checksum.
func (f *sliceFile) checkWhole() error {
	h := crc32.New(castagnoli)
	if _, err := io.Copy(h, io.NewSectionReader(f.r, 0, f.size-4)); err != nil {
		return err
	}
	var tail [4]byte
	if _, err := f.r.ReadAt(tail[:], f.size-4); err != nil {
		return err
	}
	if h.Sum32() != binary.LittleEndian.Uint32(tail[:]) {
		return fmt.Errorf("%w %s: file checksum mismatch", ErrCorrupt, FileName(f.mat))
	}
	return nil
}

// newDecoder returns a zstd decoder for blocks, safe for concurrent DecodeAll.
func newDecoder() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.IgnoreChecksum(true),
		zstd.WithDecoderMaxMemory(maxBlockBytes))
}
