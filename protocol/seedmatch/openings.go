// Package seedmatch plays the seeds' experiments as crown matches, each
// pairing the match `crown match --player crown:... --player crown:...`
// would play through protocol/match's runner: the rating of evolved
// networks against fixed opponents (Rate, `crown evolve rate`) and
// coalitions against each other (Versus, `crown species versus`).
//
// openings.go holds the seeds' opening sets.
package seedmatch

import (
	"crown/engine/board"
	"crown/protocol/match"
)

// Openings returns the openings of a seeds' match: ballots (the ACF
// 3-move ballots, crown match's acf), first7, start, or a file.
func Openings(set string) ([]match.Opening, error) {
	if set == "ballots" {
		set = match.SetACF
	}
	return match.LoadOpenings(set)
}

// Positions returns the positions the engines start from in Openings(set).
func Positions(set string) ([]board.Position, error) {
	ops, err := Openings(set)
	if err != nil {
		return nil, err
	}
	out := make([]board.Position, len(ops))
	for i, o := range ops {
		out[i] = o.Position()
	}
	return out, nil
}
