package nnue

import "testing"

// FuzzUnmarshal: any bytes give a network that passes check, or an error;
// never a panic.
func FuzzUnmarshal(f *testing.F) {
	q := Quantize(NewModel(Arch{H1: 16, H2: 16, H3: 16, Buckets: 2}, 1), 100, "fuzz")
	good, _ := q.Marshal()
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte("CROWNNET\x02\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Unmarshal(data)
		if err != nil {
			return
		}
		if err := n.check(); err != nil {
			t.Fatalf("accepted a network that fails its own check: %v", err)
		}
	})
}
