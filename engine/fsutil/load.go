// load.go reads a file and decodes it, naming the file in any decoding error,
// the one way every crown file (weights, ensembles, books, checkpoints,
// heuristics) is loaded; and Save, its counterpart for files whose
// encoding can fail (a network that is not valid is never written).
package fsutil

import "fmt"

// Load reads path (a regular file of at most MaxFile bytes: ReadFile) and
// decodes it with decode. Read errors come back as they are (they already
// name the file); decoding errors are wrapped with the path, so errors.Is
// still finds the decoder's sentinel.
func Load[T any](path string, decode func([]byte) (T, error)) (T, error) {
	data, err := ReadFile(path)
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := decode(data)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// Save encodes a file with encode and writes it to path atomically
// (WriteAtomic); an encoding error comes back as it is and writes nothing.
func Save(path string, encode func() ([]byte, error)) error {
	data, err := encode()
	if err != nil {
		return err
	}
	return WriteAtomic(path, data)
}
