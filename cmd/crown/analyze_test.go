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
	c := &analyzeCmd{Depth: 6, JSON: true, searchFlags: searchFlags{Eval: "material", Threads: 1, Hash: 4, Mode: "full"}}
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
	c := &analyzeCmd{PDN: path, Depth: 3, searchFlags: searchFlags{Eval: "material", Threads: 1, Hash: 4, Mode: "seed"}}
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
	if _, err := evaluator("nope"); err == nil || !strings.Contains(err.Error(), "material") {
		t.Errorf("got %v", err)
	}
}
