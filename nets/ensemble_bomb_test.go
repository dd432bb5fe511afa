// ensemble_bomb_test.go tests that an ensemble's declared length is held
// to what its members can fill and to the compressed size before anything
// is allocated, in version 2's container and version 1's header.
package nets

import (
	"encoding/binary"
	"testing"

	"crown/engine/fsutil"
	"crown/engine/fsutil/fsutiltest"
)

// TestEnsembleBombRefused: an ensemble file of a few hundred bytes
// declaring the most 256 members could fill (10 MiB), with a valid
// checksum over a payload of zeros that really unpacks that far, is refused
// before anything that size is allocated; so is a stored payload declaring
// more than the file holds.
func TestEnsembleBombRefused(t *testing.T) {
	rawLen := uint32(4 + MaxMembers*maxMemberBytes())
	z := fsutiltest.ZeroFrame(uint64(rawLen), true)
	le := binary.LittleEndian
	v2 := make([]byte, 20, 20+len(z))
	copy(v2, ensMagic)
	le.PutUint32(v2[8:], ensVersion)
	le.PutUint32(v2[12:], rawLen)
	stored := ensFormat.Seal(ensVersion, le.AppendUint32(nil, MaxMembers), fsutil.Stored)
	le.PutUint32(stored[12:], rawLen)
	v1 := make([]byte, ensV1HeaderSize, ensV1HeaderSize+len(z))
	copy(v1, ensMagic)
	le.PutUint16(v1[8:], 1)
	le.PutUint32(v1[12:], MaxMembers)
	le.PutUint32(v1[16:], rawLen-4)
	le.PutUint32(v1[20:], uint32(len(z)))
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"version 2":        {append(v2, z...), fsutil.ErrTooLarge},
		"version 2 stored": {stored, fsutil.ErrTruncated},
		"version 1":        {resealEnsemble(append(v1, z...)), fsutil.ErrTooLarge},
	} {
		var err error
		alloc := fsutiltest.Allocated(func() { _, err = UnmarshalEnsemble(c.data) })
		if fsutil.Kind(err) != c.want {
			t.Errorf("%s: got %v, want %v", name, err, c.want)
		}
		if alloc > 1<<20 {
			t.Errorf("%s: refusing the %d-byte file declaring %d MiB allocated %d KiB", name, len(c.data), rawLen>>20, alloc>>10)
		}
	}
}
