// command_test.go checks the limits crown analyze makes of its flags and
// the ones it refuses, before any searcher is made.
package analysis

import (
	"strings"
	"testing"
	"time"

	"crown/engine/search"
	"crown/protocol/players"
)

func ptr[T any](v T) *T { return &v }

func TestCommandLimits(t *testing.T) {
	for _, c := range []struct {
		o    CommandOptions
		want search.Limits
	}{
		{CommandOptions{}, search.Limits{MoveTime: time.Second}},
		{CommandOptions{Depth: ptr(6)}, search.Limits{Depth: 6}},
		{CommandOptions{Depth: ptr(6), Time: ptr(0.5)}, search.Limits{Depth: 6, MoveTime: 500 * time.Millisecond}},
		{CommandOptions{Nodes: ptr(uint64(1000))}, search.Limits{Nodes: 1000}},
		{CommandOptions{Time: ptr(2.0), Nodes: ptr(uint64(9)), MultiPV: ptr(3)}, search.Limits{MoveTime: 2 * time.Second, Nodes: 9, MultiPV: 3}},
	} {
		if got, err := c.o.limits(); err != nil || got != c.want {
			t.Errorf("%+v: %+v %v, want %+v", c.o, got, err, c.want)
		}
	}
	for _, c := range []struct {
		o    CommandOptions
		want string
	}{
		{CommandOptions{Depth: ptr(0)}, "--depth 0 out of range"},
		{CommandOptions{Time: ptr(0.0)}, "--time 0"},
		{CommandOptions{Nodes: ptr(uint64(0))}, "--nodes 0"},
		{CommandOptions{MultiPV: ptr(33)}, "--multipv 33 out of range 1-32"},
		{CommandOptions{MultiPV: ptr(2), SeedMode: true}, "needs --mode full"},
	} {
		if _, err := c.o.limits(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}

// TestCommandChecksFirst: input that cannot be analysed is refused before
// a searcher is made.
func TestCommandChecksFirst(t *testing.T) {
	made := false
	o := CommandOptions{FEN: ptr("W:W:B14"), NewSearcher: func() (*search.Searcher, *players.Endgame, players.Scale, error) {
		made = true
		return nil, nil, players.Scale{}, nil
	}}
	if err := Command(nil, nil, o); err == nil || !strings.Contains(err.Error(), "--fen: ") || made {
		t.Errorf("a finished game: %v, searcher made %v", err, made)
	}
	o.PDN = "x.pdn"
	if err := Command(nil, nil, o); err == nil || !strings.Contains(err.Error(), "not both") || made {
		t.Errorf("--fen and --pdn: %v, searcher made %v", err, made)
	}
}
