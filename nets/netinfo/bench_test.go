// speed_test.go runs a short Bench: a row per path of every architecture
// and of the trained network.
package netinfo

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestBench(t *testing.T) {
	var b bytes.Buffer
	if err := Bench(&b, BenchOptions{Time: 5 * time.Millisecond, Positions: 200}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Count(out, "fast incremental") != 3 || !strings.Contains(out, "nnue 128") || !strings.Contains(out, "evals/cpu-s") {
		t.Errorf("bench:\n%s", out)
	}
	if err := Bench(&b, BenchOptions{Time: time.Millisecond}); err == nil {
		t.Error("no positions: no error")
	}
}
