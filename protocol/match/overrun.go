// overrun.go: what a match logs when one of crown's own moves outlasts its
// deadline. A 1 s match once lost a fifth of its games on time with moves
// of up to 1.12 s, and nothing in the result said whether the search had
// run on past its limit, the process had stood still (a collection, a
// lock) or the machine had taken the cores away. The watch reads the
// process's CPU time, the collector's cycles and pause time, and the
// machine's stolen time around every move (a few microseconds; no stop of
// the world), and the warning puts them side by side.
package match

import (
	"bufio"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/protocol"
)

// watch is the state of the process and the machine at a move's start.
type watch struct {
	cpu      time.Duration // the process's user+system time
	gcCycles uint64
	gcPause  float64 // seconds the world stood still for the collector
	steal    time.Duration
}

const (
	metricGCCycles = "/gc/cycles/total:gc-cycles"
	metricGCPauses = "/sched/pauses/total/gc:seconds"
)

func newWatch() watch {
	w := watch{cpu: cputime.Process(), steal: stolen()}
	w.gcCycles, w.gcPause = gcNow()
	return w
}

// report logs an overrun: took against the deadline d, and what the
// process and the machine did meanwhile. cpu_share is the process's CPU
// time over the wall time (the games in parallel each add up to one).
func (w watch) report(log zerolog.Logger, took, d time.Duration, res protocol.Result, g *board.Game) {
	now := newWatch()
	p := g.Position()
	log.Warn().Dur("took", took).Dur("deadline", d).Int("ply", g.Ply()).Int("pieces", p.Total()).
		Int("depth", res.Depth).Uint64("nodes", res.Nodes).
		Float64("cpu_share", float64(now.cpu-w.cpu)/float64(took)).
		Uint64("gc_cycles", now.gcCycles-w.gcCycles).Float64("gc_pause_ms", (now.gcPause-w.gcPause)*1e3).
		Dur("machine_steal", now.steal-w.steal).Int("goroutines", runtime.NumGoroutine()).
		Msg("a move outlasted its deadline")
}

// gcNow returns the collector's cycles so far and the sum of its pauses
// (the histogram's buckets weighted by their lower bounds: a floor).
func gcNow() (uint64, float64) {
	s := []metrics.Sample{{Name: metricGCCycles}, {Name: metricGCPauses}}
	metrics.Read(s)
	var cycles uint64
	if s[0].Value.Kind() == metrics.KindUint64 {
		cycles = s[0].Value.Uint64()
	}
	var pause float64
	if s[1].Value.Kind() == metrics.KindFloat64Histogram {
		h := s[1].Value.Float64Histogram()
		for i, n := range h.Counts {
			if lo := h.Buckets[i]; n > 0 && lo > 0 {
				pause += float64(n) * lo
			}
		}
	}
	return cycles, pause
}

// stolen is the machine's stolen CPU time so far (/proc/stat, all cores:
// time the hypervisor ran something else); 0 where it cannot be read.
func stolen() time.Duration {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return 0
	}
	fs := strings.Fields(sc.Text()) // cpu user nice system idle iowait irq softirq steal ...
	if len(fs) < 9 || fs[0] != "cpu" {
		return 0
	}
	ticks, err := strconv.ParseUint(fs[8], 10, 64)
	if err != nil {
		return 0
	}
	return time.Duration(ticks) * (time.Second / 100) // USER_HZ is 100 on Linux
}
