package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
)

func TestRateOpenings(t *testing.T) {
	for spec, want := range map[string]int{"first7": 7, "ballots": 156, "start": 1} {
		ops, err := rateOpenings(spec)
		if err != nil || len(ops) != want {
			t.Fatalf("%s: %d openings, %v; want %d", spec, len(ops), err, want)
		}
		seen := map[uint64]bool{}
		for _, o := range ops {
			p := o.Position()
			if seen[p.Hash] || o.Name == "" {
				t.Errorf("%s: %s twice or unnamed (%q)", spec, p.FEN(), o.Name)
			}
			seen[p.Hash] = true
		}
	}
	ops, _ := rateOpenings("first7")
	for _, o := range ops {
		if p := o.Position(); p.Side != board.White || p.Black == board.Start().Black {
			t.Errorf("first7 position %s is not after one Black move", p.FEN())
		}
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "o.txt")
	os.WriteFile(f, []byte("# comment\nACF 1 | 9-13 21-17 5-9 | W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\nB:W21-32:B1-12\n"), 0o644)
	if ops, err := rateOpenings(f); err != nil || len(ops) != 2 {
		t.Errorf("file: %d positions, %v", len(ops), err)
	}
	os.WriteFile(f, []byte("B:W21-32:B1-12\nnot a fen\n"), 0o644)
	if _, err := rateOpenings(f); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad file: %v", err)
	}
}

func TestRatingsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.csv")
	if err := appendRatings(path, "50,best-g0050.net,material,14,3,10,1,50.0,-20.0,120.0\n"); err != nil {
		t.Fatal(err)
	}
	if err := appendRatings(path, "100,best-g0100.net,material,14,5,9,0,185.0,90.0,300.0\n100,best-g0100.net,best-g0050.net,14,2,12,0,50.0,-10.0,110.0\n"); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	r, err := readRatings(f, "")
	if err != nil || len(r) != 2 || r[50] != 50 || r[100] != 185 {
		t.Fatalf("ratings %v, %v", r, err)
	}
	if _, err := readRatings(strings.NewReader("gen,elo\n1,2\n"), ""); err == nil {
		t.Error("a file without the header was accepted")
	}
	if _, err := readRatings(strings.NewReader(ratingsHeader+"x,a,b,1,1,0,0,zz,0,0\n"), ""); err == nil {
		t.Error("a bad number was accepted")
	}
	if g := generationOf("/a/best-g0120.net"); g != 120 {
		t.Errorf("generationOf = %d", g)
	}
	if g := generationOf("best.net"); g != -1 {
		t.Errorf("generationOf(best.net) = %d", g)
	}
}
