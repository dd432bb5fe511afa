package try

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"crown/engine/eval"
	"crown/engine/search"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestBench(t *testing.T) {
	d, _ := strconv.Atoi(os.Getenv("D"))
	s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: search.BenchHashMB})
	c0 := cpu()
	br := search.Bench(s, d)
	c := cpu() - c0
	if os.Getenv("V") != "" {
		for i, r := range br.Each {
			fmt.Println(i, r.Move, r.Score, r.Nodes, r.Time)
		}
	}
	fmt.Printf("nodes %d wall %.2fs cpu %.2fs nps(wall) %.2fM nps(cpu) %.2fM\n", br.Nodes, br.Time.Seconds(), c.Seconds(), float64(br.Nodes)/br.Time.Seconds()/1e6, float64(br.Nodes)/c.Seconds()/1e6)
}

func TestHuge(t *testing.T) {
	s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 64})
	s.Clear()
	b, _ := os.ReadFile("/proc/self/smaps_rollup")
	fmt.Println(string(b))
}
