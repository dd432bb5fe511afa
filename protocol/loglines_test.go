// loglines_test.go checks the engine's debug log lines: each is one JSON
// object with every key once (zerolog writes its own "time" timestamp, so a
// field named time made a line with two time keys).
package protocol_test

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/protocoltest"
)

func TestDebugLogKeysUnique(t *testing.T) {
	var logged bytes.Buffer
	log := zerolog.New(&logged).Level(zerolog.DebugLevel).With().Timestamp().Logger()
	e := protocol.New(protocoltest.NewMock(), io.Discard, protocol.ID{Name: "crown"}, log)
	in := "pos start\nlevel time=10 inc=1\ngo think\nlevel move-time=0.01\ngo think\nnew-game\nnosuch command\n"
	if err := e.Run(strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
	searches := 0
	for _, l := range lines {
		keys, err := objectKeys(l)
		if err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Errorf("log line with key %q twice: %s", k, l)
			}
			seen[k] = true
		}
		if strings.Contains(l, `"message":"search"`) {
			searches++
		}
	}
	if searches != 2 {
		t.Fatalf("%d search lines logged, want 2:\n%s", searches, logged.String())
	}
}

// objectKeys lists the top-level keys of a JSON object in order, repeats
// included (encoding/json's maps would hide them).
func objectKeys(line string) ([]string, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
	}
	return keys, nil
}
