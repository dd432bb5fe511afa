// variantspec.go puts a match's players under its variant (crown match
// --variant): in Russian or Brazilian draughts every player's spec gets
// variant=NAME, so that the text that travels with each game (to a worker,
// into the PDN's labels) says which game it plays: a crown player then
// searches with the variant's rules and without the English book and
// endgame database. A spec that names another variant than the match's
// is refused, as are a CheckerBoard library (CheckerBoard plays English
// checkers only) and, for now, a Hub engine: crown's Hub client writes
// positions and moves in English checkers' frame, not in the frames
// pydraughts uses for the variants. An English match leaves its specs
// exactly as given.
package match

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// ForVariant returns s as a player of a match in variant v.
func ForVariant(s Spec, v board.Variant) (Spec, error) {
	given, named, err := s.variant()
	if err != nil {
		return s, err
	}
	switch {
	case named && given != v:
		return s, fmt.Errorf("player %q plays variant=%s, the match %s (give crown match --variant %s, or leave variant= out)", s.Text, given, v, given)
	case v == board.English || named:
		return s, nil
	case s.Kind == KindCB:
		return s, fmt.Errorf("player %q: a CheckerBoard engine plays English checkers only, not %s draughts", s.Text, v)
	case s.Kind == KindHub:
		return s, fmt.Errorf("player %q: crown's Hub client sends positions and moves in English checkers' frame only, so a %s match takes crown: players (play a Hub engine in %s through pydraughts: docs/variants.md)", s.Text, v, v)
	}
	return ParseSpec(strings.TrimRight(s.Text, ", ") + ",variant=" + v.String())
}

// variant is the variant the spec names, if it names one: a crown
// player's variant= option, or the variant parameter a Hub engine is sent.
func (s Spec) variant() (board.Variant, bool, error) {
	if s.Kind == KindCrown {
		return s.Options.Variant, s.variantSet, nil
	}
	for _, p := range s.Params {
		if p.Key == "variant" {
			v, err := board.ParseVariant(p.Value)
			if err != nil {
				return v, true, fmt.Errorf("player %q: %w", s.Text, err)
			}
			return v, true, nil
		}
	}
	return board.English, false, nil
}
