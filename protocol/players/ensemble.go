// ensemble.go reads the networks of a coalition (seed 002): an ensemble
// file (CROWNENS), or a single weight file as a coalition of one, so that
// a coalition can be compared with its best member under the same search.
package players

import (
	"errors"
	"fmt"

	"crown/engine/fsutil"
	"crown/nets"
)

// LoadEnsemble reads an ensemble file, or a weight file as an ensemble of
// one member labelled by its path.
func LoadEnsemble(path string) (*nets.Ensemble, error) {
	e, err := nets.LoadEnsemble(path)
	if errors.Is(err, fsutil.ErrMagic) { // not an ensemble file: a weight file?
		n, err := nets.Load(path)
		if err != nil {
			return nil, fmt.Errorf("ensemble: %w", err)
		}
		return &nets.Ensemble{Members: []nets.Member{{Label: path, Net: n}}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ensemble: %w", err)
	}
	return e, nil
}
