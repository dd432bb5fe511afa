// netinfo_test.go describes the embedded networks, evolved and trained,
// and a corrupt file.
package netinfo

import (
	"bytes"
	"strings"
	"testing"

	"crown/nets"
	"crown/nets/nnue"
)

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "evolved", nets.DefaultBytes()); err != nil || !strings.Contains(b.String(), "spatial: seed 001") ||
		!strings.Contains(strings.Join(strings.Fields(b.String()), " "), "hidden1 40 weights 3640") {
		t.Fatalf("evolved: %v\n%s", err, b.String())
	}
	b.Reset()
	if err := Write(&b, "trained", nnue.DefaultBytes()); err != nil || !strings.Contains(b.String(), "format version 2: trained network") {
		t.Fatalf("trained: %v\n%s", err, b.String())
	}
	if PayloadCRC(nnue.DefaultBytes()) == 0 {
		t.Error("no payload checksum in the embedded network")
	}
	data := bytes.Clone(nets.DefaultBytes())
	data[len(data)-5] ^= 1
	if err := Write(&b, "corrupt", data); err == nil || !strings.Contains(err.Error(), "corrupt:") {
		t.Errorf("corrupt file: %v", err)
	}
}
