// optiontable_test.go checks that the option table is what every dialect
// speaks: each row is a Hub parameter with the row's type and bounds, each
// CheckerBoard name reaches its row, and a value out of bounds is refused
// alike everywhere without changing the option.
package protocol

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// stillSearcher accepts every option and never searches.
type stillSearcher struct{}

func (stillSearcher) Search(context.Context, Request, func(Info)) Result { return Result{} }
func (stillSearcher) NewGame()                                           {}
func (stillSearcher) Configure(Options) error                            { return nil }
func (stillSearcher) Evaluators() []string                               { return []string{"a", "b"} }

func TestOptionTableDialects(t *testing.T) {
	e := New(stillSearcher{}, io.Discard, ID{Name: "crown", Version: "1"}, zerolog.Nop())
	tab := e.table()
	hub := map[string]param{}
	for _, p := range e.params() {
		hub[p.name] = p
	}
	for _, s := range tab.Settings() {
		p, ok := hub[s.Name]
		if !ok {
			t.Errorf("option %s is not a Hub parameter", s.Name)
			continue
		}
		if p.typ != s.Type || p.min != s.Min || p.max != s.Max {
			t.Errorf("option %s: Hub param %s %d-%d, table %s %d-%d", s.Name, p.typ, p.min, p.max, s.Type, s.Min, s.Max)
		}
		if s.Type == "int" {
			before := s.Get(&e.opts)
			bad := strconv.Itoa(s.Max + 1)
			if err := e.Preset(s.Name, bad); err == nil {
				t.Errorf("set-param %s=%s accepted", s.Name, bad)
			}
			if err := tab.Apply(&e.opts, s.Name, bad); err == nil {
				t.Errorf("Apply %s=%s accepted", s.Name, bad)
			}
			if s.CB != "" {
				if reply, handled := e.CBCommand("set " + s.CB + " " + bad); handled || !strings.Contains(reply, s.CB) {
					t.Errorf("set %s %s: %q %v", s.CB, bad, reply, handled)
				}
			}
			if got := s.Get(&e.opts); got != before {
				t.Errorf("option %s changed to %s by refused values", s.Name, got)
			}
		}
		for _, alias := range s.Also {
			if f, ok := tab.Find(alias); !ok || f.Name != s.Name {
				t.Errorf("alias %s does not find %s", alias, s.Name)
			}
		}
	}
	if err := tab.Apply(&e.opts, "nosuch", "1"); err == nil || !strings.Contains(err.Error(), "hash") {
		t.Errorf("unknown option: %v", err)
	}
	// A CheckerBoard set goes through the same row as the Hub's.
	if reply, handled := e.CBCommand("set hashsize 8"); !handled || reply != "8" || e.opts.HashMB != 8 {
		t.Errorf("set hashsize 8: %q %v, hash %d", reply, handled, e.opts.HashMB)
	}
	if reply, _ := e.CBCommand("set book 0"); reply != "0" || e.opts.Book != "off" {
		t.Errorf("set book 0: %q, book %q", reply, e.opts.Book)
	}
	// The evaluator row is the searcher's list.
	if err := e.Preset("evaluator", "c"); err == nil {
		t.Error("evaluator c accepted: not the searcher's")
	}
	if err := e.Preset("evaluator", "b"); err != nil || e.opts.Evaluator != "b" {
		t.Errorf("evaluator b: %v (%q)", err, e.opts.Evaluator)
	}
}
