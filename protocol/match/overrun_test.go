package match

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/protocol"
)

// TestOverrunReport: the warning of a move past its deadline carries what
// the process did meanwhile: a collection forced inside the window is
// counted, and a window spent computing shows a CPU share near one.
func TestOverrunReport(t *testing.T) {
	var buf bytes.Buffer
	log := zerolog.New(&buf)
	w := newWatch()
	t0 := time.Now()
	runtime.GC()
	x, c0 := 1, cputime.Process()
	for cputime.Process()-c0 < 50*time.Millisecond {
		x = x*31 + 7 // spin until the process has computed for 50 ms
	}
	took := time.Since(t0)
	g := board.NewGame(board.Start(), board.Rules{})
	w.report(log, took, 10*time.Millisecond, protocol.Result{Depth: 7, Nodes: 1234}, g)
	var got struct {
		Level    string  `json:"level"`
		Took     float64 `json:"took"`
		Deadline float64 `json:"deadline"`
		Pieces   int     `json:"pieces"`
		Nodes    uint64  `json:"nodes"`
		CPUShare float64 `json:"cpu_share"`
		GCCycles uint64  `json:"gc_cycles"`
		Steal    float64 `json:"machine_steal"`
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, buf.String())
	}
	if got.Level != "warn" || got.Took < 40 || got.Deadline != 10 || got.Pieces != 24 || got.Nodes != 1234 {
		t.Errorf("fields: %+v", got)
	}
	if got.GCCycles < 1 {
		t.Errorf("a forced collection inside the window not counted: %+v", got)
	}
	// The share times the wall time is the CPU time spent in the window: at
	// least the 50 ms of spinning, whatever the machine's load, and at most
	// all the cores all the time.
	if cpu := got.CPUShare * float64(took); cpu < float64(49*time.Millisecond) || got.CPUShare > float64(runtime.NumCPU())+0.1 {
		t.Errorf("cpu_share %.3f over %v: %v of CPU, want >= 50 ms", got.CPUShare, took, time.Duration(cpu))
	}
	if got.Steal < 0 || x == 0 {
		t.Errorf("stolen time %v", got.Steal)
	}
}
