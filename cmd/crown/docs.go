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
	"io"
	"os"

	"crown/cmd/internal/clidoc"
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

// commandsDoc is the reference's description beside the parser's model.
func commandsDoc() clidoc.Doc {
	return clidoc.Doc{Name: "crown", Preamble: commandsPreamble, Pages: docsPages,
		Global:  "`crown` alone is engine mode (`crown engine`). These flags go with any command:",
		Details: map[string]string{"hub": hubHelp}} // hub reads its own --help: kong never sees it
}

// writeCommandsDoc writes docs/commands.md from a fresh parser's model.
func writeCommandsDoc(w io.Writer) error {
	parser, err := newParser(&cli{})
	if err != nil {
		return err
	}
	return commandsDoc().Write(w, parser.Model)
}
