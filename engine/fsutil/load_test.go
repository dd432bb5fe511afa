// load_test.go tests Load (the decoder's error comes back naming the file,
// a missing file as ErrNotExist) and Save (written atomically, nothing
// written when encoding fails).
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

func TestSave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := Save(path, func() ([]byte, error) { return []byte("42"), nil }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "42" {
		t.Fatalf("saved %q, %v", b, err)
	}
	errInvalid := errors.New("invalid")
	if err := Save(path, func() ([]byte, error) { return nil, errInvalid }); !errors.Is(err, errInvalid) {
		t.Fatalf("failed encoding: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "42" {
		t.Fatalf("a failed encoding overwrote the file: %q", b)
	}
}
