package match

import (
	"context"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol"
)

// sleeper plays the first legal move after sleeping, recording the levels
// and the times due it was given.
type sleeper struct {
	sleep  time.Duration
	levels []protocol.Level
	limits []time.Duration
}

func (p *sleeper) NewGame() error { return nil }
func (p *sleeper) Close() error   { return nil }
func (p *sleeper) MoveTurn(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	p.levels = append(p.levels, level(t))
	p.limits = append(p.limits, t.Due)
	t0 := time.Now()
	select {
	case <-time.After(p.sleep):
	case <-ctx.Done():
	}
	pos := g.Position()
	return pos.LegalMoves()[0], time.Since(t0), nil
}

var _ Player = (*sleeper)(nil)

// TestLevel: a turn's limits and clock become the Hub level the engine is
// sent (referee's TestAllowed checks the time each turn allows).
func TestLevel(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		lim   referee.Limits
		clock time.Duration
	}{
		{referee.Limits{MoveTime: 100 * ms}, 0},
		{referee.Limits{Time: time.Second, Inc: 100 * ms}, 500 * ms},
		{referee.Limits{Time: time.Second, MoveTime: 50 * ms}, 500 * ms},
		{referee.Limits{Time: time.Second, MoveTime: 900 * ms}, 300 * ms},
		{referee.Limits{Depth: 5}, 0},
	} {
		lv := level(referee.Turn{Limits: c.lim, Clock: c.clock})
		if lv.Clock != (c.lim.Time > 0) || (lv.Clock && (lv.Time != max(c.clock, 0) || lv.Inc != c.lim.Inc)) || lv.MoveTime != c.lim.MoveTime || lv.Depth != c.lim.Depth {
			t.Errorf("%+v: level %+v", c.lim, lv)
		}
	}
}

// TestClock plays a game on a 300 ms clock with 20 ms increment between a
// player using 10 ms a move and one using 40: the first keeps its clock
// (it gains 10 ms a move), the second's runs down by 20 ms a move until
// it overruns the clock plus the margin and loses on time.
func TestClock(t *testing.T) {
	fast, slow := &sleeper{sleep: 10 * time.Millisecond}, &sleeper{sleep: 40 * time.Millisecond}
	lim := referee.Limits{Time: 300 * time.Millisecond, Inc: 20 * time.Millisecond, Margin: 30 * time.Millisecond}
	out := referee.Setup{Start: board.Start(), Rules: board.Rules{NoRepetition: true, NoFortyMoves: true},
		Black: referee.Seat{Label: "fast", Mover: fast, Limits: lim},
		White: referee.Seat{Label: "slow", Mover: slow, Limits: lim}}.Play(context.Background())
	if out.Termination.String() != EndTime || out.Result != board.BlackWins || out.Faulty != board.White {
		t.Fatalf("%s %v (fault %v)", out.Termination, out.Result, out.Err)
	}
	// The slow side starts with 300 ms and loses about 20 ms a move, so it
	// forfeits after about 15 moves; each level it saw had a smaller clock.
	if n := len(slow.levels); n < 10 || n > 20 {
		t.Errorf("slow side made %d moves before forfeiting", n)
	}
	for i := 1; i < len(slow.levels); i++ {
		if slow.levels[i].Time >= slow.levels[i-1].Time && slow.levels[i].Time > 0 {
			t.Errorf("slow clock did not run down: %v then %v", slow.levels[i-1].Time, slow.levels[i].Time)
		}
	}
	// The fast side gains: its last clock is above its first.
	if first, last := fast.levels[0].Time, fast.levels[len(fast.levels)-1].Time; last <= first {
		t.Errorf("fast clock %v -> %v", first, last)
	}
	// The limit handed to the player is the time allowed plus the margin.
	if got, want := slow.limits[0], 300*time.Millisecond+20*time.Millisecond+30*time.Millisecond; got != want {
		t.Errorf("first limit %v, want %v", got, want)
	}
}
