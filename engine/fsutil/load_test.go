package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if err := WriteAtomic(good, []byte("42")); err != nil {
		t.Fatal(err)
	}
	errBad := errors.New("not a number")
	decode := func(b []byte) (string, error) {
		if string(b) != "42" {
			return "", errBad
		}
		return "forty-two", nil
	}
	if v, err := Load(good, decode); err != nil || v != "forty-two" {
		t.Fatalf("Load(good) = %q, %v", v, err)
	}
	bad := filepath.Join(dir, "bad")
	if err := WriteAtomic(bad, []byte("x")); err != nil {
		t.Fatal(err)
	}
	_, err := Load(bad, decode)
	if !errors.Is(err, errBad) || !strings.Contains(err.Error(), bad) {
		t.Fatalf("Load(bad) error %v: want the decoder's error naming %s", err, bad)
	}
	if _, err := Load(filepath.Join(dir, "missing"), decode); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Load(missing) error %v, want ErrNotExist", err)
	}
}
