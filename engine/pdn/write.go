// write.go writes games as PDN text.
package pdn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"crown/engine/board"
)

// rosterOrder is the order of the standard tags in output.
var rosterOrder = []string{"Event", "Site", "Date", "Round", "Black", "White", "Result"}

// Write writes one game followed by a blank line.
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	written := map[string]bool{}
	tag := func(name, value string) {
		fmt.Fprintf(bw, "[%s %s]\n", name, quote(value))
		written[strings.ToLower(name)] = true
	}
	for _, name := range rosterOrder {
		v := g.Tag(name)
		if name == "Result" {
			v = ResultText(g.Result)
		}
		if v == "" && name != "Event" && name != "Date" && name != "Black" && name != "White" {
			continue
		}
		if v == "" {
			v = "?"
		}
		tag(name, v)
	}
	if g.Start != board.StartOf(g.Start.Variant) {
		tag("SetUp", "1")
		tag("FEN", g.Start.FEN())
	}
	if !written["gametype"] {
		tag("GameType", strconv.Itoa(gameType(g.Start.Variant)))
	}
	for _, t := range g.Tags {
		if !written[strings.ToLower(t.Name)] && !strings.EqualFold(t.Name, "FEN") && !strings.EqualFold(t.Name, "SetUp") {
			tag(t.Name, t.Value)
		}
	}
	var lw lineWriter
	lw.w = bw
	if g.Intro != "" {
		lw.word("{" + cleanComment(g.Intro) + "}")
	}
	p := g.Start
	number := 1
	first := g.Start.Variant.FirstMover() // Black in English checkers, White in the variants
	for i, m := range g.Moves {
		switch {
		case p.Side == first:
			lw.word(fmt.Sprintf("%d.", number))
		case i == 0:
			lw.word(fmt.Sprintf("%d...", number))
		}
		lw.word(p.Notation(m))
		if i < len(g.Comments) && g.Comments[i] != "" {
			lw.word("{" + cleanComment(g.Comments[i]) + "}")
		}
		if p.Side != first {
			number++
		}
		p = p.Play(m)
	}
	lw.word(ResultText(g.Result))
	lw.flush()
	bw.WriteString("\n")
	return bw.Flush()
}

// WriteAll writes games one after another.
func WriteAll(w io.Writer, games []*Game) error {
	for _, g := range games {
		if err := Write(w, g); err != nil {
			return err
		}
	}
	return nil
}

func quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	s = strings.ReplaceAll(s, "\n", " ")
	return `"` + s + `"`
}

func cleanComment(s string) string {
	return strings.ReplaceAll(s, "}", ")")
}

// lineWriter wraps movetext at 79 columns.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (l *lineWriter) word(s string) {
	if l.col > 0 && l.col+1+len(s) > 79 {
		l.w.WriteByte('\n')
		l.col = 0
	}
	if l.col > 0 {
		l.w.WriteByte(' ')
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}

func (l *lineWriter) flush() {
	if l.col > 0 {
		l.w.WriteByte('\n')
	}
}
