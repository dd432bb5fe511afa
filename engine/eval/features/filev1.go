// filev1.go reads heuristic weight files of version 1, written before they
// moved into fsutil's container (the trained files in weights/ among
// them):
//
//	magic   [8]byte "CRWNHEUR"
//	version uint16  1
//	kind    uint8   Kind
//	pad     uint8   0
//	count   uint32  number of weights, must equal the kind's
//	crc     uint32  CRC-32C of the uncompressed payload
//	payload         zstd: count float64 weights
//
// Saving such weights writes version 2.
package features

import (
	"encoding/binary"

	"crown/engine/fsutil"
)

// v1Header is version 1's header.
const v1Header = 8 + 2 + 1 + 1 + 4 + 4

// unmarshalV1 decodes a version 1 file: the count must be the kind's, so
// the payload's length is known before it is decompressed.
func unmarshalV1(data []byte) (*Heuristic, error) {
	if len(data) < v1Header {
		return nil, format.Errorf(fsutil.ErrTruncated, "%d bytes, the version 1 header alone is %d", len(data), v1Header)
	}
	k, n := Kind(data[10]), binary.LittleEndian.Uint32(data[12:])
	if err := checkKind(k, n); err != nil {
		return nil, err
	}
	raw, err := format.Payload(8 * uint64(n)).Decompress(data[v1Header:])
	if err != nil {
		return nil, err
	}
	if err := format.Check(raw, binary.LittleEndian.Uint32(data[16:])); err != nil {
		return nil, err
	}
	return decode(k, raw)
}
