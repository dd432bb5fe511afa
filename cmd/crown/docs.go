// docs.go implements `crown docs commands`, a hidden command that writes
// docs/commands.md: the reference of every command, its arguments and its
// flags, read from the same kong model that parses the command line, so the
// page says what the binary does. Regenerate it with
//
//	go run ./cmd/crown docs commands > docs/commands.md
//
// and docs_test.go fails while the committed page differs from what the
// binary writes. What each command is for at length, and what it measured,
// lives in the topical pages each section links to (docsPages).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/kong"
)

type docsCmd struct {
	Commands docsCommandsCmd `cmd:"" help:"Write the command reference (docs/commands.md) as Markdown on stdout."`
}

type docsCommandsCmd struct{}

func (c *docsCommandsCmd) Run() error {
	w := bufio.NewWriter(os.Stdout)
	if err := writeCommandsDoc(w); err != nil {
		return err
	}
	return w.Flush()
}

// regenerateCommandsDoc is the command that rewrites docs/commands.md.
const regenerateCommandsDoc = "go run ./cmd/crown docs commands > docs/commands.md"

// docsPages names, for a command path, the docs pages (relative to docs/)
// that explain it at length; a command without an entry of its own takes
// its parent's. docs_test.go checks that every page exists and that every
// visible command has one.
var docsPages = map[string][]string{
	"engine":               {"engine-mode.md", "clients.md"},
	"hub":                  {"engine-mode.md", "clients.md"},
	"gui":                  {"gui.md"},
	"play":                 {"gui.md", "levels.md"},
	"perft":                {"analysis.md", "strength-and-speed.md"},
	"bench":                {"analysis.md", "strength-and-speed.md"},
	"analyze":              {"analysis.md"},
	"book":                 {"book.md"},
	"book match":           {"book.md", "match.md"},
	"evolve":               {"evolution.md"},
	"evolve rate":          {"evolution.md", "match.md"},
	"evolve ga":            {"heuristics.md"},
	"evolve ga-tournament": {"heuristics.md", "match.md"},
	"net":                  {"networks.md"},
	"egdb":                 {"egdb.md"},
	"egdb build":           {"egdb.md", "cluster.md"},
	"egdb match":           {"egdb.md", "match.md"},
	"match":                {"match.md"},
	"species":              {"species.md"},
	"species versus":       {"species.md", "match.md"},
	"selfplay":             {"training.md"},
	"train":                {"training.md"},
	"judge":                {"training.md"},
	"serve":                {"cluster.md"},
	"worker":               {"cluster.md"},
}

// pagesOf is the docs pages of a command path ("book build"): its own
// entry in docsPages, else its nearest ancestor's.
func pagesOf(path string) []string {
	for p := path; p != ""; {
		if pages, ok := docsPages[p]; ok {
			return pages
		}
		i := strings.LastIndexByte(p, ' ')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return nil
}

// commandsPreamble opens docs/commands.md; the rest of the page comes from
// the parser's model.
const commandsPreamble = `# crown's commands

Every command of the ` + "`crown`" + ` binary with its arguments and flags, as
` + "`crown <command> --help`" + ` prints them. This page is generated from the
binary (` + "`" + regenerateCommandsDoc + "`" + `) and
` + "`go test ./cmd/crown -run TestCommandsDoc`" + ` fails when it is out of date:
change a command's help in ` + "`cmd/crown`" + `, not here. What the commands are for,
how they work and what they measured: the page linked under each one, and
the index of all pages, [README.md](README.md).

Logs go to stderr (` + "`--log-level`, `--log-file`, `--log-format auto|console|json`" + `);
stdout carries only results and protocol lines. Engine mode logs nothing
unless something is wrong (level ` + "`warn`" + `; clients such as pydraughts merge
stderr into the protocol stream), the other commands log at ` + "`info`" + `. A
failing command prints one sentence, ` + "`crown: <what went wrong>`" + `, on stderr (a
JSON log line with ` + "`--log-format json`" + `) and exits with status 1, and so does
a bad argument.
`

// writeCommandsDoc writes docs/commands.md from a fresh parser's model.
func writeCommandsDoc(w io.Writer) error {
	parser, err := newParser(&cli{})
	if err != nil {
		return err
	}
	app := parser.Model
	var cmds []*kong.Node
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, c := range n.Children {
			if c.Hidden || c.Type != kong.CommandNode {
				continue
			}
			cmds = append(cmds, c)
			walk(c)
		}
	}
	walk(app.Node)

	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("%s\n", commandsPreamble)
	p("## Contents\n\n")
	p("- [Flags of every command](#flags-of-every-command)\n")
	for _, c := range cmds {
		title := "crown " + c.Path()
		p("%s- [%s](#%s)\n", strings.Repeat("  ", c.Depth()), title, anchor(title))
	}
	p("\n## Flags of every command\n\n")
	p("`crown` alone is engine mode (`crown engine`). These flags go with any command:\n\n")
	writeFlags(w, app.Flags, true)

	for _, c := range cmds {
		path := c.Path()
		p("\n%s crown %s\n\n", strings.Repeat("#", c.Depth()+2), path)
		if c.Help != "" {
			p("%s\n\n", mdText(sentence(c.Help)))
		}
		p("```text\ncrown %s\n```\n\n", c.Summary())
		detail := c.Detail
		if path == "hub" {
			detail = hubHelp // hub reads its own --help: kong never sees it
		}
		if detail != "" {
			p("```text\n%s\n```\n\n", strings.TrimRight(detail, "\n"))
		}
		if len(c.Positional) > 0 {
			p("| argument | what |\n|---|---|\n")
			for _, a := range c.Positional {
				p("| `%s` | %s |\n", a.Summary(), mdCell(a.Help))
			}
			p("\n")
		}
		if len(c.Flags) > 0 {
			writeFlags(w, c.Flags, false)
			p("\n")
		}
		if len(c.Children) > 0 {
			var subs []string
			for _, s := range c.Children {
				if !s.Hidden {
					title := "crown " + s.Path()
					subs = append(subs, fmt.Sprintf("[%s](#%s)", s.Name, anchor(title)))
				}
			}
			p("Subcommands: %s.\n\n", strings.Join(subs, ", "))
		}
		// A subcommand repeats the link only when its pages are not its parent's.
		if parentPath(c) == "" || !samePages(pagesOf(path), pagesOf(parentPath(c))) {
			var links []string
			for _, page := range pagesOf(path) {
				links = append(links, fmt.Sprintf("[%s](%s)", page, page))
			}
			if len(links) > 0 {
				p("More: %s.\n", strings.Join(links, ", "))
			}
		}
	}
	return nil
}

// writeFlags writes a table of flags; the help flag only when help is true.
func writeFlags(w io.Writer, flags []*kong.Flag, help bool) {
	fmt.Fprintf(w, "| flag | default | what |\n|---|---|---|\n")
	for _, f := range flags {
		if f.Hidden || (f.Name == "help" && !help) {
			continue
		}
		def := ""
		if f.HasDefault && f.Default != "" {
			def = "`" + f.Default + "`"
		}
		what := f.Help
		if len(f.Envs) > 0 {
			what += " Environment: " + strings.Join(f.Envs, ", ") + "."
		}
		fmt.Fprintf(w, "| `%s` | %s | %s |\n", flagSyntax(f), def, mdCell(what))
	}
}

// flagSyntax is how a flag is written: --name, or --name=VALUE with
// kong's placeholder, never the default, which has its own column.
func flagSyntax(f *kong.Flag) string {
	s := "--" + f.Name
	if f.Short != 0 {
		s = fmt.Sprintf("-%c, %s", f.Short, s)
	}
	if f.IsBool() || f.IsCounter() {
		return s
	}
	g, v := *f, *f.Value
	v.HasDefault = false // kong writes a default in place of the placeholder
	g.Value = &v
	return s + "=" + g.FormatPlaceHolder()
}

// mdCell makes help text safe inside a Markdown table cell.
func mdCell(s string) string {
	return strings.ReplaceAll(mdText(strings.TrimSpace(s)), "|", `\|`)
}

// mdText keeps Markdown from reading help text as HTML: a '<' before a
// letter or '/' would open a tag ("<file>").
func mdText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '<' && i+1 < len(s) && (s[i+1] == '/' || isLetter(s[i+1])) {
			b.WriteString("&lt;")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// sentence ends s with a full stop if it has none.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// anchor is GitHub's anchor of a heading: lower case, spaces to '-',
// punctuation other than '-' and '_' dropped.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parentPath is the command path of n's parent ("" at the top).
func parentPath(n *kong.Node) string {
	if n.Parent == nil || n.Parent.Type == kong.ApplicationNode {
		return ""
	}
	return n.Parent.Path()
}

func samePages(a, b []string) bool {
	return strings.Join(a, " ") == strings.Join(b, " ")
}
