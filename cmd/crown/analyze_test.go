package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/analysis"
	"crown/protocol/players"
)

func TestAnalyzeStdinJSON(t *testing.T) {
	c := &analyzeCmd{Depth: ptr(6), JSON: true, searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
	in := strings.NewReader("# a comment\nB:W21-32:B1-12\n\nnot a fen\nW:WK6,K9:BK15\n")
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(in, &out, &log); err != nil {
		t.Fatal(err)
	}
	var infos, bests, errs int
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l analysis.Line
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch l.Type {
		case "info":
			infos++
		case "best":
			bests++
			if l.Best == "" || l.Depth != 6 || len(l.PV) == 0 {
				t.Errorf("bad best line %q", line)
			}
		case "error":
			errs++
		}
	}
	if infos != 12 || bests != 2 || errs != 1 {
		t.Errorf("info %d best %d error %d lines, want 12, 2, 1:\n%s", infos, bests, errs, out.String())
	}
}

// TestAnalyzeNodes: --nodes alone limits the search by nodes (no default
// second): the reported total stays within one poll interval of the limit
// and the search went past the first iterations.
func TestAnalyzeNodes(t *testing.T) {
	const limit = 200000
	c := &analyzeCmd{Nodes: ptr(uint64(limit)), JSON: true, searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(strings.NewReader("B:W21-32:B1-12\n"), &out, &log); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var best analysis.Line
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &best); err != nil || best.Type != "best" {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if best.Nodes > limit+limit/10 || best.Nodes < limit/2 || best.Depth < 8 {
		t.Errorf("--nodes %d: searched %d nodes to depth %d", limit, best.Nodes, best.Depth)
	}
}

func TestAnalyzePDN(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pdn")
	game := "[Event \"t\"]\n[Result \"*\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &analyzeCmd{PDN: path, Depth: ptr(3), searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "seed"}}
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(strings.NewReader(""), &out, &log); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "best "); n != 5 { // 4 moves: 5 positions
		t.Errorf("%d results, want 5:\n%s", n, out.String())
	}
	if !strings.Contains(out.String(), "game 1 ply 4 best") {
		t.Errorf("missing game/ply labels:\n%s", out.String())
	}
}

func TestUnknownEval(t *testing.T) {
	if _, _, _, err := (searchFlags{evalFlags: evalFlags{Eval: "nope"}}).searcher(board.English, "", players.DefaultEval); err == nil || !strings.Contains(err.Error(), "material") {
		t.Errorf("got %v", err)
	}
}

// TestAnalyzeEGDB: with the embedded database, First Position (Pask) is a
// database win for White to move and a draw with Black to move
// (../shared/data/endgame_known.tsv); without the database depth 8 sees
// neither.
func TestAnalyzeEGDB(t *testing.T) {
	cases := []struct{ fen, policy, egdb, score string }{
		{"W:WK19,K23:B12,K28", "always", "win", "dbwin"},
		{"B:WK19,K23:B12,K28", "always", "draw", ""},
		{"W:WK19,K23:B12,K28", "kimcho", "win", "dbwin"},
		{"W:WK19,K23:B12,K28", "off", "", ""},
	}
	for _, tc := range cases {
		c := &analyzeCmd{FEN: ptr(tc.fen), Depth: ptr(8), JSON: true, EGDBPolicy: tc.policy,
			searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
		var out bytes.Buffer
		log := zerolog.Nop()
		if err := c.run(strings.NewReader(""), &out, &log); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var best analysis.Line
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &best); err != nil || best.Type != "best" {
			t.Fatalf("%s %s: last line %q", tc.fen, tc.policy, lines[len(lines)-1])
		}
		if best.EGDB != tc.egdb {
			t.Errorf("%s %s: egdb %q, want %q", tc.fen, tc.policy, best.EGDB, tc.egdb)
		}
		if got := analysis.ScoreText(best.Score); tc.score != "" && got != tc.score {
			t.Errorf("%s %s: score %s, want %s", tc.fen, tc.policy, got, tc.score)
		}
		if tc.egdb == "" && analysis.ScoreText(best.Score) == "dbwin" {
			t.Errorf("%s %s: a database score with the database off", tc.fen, tc.policy)
		}
	}
}

func TestAnalyzeEGDBBadDir(t *testing.T) {
	c := &analyzeCmd{FEN: ptr("W:WK19,K23:B12,K28"), Depth: ptr(2), EGDBPolicy: "always",
		searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, egdbFlags: egdbFlags{EGDBDir: t.TempDir() + "/none"}, Threads: 1, Hash: 4}}
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(strings.NewReader(""), &out, &log); err == nil || !strings.Contains(err.Error(), "endgame database") {
		t.Errorf("missing database directory: error %v", err)
	}
}

// TestAnalyzeDefaultMatchesEngine: analyze and engine mode use the same
// default evaluator (players.DefaultEval), so at the same depth they choose
// the same move, and the score is in men: a quiet position a man up reads
// about +1.
func TestAnalyzeDefaultMatchesEngine(t *testing.T) {
	const fen = "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12"
	out, stderr, err := runCrown(t, "", "analyze", "--fen", fen, "--depth", "6", "--json", "--egdb-policy", "off")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var best analysis.Line
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var l analysis.Line
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if l.Type == "best" {
			best = l
		}
	}
	if best.Score < 50 || best.Score > 200 {
		t.Errorf("a man up scores %d/100 men with the default evaluator", best.Score)
	}
	script := "set-param name=book value=off\nset-param name=egdb-policy value=off\ninit\npos fen=" + fen + "\nlevel depth=6\ngo think\n"
	eng, stderr, err := runCrown(t, script)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var done, score string
	for _, line := range strings.Split(eng, "\n") {
		l, err := protocol.ParseLine(line)
		if err != nil {
			continue
		}
		if l.Cmd == "done" {
			done, _ = l.Get("move")
		}
		if l.Cmd == "info" {
			score, _ = l.Get("score")
		}
	}
	p, _ := board.ParseFEN(fen)
	m, err := p.ParseMove(done)
	if err != nil || p.Notation(m) != best.Best {
		t.Fatalf("engine mode plays %q, analyze %q", done, best.Best)
	}
	if want := fmt.Sprintf("%.2f", float64(best.Score)/100); score != want {
		t.Errorf("engine mode scores %s, analyze %s", score, want)
	}
}

func ptr[T any](v T) *T { return &v }

// TestAnalyzeBadInput: the small input cases get clear errors instead of a
// silent default or silent success.
func TestAnalyzeBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "0", "--fen", "B:W21-32:B1-12"}, "--depth 0 out of range"},
		{[]string{"--time", "0", "--fen", "B:W21-32:B1-12"}, "--time 0"},
		{[]string{"--nodes", "0", "--fen", "B:W21-32:B1-12"}, "--nodes 0"},
		{[]string{"--fen", ""}, "empty position"},
		{[]string{"--fen", "W:W:B14"}, "has no pieces"},
	} {
		_, stderr, err := runCrown(t, "", append([]string{"analyze"}, c.args...)...)
		if err == nil || !strings.HasPrefix(stderr, "crown: ") || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("analyze %q: %v, stderr %q; want one sentence with %q", c.args, err, stderr, c.want)
		}
	}
	_, stderr, err := runCrown(t, "", "egdb", "probe", "--fen", "W:W:B14")
	if err == nil || !strings.Contains(stderr, "has no pieces") {
		t.Errorf("egdb probe of a finished game: %v %q", err, stderr)
	}
	_, stderr, err = runCrown(t, "", "egdb", "probe", "--fen", "W:W21,22,23:B1,2")
	if err == nil || !strings.HasPrefix(stderr, "crown: ") || strings.Contains(stderr, "{") {
		t.Errorf("5-piece probe of the 4-piece database: %v %q", err, stderr)
	}
}

// TestAnalyzeMultiPV: --multipv 3 prints three info lines per depth, marked
// 1 to 3, with distinct first moves and scores best first; the best move is
// the first line's. Bad values are refused.
func TestAnalyzeMultiPV(t *testing.T) {
	const fen = "W:W31,29,23,17,14,13,K8,7,K6:BK27,25,24,K22,21,18,16,K15,10,5,1"
	c := &analyzeCmd{FEN: ptr(fen), Depth: ptr(6), JSON: true, MultiPV: ptr(3),
		searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(strings.NewReader(""), &out, &log); err != nil {
		t.Fatal(err)
	}
	var infos []analysis.Line
	var best analysis.Line
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l analysis.Line
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		if l.Type == "best" {
			best = l
		} else if !l.Partial {
			infos = append(infos, l)
		}
	}
	if len(infos) != 3*6 {
		t.Fatalf("%d info lines for 3 lines of 6 depths:\n%s", len(infos), out.String())
	}
	for i, l := range infos {
		k := i%3 + 1
		if l.Depth != i/3+1 || l.MultiPV != k || len(l.PV) == 0 {
			t.Fatalf("info %d: depth %d multipv %d pv %v", i, l.Depth, l.MultiPV, l.PV)
		}
		if k > 1 {
			if prev := infos[i-1]; l.Score > prev.Score || l.PV[0] == prev.PV[0] || k == 3 && l.PV[0] == infos[i-2].PV[0] {
				t.Errorf("depth %d: line %d %v %d after line %d %v %d", l.Depth, k, l.PV, l.Score, k-1, prev.PV, prev.Score)
			}
		}
	}
	if first := infos[len(infos)-3]; best.Best != first.PV[0] || best.Score != first.Score {
		t.Errorf("best %s %d, first line %v %d", best.Best, best.Score, first.PV, first.Score)
	}

	text, stderr, err := runCrown(t, "", "analyze", "--fen", fen, "--depth", "3", "--multipv", "2", "--eval", "material")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(text, "depth 3 seldepth ") || !strings.Contains(text, " multipv 2 score ") {
		t.Errorf("text output lacks the multipv lines:\n%s", text)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--multipv", "0"}, "--multipv 0 out of range 1-32"},
		{[]string{"--multipv", "33"}, "--multipv 33 out of range 1-32"},
		{[]string{"--multipv", "2", "--mode", "seed"}, "needs --mode full"},
	} {
		_, stderr, err := runCrown(t, "", append([]string{"analyze", "--fen", fen, "--depth", "2"}, c.args...)...)
		if err == nil || !strings.HasPrefix(stderr, "crown: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("analyze %q: %v, stderr %q; want %q", c.args, err, stderr, c.want)
		}
	}
}

// TestAnalyzeVariant: with --variant russian a FEN is read in algebraic
// squares, the search plays by the Russian rules (a king captures at a
// distance) and the best move is written as the variant writes it; the
// variant's own database answers its endings; the same FEN is refused in
// English checkers.
func TestAnalyzeVariant(t *testing.T) {
	log := zerolog.Nop()
	fen := "W:Wa1,c1,Kh2:Bb8,Kd6"
	c := &analyzeCmd{FEN: &fen, Depth: ptr(6), Variant: board.Russian, searchFlags: searchFlags{Threads: 1, Hash: 4, Mode: "full"}}
	var out bytes.Buffer
	if err := c.run(strings.NewReader(""), &out, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "best h2xc7 ") { // the only capture: the flying king takes d6 from h2
		t.Fatalf("output:\n%s", out.String())
	}
	// Three kings on the main road against one: the Russian database's win.
	ending := "W:WKa1,Kc1,Ke1:BKb8"
	c.FEN, c.EGDBPolicy = &ending, "always"
	out.Reset()
	if err := c.run(strings.NewReader(""), &out, &log); err != nil || !strings.Contains(out.String(), " egdb win ") {
		t.Fatalf("russian ending with the database: %v\n%s", err, out.String())
	}
	c.Variant = board.English
	if err := c.run(strings.NewReader(""), &out, &log); err == nil {
		t.Error("an algebraic FEN read as English checkers")
	}
}
