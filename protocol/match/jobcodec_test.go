package match

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/engine/referee"
)

const sumA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

// codecInput is a shipped game of an ACF ballot with every field set.
func codecInput(t testing.TB) jobInput {
	t.Helper()
	ops, err := LoadOpenings(SetACF)
	if err != nil {
		t.Fatal(err)
	}
	return jobInput{Index: 7, Players: [2]jobPlayer{
		{Spec: "crown:eval=nn,net=x.net,book=random,book-file=b.book,name=a", Files: map[string]string{fileNet: sumA, fileBook: sumA}, EGDBPieces: 6},
		{Spec: "crown:ensemble=s.ens,depth=4", Files: map[string]string{fileEnsemble: sumA}},
	}, Opening: encodeOpening(ops[3]),
		Limits:   referee.Limits{MoveTime: 100 * time.Millisecond, Time: time.Minute, Inc: time.Second, Depth: 3, Nodes: 5000, Margin: 50 * time.Millisecond, Hang: time.Minute},
		Rules:    board.Rules{MoveCap: 100, NoFortyMoves: true},
		BookOff:  true,
		DBPieces: 6,
		Shipped:  true,
	}
}

// TestJobInputRoundTrip: an input decodes to what was encoded, and its
// opening to the same start and moves.
func TestJobInputRoundTrip(t *testing.T) {
	in := codecInput(t)
	b, err := in.encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeInput(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, in) {
		t.Fatalf("decoded %+v\nwant %+v", *got, in)
	}
	ops, _ := LoadOpenings(SetACF)
	op, err := got.Opening.opening()
	if err != nil {
		t.Fatal(err)
	}
	if op.Name != ops[3].Name || op.Start != ops[3].Start || len(op.Moves) != 3 || op.Position() != ops[3].Position() {
		t.Fatalf("opening %+v, want %+v", op, ops[3])
	}
}

// TestJobInputRejects: each broken field is an error naming it.
func TestJobInputRejects(t *testing.T) {
	for _, c := range []struct {
		name, want string
		edit       func(*jobInput)
	}{
		{"index", "index", func(in *jobInput) { in.Index = -1 }},
		{"limits", "negative limit", func(in *jobInput) { in.Limits.Margin = -1 }},
		{"movecap", "move cap", func(in *jobInput) { in.Rules.MoveCap = -3 }},
		{"db", "database of 99", func(in *jobInput) { in.DBPieces = 99 }},
		{"spec", "no spec", func(in *jobInput) { in.Players[1].Spec = "" }},
		{"file key", "file key", func(in *jobInput) { in.Players[0].Files["cmd"] = sumA }},
		{"checksum", "SHA-256", func(in *jobInput) { in.Players[1].Files[fileEnsemble] = "abc" }},
		{"not shipped", "files or a database size", func(in *jobInput) { in.Shipped = false }},
		{"fen", "opening", func(in *jobInput) { in.Opening.FEN = "W:W99" }},
		{"move", "illegal move", func(in *jobInput) { in.Opening.Moves[1] = "1-5" }},
	} {
		in := codecInput(t)
		c.edit(&in)
		b, err := in.encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeInput(b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
	good, _ := json.Marshal(codecInput(t))
	for name, b := range map[string][]byte{
		"version":  good, // encode sets the version; Marshal does not
		"unknown":  []byte(`{"v":1,"players":[{"spec":"crown:"},{"spec":"crown:"}],"opening":{"fen":"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},"cmd":"x"}`),
		"trailing": append(mustEncode(t, codecInput(t)), []byte(" {}")...),
		"empty":    nil,
	} {
		if _, err := decodeInput(b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func mustEncode(t testing.TB, in jobInput) []byte {
	t.Helper()
	b, err := in.encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// codecGame is a finished game as the runner records it.
func codecGame(t *testing.T, index int) Game {
	t.Helper()
	ops, _ := LoadOpenings(SetACF)
	op := ops[index/2]
	rec := board.NewGame(op.Start, board.Rules{})
	pos := op.Position()
	for _, m := range append(append([]board.Move(nil), op.Moves...), pos.LegalMoves()[0]) {
		if err := rec.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	r := referee.GameResult{Result: board.WhiteWins, Termination: referee.TimeForfeit, Faulty: board.Black,
		Err: errString("a: 151.0 ms, allowed 100.0 ms"), Game: rec,
		MaxMove: [2]time.Duration{151 * time.Millisecond, 3*time.Millisecond + 17}, Limited: [2]bool{true, true}}
	return Game{Index: index, Opening: index / 2, AIsBlack: index%2 == 0, Result: r.Result, Termination: r.Termination.String(),
		Fault: r.Err.Error(), FaultByA: true, Plies: rec.Ply(), MaxMove: [2]time.Duration{r.MaxMove[0], r.MaxMove[1]},
		MaxOver: [2]time.Duration{51 * time.Millisecond, -97 * time.Millisecond}, Limited: r.Limited,
		Moves: [2]int{1, 0}, Thought: [2]time.Duration{151 * time.Millisecond, 0}, Unsearched: [2]Unsearched{{Book: 1}, {Database: 2}},
		Record: record(index, op, "a", "b", r)}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestJobOutputRoundTrip: a game decodes to the same figures and a record
// that writes the same PDN; outputs of another game, unfinished or
// unreadable ones are refused.
func TestJobOutputRoundTrip(t *testing.T) {
	g := codecGame(t, 4)
	b, err := encodeOutput(g)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeOutput(b, 4)
	if err != nil {
		t.Fatal(err)
	}
	var want, have bytes.Buffer
	pdn.Write(&want, g.Record)
	pdn.Write(&have, got.Record)
	if want.String() != have.String() || !strings.Contains(have.String(), `[Fault "a: 151.0 ms`) {
		t.Fatalf("record:\n%s\nwant:\n%s", have.String(), want.String())
	}
	got.Record, g.Record = nil, nil
	if !reflect.DeepEqual(got, g) {
		t.Fatalf("decoded %+v\nwant %+v", got, g)
	}
	if _, err := decodeOutput(b, 5); err == nil {
		t.Error("the output of game 5 was taken for game 6")
	}
	unfinished := codecGame(t, 4)
	unfinished.Record.Result = board.Ongoing
	b, _ = encodeOutput(unfinished)
	if _, err := decodeOutput(b, 4); err == nil || !strings.Contains(err.Error(), "unfinished") {
		t.Errorf("unfinished game: %v", err)
	}
	var out jobOutput
	json.Unmarshal(mustOutput(t, codecGame(t, 4)), &out)
	for name, edit := range map[string]func(*jobOutput){
		"version": func(o *jobOutput) { o.V = 2 },
		"pdn":     func(o *jobOutput) { o.PDN = "[Round \"5\"" },
		"two":     func(o *jobOutput) { o.PDN += o.PDN },
		"plies":   func(o *jobOutput) { o.Plies = 99 },
	} {
		o := out
		edit(&o)
		b, _ := json.Marshal(o)
		if _, err := decodeOutput(b, 4); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func mustOutput(t *testing.T, g Game) []byte {
	t.Helper()
	b, err := encodeOutput(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzDecodeInput: any bytes decode to an input or an error, never a
// panic, and an accepted input encodes to one that decodes the same.
func FuzzDecodeInput(f *testing.F) {
	f.Add(mustEncode(f, codecInput(f)))
	f.Add([]byte(`{"v":1,"index":0,"players":[{"spec":"crown:"},{"spec":"crown:"}],"opening":{"name":"start","fen":"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := decodeInput(data)
		if err != nil {
			return
		}
		b, err := in.encode()
		if err != nil {
			t.Fatal(err)
		}
		again, err := decodeInput(b)
		if err != nil {
			t.Fatalf("re-encoded input refused: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(again, in) {
			t.Fatalf("re-encoded input decodes to %+v, want %+v", again, in)
		}
	})
}
