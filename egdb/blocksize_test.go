// blocksize_test.go measures file size against block decode time for other
// block sizes (the measurement behind blockEntries).
package egdb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// BenchmarkBlockSize re-encodes one slice of $CROWN_EGDB_DIR (default the
// embedded 1111 slice) with several block sizes and reports the size and
// the time to decode one block: the measurement behind blockEntries.
func BenchmarkBlockSize(b *testing.B) {
	name := "data4/1111.egdb"
	if dir := os.Getenv("CROWN_EGDB_DIR"); dir != "" {
		name = filepath.Join(dir, os.Getenv("CROWN_EGDB_SLICE")+fileExt)
	}
	fh, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	defer fh.Close()
	info, _ := fh.Stat()
	f, err := openSlice(fh, info.Size(), name)
	if err != nil {
		b.Fatal(err)
	}
	dec, _ := newDecoder()
	var packed []byte
	for blk := range f.blocks {
		data, err := f.readBlock(dec, blk, nil)
		if err != nil {
			b.Fatal(err)
		}
		packed = append(packed, data...)
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(false),
		zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
	for _, entries := range []int{1 << 12, 1 << 14, 1 << 16, 1 << 18} {
		b.Run(itoa(entries), func(b *testing.B) {
			per := entries / 4
			var blocks [][]byte
			size := 0
			for lo := 0; lo < len(packed); lo += per {
				c := enc.EncodeAll(packed[lo:min(lo+per, len(packed))], nil)
				blocks = append(blocks, c)
				size += len(c) + 12
			}
			buf := make([]byte, 0, per)
			i := 0
			for b.Loop() {
				buf, _ = dec.DecodeAll(blocks[i%len(blocks)], buf[:0])
				i += 7
			}
			b.ReportMetric(float64(size), "bytes")
			b.ReportMetric(float64(len(packed)*4)/float64(size), "entries/byte")
		})
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
