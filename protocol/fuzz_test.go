package protocol

import (
	"strings"
	"testing"
)

// FuzzParseLine checks that the line parser never panics and that what the
// writer makes of a parsed line parses back to the same shape, and writing
// it again changes nothing.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"hub", `id name=crown author="crown authors"`, `pos pos=B:W21-32:B1-12 moves="11-15 23-19"`,
		"go think", `level moves=10 time=20.5 inc=0.1`, `k="unterminated`, `cmd =x`, `cmd k="a"b`, "a\tb=\"\"  c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		s1 := string(AppendLine(nil, l.Cmd, l.Args...))
		l2, err := ParseLine(s1)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, s1, err)
		}
		if l2.Cmd != l.Cmd || len(l2.Args) != len(l.Args) {
			t.Fatalf("%q -> %q changed shape: %+v vs %+v", s, s1, l, l2)
		}
		for i := range l.Args {
			if l.Args[i].Flag != l2.Args[i].Flag {
				t.Fatalf("%q -> %q: flag %d changed", s, s1, i)
			}
		}
		if s2 := string(AppendLine(nil, l2.Cmd, l2.Args...)); s2 != s1 {
			t.Fatalf("writing is not stable: %q then %q", s1, s2)
		}
		if !strings.ContainsAny(s, "\"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f") {
			for i := range l.Args {
				if l.Args[i] != l2.Args[i] {
					t.Fatalf("%q -> %q: argument %d changed %+v -> %+v", s, s1, i, l.Args[i], l2.Args[i])
				}
			}
		}
	})
}
