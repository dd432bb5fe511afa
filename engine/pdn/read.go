// read.go parses PDN text into games, one at a time.
package pdn

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"crown/engine/board"
)

// Reader reads games from PDN text.
type Reader struct {
	src  string
	pos  int
	line int
	game int
}

// NewReader reads all of r and returns a Reader over it.
func NewReader(r io.Reader) (*Reader, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return NewStringReader(string(b)), nil
}

// NewStringReader returns a Reader over s.
func NewStringReader(s string) *Reader {
	s = strings.TrimPrefix(s, "\ufeff")
	return &Reader{src: s, line: 1}
}

// ReadAll parses every game in r.
func ReadAll(r io.Reader) ([]*Game, error) {
	rd, err := NewReader(r)
	if err != nil {
		return nil, err
	}
	var out []*Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
}

func (r *Reader) errorf(format string, args ...any) error {
	return &Error{Game: r.game, Line: r.line, Msg: fmt.Sprintf(format, args...)}
}

func (r *Reader) peek() byte {
	if r.pos < len(r.src) {
		return r.src[r.pos]
	}
	return 0
}

func (r *Reader) advance() byte {
	c := r.src[r.pos]
	r.pos++
	if c == '\n' {
		r.line++
	}
	return c
}

func (r *Reader) skipSpace() {
	for r.pos < len(r.src) {
		c := r.peek()
		switch {
		case c == '%' && (r.pos == 0 || r.src[r.pos-1] == '\n'):
			r.skipLine() // escape line
		case c == ';':
			r.skipLine() // rest-of-line comment
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			r.advance()
		default:
			return
		}
	}
}

func (r *Reader) skipLine() {
	for r.pos < len(r.src) && r.advance() != '\n' {
	}
}

// Next returns the next game, or io.EOF when there are no more.
func (r *Reader) Next() (*Game, error) {
	r.skipSpace()
	if r.pos >= len(r.src) {
		return nil, io.EOF
	}
	r.game++
	g := &Game{Start: board.Start(), Result: board.Ongoing}
	// Tag section.
	for r.skipSpace(); r.peek() == '['; r.skipSpace() {
		t, err := r.readTag()
		if err != nil {
			r.recover()
			return nil, err
		}
		g.Tags = append(g.Tags, t)
	}
	if err := r.setup(g); err != nil {
		r.recover()
		return nil, err
	}
	rec := board.NewGame(g.Start, board.Rules{NoRepetition: true, NoFortyMoves: true})
	for {
		r.skipSpace()
		c := r.peek()
		switch {
		case r.pos >= len(r.src) || c == '[':
			return r.finish(g), nil
		case c == '{':
			text, err := r.readComment()
			if err != nil {
				return nil, err
			}
			if len(g.Moves) == 0 {
				g.Intro = joinComment(g.Intro, text)
			} else {
				g.Comments[len(g.Comments)-1] = joinComment(g.Comments[len(g.Comments)-1], text)
			}
		case c == '(':
			if err := r.skipVariation(); err != nil {
				return nil, err
			}
		case c == ')':
			return nil, r.errorf("unbalanced ')'")
		default:
			tok := r.readToken()
			if res, ok := parseResult(tok); ok {
				g.Result = res
				return r.finish(g), nil
			}
			if err := r.movetextToken(g, rec, tok); err != nil {
				r.recover()
				return nil, err
			}
		}
	}
}

func (r *Reader) finish(g *Game) *Game {
	if g.Result == board.Ongoing {
		if res, ok := parseResult(g.Tag("Result")); ok {
			g.Result = res
		}
	}
	return g
}

// recover skips to the next tag section so that one bad game does not hide the rest.
func (r *Reader) recover() {
	for r.pos < len(r.src) {
		if r.peek() == '[' && (r.pos == 0 || r.src[r.pos-1] == '\n') {
			// a tag line after movetext starts the next game
			return
		}
		r.advance()
	}
}

func (r *Reader) readTag() (Tag, error) {
	r.advance() // [
	start := r.pos
	for r.pos < len(r.src) && isNameChar(r.peek()) {
		r.advance()
	}
	name := r.src[start:r.pos]
	if name == "" {
		return Tag{}, r.errorf("tag without a name")
	}
	for r.peek() == ' ' || r.peek() == '\t' {
		r.advance()
	}
	if r.peek() != '"' {
		return Tag{}, r.errorf("tag %s: value must be in double quotes", name)
	}
	r.advance()
	var val strings.Builder
	for {
		if r.pos >= len(r.src) || r.peek() == '\n' {
			return Tag{}, r.errorf("tag %s: unterminated value", name)
		}
		c := r.advance()
		if c == '\\' && r.pos < len(r.src) && (r.peek() == '"' || r.peek() == '\\') {
			val.WriteByte(r.advance())
			continue
		}
		if c == '"' {
			break
		}
		val.WriteByte(c)
	}
	for r.peek() == ' ' || r.peek() == '\t' {
		r.advance()
	}
	if r.peek() != ']' {
		return Tag{}, r.errorf("tag %s: missing ]", name)
	}
	r.advance()
	return Tag{Name: name, Value: val.String()}, nil
}

func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

func (r *Reader) setup(g *Game) error {
	v := board.English
	if gt := g.Tag("GameType"); gt != "" {
		var ok bool
		if v, ok = variantOf(gt); !ok {
			return r.errorf("GameType %q is not English checkers (21), Russian (25) or Brazilian draughts (26)", gt)
		}
	}
	g.Start = board.StartOf(v)
	if fen := g.Tag("FEN"); fen != "" {
		p, err := board.ParseVariantFEN(fen, v)
		if err != nil {
			return r.errorf("%v", err)
		}
		g.Start = p
	}
	return nil
}

func (r *Reader) readComment() (string, error) {
	startLine := r.line
	r.advance() // {
	start := r.pos
	for r.pos < len(r.src) && r.peek() != '}' {
		r.advance()
	}
	if r.pos >= len(r.src) {
		r.line = startLine
		return "", r.errorf("comment not closed")
	}
	text := r.src[start:r.pos]
	r.advance()
	return strings.TrimSpace(text), nil
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

func (r *Reader) skipVariation() error {
	startLine := r.line
	depth := 0
	for r.pos < len(r.src) {
		switch r.advance() {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return nil
			}
		case '{':
			for r.pos < len(r.src) && r.advance() != '}' {
			}
		}
	}
	r.line = startLine
	return r.errorf("variation not closed")
}

func (r *Reader) readToken() string {
	start := r.pos
	for r.pos < len(r.src) {
		c := r.peek()
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '{' || c == '(' || c == ')' || c == '[' || c == ';' {
			break
		}
		r.advance()
	}
	if r.pos == start { // a lone unexpected byte
		r.advance()
	}
	return r.src[start:r.pos]
}

// movetextToken handles a move number, NAG or move.
func (r *Reader) movetextToken(g *Game, rec *board.Game, tok string) error {
	if strings.HasPrefix(tok, "$") {
		return nil // numeric annotation glyph
	}
	// Move numbers: "12." "12..." possibly glued to the move: "12.11-15".
	if i := strings.IndexFunc(tok, func(c rune) bool { return !unicode.IsDigit(c) }); i > 0 && tok[i] == '.' {
		rest := strings.TrimLeft(tok[i:], ".")
		if rest == "" {
			return nil
		}
		tok = rest
	}
	if strings.Trim(tok, ".") == "" {
		return nil
	}
	move := strings.TrimRight(tok, "!?*+#")
	if move == "" {
		return nil
	}
	m, err := rec.PlayText(move)
	if err != nil {
		return r.errorf("move %d (%s): %v", len(g.Moves)/2+1, tok, err)
	}
	g.Moves = append(g.Moves, m)
	g.Comments = append(g.Comments, "")
	return nil
}
