// uscf.go rates player A the way the seeds rated their networks
// (../shared/docs/seeds.md; Chellapilla & Fogel, seeds 000 and 001): the
// USCF update used by zone.com applied game by game,
//
//	R_new = R_old + C (outcome - W),   W = 1 / (1 + 10^((R_opp - R_old)/400))
//
// with outcome 1, 1/2 or 0, C = 32 below 2100, 24 from 2100 to 2399 and 16
// from 2400, and a start of 1600. The final rating depends on the order of
// the games, so the seeds averaged it over many random orderings (2,000 for
// seed 000, 5,000 for seed 001). The seeds' opponents were people with
// ratings of their own; in a two-player match the opponent B is the anchor
// and keeps a fixed rating (Start unless told otherwise), so A's mean
// rating minus the anchor is the seeds' measure of the difference.
package referee

import (
	"math"
	"math/rand/v2"
)

// USCF holds the rating method's settings.
type USCF struct {
	Start     float64 // A's rating before the first game (seeds: 1600)
	Anchor    float64 // B's fixed rating (seeds: their opponents'; here 1600)
	Orderings int     // random orderings averaged over (seed 001: 5000)
	Seed      uint64  // for the orderings, so a report can be repeated
}

// DefaultUSCF is the seeds' setting.
func DefaultUSCF() USCF { return USCF{Start: 1600, Anchor: 1600, Orderings: 5000, Seed: 1} }

// USCFRating is A's rating over the orderings.
type USCFRating struct {
	Mean, SD float64 // mean and standard deviation of the final rating
	SE       float64 // standard error of the mean: SD/sqrt(orderings)
}

// uscfK is the USCF development coefficient C for a rating.
func uscfK(r float64) float64 {
	switch {
	case r < 2100:
		return 32
	case r < 2400:
		return 24
	}
	return 16
}

// uscfUpdate is one game's update of rating r against opp with score s.
func uscfUpdate(r, opp, s float64) float64 {
	w := 1 / (1 + math.Pow(10, (opp-r)/400))
	return r + uscfK(r)*(s-w)
}

// Final is A's rating after the games' scores (1, 1/2, 0 for A) in the
// order given.
func (u USCF) Final(scores []float64) float64 {
	r := u.Start
	for _, s := range scores {
		r = uscfUpdate(r, u.Anchor, s)
	}
	return r
}

// Rate averages Final over u.Orderings random permutations of scores.
func (u USCF) Rate(scores []float64) USCFRating {
	if len(scores) == 0 || u.Orderings <= 0 {
		return USCFRating{Mean: u.Start}
	}
	rng := rand.New(rand.NewPCG(u.Seed, 0x75736366)) // "uscf"
	perm := append([]float64(nil), scores...)
	var sum, sumSq float64
	for range u.Orderings {
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		r := u.Final(perm)
		sum += r
		sumSq += r * r
	}
	n := float64(u.Orderings)
	mean := sum / n
	sd := math.Sqrt(max(0, sumSq/n-mean*mean))
	return USCFRating{Mean: mean, SD: sd, SE: sd / math.Sqrt(n)}
}
