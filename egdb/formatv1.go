// formatv1.go reads slice files of version 1, written before slices moved
// into fsutil's container (every database built until 2026-11-26):
//
//	offset size  field
//	0      8     magic "CRWNEGDB"
//	8      2     format version 1
//	10     4     material: black men, black kings, white men, white kings
//	14     2     zero
//	16     8     entries
//	24     4     entries per block
//	28     4     number of blocks B
//	32     24    wins, losses, draws
//	56     4     zero
//	60     4     CRC-32C of bytes 0-59 followed by the block table
//	64     8(B+1) block offsets, 4B block CRC-32Cs: as in version 2's index
//	...          the blocks
//	end-4  4     CRC-32C of everything before it
//
// Bytes 10-13 and 16-55 with the table are version 2's index, so a version
// 1 file is read as the same index with its block area at byte 64+12B+8,
// ending 4 bytes before the file; the blocks are the same bytes either way.
// A build resumed in a version 1 directory keeps its finished slices and
// writes the new ones as version 2.
package egdb

import (
	"encoding/binary"
	"fmt"
	"io"

	"crown/engine/fsutil"
)

// v1HeaderSize is version 1's fixed header.
const v1HeaderSize = 64

// openSliceV1 checks a version 1 file's header checksum, reading its block
// table only once its length is known to fit the file.
func openSliceV1(r io.ReaderAt, size int64, name string) (*sliceFile, error) {
	if size < v1HeaderSize+12 {
		return nil, sliceError(name, sliceFormat.Errorf(fsutil.ErrTruncated, "%d bytes, a version 1 file has at least %d", size, v1HeaderSize+12))
	}
	h := make([]byte, v1HeaderSize)
	if n, err := r.ReadAt(h, 0); n < len(h) {
		return nil, fmt.Errorf("egdb %s: %w", name, err)
	}
	tableLen := 12*int64(binary.LittleEndian.Uint32(h[28:])) + 8
	dataStart := v1HeaderSize + tableLen
	if dataStart+4 > size {
		return nil, sliceError(name, sliceFormat.Errorf(fsutil.ErrTruncated, "%d bytes, its version 1 header and block table need %d", size, dataStart+4))
	}
	index := make([]byte, indexHeader+tableLen)
	copy(index, h[10:14])
	copy(index[4:], h[16:56])
	if n, err := r.ReadAt(index[indexHeader:], v1HeaderSize); n < int(tableLen) {
		return nil, fmt.Errorf("egdb %s: %w", name, err)
	}
	if fsutil.Checksum(h[:60], index[indexHeader:]) != binary.LittleEndian.Uint32(h[60:]) {
		return nil, sliceError(name, sliceFormat.Errorf(fsutil.ErrChecksum, "the version 1 header and block table do not match theirs"))
	}
	return readIndex(r, index, size, dataStart, size-dataStart-4, name)
}
