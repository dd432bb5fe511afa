// layers_test.go keeps the module's floors apart: engine/... (rules,
// search, evaluators, referee) is the ground floor; nets, egdb and book
// stand on it; protocol/... (engine mode, the match runner and this
// composition layer) above them; cmd at the top. A package may import its
// own floor and those below, never one above, test files included. The
// test asks `go list` for every package's imports, so a new upward import
// anywhere in the tree fails it.
package players_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// module is the module path.
const module = "crown"

// floors lists the floors from the ground up, each the top directories
// below module that stand on it.
func floors() [][]string {
	return [][]string{
		{"engine"},
		{"nets", "egdb", "book"},
		{"protocol"},
		{"cmd"},
	}
}

// floorOf is the floor of an import path of the module, -1 for anything
// else (the standard library, other modules).
func floorOf(path string) int {
	rest, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return -1
	}
	top, _, _ := strings.Cut(rest, "/")
	for f, names := range floors() {
		if slices.Contains(names, top) {
			return f
		}
	}
	return -1
}

// listedPackage is what `go list -json` says of a package that this test reads.
type listedPackage struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// upward returns one line per import that climbs a floor.
func upward(pkgs []listedPackage) []string {
	var bad []string
	for _, p := range pkgs {
		own := floorOf(p.ImportPath)
		if own < 0 {
			bad = append(bad, fmt.Sprintf("%s is on no floor: add its top directory to floors", p.ImportPath))
			continue
		}
		for kind, imps := range map[string][]string{"": p.Imports, " (tests)": p.TestImports, " (external tests)": p.XTestImports} {
			for _, imp := range imps {
				if f := floorOf(imp); f > own {
					bad = append(bad, fmt.Sprintf("%s%s imports %s, a floor above", p.ImportPath, kind, imp))
				}
			}
		}
	}
	slices.Sort(bad)
	return bad
}

// goTool finds the go command: on the PATH, else in the toolchain that built
// the test.
func goTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(p); err != nil {
		return "", errors.New("no go command on the PATH or in GOROOT")
	}
	return p, nil
}

// listModule runs `go list -json` over the whole module.
func listModule(t *testing.T) []listedPackage {
	t.Helper()
	gocmd, err := goTool()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(gocmd, "list", "-json", module+"/...")
	cmd.Dir = "../.." // the module root, from protocol/players
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestImportsOnlyDownward(t *testing.T) {
	pkgs := listModule(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages: not the whole module", len(pkgs))
	}
	for _, line := range upward(pkgs) {
		t.Error(line)
	}
}

// TestUpwardCaught shows the check can fail: each planted import climbs a
// floor, and the allowed ones (same floor, downward, standard library)
// pass.
func TestUpwardCaught(t *testing.T) {
	pkgs := []listedPackage{
		{ImportPath: "crown/engine/search", Imports: []string{"fmt", "crown/engine/board", "crown/nets/fast"}},
		{ImportPath: "crown/egdb", Imports: []string{"crown/engine/board", "crown/book"}, TestImports: []string{"crown/protocol/players"}},
		{ImportPath: "crown/nets/species", XTestImports: []string{"crown/cmd/crown"}},
		{ImportPath: "crown/protocol/match", Imports: []string{"crown/egdb", "crown/protocol/players"}},
		{ImportPath: "crown/tools/x"},
	}
	got := upward(pkgs)
	want := []string{
		"crown/egdb (tests) imports crown/protocol/players, a floor above",
		"crown/engine/search imports crown/nets/fast, a floor above",
		"crown/nets/species (external tests) imports crown/cmd/crown, a floor above",
		"crown/tools/x is on no floor: add its top directory to floors",
	}
	if !slices.Equal(got, want) {
		t.Errorf("upward found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
