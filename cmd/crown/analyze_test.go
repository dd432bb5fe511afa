package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

func TestAnalyzeStdinJSON(t *testing.T) {
	c := &analyzeCmd{Depth: 6, JSON: true, searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
	in := strings.NewReader("# a comment\nB:W21-32:B1-12\n\nnot a fen\nW:WK6,K9:BK15\n")
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(in, &out, &log); err != nil {
		t.Fatal(err)
	}
	var infos, bests, errs int
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l analysisLine
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

func TestAnalyzePDN(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pdn")
	game := "[Event \"t\"]\n[Result \"*\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &analyzeCmd{PDN: path, Depth: 3, searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "seed"}}
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
	if _, _, err := (searchFlags{evalFlags: evalFlags{Eval: "nope"}}).searcher(""); err == nil || !strings.Contains(err.Error(), "material") {
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
		c := &analyzeCmd{FEN: tc.fen, Depth: 8, JSON: true, EGDBPolicy: tc.policy,
			searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, Threads: 1, Hash: 4, Mode: "full"}}
		var out bytes.Buffer
		log := zerolog.Nop()
		if err := c.run(strings.NewReader(""), &out, &log); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var best analysisLine
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &best); err != nil || best.Type != "best" {
			t.Fatalf("%s %s: last line %q", tc.fen, tc.policy, lines[len(lines)-1])
		}
		if best.EGDB != tc.egdb {
			t.Errorf("%s %s: egdb %q, want %q", tc.fen, tc.policy, best.EGDB, tc.egdb)
		}
		if got := scoreText(best.Score); tc.score != "" && got != tc.score {
			t.Errorf("%s %s: score %s, want %s", tc.fen, tc.policy, got, tc.score)
		}
		if tc.egdb == "" && scoreText(best.Score) == "dbwin" {
			t.Errorf("%s %s: a database score with the database off", tc.fen, tc.policy)
		}
	}
}

func TestAnalyzeEGDBBadDir(t *testing.T) {
	c := &analyzeCmd{FEN: "W:WK19,K23:B12,K28", Depth: 2, EGDBPolicy: "always",
		searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"}, egdbFlags: egdbFlags{EGDBDir: t.TempDir() + "/none"}, Threads: 1, Hash: 4}}
	var out bytes.Buffer
	log := zerolog.Nop()
	if err := c.run(strings.NewReader(""), &out, &log); err == nil || !strings.Contains(err.Error(), "endgame database") {
		t.Errorf("missing database directory: error %v", err)
	}
}
