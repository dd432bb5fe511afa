// matchalias.go holds what the commands that are aliases of `crown match`
// share (book match, species versus, evolve rate, evolve ga-tournament,
// egdb match): each builds two player specs as `crown match --player`
// would read them (so everything they play can be played by crown match)
// and calls the one runner, protocol/match.Run, which plays every game
// through engine/referee.
package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/match"
	"crown/protocol/players"
)

// The runner's fault bounds for the aliases, as crown match's defaults
// (--margin, --hang).
const (
	aliasMargin = 50 * time.Millisecond
	aliasHang   = 5 * time.Minute
)

// crownSpec reads the crown player of the key=value items, as `crown match
// --player crown:...`. A value holding a comma cannot be written in a spec.
func crownSpec(items ...string) (match.Spec, error) {
	for _, it := range items {
		if strings.Contains(it, ",") {
			return match.Spec{}, fmt.Errorf("%q: a player spec separates its keys with commas, so a value cannot hold one", it)
		}
	}
	return match.ParseSpec(match.KindCrown + ":" + strings.Join(items, ","))
}

// evalItems are the spec keys of an evaluator choice.
func evalItems(e players.Eval) []string {
	items := []string{"eval=" + e.Name}
	if e.Net != "" {
		items = append(items, "net="+e.Net)
	}
	if e.Weights != "" {
		items = append(items, "weights="+e.Weights)
	}
	return items
}

// modeItem is the spec key of the --mode flags (seed or full).
func modeItem(mode string) string { return "mode=" + mode }

// runnerLog is the runner's logger for an alias: its line per game only
// at debug level, so the alias's own report stays readable.
func runnerLog(log *zerolog.Logger) zerolog.Logger {
	if log.GetLevel() <= zerolog.DebugLevel {
		return *log
	}
	return log.Level(zerolog.WarnLevel)
}
