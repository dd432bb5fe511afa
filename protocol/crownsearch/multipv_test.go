package crownsearch

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

// TestHubMultiPVSearch: an infinite `go analyze` with multipv=3 over the
// real search writes, for every reported depth, three info lines marked
// multipv=1..3 with distinct legal first moves and scores best first;
// stop ends it with one done.
func TestHubMultiPVSearch(t *testing.T) {
	a := newSearcher(t)
	s := protocoltest.NewSession(t, a)
	defer s.Close()
	p, _ := board.ParseFEN(openFEN)
	s.Send("set-param name=multipv value=3", "init")
	s.Expect("ready")
	s.Send("pos fen="+openFEN, "level infinite", "go analyze")
	depth, groups, stopped := 0, 0, false
	for {
		l := s.NextLine()
		if l.Cmd == "done" {
			break
		}
		if l.Cmd != "info" {
			t.Fatalf("unexpected %s %v", l.Cmd, l.Args)
		}
		// One group: multipv=1 (this line), 2 and 3, same depth.
		var firsts []string
		prev := 1e9
		for k := 1; k <= 3; k++ {
			if k > 1 {
				l = s.Expect("info")
			}
			d, _ := strconv.Atoi(arg(l, "depth"))
			if arg(l, "multipv") != fmt.Sprint(k) || (k == 1 && d < depth) || (k > 1 && d != depth) {
				t.Fatalf("line %d of a group after depth %d: %v", k, depth, l.Args)
			}
			depth = d
			first, _, _ := strings.Cut(arg(l, "pv"), " ")
			if _, err := p.ParseMove(first); err != nil || slices.Contains(firsts, first) {
				t.Fatalf("depth %d line %d: pv %q after %v", depth, k, arg(l, "pv"), firsts)
			}
			firsts = append(firsts, first)
			score, err := strconv.ParseFloat(arg(l, "score"), 64)
			if err != nil || score > prev {
				t.Fatalf("depth %d line %d: score %q after %v", depth, k, arg(l, "score"), prev)
			}
			prev = score
		}
		groups++
		if depth >= 6 && !stopped {
			s.Send("stop")
			stopped = true
		}
	}
	if groups < 6 || !stopped {
		t.Fatalf("%d groups, last depth %d", groups, depth)
	}
}

// arg is the value of key in l ("" if absent).
func arg(l protocol.Line, key string) string {
	v, _ := l.Get(key)
	return v
}
