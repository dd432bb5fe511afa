// ensemblev1.go reads ensemble files of version 1, written before ensembles
// moved into fsutil's container:
//
//	offset size
//	 0     8   magic    "CROWNENS"
//	 8     2   version  1
//	10     2   reserved 0
//	12     4   members  number of networks, 1..MaxMembers
//	16     4   rawLen   uncompressed payload length
//	20     4   zLen     compressed payload length
//	24     4   crc      CRC-32C of bytes 0-23 and of the compressed payload
//	28     4   reserved 0
//	32   zLen  payload  zstd frame: the members, as in version 2
//
// Saving such an ensemble writes version 2.
package nets

import (
	"encoding/binary"
	"fmt"

	"crown/engine/fsutil"
)

// ensV1HeaderSize is version 1's header.
const ensV1HeaderSize = 32

// unmarshalEnsembleV1 decodes a version 1 file: header, length, checksum
// and the declared length against what its members can fill, before the
// payload is decompressed.
func unmarshalEnsembleV1(data []byte) (*Ensemble, error) {
	if len(data) < ensV1HeaderSize {
		return nil, ensFormat.Errorf(fsutil.ErrTruncated, "%d bytes, the version 1 header alone is %d", len(data), ensV1HeaderSize)
	}
	le := binary.LittleEndian
	members, rawLen, zLen, crc := le.Uint32(data[12:]), le.Uint32(data[16:]), le.Uint32(data[20:]), le.Uint32(data[24:])
	if le.Uint16(data[10:]) != 0 || le.Uint32(data[28:]) != 0 {
		return nil, ensFormat.Errorf(fsutil.ErrVersion, "reserved header fields must be 0 in version 1")
	}
	if have := uint64(len(data) - ensV1HeaderSize); have < uint64(zLen) {
		return nil, ensFormat.Errorf(fsutil.ErrTruncated, "payload has %d of %d bytes", have, zLen)
	} else if have > uint64(zLen) {
		return nil, ensFormat.Errorf(fsutil.ErrTrailing, "%d bytes after the %d-byte payload", have-uint64(zLen), zLen)
	}
	if got := fsutil.Checksum(data[:24], data[ensV1HeaderSize:]); got != crc {
		return nil, ensFormat.Errorf(fsutil.ErrChecksum, "header says %08x, contents give %08x", crc, got)
	}
	if members == 0 || members > MaxMembers {
		return nil, fmt.Errorf("%w: %d members, want 1 to %d", ErrEnsembleSize, members, MaxMembers)
	}
	if uint64(rawLen) > uint64(members)*uint64(maxMemberBytes()) {
		return nil, ensFormat.Errorf(fsutil.ErrTooLarge, "payload length %d is more than %d members can fill", rawLen, members)
	}
	raw, err := ensFormat.Payload(uint64(rawLen)).Decompress(data[ensV1HeaderSize:])
	if err != nil {
		return nil, err
	}
	return decodeMembers(raw, int(members))
}
