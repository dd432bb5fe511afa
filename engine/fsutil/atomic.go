// Package fsutil holds the file helpers shared by every package that writes
// files (books, weights, checkpoints, databases): the one file container
// (container.go) with its bounded decompression (decompress.go), atomic
// writes, and reads of regular files only.
//
// atomic.go writes a file atomically: the data goes to a temporary file in the
// same directory, is synced, and is renamed over the target, so a crash or an
// interruption leaves either the old file or the new one, never half of one.
// A process killed between creating the temporary file and renaming it
// (SIGKILL, power loss) leaves the temporary file behind; TempTarget
// recognises such files by their name, so a rerun can remove its own.
package fsutil

import (
	"os"
	"path/filepath"
	"strings"
)

// tempInfix joins a target's base name and os.CreateTemp's random decimal
// digits in a temporary file's name: "0101.egdb.tmp1234567".
const tempInfix = ".tmp"

// WriteAtomic replaces path with data.
func WriteAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+tempInfix+"*")
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

// TempTarget reports whether name (a base name) is one of WriteAtomic's
// temporary files, and if so returns the base name of the file it was
// to become: name is target + ".tmp" + decimal digits, as os.CreateTemp
// fills in the pattern WriteAtomic gives it.
func TempTarget(name string) (target string, ok bool) {
	i := strings.LastIndex(name, tempInfix)
	if i <= 0 {
		return "", false
	}
	digits := name[i+len(tempInfix):]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	return name[:i], true
}
