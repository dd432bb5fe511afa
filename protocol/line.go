// line.go reads and writes Hub protocol lines: `cmd key=value key="a b" flag`.
// A value must be quoted when it is empty or holds a space, '=' or '"'; a bare
// key is a flag with an empty value. The protocol has no escape for '"', so
// the writer replaces it (and control characters) rather than emit a line a
// client cannot split.
package protocol

import (
	"fmt"
	"strings"
)

// Arg is one `key=value` or flag of a line.
type Arg struct {
	Key   string
	Value string
	Flag  bool // written without '=value'
}

// Line is a parsed protocol line.
type Line struct {
	Cmd  string
	Args []Arg
}

// Get returns the value of the first argument named key.
func (l Line) Get(key string) (string, bool) {
	for _, a := range l.Args {
		if a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether an argument or flag named key is present.
func (l Line) Has(key string) bool {
	_, ok := l.Get(key)
	return ok
}

// ParseLine splits a line into its command and arguments. Unquoted values run
// to the next blank; quoted values run to the next '"'. It fails on an
// unterminated quote, an argument with an empty key, a quote inside a key, or
// text glued to a closing quote, and on a blank line.
func ParseLine(s string) (Line, error) {
	var l Line
	i := skipBlanks(s, 0)
	if i == len(s) {
		return l, fmt.Errorf("empty line")
	}
	j := i
	for j < len(s) && !isBlank(s[j]) {
		j++
	}
	l.Cmd = s[i:j]
	if strings.ContainsAny(l.Cmd, "=\"") {
		return Line{}, fmt.Errorf("command %q: want a word without '=' or '\"'", l.Cmd)
	}
	for i = skipBlanks(s, j); i < len(s); i = skipBlanks(s, i) {
		var a Arg
		var err error
		a, i, err = parseArg(s, i)
		if err != nil {
			return Line{}, fmt.Errorf("%s: %w", l.Cmd, err)
		}
		l.Args = append(l.Args, a)
	}
	return l, nil
}

// parseArg reads one argument starting at s[i] (not a blank) and returns it
// with the index just past it.
func parseArg(s string, i int) (Arg, int, error) {
	start := i
	for i < len(s) && !isBlank(s[i]) && s[i] != '=' {
		if s[i] == '"' {
			return Arg{}, i, fmt.Errorf("quote inside argument name at column %d", i+1)
		}
		i++
	}
	key := s[start:i]
	if key == "" {
		return Arg{}, i, fmt.Errorf("argument without a name at column %d", start+1)
	}
	if i == len(s) || s[i] != '=' {
		return Arg{Key: key, Flag: true}, i, nil
	}
	i++ // '='
	if i < len(s) && s[i] == '"' {
		end := strings.IndexByte(s[i+1:], '"')
		if end < 0 {
			return Arg{}, i, fmt.Errorf("argument %s: unterminated quote", key)
		}
		val := s[i+1 : i+1+end]
		i += end + 2
		if i < len(s) && !isBlank(s[i]) {
			return Arg{}, i, fmt.Errorf("argument %s: text after closing quote at column %d", key, i+1)
		}
		return Arg{Key: key, Value: val}, i, nil
	}
	vs := i
	for i < len(s) && !isBlank(s[i]) {
		i++
	}
	return Arg{Key: key, Value: s[vs:i]}, i, nil
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func skipBlanks(s string, i int) int {
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	return i
}

// firstWord returns the command word of a raw line and the text after it.
func firstWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

// AppendLine appends cmd and its arguments as one protocol line ending in
// '\n'. Values are quoted when needed; '"' becomes '\” and control
// characters become spaces so that every written line parses back.
func AppendLine(b []byte, cmd string, args ...Arg) []byte {
	b = append(b, cmd...)
	for _, a := range args {
		b = append(b, ' ')
		b = appendClean(b, a.Key, false)
		if a.Flag {
			continue
		}
		b = append(b, '=')
		b = appendValue(b, a.Value)
	}
	return append(b, '\n')
}

func appendValue(b []byte, v string) []byte {
	start := len(b)
	b = appendClean(b, v, true)
	if len(b) > start && !strings.ContainsAny(string(b[start:]), " =") {
		return b
	}
	b = append(b, 0, 0)
	copy(b[start+1:], b[start:len(b)-2])
	b[start] = '"'
	b[len(b)-1] = '"'
	return b
}

// appendClean copies s replacing characters that would break the line.
// Inside quotes blanks are kept; in a bare word they become '_'.
func appendClean(b []byte, s string, quoted bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			c = '\''
		case c < ' ' || c == 0x7f || (!quoted && (c == ' ' || c == '=')):
			if quoted {
				c = ' '
			} else {
				c = '_'
			}
		}
		b = append(b, c)
	}
	return b
}

// kv builds a key=value argument.
func kv(key, value string) Arg { return Arg{Key: key, Value: value} }
