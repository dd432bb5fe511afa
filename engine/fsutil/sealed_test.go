package fsutil

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestSealed(t *testing.T) {
	raw := []byte("some state worth keeping")
	good := Seal("CRWNTEST", 3, raw)
	got, err := Open(good, "CRWNTEST", 3)
	if err != nil || string(got) != string(raw) {
		t.Fatalf("open: %q %v", got, err)
	}
	flip := func(i int) []byte { d := append([]byte(nil), good...); d[i] ^= 1; return d }
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"magic":     {flip(0), ErrMagic},
		"short":     {good[:10], ErrMagic},
		"version":   {flip(8), ErrVersion},
		"length":    {flip(12), ErrCorrupt},
		"truncated": {good[:len(good)-3], ErrCorrupt},
		"checksum":  {flip(16), ErrChecksum},
	} {
		if _, err := Open(c.data, "CRWNTEST", 3); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v want %v", name, err, c.want)
		}
	}
	type state struct {
		A int
		B []float64
	}
	path := filepath.Join(t.TempDir(), "s")
	if err := SaveGob(path, "CRWNTEST", 1, state{7, []float64{1.5}}); err != nil {
		t.Fatal(err)
	}
	var back state
	if err := LoadGob(path, "CRWNTEST", 1, &back); err != nil || back.A != 7 || back.B[0] != 1.5 {
		t.Fatalf("gob round trip: %+v %v", back, err)
	}
	if err := LoadGob(path, "CRWNTEST", 2, &back); !errors.Is(err, ErrVersion) {
		t.Fatalf("version check: %v", err)
	}
}
