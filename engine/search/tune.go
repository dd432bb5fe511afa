// tune.go holds the search's tunable numbers as trial settings (branch
// trial/tune only): each is a constant of main, here read from
// Options.Tune so that matches can compare values without a rebuild.
package search

// Tune indexes Options.Tune; a zero entry is the constant's value.
const (
	tunePCMargin = iota
	tunePCPct
	tunePCMin
	tuneLMRMin
	tuneLMRPV
	tuneLMRFirst
	tuneLMRLate
	tuneLMR3
	tuneSEDepth
	tuneSEMargin
	tuneAsp
	nTune
)

// tuneTable names the settings for SetTrial, with their range and default.
var tuneTable = [nTune]struct {
	name      string
	lo, hi, d int
}{
	tunePCMargin: {"pcmargin", 1, 100, probCutMargin},
	tunePCPct:    {"pcpct", 10, 90, probCutPercent},
	tunePCMin:    {"pcmin", 2, 20, probCutMinDepth},
	tuneLMRMin:   {"lmrmin", 2, 20, lmrMinDepth},
	tuneLMRPV:    {"lmrpv", 1, 40, 3},
	tuneLMRFirst: {"lmrfirst", 1, 40, 1},
	tuneLMRLate:  {"lmrlate", 1, 40, 6},
	tuneLMR3:     {"lmr3", 1, 1000, 1000},
	tuneSEDepth:  {"sedepth", 2, 30, singularMinDepth},
	tuneSEMargin: {"semargin", 1, 50, singularMargin},
	tuneAsp:      {"asp", 1, 400, aspirationWindow},
}

// resolveTune fills the defaults of o's zero entries.
func resolveTune(o *[nTune]int) [nTune]int {
	var r [nTune]int
	for i := range r {
		r[i] = o[i]
		if r[i] == 0 {
			r[i] = tuneTable[i].d
		}
	}
	return r
}
