// load.go reads a file and decodes it, naming the file in any decoding error,
// the one way every crown file (weights, ensembles, books, checkpoints,
// heuristics) is loaded.
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
