// checkpoint.go saves and loads a training run's state (fsutil's sealed
// container, gob-encoded, written atomically).
package ga

import "crown/engine/fsutil"

const (
	ckMagic   = "CRWNGAHG"
	ckVersion = 1
)

// Save writes the state to path.
func (s *State) Save(path string) error { return fsutil.SaveGob(path, ckMagic, ckVersion, s) }

// LoadState reads a state saved by Save.
func LoadState(path string) (*State, error) {
	var s State
	if err := fsutil.LoadGob(path, ckMagic, ckVersion, &s); err != nil {
		return nil, err
	}
	if err := s.Params.Validate(); err != nil || len(s.Pop) != s.Params.Population {
		return nil, fsutil.ErrCorrupt
	}
	return &s, nil
}
