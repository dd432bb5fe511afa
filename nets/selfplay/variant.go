// variant.go reads which rules a sample file's games followed: the
// settings text a file records (Config.String) ends in variant=NAME for
// Russian and Brazilian draughts and names no variant for English
// checkers, so training can refuse to mix the samples of different games.
package selfplay

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// Variant is the variant of the file's games: English when its settings
// name none (every file made before variants existed).
func (f *File) Variant() (board.Variant, error) {
	for field := range strings.FieldsSeq(f.Config) {
		if name, ok := strings.CutPrefix(field, "variant="); ok {
			v, err := board.ParseVariant(name)
			if err != nil {
				return board.English, fmt.Errorf("sample file settings: %w", err)
			}
			return v, nil
		}
	}
	return board.English, nil
}

// variantText names a file's variant for a message, or what is wrong
// with its record of it.
func variantText(v board.Variant, err error) string {
	if err != nil {
		return err.Error()
	}
	return v.String()
}
