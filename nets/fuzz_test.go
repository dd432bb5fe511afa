package nets

import (
	"bytes"
	"os"
	"testing"
)

// The seeds are whole weight files of 14 KB and more; the fuzzer's default
// minimisation of such inputs takes a minute each, so run these targets with
// -fuzzminimizetime 100x, e.g.
//
//	go test ./nets -run XXX -fuzz FuzzUnmarshal -fuzztime 1m -fuzzminimizetime 100x

// FuzzUnmarshal checks that no byte string panics the weight file reader and
// that whatever it accepts is valid and re-encodes to the same network. Each
// input is tried as it is and with its checksum recomputed (as version 3,
// and as version 1), so mutations reach the checks behind the checksum.
func FuzzUnmarshal(f *testing.F) {
	plain := testNet(Plain, 1)
	plain.Sigma = nil
	f.Add(mustMarshalF(f, plain))
	f.Add(mustMarshalF(f, testNet(Plain, 2)))
	f.Add([]byte("CROWNNET"))
	if v1, err := os.ReadFile("testdata/v1.net"); err == nil {
		f.Add(v1)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkUnmarshal(t, data)
		checkUnmarshal(t, reseal(append([]byte(nil), data...)))
		if len(data) >= v1HeaderSize {
			checkUnmarshal(t, resealV1(append([]byte(nil), data...)))
		}
	})
}

func checkUnmarshal(t *testing.T, data []byte) {
	t.Helper()
	n, err := Unmarshal(data)
	if err != nil {
		return
	}
	if err := n.Validate(); err != nil {
		t.Fatalf("accepted an invalid network: %v", err)
	}
	again, err := n.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Unmarshal(again)
	if err != nil {
		t.Fatalf("re-encoded network rejected: %v", err)
	}
	sameNet(t, n, m)
}

// FuzzParseJSON checks that no text panics the JSON importer and that an
// accepted network exports to JSON that imports to the same network.
func FuzzParseJSON(f *testing.F) {
	n := testNet(Plain, 3)
	data, _ := n.MarshalJSON()
	f.Add(data)
	n.Sigma = nil
	data, _ = n.MarshalJSON()
	f.Add(bytes.ReplaceAll(data, []byte("\n"), nil))
	f.Add([]byte(`{"format":"crown-net","version":1,"arch":"plain","k":2,"layers":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseJSON(data)
		if err != nil {
			return
		}
		out, err := n.MarshalJSON()
		if err != nil {
			t.Fatalf("accepted network does not export: %v", err)
		}
		m, err := ParseJSON(out)
		if err != nil {
			t.Fatalf("exported JSON rejected: %v", err)
		}
		sameNet(t, n, m)
	})
}

func mustMarshalF(f *testing.F, n *Network) []byte {
	data, err := n.Marshal()
	if err != nil {
		f.Fatal(err)
	}
	return data
}
