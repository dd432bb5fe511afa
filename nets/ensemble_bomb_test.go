// ensemble_bomb_test.go tests that an ensemble header's declared length is
// held to the compressed size before anything is allocated.
package nets

import (
	"encoding/binary"
	"errors"
	"testing"

	"crown/engine/fsutil/fsutiltest"
)

// TestEnsembleBombRefused: an ensemble file of a few hundred bytes whose
// header declares the most its 256 members could fill (10 MiB), with a
// valid checksum over a payload of zeros that really unpacks that far, is
// refused before anything that size is allocated.
func TestEnsembleBombRefused(t *testing.T) {
	rawLen := uint32(MaxMembers * maxMemberBytes())
	z := fsutiltest.ZeroFrame(uint64(rawLen), true)
	bomb := make([]byte, ensHeaderSize, ensHeaderSize+len(z))
	copy(bomb, ensMagic)
	le := binary.LittleEndian
	le.PutUint16(bomb[8:], ensVersion)
	le.PutUint32(bomb[12:], MaxMembers)
	le.PutUint32(bomb[16:], rawLen)
	le.PutUint32(bomb[20:], uint32(len(z)))
	bomb = resealEnsemble(append(bomb, z...))
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = UnmarshalEnsemble(bomb) })
	if !errors.Is(err, ErrEnsembleSize) {
		t.Errorf("got %v, want ErrEnsembleSize", err)
	}
	if alloc > 1<<20 {
		t.Errorf("refusing the %d-byte file declaring %d MiB allocated %d KiB", len(bomb), rawLen>>20, alloc>>10)
	}
}
