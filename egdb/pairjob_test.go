// pairjob_test.go checks the wire format between a build and its workers:
// a job and an output survive encoding, and each kind of bad input is
// refused with an error naming what is wrong.
package egdb

import (
	"strings"
	"testing"
)

// samplePairJob is a well-formed job for pair m (made-up checksums).
func samplePairJob(m Material) PairJob {
	j := PairJob{Pair: m, Files: map[Material]string{}}
	for _, x := range sliceClosure(m) {
		j.Files[x] = fileSum([]byte(x.Name()))
	}
	return j
}

func TestPairJobWire(t *testing.T) {
	j := samplePairJob(Material{2, 1, 0, 2})
	if len(j.Files) < 5 {
		t.Fatalf("a 5-piece pair reads %d slices", len(j.Files))
	}
	back, err := UnmarshalPairJob(j.Marshal())
	if err != nil || back.Pair != j.Pair || len(back.Files) != len(j.Files) {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	for m, s := range j.Files {
		if back.Files[m] != s {
			t.Fatalf("slice %s: %s came back as %s", m.Name(), s, back.Files[m])
		}
	}
	if string(j.Marshal()) != string(back.Marshal()) {
		t.Errorf("equal jobs encode differently")
	}
	good := string(samplePairJob(Material{0, 2, 0, 1}).Marshal())
	sum01 := fileSum([]byte("0101"))
	for _, c := range []struct{ in, want string }{
		{"", "pair job"},
		{`{"pair":"0102","files":{}}`, "does not name a pair"},
		{`{"pair":"9999","files":{}}`, "want 4 digits 0-8"},
		{`{"pair":"0100","files":{}}`, "not a database material"},
		{strings.Replace(good, sum01, strings.ToUpper(sum01), 1), "lower-case hex"},
		{strings.Replace(good, sum01, sum01[:10], 1), "want 64 hex digits"},
		{strings.Replace(good, `"0101"`, `"0110"`, 1), "does not read"},
		{`{"pair":"0201","files":{}}`, "no file for slice"},
		{`{"pair":"0201","files":{"01x1":"` + sum01 + `"}}`, "want 4 digits"},
		{good[:len(good)-2], "pair job"},
	} {
		if _, err := UnmarshalPairJob([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.in, err, c.want)
		}
	}
}

func TestPairOutputWire(t *testing.T) {
	o := PairOutput{Pair: Material{0, 2, 0, 1}, Rounds: 33, Seconds: 0.25, Slices: []OutputSlice{
		{Material{0, 2, 0, 1}, fileSum([]byte("a")), 223, Stats{14846, 0, 34}},
		{Material{0, 1, 0, 2}, fileSum([]byte("b")), 267, Stats{412, 13018, 1450}}}}
	back, err := UnmarshalPairOutput(o.Marshal())
	if err != nil || back.Pair != o.Pair || back.Rounds != 33 || back.Seconds != 0.25 || len(back.Slices) != 2 ||
		back.Slices[0] != o.Slices[0] || back.Slices[1] != o.Slices[1] {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	good := string(o.Marshal())
	for _, c := range []struct{ in, want string }{
		{strings.Replace(good, `"slice":"0102"`, `"slice":"0201"`, 1), "in place of 0102"},
		{strings.Replace(good, `"rounds":33`, `"rounds":-1`, 1), "rounds -1"},
		{strings.Replace(good, `"bytes":223`, `"bytes":0`, 1), "0 bytes"},
		{strings.Replace(good, `"win":14846`, `"win":99999999`, 1), "counts"},
		{`{"pair":"0201","slices":[]}`, "0 slices, want 2"},
		{`{"pair":"0102"}`, "does not name a pair"},
	} {
		if _, err := UnmarshalPairOutput([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.in, err, c.want)
		}
	}
}
