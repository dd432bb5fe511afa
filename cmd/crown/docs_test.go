// docs_test.go checks docs/commands.md against the binary: the committed
// page must be exactly what `crown docs commands` writes, so a command or
// flag whose help changed without the page being regenerated fails here,
// naming the command that regenerates it. It also checks that the page
// covers every visible command and that each docs page it links to exists.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"crown/cmd/internal/clidoc"
)

// commandsDocPath is docs/commands.md from this package's directory.
var commandsDocPath = filepath.Join("..", "..", "docs", "commands.md")

func TestCommandsDoc(t *testing.T) {
	out, stderr, err := runCrown(t, "", "docs", "commands")
	if err != nil {
		t.Fatalf("crown docs commands: %v\n%s", err, stderr)
	}
	committed, err := os.ReadFile(commandsDocPath)
	if err != nil {
		t.Fatalf("%v: write it with `%s`", err, regenerateCommandsDoc)
	}
	if diff := firstDifference(string(committed), out); diff != "" {
		t.Fatalf("docs/commands.md is stale (%s): regenerate it from the repository root with\n\t%s", diff, regenerateCommandsDoc)
	}
}

// firstDifference describes the first line where the committed page and
// the generated one differ, "" when they are the same.
func firstDifference(committed, generated string) string {
	if committed == generated {
		return ""
	}
	a, b := strings.Split(committed, "\n"), strings.Split(generated, "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: the page has %s, the binary writes %s", i+1, quoteLine(x, i < len(a)), quoteLine(y, i < len(b)))
		}
	}
	return "they differ"
}

func quoteLine(s string, present bool) string {
	if !present {
		return "nothing"
	}
	return fmt.Sprintf("%q", s)
}

func TestFirstDifference(t *testing.T) {
	if d := firstDifference("a\nb\n", "a\nb\n"); d != "" {
		t.Fatalf("same text: %q", d)
	}
	if d := firstDifference("a\nb\n", "a\nc\n"); !strings.Contains(d, "line 2") || !strings.Contains(d, `"b"`) || !strings.Contains(d, `"c"`) {
		t.Fatalf("changed line: %q", d)
	}
	if d := firstDifference("a", "a\nb"); !strings.Contains(d, "line 2") || !strings.Contains(d, "has nothing") {
		t.Fatalf("added line: %q", d)
	}
}

// TestCommandsDocCoversCLI walks the parser's model: every visible command
// has a heading and a docs page, every visible flag a row, and every page
// named in docsPages exists.
func TestCommandsDocCoversCLI(t *testing.T) {
	var buf bytes.Buffer
	if err := writeCommandsDoc(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	parser, err := newParser(&cli{})
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, c := range n.Children {
			if c.Type != kong.CommandNode {
				continue
			}
			heading := "# crown " + c.Path() + "\n"
			if c.Hidden {
				if strings.Contains(page, heading) {
					t.Errorf("hidden command %q is documented", c.Path())
				}
				continue
			}
			if !strings.Contains(page, heading) {
				t.Errorf("no heading for %q", c.Path())
			}
			if len(commandsDoc().PagesOf(c.Path())) == 0 {
				t.Errorf("%q has no docs page in docsPages", c.Path())
			}
			for _, f := range c.Flags {
				if !f.Hidden && !strings.Contains(page, "| `"+clidoc.FlagSyntax(f)+"` |") {
					t.Errorf("%q: no row for --%s", c.Path(), f.Name)
				}
			}
			walk(c)
		}
	}
	walk(parser.Model.Node)
	for cmd, pages := range docsPages {
		for _, p := range pages {
			if _, err := os.Stat(filepath.Join("..", "..", "docs", p)); err != nil {
				t.Errorf("docsPages[%q]: %v", cmd, err)
			}
		}
	}
}
