// regular.go opens and reads the files a user names (weight files, books,
// ensembles, sample files, PDN and opening files) only when they are
// regular files of a bounded size. os.ReadFile on /dev/zero or
// /dev/urandom never ends and takes memory as fast as the device gives
// bytes (measured: crown net info /dev/zero, 4.7 GB in 5 s; set-param
// net-file /dev/zero then init, 5.7 GB in 10 s), and opening a FIFO for
// reading waits for a writer that may never come. So a name that is not a
// regular file (a directory, a device, a FIFO, a socket) is refused before
// it is opened, and a file over the caller's limit before it is read.
package fsutil

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxFile is the largest file ReadFile reads: 1 GiB, MaxState, the most
// any crown file decompresses to (a compressed file is smaller still).
const MaxFile = MaxState

// ErrNotRegular says a path names something other than a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrFileTooLarge says a file is over the size its reader accepts.
var ErrFileTooLarge = errors.New("file too large")

// OpenRegular opens path for reading if it is a regular file of at most
// limit bytes, and returns it with its size. A directory, device, FIFO or
// socket is refused before it is opened (so a FIFO cannot block), and the
// opened file is checked again (the name may have changed in between).
func OpenRegular(path string, limit int64) (*os.File, int64, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if err := checkRegular(path, info, limit); err != nil {
		return nil, 0, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	info, err = f.Stat()
	if err == nil {
		err = checkRegular(path, info, limit)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// checkRegular says why info cannot be read as a file of at most limit
// bytes, naming path and what it is.
func checkRegular(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kindOf(info.Mode()))
	}
	if info.Size() > limit {
		return fmt.Errorf("%s: %w: %d bytes, more than the %d this file can be", path, ErrFileTooLarge, info.Size(), limit)
	}
	return nil
}

// kindOf names a file mode's type for an error message.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "mode " + m.String()
}

// ReadFile reads a regular file of at most MaxFile bytes.
func ReadFile(path string) ([]byte, error) { return ReadFileLimit(path, MaxFile) }

// ReadFileLimit reads a regular file of at most limit bytes. It reads no
// more than limit bytes even if the file grows while being read.
func ReadFileLimit(path string, limit int64) ([]byte, error) {
	f, size, err := OpenRegular(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, 0, size)
	buf := bytesWriter{&data}
	n, err := io.Copy(buf, io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n > limit {
		return nil, fmt.Errorf("%s: %w: grew past %d bytes while being read", path, ErrFileTooLarge, limit)
	}
	return data, nil
}

// bytesWriter appends to a byte slice.
type bytesWriter struct{ b *[]byte }

func (w bytesWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}
