// skill.go weakens crown on purpose: the strength levels of the skill
// option (1 a beginner ... MaxSkill full strength) and lidraughts' `level
// handicap=N`. A weaker level plays the way a weaker person does: it looks
// less far ahead (a node budget) and among the moves it has looked at it
// sometimes prefers one that seems a little worse (a weighted draw among
// the moves within a margin of the best, more likely the better they seem).
// It never plays an illegal move, every move it plays was searched, and the
// middle levels never give away a whole man on purpose: their margin is
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
// The node budgets step by about 3x, the margins from a tenth of a man up
// to ten men; the values were set by hand and the resulting ladder is
// measured by match in docs/levels.md (each level against the next).
var skillLevels = [protocol.MaxSkill - 1]skillLevel{
	{nodes: 10, margin: 1000, temp: 300}, // 1: almost any move; sees captures one ply ahead
	{nodes: 30, margin: 300, temp: 100},  // 2
	{nodes: 100, margin: 150, temp: 50},  // 3
	{nodes: 300, margin: 90, temp: 30},   // 4: from here on never a whole man away
	{nodes: 1000, margin: 60, temp: 20},  // 5
	{nodes: 3000, margin: 45, temp: 15},  // 6
	{nodes: 10000, margin: 30, temp: 10}, // 7
	{nodes: 30000, margin: 20, temp: 8},  // 8
	{nodes: 100000, margin: 10, temp: 5}, // 9
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
