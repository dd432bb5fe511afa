// elo.go summarises a match: wins, draws, losses, the score and the Elo
// difference it implies, with a 95% confidence interval from the per-game
// score variance (normal approximation, trinomial outcomes), and seed 002's
// figures (the share of decisive games won, its z against an even match).
// The per-game variance is the SPRT's too (sprt.go). Every command that
// reports a match goes through Summarise.
package referee

import "math"

// Summary is a match result from the first player's point of view.
type Summary struct {
	Games, Wins, Draws, Losses int
	Score                      float64 // (wins + draws/2) / games
	Elo, EloLow, EloHigh       float64 // difference and its 95% interval; ±Inf at 0% or 100%
}

// Summarise computes a Summary from counts.
func Summarise(wins, draws, losses int) Summary {
	s := Summary{Wins: wins, Draws: draws, Losses: losses, Games: wins + draws + losses}
	if s.Games == 0 {
		return s
	}
	p, v := scoreVariance(wins, draws, losses)
	s.Score = p
	se := math.Sqrt(v / float64(s.Games))
	s.Elo = eloOf(p)
	s.EloLow = eloOf(p - 1.959964*se)
	s.EloHigh = eloOf(p + 1.959964*se)
	return s
}

// scoreVariance is the mean score of w wins, d draws and l losses and the
// per-game variance of the score, (W(1-p)² + D(1/2-p)² + L p²)/N. Both are
// 0 when there are no games.
func scoreVariance(w, d, l int) (p, v float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0
	}
	p = (float64(w) + float64(d)/2) / n
	v = (float64(w)*(1-p)*(1-p) + float64(d)*(0.5-p)*(0.5-p) + float64(l)*p*p) / n
	return p, v
}

// DecisiveShare is seed 002's figure (Kim & Cho's Win%): the share of
// decisive games won, with its one-sided z against an even match (p = 1/2
// over the decisive games, a binomial normal approximation). Both are 0
// when no game was decisive.
func (s Summary) DecisiveShare() (share, z float64) {
	decisive := s.Wins + s.Losses
	if decisive == 0 {
		return 0, 0
	}
	share = float64(s.Wins) / float64(decisive)
	return share, (share - 0.5) / math.Sqrt(0.25/float64(decisive))
}

// eloOf converts a score fraction to an Elo difference.
func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(p/(1-p)) // +0 at an even score, not -0
}
