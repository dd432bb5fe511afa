// show.go is `crown net info`: the description of a weight file, or of an
// embedded network (the trained default, or the evolved seed network).
package netinfo

import (
	"io"

	"crown/nets"
	"crown/nets/nnue"
)

// Show describes the weight file at path; with path "" the embedded
// trained network, or the embedded evolved network when evolved.
func Show(w io.Writer, path string, evolved bool) error {
	if path == "" && !evolved {
		return NNUE(w, "embedded default (trained)", nnue.DefaultBytes())
	}
	data, name, err := nets.ReadFile(path)
	if err != nil {
		return err
	}
	return Write(w, name, data)
}
