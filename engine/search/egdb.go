// egdb.go declares what the search needs from an endgame database and the
// policies for consulting it. The egdb package implements Tablebase.
package search

import (
	"fmt"

	"crown/engine/board"
)

// Tablebase answers win/loss/draw for positions with few pieces.
type Tablebase interface {
	// Probe returns +1 (side to move wins), 0 (draw) or -1 (side to move
	// loses) when p is in the database. It is never called when the side to
	// move has a capture; ok is false when p is not covered.
	Probe(p *board.Position) (wld int, ok bool)
	// MaxPieces is the largest total piece count covered.
	MaxPieces() int
}

// EGDBPolicy says when the search consults the database.
type EGDBPolicy uint8

const (
	EGDBOff    EGDBPolicy = iota // never
	EGDBAlways                   // at every node within range with no capture pending
	EGDBKimCho                   // seed 002: only when the static value f is uncertain, 0.25 < |f| < 0.75
)

// FScale maps a static score s to the seeds' network output scale: f = s/FScale.
// The neural evaluator returns round(FScale*y) for its output y in [-1, 1];
// Kim & Cho's rule probes when FScale/4 < |s| < 3*FScale/4 and replaces the
// value by +FScale, 0 or -FScale.
const FScale = 1000

// egdbPolicyNames are the policies' names, indexed by EGDBPolicy: what
// flags, Hub parameters and match reports call them.
var egdbPolicyNames = [...]string{"off", "always", "kimcho"}

// String returns off, always or kimcho.
func (p EGDBPolicy) String() string {
	if int(p) < len(egdbPolicyNames) {
		return egdbPolicyNames[p]
	}
	return "unknown"
}

// ParseEGDBPolicy reads off, always or kimcho.
func ParseEGDBPolicy(s string) (EGDBPolicy, error) {
	for i, n := range egdbPolicyNames {
		if s == n {
			return EGDBPolicy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown endgame database policy %q (want off, always or kimcho)", s)
}
