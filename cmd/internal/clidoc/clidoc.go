// Package clidoc writes a command-line reference in Markdown from a kong
// parser's model: a contents list, the global flags, then one section per
// visible command with its usage, details, arguments, flags, subcommands
// and links to the pages that explain it. Written from the model that
// parses the command line, the reference says what the binary does; a test
// can compare the committed page with what Write produces.
package clidoc

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
)

// Doc is what the model does not hold.
type Doc struct {
	Name     string              // the program's name ("crown")
	Preamble string              // Markdown opening the page
	Global   string              // the sentence before the flags of every command
	Pages    map[string][]string // per command path, the pages that explain it; a command without one takes its parent's
	Details  map[string]string   // per command path, a detail text kong does not see (a command that reads its own --help)
}

// Commands lists the model's visible commands, depth first.
func Commands(app *kong.Application) []*kong.Node {
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
	return cmds
}

// Write writes the reference of app.
func (d Doc) Write(w io.Writer, app *kong.Application) error {
	cmds := Commands(app)
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("%s\n", d.Preamble)
	p("## Contents\n\n")
	p("- [Flags of every command](#flags-of-every-command)\n")
	for _, c := range cmds {
		title := d.Name + " " + c.Path()
		p("%s- [%s](#%s)\n", strings.Repeat("  ", c.Depth()), title, anchor(title))
	}
	p("\n## Flags of every command\n\n")
	p("%s\n\n", d.Global)
	writeFlags(w, app.Flags, true)
	for _, c := range cmds {
		d.writeCommand(w, c)
	}
	return nil
}

// writeCommand writes c's section.
func (d Doc) writeCommand(w io.Writer, c *kong.Node) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	path := c.Path()
	p("\n%s %s %s\n\n", strings.Repeat("#", c.Depth()+2), d.Name, path)
	if c.Help != "" {
		p("%s\n\n", mdText(sentence(c.Help)))
	}
	p("```text\n%s %s\n```\n\n", d.Name, c.Summary())
	detail := c.Detail
	if text, ok := d.Details[path]; ok {
		detail = text
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
				subs = append(subs, fmt.Sprintf("[%s](#%s)", s.Name, anchor(d.Name+" "+s.Path())))
			}
		}
		p("Subcommands: %s.\n\n", strings.Join(subs, ", "))
	}
	// A subcommand repeats the link only when its pages are not its parent's.
	if parentPath(c) == "" || !samePages(d.PagesOf(path), d.PagesOf(parentPath(c))) {
		var links []string
		for _, page := range d.PagesOf(path) {
			links = append(links, fmt.Sprintf("[%s](%s)", page, page))
		}
		if len(links) > 0 {
			p("More: %s.\n", strings.Join(links, ", "))
		}
	}
}

// PagesOf is the docs pages of a command path ("book build"): its own
// entry in Pages, else its nearest ancestor's.
func (d Doc) PagesOf(path string) []string {
	for p := path; p != ""; {
		if pages, ok := d.Pages[p]; ok {
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
		fmt.Fprintf(w, "| `%s` | %s | %s |\n", FlagSyntax(f), def, mdCell(what))
	}
}

// FlagSyntax is how a flag is written: --name, or --name=VALUE with
// kong's placeholder, never the default, which has its own column.
func FlagSyntax(f *kong.Flag) string {
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
