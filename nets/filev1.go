// filev1.go reads weight files of version 1, written before weight files
// moved into fsutil's container (every evolved network of crown's runs
// until 2026-11-26):
//
//	offset size
//	 0     8   magic    "CROWNNET"
//	 8     2   version  1
//	10     2   arch     architecture id
//	12     4   flags    bit 0: step sizes follow the weights
//	16     8   k        king value
//	24     4   params   number of weights and biases
//	28     4   sigmas   number of step sizes: 0 or params
//	32     4   rawLen   uncompressed payload length: 8·(params+sigmas)
//	36     4   zLen     compressed payload length
//	40     4   crc      CRC-32C of bytes 0-39 and of the compressed payload
//	44     4   reserved 0
//	48   zLen  payload  zstd frame: W, then the step sizes
//
// Saving such a network writes version 3.
package nets

import (
	"encoding/binary"
	"math"

	"crown/engine/fsutil"
)

// v1HeaderSize is version 1's header.
const v1HeaderSize = 48

// openV1 checks a version 1 file: its header, its length, its checksum
// and its counts, before decompressing the payload to exactly rawLen
// bytes.
func openV1(data []byte) (Header, []byte, error) {
	if len(data) < v1HeaderSize {
		return Header{}, nil, format.Errorf(fsutil.ErrTruncated, "%d bytes, the version 1 header alone is %d", len(data), v1HeaderSize)
	}
	le := binary.LittleEndian
	h := Header{Version: 1, Arch: Arch(le.Uint16(data[10:])), Flags: le.Uint32(data[12:]), K: math.Float64frombits(le.Uint64(data[16:])),
		Params: le.Uint32(data[24:]), Sigmas: le.Uint32(data[28:]), CRC: le.Uint32(data[40:])}
	rawLen, zLen := le.Uint32(data[32:]), le.Uint32(data[36:])
	if r := le.Uint32(data[44:]); r != 0 {
		return Header{}, nil, format.Errorf(fsutil.ErrVersion, "reserved header word is %#x, must be 0 in version 1", r)
	}
	if have := uint64(len(data) - v1HeaderSize); have < uint64(zLen) {
		return Header{}, nil, format.Errorf(fsutil.ErrTruncated, "payload has %d of %d bytes", have, zLen)
	} else if have > uint64(zLen) {
		return Header{}, nil, format.Errorf(fsutil.ErrTrailing, "%d bytes after the %d-byte payload", have-uint64(zLen), zLen)
	}
	if got := fsutil.Checksum(data[:40], data[v1HeaderSize:]); got != h.CRC {
		return Header{}, nil, format.Errorf(fsutil.ErrChecksum, "header says %08x, contents give %08x", h.CRC, got)
	}
	if err := h.check(uint64(rawLen)); err != nil {
		return Header{}, nil, err
	}
	raw, err := format.Payload(uint64(rawLen)).Decompress(data[v1HeaderSize:])
	return h, raw, err
}
