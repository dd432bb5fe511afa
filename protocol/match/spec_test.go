package match_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"github.com/rs/zerolog"

	"crown/engine/referee"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/cbhost"
	"crown/protocol/match"
)

func TestParseSpec(t *testing.T) {
	s, err := match.ParseSpec("crown:eval=nn,net=x.net,depth=8,book=best,egdb=/db,egdb-policy=kimcho,hash=32,threads=2,name=nn8")
	if err != nil {
		t.Fatal(err)
	}
	o := s.Options
	if s.Kind != match.KindCrown || o.Evaluator != "nn" || o.NetFile != "x.net" || s.Depth != 8 || o.Book != "best" || !s.BookSet ||
		o.EGDBDir != "/db" || o.EGDBPolicy != search.EGDBKimCho || o.HashMB != 32 || o.Threads != 2 || s.Label() != "nn8" {
		t.Errorf("crown spec: %+v", s)
	}
	if s, err := match.ParseSpec("crown:skill=3"); err != nil || s.Options.Skill != 3 {
		t.Errorf("skill spec: %+v %v", s.Options, err)
	}
	s, _ = match.ParseSpec("crown:movetime=0.25")
	if s.MoveTime != 250*time.Millisecond || s.Options.Book != "off" || s.BookSet || s.Label() != "crown(movetime=0.25)" {
		t.Errorf("movetime spec: %+v", s)
	}
	s, err = match.ParseSpec("hub:./crown --log-level warn,name=old,hash=32,evaluator=nn,movetime=50ms")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.Command, "|") != "./crown|--log-level|warn" || s.Name != "old" || s.MoveTime != 50*time.Millisecond ||
		len(s.Params) != 2 || s.Params[0].Key != "hash" || s.Params[1].Value != "nn" {
		t.Errorf("hub spec: %+v", s)
	}
	s, _ = match.ParseSpec("hub:cmd=/usr/bin/engine -x")
	if strings.Join(s.Command, " ") != "/usr/bin/engine -x" || s.Label() != "/usr/bin/engine -x" {
		t.Errorf("hub cmd=: %+v", s)
	}
	for _, bad := range []string{"", "crown", "uci:x", "crown:eval=foo", "crown:depth=0", "crown:depth=x", "crown:colour=red",
		"crown:book=sometimes", "hub:", "hub:name=x", "crown:movetime=-1", "crown:=3", "crown:egdb-policy=never", "crown:skill=0", "crown:skill=11"} {
		if _, err := match.ParseSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	a, _ := match.ParseSpec("crown:depth=3")
	if la, lb := match.Labels(a, a); la == lb {
		t.Errorf("labels of two equal players are equal: %q", la)
	}
}

// TestParseSpecCB: a CheckerBoard library is a cb: player with the hub
// keys; depth and node limits, which the API cannot express, are refused
// in the spec and from the match's limits. Without cgo every cb: spec is
// refused with the reason.
func TestParseSpecCB(t *testing.T) {
	if !cbhost.Supported {
		if _, err := match.ParseSpec("cb:./x.so"); err == nil || !strings.Contains(err.Error(), "needs a cgo build") {
			t.Errorf("without cgo: %v", err)
		}
		return
	}
	s, err := match.ParseSpec("cb:./engines/x.so,name=x,hash=32,book=off,movetime=50ms,dir=/tmp")
	if err != nil {
		t.Fatal(err)
	}
	if s.Kind != match.KindCB || s.Library != "./engines/x.so" || s.Name != "x" || s.MoveTime != 50*time.Millisecond || s.Dir != "/tmp" ||
		len(s.Params) != 2 || s.Params[0] != (protocol.Arg{Key: "hash", Value: "32"}) || len(s.Command) != 0 {
		t.Errorf("cb spec: %+v", s)
	}
	s, err = match.ParseSpec("cb:lib=/a/y.so")
	if err != nil || s.Library != "/a/y.so" || s.Label() != "/a/y.so" {
		t.Errorf("cb lib=: %+v %v", s, err)
	}
	for bad, want := range map[string]string{
		"cb:":                   "needs a library",
		"cb:name=x":             "needs a library",
		"cb:./x.so,depth=6":     "time limits only",
		"cb:./x.so,nodes=1000":  "time limits only",
		"cb:./x.so,cmd=./other": "cbhost",
		"hub:./engine,lib=x.so": "cb: player",
	} {
		if _, err := match.ParseSpec(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", bad, err, want)
		}
	}
	s, _ = match.ParseSpec("cb:./x.so")
	if _, err := s.Factory(zerolog.Nop(), true, referee.Limits{Depth: 6})(); err == nil || !strings.Contains(err.Error(), "time limits only") {
		t.Errorf("a cb player under --depth: %v", err)
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"crown:eval=nn,depth=8", "hub:./crown,name=x", "hub:cmd=a b,hash=1", "crown:", "x:y=z,,=", "cb:./x.so,name=y",
		"crown:ensemble=s.ens,vote-seed=1,mode=full", "crown:eval=features:8F,weights=w,mode=seed,book-seed=3,book-plies=4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := match.ParseSpec(text)
		if err == nil && s.Kind == match.KindHub && len(s.Command) == 0 {
			t.Errorf("%q: hub player without a command accepted", text)
		}
		if err == nil && s.Kind == match.KindCB && (s.Library == "" || s.Depth > 0 || s.Nodes > 0) {
			t.Errorf("%q: cb player without a library or with a depth or node limit accepted", text)
		}
	})
}

func TestOpenings(t *testing.T) {
	acf, err := match.LoadOpenings(match.SetACF)
	if err != nil || len(acf) != 156 {
		t.Fatalf("ACF ballots: %d, %v", len(acf), err)
	}
	// Ballot 1 (9-13 21-17 5-9) as in ../shared/data/acf-3move-ballots-fen.txt.
	if p := acf[0].Position(); p.FEN() != "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13" || len(acf[0].Moves) != 3 {
		t.Errorf("ballot 1: %s", p.FEN())
	}
	seen := map[string]bool{}
	for _, o := range acf {
		p := o.Position()
		if seen[p.FEN()] {
			t.Errorf("%s repeats a position", o.Name)
		}
		seen[p.FEN()] = true
	}
	eleven, err := match.LoadOpenings(match.SetEleven)
	if err != nil || len(eleven) != 2400 {
		t.Fatalf("eleven-man ballots: %d, %v", len(eleven), err)
	}
	for _, o := range eleven[:50] {
		if o.Start.Count(board.Black) != 11 || o.Start.Count(board.White) != 11 || o.Start.Side != board.Black {
			t.Errorf("%s: %s", o.Name, o.Start.FEN())
		}
	}
	if s, _ := match.LoadOpenings(match.SetStart); len(s) != 1 || s[0].Start != board.Start() {
		t.Error("start set")
	}
	// The shared ballot table format, copied into testdata.
	table, err := match.LoadOpenings(filepath.Join("testdata", "ballots-fen.txt"))
	if err != nil || len(table) != 3 || table[2].Start.FEN() != "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,14" {
		t.Fatalf("ballot table: %v %v", table, err)
	}
	dir := t.TempDir()
	pdnFile := filepath.Join(dir, "o.pdn")
	os.WriteFile(pdnFile, []byte("[Event \"x\"]\n[Opening \"Old Faithful\"]\n1. 11-15 23-19 *\n\n[Event \"y\"]\n[SetUp \"1\"]\n[FEN \"W:WK30:BK1,K5\"]\n*\n"), 0o644)
	ps, err := match.LoadOpenings(pdnFile)
	if err != nil || len(ps) != 2 || ps[0].Name != "Old Faithful" || len(ps[0].Moves) != 2 || ps[1].Start.FEN() != "W:WK30:BK1,K5" {
		t.Fatalf("PDN openings: %+v %v", ps, err)
	}
	for _, bad := range []string{"B:W21-33:B1-12\n", "# nothing\n", "W:W:B1\n", "[Event \"x\"]\n1. 11-16 99-1 *\n"} {
		if _, err := match.ParseOpenings(bad, "bad"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := match.LoadOpenings(filepath.Join(dir, "missing.txt")); err == nil {
		t.Error("missing file accepted")
	}
}

// TestFirstPlies: plies:1 is the seven first moves (the same positions as
// first7), plies:2 the 49 two-ply lines (perft 2; no transposition is
// possible yet), plies:3 every distinct three-ply position once, fewer
// than perft 3's 302 lines only by transpositions; bad N is refused.
func TestFirstPlies(t *testing.T) {
	positions := func(set string) map[string]bool {
		ops, err := match.LoadOpenings(set)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]bool{}
		for _, o := range ops {
			if o.Start != board.Start() {
				t.Errorf("%s: does not start from the initial position", o.Name)
			}
			pos := o.Position()
			fen := pos.FEN()
			if m[fen] {
				t.Errorf("%s: %s twice", set, fen)
			}
			m[fen] = true
		}
		return m
	}
	one, first7 := positions("plies:1"), positions(match.SetFirst7)
	if len(one) != 7 || len(first7) != 7 {
		t.Errorf("plies:1 %d, first7 %d positions", len(one), len(first7))
	}
	for fen := range first7 {
		if !one[fen] {
			t.Errorf("first7's %s not in plies:1", fen)
		}
	}
	if n := len(positions("plies:2")); n != 49 {
		t.Errorf("plies:2: %d positions, want 49", n)
	}
	// Distinct positions after three plies, counted here independently.
	distinct := map[uint64]bool{}
	start := board.Start()
	for _, a := range start.LegalMoves() {
		p := start.Play(a)
		for _, b := range p.LegalMoves() {
			q := p.Play(b)
			for _, c := range q.LegalMoves() {
				distinct[q.Play(c).Hash] = true
			}
		}
	}
	if n := len(positions("plies:3")); n != len(distinct) || n > 302 {
		t.Errorf("plies:3: %d positions, want %d", n, len(distinct))
	}
	for _, bad := range []string{"plies:0", "plies:7", "plies:x", "plies:"} {
		if _, err := match.LoadOpenings(bad); err == nil || !strings.Contains(err.Error(), "plies:N") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func FuzzParseOpenings(f *testing.F) {
	for _, s := range []string{"B:W21-32:B1-12\n", "1 | 9-13 21-17 5-9 | W:W17,22-32:B1-4,6-13\n", "[Event \"x\"]\n1. 11-15 *\n", "# c\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ops, err := match.ParseOpenings(text, "fuzz")
		if err != nil {
			return
		}
		for _, o := range ops {
			if p := o.Position(); !p.HasMoves() {
				t.Errorf("%q: opening %s has no move", text, o.Name)
			}
		}
	})
}

// TestParseSpecAliasKeys: the keys the match aliases need (seed mode,
// heuristic weights, ensembles, book plies and seed, database pieces)
// land where the players read them, and contradictions are refused.
func TestParseSpecAliasKeys(t *testing.T) {
	s, err := match.ParseSpec("crown:eval=features:E3Ph,weights=h.w,mode=seed,book=weighted,book-file=b.book,book-plies=6,book-seed=7,egdb-pieces=5,search=noasp")
	if err != nil {
		t.Fatal(err)
	}
	o := s.Options
	if o.Evaluator != "features:E3Ph" || o.NetFile != "h.w" || o.Algorithm != protocol.SeedSearch || o.Book != "weighted" || o.BookFile != "b.book" ||
		o.BookPlies != 6 || o.BookSeed != 7 || o.EGDBMaxPieces != 5 || o.SearchTrial != "noasp" || s.Ensemble != "" {
		t.Errorf("crown spec: %+v", o)
	}
	s, err = match.ParseSpec("crown:ensemble=s.ens,vote-seed=3,mode=full,egdb-policy=kimcho,book=random,name=kc")
	if err != nil {
		t.Fatal(err)
	}
	if s.Ensemble != "s.ens" || s.VoteSeed != 3 || s.Options.Algorithm != protocol.CrownSearch || s.Options.EGDBPolicy != search.EGDBKimCho || s.Label() != "kc" {
		t.Errorf("ensemble spec: %+v", s)
	}
	for _, bad := range []string{"crown:mode=deep", "crown:net=a.net,weights=b.w", "crown:eval=nn,weights=b.w", "crown:vote-seed=2",
		"crown:ensemble=s.ens,eval=nn", "crown:ensemble=s.ens,movetime=1", "crown:ensemble=s.ens,threads=2", "crown:book-plies=-1",
		"crown:book-seed=0", "crown:book-seed=x", "crown:search=warp", "crown:egdb-pieces=-1", "crown:vote-seed=-1,ensemble=x"} {
		if _, err := match.ParseSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestFirstMoves(t *testing.T) {
	ops, err := match.LoadOpenings(match.SetFirst7)
	if err != nil || len(ops) != 7 {
		t.Fatalf("first moves: %d, %v", len(ops), err)
	}
	seen := map[string]bool{}
	for _, o := range ops {
		p := o.Position()
		if len(o.Moves) != 1 || p.Side != board.White || seen[p.FEN()] {
			t.Errorf("%s: %d moves, %s", o.Name, len(o.Moves), p.FEN())
		}
		seen[p.FEN()] = true
	}
}

// TestSpecSizes: threads= and hash= follow engine/search's bounds, as the
// command-line flags and the protocols do; the error names the key.
func TestSpecSizes(t *testing.T) {
	s, err := match.ParseSpec(fmt.Sprintf("crown:threads=%d,hash=1", search.MaxThreads))
	if err != nil || s.Options.Threads != search.MaxThreads || s.Options.HashMB != 1 {
		t.Fatalf("threads=%d,hash=1: %+v, %v", search.MaxThreads, s.Options, err)
	}
	for spec, want := range map[string]string{
		"crown:threads=100000":  "threads=100000: must be 1 to 256 threads",
		"crown:threads=0":       "threads=0: must be 1 to 256 threads",
		"crown:hash=-5":         "hash=-5: must be at least 1 MiB",
		"crown:hash=1000000000": "hash=1000000000: must be at most",
		"crown:threads=two":     `threads="two": want a whole number`,
	} {
		if _, err := match.ParseSpec(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", spec, err, want)
		}
	}
}
