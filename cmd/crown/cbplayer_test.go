package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/protocol/cbhost"
)

// needCB skips a test that loads CheckerBoard libraries where it cannot.
func needCB(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds shared libraries and plays games")
	}
	if !cbhost.Supported {
		t.Skip("a build without cgo cannot load CheckerBoard libraries")
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	return gcc
}

// TestCBPlayer builds crown's own CheckerBoard library and plays it
// through `crown cbhost`: a Hub session, a refused depth limit, and a
// short match against crown's material evaluator.
func TestCBPlayer(t *testing.T) {
	needCB(t)
	lib := filepath.Join(t.TempDir(), "crown.so")
	if out, err := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, "crown/protocol/cbapi").CombinedOutput(); err != nil {
		t.Fatalf("building the library: %v\n%s", err, out)
	}

	// An infinite search ends only through playnow (the host sets it on
	// stop); then a timed one, with the book off so that it searches.
	t.Run("hub session", func(t *testing.T) {
		t0 := time.Now()
		out, stderr, err := runCrown(t, "hub\nset-param name=hash value=8\nset-param name=book value=off\ninit\npos start\n"+
			"level infinite\ngo think\nstop\nlevel move-time=0.2\ngo think\n", "cbhost", lib)
		took := time.Since(t0)
		if err != nil || !strings.Contains(out, "id name=\"crown 0.1\"") || !strings.Contains(out, "ready") {
			t.Fatalf("%v\n%s\n%s", err, out, stderr)
		}
		if took > 10*time.Second || took < 100*time.Millisecond {
			t.Errorf("the session took %v: want the infinite search stopped at once and about 0.2 s for the timed one", took)
		}
		start := board.Start()
		var moves int
		for line := range strings.Lines(out) {
			if move, ok := strings.CutPrefix(strings.TrimSpace(line), "done move="); ok {
				moves++
				if _, err := start.ParseMove(move); err != nil {
					t.Errorf("move %q: %v", move, err)
				}
			}
		}
		if moves != 2 {
			t.Errorf("%d moves, want 2:\n%s", moves, out)
		}
	})

	t.Run("depth refused", func(t *testing.T) {
		out, stderr, err := runCrown(t, "hub\ninit\npos start\nlevel depth=4\ngo think\n", "cbhost", lib)
		if err == nil || !strings.Contains(stderr, "time limits only") || strings.Contains(out, "done move=") {
			t.Errorf("a depth limit: %v\n%s\n%s", err, out, stderr)
		}
	})

	t.Run("match", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "cb.pdn")
		out, stderr, err := runCrown(t, "", "match", "--player", "cb:"+lib+",name=cbcrown,hash=8", "--player", "crown:eval=material,name=material",
			"--movetime", "50ms", "--count", "2", "--concurrency", "2", "--pdn", file)
		if err != nil || !strings.Contains(out, "A = cbcrown") || !strings.Contains(out, "4 of 4 games") {
			t.Fatalf("%v\n%s\n%s", err, out, stderr)
		}
		games := readNGames(t, file, 4)
		cbMoves := 0
		for i, g := range games {
			cbColour, want := board.Black, [2]string{"cbcrown", "material"} // A is Black in even rounds
			if i%2 == 1 {
				cbColour, want = board.White, [2]string{"material", "cbcrown"}
			}
			if names := [2]string{g.Tag("Black"), g.Tag("White")}; names != want {
				t.Errorf("game %d: players %v, want %v", i+1, names, want)
			}
			if term := g.Tag("Termination"); g.Result == board.Ongoing || term == "illegal move" || term == "engine failure" {
				t.Errorf("game %d: %v, %s %s", i+1, g.Result, term, g.Tag("Fault"))
			}
			p := g.Start
			for k, m := range g.Moves {
				if !slices.Contains(p.LegalMoves(), m) {
					t.Fatalf("game %d, move %d: %v is not legal in %s", i+1, k+1, m, p.FEN())
				}
				if p.Side == cbColour {
					cbMoves++
				}
				p = p.Play(m)
			}
		}
		if cbMoves < 4*10 {
			t.Errorf("the library made %d moves in 4 games", cbMoves)
		}
		t.Logf("%d moves by the library\n%s", cbMoves, out)
	})
}

// TestCBPlayerBadLibrary: a missing library and one without the API's
// functions are reported as such, by crown cbhost and by crown match.
func TestCBPlayerBadLibrary(t *testing.T) {
	gcc := needCB(t)
	dir := t.TempDir()
	notCB := filepath.Join(dir, "notcb.so")
	src := filepath.Join(dir, "notcb.c")
	if err := os.WriteFile(src, []byte("int answer(void) { return 42; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-shared", "-fPIC", "-o", notCB, src).CombinedOutput(); err != nil {
		t.Fatalf("compiling: %v\n%s", err, out)
	}
	missing := filepath.Join(dir, "missing.so")
	for _, c := range []struct {
		lib, want string
	}{
		{missing, "cannot open shared object file"},
		{notCB, "does not export getmove"},
	} {
		_, stderr, err := runCrown(t, "", "cbhost", c.lib)
		if err == nil || !strings.Contains(stderr, "crown: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("cbhost %s: %v %s", c.lib, err, stderr)
		}
		out, stderr, err := runCrown(t, "", "match", "--player", "cb:"+c.lib, "--player", "crown:eval=material", "--movetime", "50ms",
			"--count", "1", "--pdn", filepath.Join(dir, "m.pdn"))
		if err == nil || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "panic") {
			t.Errorf("match with %s: %v\n%s\n%s", c.lib, err, out, stderr)
		}
	}
}

// TestCBHostWithoutCgo: a build without cgo refuses CheckerBoard
// libraries with the reason, in cbhost and in a match spec.
func TestCBHostWithoutCgo(t *testing.T) {
	if cbhost.Supported {
		t.Skip("a cgo build loads CheckerBoard libraries")
	}
	for _, args := range [][]string{{"cbhost", "x.so"}, {"match", "--player", "cb:x.so", "--player", "crown:", "--movetime", "50ms"}} {
		if _, stderr, err := runCrown(t, "", args...); err == nil || !strings.Contains(stderr, "needs a cgo build") {
			t.Errorf("%v: %v %s", args, err, stderr)
		}
	}
}
