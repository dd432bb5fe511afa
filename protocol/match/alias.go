// alias.go holds what the commands that are aliases of `crown match`
// share (book match, egdb match, species versus, evolve rate, evolve
// ga-tournament): each builds its players as `crown match --player` would
// read them, so everything they play can be played by crown match, and
// plays through Run with the fault bounds of crown match's defaults.
package match

import (
	"fmt"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/players"
)

// The runner's fault bounds for the aliases, as crown match's defaults
// (--margin, --hang).
const (
	AliasMargin = 50 * time.Millisecond
	AliasHang   = 5 * time.Minute
)

// CrownSpec reads the crown player of the key=value items, as `crown match
// --player crown:...`. A value holding a comma cannot be written in a spec.
func CrownSpec(items ...string) (Spec, error) {
	for _, it := range items {
		if strings.Contains(it, ",") {
			return Spec{}, fmt.Errorf("%q: a player spec separates its keys with commas, so a value cannot hold one", it)
		}
	}
	return ParseSpec(KindCrown + ":" + strings.Join(items, ","))
}

// EvalItems are the spec keys of an evaluator choice.
func EvalItems(e players.Eval) []string {
	items := []string{"eval=" + e.Name}
	if e.Net != "" {
		items = append(items, "net="+e.Net)
	}
	if e.Weights != "" {
		items = append(items, "weights="+e.Weights)
	}
	return items
}

// ModeItem is the spec key of a search mode (seed or full).
func ModeItem(mode string) string { return "mode=" + mode }

// AliasLog is the runner's logger for an alias: its line per game only at
// debug level, so the alias's own report stays readable.
func AliasLog(log zerolog.Logger) zerolog.Logger {
	if log.GetLevel() <= zerolog.DebugLevel {
		return log
	}
	return log.Level(zerolog.WarnLevel)
}
