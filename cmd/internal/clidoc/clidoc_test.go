// clidoc_test.go writes the reference of a small command line and checks
// what a reader relies on: contents with working anchors, each visible
// command's section with its flags and links, hidden ones left out, and
// help text that Markdown would read as HTML escaped.
package clidoc

import (
	"strings"
	"testing"

	"github.com/alecthomas/kong"
)

type toyCLI struct {
	Verbose bool `help:"Say more."`
	Build   struct {
		Out  string `default:"a.out" help:"Write to <file>."`
		Fast struct {
			Level int `help:"How | fast."`
		} `cmd:"" help:"Build fast"`
	} `cmd:"" help:"Build things."`
	Secret struct{} `cmd:"" hidden:""`
}

func TestWrite(t *testing.T) {
	var c toyCLI
	k, err := kong.New(&c, kong.Name("toy"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	d := Doc{Name: "toy", Preamble: "# toy", Global: "Global flags:",
		Pages: map[string][]string{"build": {"build.md"}}}
	if err := d.Write(&b, k.Model); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"# toy\n", "- [toy build](#toy-build)", "  - [toy build fast](#toy-build-fast)",
		"Global flags:", "| `--verbose` |", "## toy build\n", "### toy build fast\n", "Build things.",
		"| `--out=STRING` | `a.out` | Write to &lt;file>. |", "Build fast.", `How \| fast.`,
		"Subcommands: [fast](#toy-build-fast).", "More: [build.md](build.md).",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "secret") {
		t.Error("a hidden command is listed")
	}
	// build fast has build's pages: no second link.
	if strings.Count(page, "More: [build.md]") != 1 {
		t.Errorf("pages repeated:\n%s", page)
	}
}
