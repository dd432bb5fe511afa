// matchalias.go forwards the names the match aliases of evolve and species
// use to protocol/match (alias.go), players (opponent.go) and referee
// (Summary.EloText), where their logic lives; once those commands call the
// packages directly this file goes.
package main

import (
	"github.com/rs/zerolog"

	"crown/engine/referee"
	"crown/engine/search"
	"crown/protocol/match"
	"crown/protocol/players"
)

const (
	aliasMargin = match.AliasMargin
	aliasHang   = match.AliasHang
)

func crownSpec(items ...string) (match.Spec, error) { return match.CrownSpec(items...) }
func evalItems(e players.Eval) []string             { return match.EvalItems(e) }
func modeItem(mode string) string                   { return match.ModeItem(mode) }
func runnerLog(log *zerolog.Logger) zerolog.Logger  { return match.AliasLog(*log) }

func eloText(elo, lo, hi float64) string {
	return referee.Summary{Elo: elo, EloLow: lo, EloHigh: hi}.EloText()
}

func opponentEval(spec string) (string, players.Eval, error) { return players.Opponent(spec) }

func playerEval(spec string) (string, search.NewEvaluator, error) {
	return players.OpponentFactory(spec)
}
