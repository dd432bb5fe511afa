// filev1.go reads book files of version 1, written before books moved into
// fsutil's container (crown's default book until 2026-11-26 among them):
//
//	magic    [8]byte  "CRWNBOOK"
//	version  uint16   1
//	reserved uint16   0
//	startKey uint64   board.Start().Hash
//	entries  uint32   number of entries
//	names    uint32   number of names
//	rawLen   uint32   length of the uncompressed payload
//	crc      uint32   CRC-32C of the uncompressed payload
//	payload           zstd: the names, then the entries, as in version 2
//
// Saving such a book writes version 2 (crown book merge OLD --out NEW
// converts one).
package book

import (
	"encoding/binary"

	"crown/engine/fsutil"
)

// v1HeaderSize is version 1's header.
const v1HeaderSize = 8 + 2 + 2 + 8 + 4 + 4 + 4 + 4

// unmarshalV1 decodes a version 1 book file: the counts are checked against
// each other and the limits before the payload is decompressed.
func unmarshalV1(data []byte) (*Book, error) {
	if len(data) < v1HeaderSize {
		return nil, format.Errorf(fsutil.ErrTruncated, "%d bytes, the version 1 header alone is %d", len(data), v1HeaderSize)
	}
	le := binary.LittleEndian
	c := counts{key: le.Uint64(data[12:]), entries: le.Uint32(data[20:]), names: le.Uint32(data[24:]), bytes: uint64(le.Uint32(data[28:]))}
	if err := c.check(); err != nil {
		return nil, err
	}
	raw, err := format.Payload(c.bytes).Decompress(data[v1HeaderSize:])
	if err != nil {
		return nil, err
	}
	if err := format.Check(raw, le.Uint32(data[32:])); err != nil {
		return nil, err
	}
	return decode(raw, c)
}
