// queue_test.go tests the bound on commands waiting for a search: a client
// that floods engine mode during a search gets an error line for each
// command over the bound instead of growing the engine's memory (1 GB of
// `new-game` lines sent during `level infinite` took 1.5 GB of RSS), and
// the commands within the bound still run, in order, after the search.
package protocol_test

import (
	"strings"
	"testing"
	"time"

	"crown/protocol/protocoltest"
)

func TestPendingQueueBounded(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("pos start", "level infinite", "go think")
	s.Expect("info")
	// 20 lines of 1 MiB minus a little: more bytes than the queue holds.
	big := "new-game " + strings.Repeat("x", 1<<20-100)
	for range 20 {
		s.Send(big)
	}
	// 16 fit in 16 MiB; the other 4 are each reported.
	dropped := 0
	for deadline := time.Now().Add(5 * time.Second); dropped < 4; {
		text, ok := s.Poll(time.Until(deadline))
		if !ok || time.Now().After(deadline) {
			t.Fatalf("%d error lines 5 s after a flood of commands during a search; want 4", dropped)
		}
		if strings.HasPrefix(text, "error") {
			if !strings.Contains(text, "dropped") {
				t.Fatalf("%s: want the command reported dropped", text)
			}
			dropped++
		}
	}
	s.Send("stop")
	s.Until("done")
	// Still answering, and a queued command after the search runs.
	s.Send("pos fen=W:W18:B14", "level depth=1", "go think")
	s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got.FEN() != "W:W18:B14" {
		t.Fatalf("pos after the flood not applied: %s", got.FEN())
	}
}

// TestPendingQueueBackPressure: during a search that ends by itself, a
// client sending more than the queue holds is not refused: the engine stops
// reading until the search is over, and every command runs (a piped script
// of 20000 searches lost 17154 of them to the bound before this).
func TestPendingQueueBackPressure(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("pos start", "level depth=100", "go think") // about 200 ms
	big := "new-game " + strings.Repeat("x", 1<<20-100)
	for range 20 {
		s.Send(big)
	}
	s.Send("ping")
	for {
		l := s.NextLine()
		if l.Cmd == "error" {
			t.Fatalf("a command was refused during a bounded search: %v", l.Args)
		}
		if l.Cmd == "pong" {
			break
		}
	}
	s.Sync()
	if n := m.NewGames(); n != 20 {
		t.Fatalf("%d of 20 new-game commands ran", n)
	}
}
