package protocol_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/protocoltest"
)

// FuzzEngineLine feeds arbitrary input to an engine after a short preamble:
// the engine must not panic, must end at end of input, and must write only
// parsable protocol lines; a known command with unparsable arguments must
// get an error line.
func FuzzEngineLine(f *testing.F) {
	for _, s := range []string{"go think", "pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15\"", "level infinite\ngo analyze",
		"set gamehist B:W21-32:B1-12 11-15 23-19", "getmove B:W18:B14 0", "set-param name=pos-frame value=pydraughts\npos pos=WeeBeeeeebeeeeebeeeeeeweeeeeWeeee",
		"pos \"", "level time=1e400", "go ponder\nponder-hit", "set hashsize 99999999999999999999", "quit\ngo think",
		"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18\"\ngo think", "pos pos=Bxx\ngo think", "set-param name=hash value=65536", "help",
		"set-param name=variant value=russian\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13 22-18\"\ngo think",
		"set-param name=variant value=brazilian\npos start\ngo think", "set-param name=variant value=russian\npos fen=W:Wa1,c1,Kh2:Bb8,Kd6 moves=\"8x26\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		e := protocol.New(protocoltest.NewMock(), &out, protocol.ID{Name: "crown", Version: "fuzz"}, zerolog.Nop())
		input := "level depth=2\n" + s + "\nping\n"
		if err := e.Run(strings.NewReader(input)); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if line == "" {
				continue
			}
			if _, err := protocol.ParseLine(line); err != nil {
				t.Fatalf("input %q: engine wrote unparsable %q", s, line)
			}
		}
		if !strings.Contains(s, "\n") && !strings.Contains(s, "\r") {
			word := ""
			// Words are separated by spaces and tabs only, as in the protocol.
			if f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }); len(f) > 0 {
				word = f[0]
			}
			switch word {
			case "hub", "set-param", "init", "new-game", "pos", "level", "go", "stop", "ponder-hit", "ping":
				if _, err := protocol.ParseLine(s); err != nil && !strings.Contains(out.String(), "error message=") {
					t.Fatalf("malformed %q got no error line: %q", s, out.String())
				}
			}
		}
	})
}
