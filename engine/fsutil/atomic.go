// Package fsutil holds small file helpers shared by every package that writes
// files (books, weights, checkpoints, databases).
//
// atomic.go writes a file atomically: the data goes to a temporary file in the
// same directory, is synced, and is renamed over the target, so a crash or an
// interruption leaves either the old file or the new one, never half of one.
package fsutil

import (
	"os"
	"path/filepath"
)

// WriteAtomic replaces path with data.
func WriteAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err = f.Chmod(0o644); err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
