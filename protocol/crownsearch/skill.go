// skill.go weakens crown on purpose: the strength levels of the skill
// option (1 a beginner ... MaxSkill full strength) and lidraughts' `level
// handicap=N`. A weaker level plays the way a weaker person does: it looks
// less far ahead (a node budget) and among the moves it has looked at it
// sometimes prefers one that seems a little worse (a weighted draw among
// the moves within a margin of the best, more likely the better they seem).
// It never plays an illegal move, every move it plays was searched, and
// from level 3 up it never gives away a whole man on purpose: the margin is
// below one man (100 search units). Weak levels leave the book and the
// endgame database's root moves aside: those are a master's knowledge.
package crownsearch

import (
	"math"
	"math/rand/v2"

	"crown/engine/search"
	"crown/protocol"
)

// skillLevel is one level's handicap.
type skillLevel struct {
	nodes  uint64 // node budget per move (on top of the client's limits)
	margin int    // moves within this many search units of the best may be played
	temp   int    // softness of the draw: weight exp(-(best-score)/temp)
}

// skillLevels are levels 1 to MaxSkill-1 (MaxSkill is the full engine).
// A first ladder (nodes 10, 30, 100 ... 100,000 stepping by about 3x,
// margins 1000 down to 10) measured steps from -89 to -288 Elo over a
// range of 1,804 Elo (docs/levels.md); these values interpolate that
// ladder's parameters (log of the nodes, margin and temp linear) at the
// points where it reached the ratings of even steps of about 167 Elo from
// 1,500 below full strength. The resulting ladder is measured by match in
// docs/levels.md, each level against the next.
var skillLevels = [protocol.MaxSkill - 1]skillLevel{
	{nodes: 90, margin: 165, temp: 55},  // 1: a beginner: may give away a man
	{nodes: 210, margin: 110, temp: 36}, // 2
	{nodes: 1000, margin: 60, temp: 20}, // 3: from here on never a whole man away
	{nodes: 2200, margin: 49, temp: 16}, // 4
	{nodes: 4500, margin: 40, temp: 13}, // 5
	{nodes: 9000, margin: 31, temp: 10}, // 6
	{nodes: 20000, margin: 24, temp: 9}, // 7
	{nodes: 46000, margin: 16, temp: 7}, // 8
	{nodes: 250000, margin: 6, temp: 3}, // 9 (the first retune, 123,000 nodes and margin 8, was -288 from full strength)
}

// handicapSkill maps lidraughts' Scan `level handicap=N` (0 none, 1-3 ever
// weaker: its quiescence features switched off one by one) onto skills.
var handicapSkill = [4]int{protocol.MaxSkill, 7, 5, 3}

// effectiveSkill is the level a search plays at: the option, lowered by a
// handicap of the level command.
func effectiveSkill(skill, handicap int) int {
	if skill <= 0 || skill > protocol.MaxSkill {
		skill = protocol.MaxSkill
	}
	if handicap > 0 {
		skill = min(skill, handicapSkill[min(handicap, len(handicapSkill)-1)])
	}
	return skill
}

// weaken returns lim with level s's node budget and every root move asked
// for (MultiPV), so that chooseLine can pick among them.
func weaken(lim search.Limits, s int) search.Limits {
	lv := skillLevels[s-1]
	if lim.Nodes == 0 || lim.Nodes > lv.nodes {
		lim.Nodes = lv.nodes
	}
	lim.MultiPV = search.MaxMultiPV
	lim.AllScores = false
	return lim
}

// chooseLine picks the line level s plays from the searched lines (best
// first, scores in search units): one within the level's margin of the
// best, drawn with weight exp(-(best-score)/temp). A win or a loss found by
// the search is never traded for a line of another kind.
func chooseLine(lines []search.PVLine, s int, rng *rand.Rand) int {
	if len(lines) <= 1 {
		return 0
	}
	lv := skillLevels[s-1]
	best := lines[0].Score
	if decided(best) {
		return 0
	}
	weights := make([]float64, 0, len(lines))
	total := 0.0
	for _, l := range lines {
		gap := best - l.Score
		if gap > lv.margin || decided(l.Score) || len(l.PV) == 0 {
			break
		}
		w := math.Exp(-float64(gap) / float64(lv.temp))
		weights = append(weights, w)
		total += w
	}
	x := rng.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

// decided reports a score beyond any evaluation: a win or loss found by
// the search or known from the database.
func decided(score int) bool {
	return score >= search.EvalLimit || score <= -search.EvalLimit
}
