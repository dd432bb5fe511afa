// fuzz_test.go fuzzes the slice file reader.
package egdb

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpenSlice feeds arbitrary bytes to the slice file reader: it must
// return an error or a file whose every block reads (or fails) cleanly,
// never panic.
func FuzzOpenSlice(f *testing.F) {
	for _, name := range []string{"0101.egdb", "1111.egdb", "0211.egdb"} {
		if data, err := os.ReadFile(filepath.Join("data4", name)); err == nil {
			f.Add(data)
		}
	}
	for _, name := range []string{"0101.egdb", "0111.egdb"} {
		if data, err := os.ReadFile(filepath.Join("testdata", "v1", name)); err == nil {
			f.Add(data) // version 1
		}
	}
	f.Add([]byte(fileMagic))
	dec, err := newDecoder()
	if err != nil {
		f.Fatal(err)
	}
	defer dec.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := openSlice(bytes.NewReader(data), int64(len(data)), "fuzz")
		if err != nil {
			return
		}
		sf.checkWhole()
		for b := range min(sf.blocks, 64) {
			sf.readBlock(dec, b, nil)
		}
	})
}

// FuzzPairJob feeds arbitrary bytes to the pair job decoder: an error or
// a job that names a pair and a checksum for exactly the slices it reads,
// and that encodes back to something decoding to the same job.
func FuzzPairJob(f *testing.F) {
	f.Add(samplePairJob(Material{1, 1, 0, 1}).Marshal())
	f.Add([]byte(`{"pair":"0101","files":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := UnmarshalPairJob(data)
		if err != nil {
			return
		}
		if checkPair(j.Pair) != nil || len(j.Files) != len(sliceClosure(j.Pair)) {
			t.Fatalf("accepted %q: pair %v, %d files", data, j.Pair, len(j.Files))
		}
		again, err := UnmarshalPairJob(j.Marshal())
		if err != nil || again.Pair != j.Pair || len(again.Files) != len(j.Files) {
			t.Fatalf("%q: re-encoded job: %v", data, err)
		}
		for m, s := range j.Files {
			if again.Files[m] != s || checkSum(s) != nil {
				t.Fatalf("%q: slice %s: %q then %q", data, m.Name(), s, again.Files[m])
			}
		}
	})
}

// FuzzPairOutput does the same for the worker's answer.
func FuzzPairOutput(f *testing.F) {
	f.Add(PairOutput{Pair: Material{0, 2, 0, 1}, Rounds: 33, Seconds: 0.5, Slices: []OutputSlice{
		{Material{0, 2, 0, 1}, fileSum([]byte("a")), 223, Stats{14846, 0, 34}},
		{Material{0, 1, 0, 2}, fileSum([]byte("b")), 267, Stats{412, 13018, 1450}}}}.Marshal())
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := UnmarshalPairOutput(data)
		if err != nil {
			return
		}
		if checkPair(o.Pair) != nil || len(o.Slices) == 0 || o.Slices[0].Material != o.Pair {
			t.Fatalf("accepted %q: %+v", data, o)
		}
		again, err := UnmarshalPairOutput(o.Marshal())
		if err != nil || again.Pair != o.Pair || len(again.Slices) != len(o.Slices) || again.Slices[0] != o.Slices[0] {
			t.Fatalf("%q: re-encoded output: %+v %v", data, again, err)
		}
	})
}
