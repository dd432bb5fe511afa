// sprt.go is the sequential probability ratio test that stops a match as
// soon as it has decided between two hypotheses about the Elo difference:
// H0 "A is elo0 stronger than B" and H1 "A is elo1 stronger".
//
// Model: logistic Elo (expected score s = 1/(1+10^(-elo/400))) and
// trinomial game outcomes (win 1, draw 1/2, loss 0), tested with the
// generalised SPRT in its normal approximation (the idea of Michel Van den
// Bergh's GSPRT notes behind fishtest's trinomial test; derived here):
// treat each game's score x_i as normal with the observed per-game
// variance σ² = (W(1-x̄)² + D(1/2-x̄)² + L x̄²)/N and mean s0 under H0, s1
// under H1. Then log f1(x)/f0(x) = ((x-s0)² - (x-s1)²)/(2σ²)
// = (s1-s0)(2x-s0-s1)/(2σ²), and summed over N games of mean score x̄
//
//	LLR = N (s1 - s0) (2x̄ - s0 - s1) / (2σ²)
//
// The test accepts
// H1 when LLR ≥ log((1-β)/α) and H0 when LLR ≤ log(β/(1-α)) (Wald's
// bounds), so α bounds the chance of accepting H1 when H0 holds and β the
// chance of accepting H0 when H1 holds.
package referee

import (
	"fmt"
	"math"
)

// SPRT is a test's parameters.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Decision is the state of a test.
type Decision int8

const (
	Continue Decision = iota // no hypothesis accepted yet
	AcceptH0                 // elo0 holds (A is not elo1 stronger)
	AcceptH1                 // elo1 holds
)

func (d Decision) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[d]
}

// Validate checks the parameters.
func (t SPRT) Validate() error {
	switch {
	case !(t.Elo1 > t.Elo0):
		return fmt.Errorf("sprt: elo1 (%g) must exceed elo0 (%g)", t.Elo1, t.Elo0)
	case !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("sprt: alpha and beta must lie in (0, 0.5), got %g and %g", t.Alpha, t.Beta)
	}
	return nil
}

// Bounds returns the lower and upper LLR bounds.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// expectedScore is the logistic Elo model's score for an Elo advantage.
func expectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// LLR is the log-likelihood ratio of H1 against H0 after w wins, d draws
// and l losses; 0 before the first game. While every game has had the same
// result the observed variance is 0, which would leave the test undecided
// however long the run: the variance is then taken as if one more win and
// one more loss had been played, so that a match one side wins game after
// game (or draws every game) still stops.
func (t SPRT) LLR(w, d, l int) float64 {
	if w+d+l == 0 {
		return 0
	}
	x, v := scoreVariance(w, d, l)
	if v <= 0 {
		_, v = scoreVariance(w+1, d, l+1)
	}
	s0, s1 := expectedScore(t.Elo0), expectedScore(t.Elo1)
	return float64(w+d+l) * (s1 - s0) * (2*x - s0 - s1) / (2 * v)
}

// Decide returns the test's state after w wins, d draws and l losses.
func (t SPRT) Decide(w, d, l int) (Decision, float64) {
	llr := t.LLR(w, d, l)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1, llr
	case llr <= lo:
		return AcceptH0, llr
	}
	return Continue, llr
}
