// eta.go draws a long database job's progress (a build, a verification)
// on a command's progress line: the share done, the time elapsed and an
// estimate of the time left. The work is counted in position visits, too
// many for the line's int at 8 pieces, so the line counts per mille.
package egdb

import (
	"fmt"
	"time"

	"crown/engine/progress"
)

// Bar is the progress line a command draws (engine/progress).
type Bar = progress.Bar

// ETA returns a progress callback (BuildOptions.Progress,
// VerifyOptions.Progress) drawing on bar; its clock starts now.
func ETA(bar Bar) func(done, total uint64) {
	bar, start := progress.Or(bar), time.Now()
	return func(done, total uint64) {
		if total == 0 {
			return
		}
		frac := float64(done) / float64(total)
		el := time.Since(start)
		eta := "?"
		if frac > 0.001 {
			eta = (time.Duration(float64(el)/frac) - el).Round(time.Second).String()
		}
		const scale = 1000 // per mille: totals exceed int32 at 8 pieces
		bar.Update(int(frac*scale), scale, fmt.Sprintf("%.1f%% elapsed %s eta %s", 100*frac, el.Round(time.Second), eta))
	}
}
