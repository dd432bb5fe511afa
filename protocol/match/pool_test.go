package match

import (
	"context"
	"errors"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/referee"
)

// poolPlayer is a player that only counts its closes.
type poolPlayer struct{ closed *int }

func (p poolPlayer) MoveTurn(context.Context, *board.Game, referee.Turn) (board.Move, time.Duration, error) {
	return board.Move{}, 0, errors.New("not for play")
}
func (p poolPlayer) NewGame() error { return nil }
func (p poolPlayer) Close() error   { *p.closed++; return nil }

// TestPoolReusesAndEvicts: an instance given back is the next game's, a
// side that made an instance before reports its failures as restarts, and
// a pool keeping one set closes the other's idle instances at once and
// those in use when they come back.
func TestPoolReusesAndEvicts(t *testing.T) {
	closed, made, fail := 0, 0, false
	mk := func() *playerSet {
		f := func() (Player, error) {
			if fail {
				return nil, errors.New("no")
			}
			made++
			return poolPlayer{&closed}, nil
		}
		return &playerSet{new: [2]func() (Player, error){f, f}}
	}
	p := newPool(1)
	a := p.set("a", mk)
	x, restart, err := a.get(0)
	if err != nil || restart {
		t.Fatalf("first instance: %v, restart %v", err, restart)
	}
	a.put(0, x)
	if y, _, _ := a.get(0); made != 1 || y != x {
		t.Fatalf("made %d instances, reused %v", made, y == x)
	}
	fail = true
	if _, restart, err := a.get(0); err == nil || !restart {
		t.Fatalf("a failure after a start: %v, restart %v", err, restart)
	}
	if _, restart, err := a.get(1); err == nil || restart {
		t.Fatalf("a failure of a side never started: %v, restart %v", err, restart)
	}
	fail = false
	idle, _, _ := a.get(1)
	a.put(1, idle)
	if p.set("a", mk) != a {
		t.Fatal("the pool made a second set for the same key")
	}
	p.set("b", mk) // evicts a: its idle instance closes now, x when given back
	if closed != 1 {
		t.Fatalf("%d closed at eviction, want 1", closed)
	}
	a.put(0, x)
	if closed != 2 {
		t.Fatalf("%d closed after giving back to an evicted set, want 2", closed)
	}
	p.close()
}
