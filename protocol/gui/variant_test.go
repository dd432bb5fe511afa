// variant_test.go checks the browser board's API in Russian and Brazilian
// draughts (issue 30): a new game of each variant from its start or a FEN,
// moves in algebraic notation, crown's reply legal under the variant's rules
// with the variant's default evaluator, the state and the PDN naming the
// variant, and the English ballots refused for the variants.
package gui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/protocol/players"
)

func TestVariantGames(t *testing.T) {
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		t.Run(v.String(), func(t *testing.T) { testVariantGame(t, v) })
	}
}

// testVariantGame plays c3-d4 in a new game of v and lets crown answer.
func testVariantGame(t *testing.T, v board.Variant) {
	c := newClient(t)
	s := c.stream()
	st := c.post("/api/new", `{"variant":"`+v.String()+`"}`)
	start := board.StartOf(v)
	if st.Variant != v.String() || st.FEN != start.FEN() || st.Side != "W" || st.StartSide != "W" || len(st.Legal) != 7 {
		t.Fatalf("new %s game: variant %q FEN %s side %s, %d legal", v, st.Variant, st.FEN, st.Side, len(st.Legal))
	}
	if len(st.Book) != 0 || st.EGDB != "" {
		t.Errorf("%s: English book or database in a variant game: %+v %q", v, st.Book, st.EGDB)
	}
	texts := []string{}
	for _, m := range st.Legal {
		texts = append(texts, m.Text)
	}
	if !strings.Contains(strings.Join(texts, " "), "c3-d4") {
		t.Errorf("%s: legal moves %v, want algebraic ones", v, texts)
	}
	st = c.post("/api/move", `{"move":"c3-d4"}`)
	if len(st.Moves) != 1 || st.Moves[0] != "c3-d4" || st.Side != "B" || st.Last == nil || st.Last.Text != "c3-d4" {
		t.Fatalf("%s: after c3-d4: moves %v side %s", v, st.Moves, st.Side)
	}
	go1 := c.post("/api/go", `{"depth":4}`) // no evaluator: the variant's default
	if go1.Settings.Evaluator != players.DefaultEvalFor(v) {
		t.Errorf("%s: crown searches with %q, want %q", v, go1.Settings.Evaluator, players.DefaultEvalFor(v))
	}
	var after stateView
	deadline := time.Now().Add(20 * time.Second)
	for after.Cur != 2 && time.Now().Before(deadline) {
		json.Unmarshal(s.next(t, "state", 20*time.Second).data, &after)
	}
	if after.Cur != 2 || after.Variant != v.String() || after.Side != "W" {
		t.Fatalf("%s: after crown's reply: cur %d variant %q side %s", v, after.Cur, after.Variant, after.Side)
	}
	p := start
	for _, text := range after.Moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: move %q of the line: %v", v, text, err)
		}
		p = p.Play(m)
	}
	if p.FEN() != after.FEN {
		t.Errorf("%s: the line %v leads to %s, the state says %s", v, after.Moves, p.FEN(), after.FEN)
	}
	waitIdle(t, c.srv, 5*time.Second)
	checkVariantPDN(t, c, v, after.Moves)
}

// checkVariantPDN exports the game as PDN, checks its GameType and
// algebraic moves, and loads it back.
func checkVariantPDN(t *testing.T, c *client, v board.Variant, moves []string) {
	t.Helper()
	code, data := c.raw("GET", "/api/pdn", "", nil)
	text := string(data)
	gameType := map[board.Variant]string{board.Russian: "25", board.Brazilian: "26"}[v]
	if code != 200 || !strings.Contains(text, `[GameType "`+gameType+`"]`) || !strings.Contains(text, "1. "+moves[0]+" "+moves[1]) {
		t.Errorf("%s: PDN %d:\n%s", v, code, text)
	}
	body, _ := json.Marshal(loadPDNRequest{PDN: text})
	st := c.post("/api/pdn", string(body))
	if st.Variant != v.String() || len(st.Moves) != 2 || st.Moves[1] != moves[1] {
		t.Errorf("%s: PDN loaded back: variant %q moves %v", v, st.Variant, st.Moves)
	}
}

func TestVariantRequests(t *testing.T) {
	c := newClient(t)
	c.refuse("/api/new", `{"variant":"polish"}`, 400, "variant")
	c.refuse("/api/new", `{"variant":"russian","from":"ballot","ballot":"1"}`, 400, "English checkers openings")
	c.refuse("/api/new", `{"variant":"brazilian","from":"eleven","number":3}`, 400, "English checkers openings")
	c.refuse("/api/new", `{"variant":"russian","from":"fen","fen":"W:Wz9:Bb8"}`, 400, "")
	// A variant FEN, algebraic or in numbers, read with the variant's rules.
	st := c.post("/api/new", `{"variant":"russian","from":"fen","fen":"W:Wa1,c3:BKh8,f6"}`)
	if st.Variant != "russian" || st.Side != "W" || st.FEN != "W:Wc3,a1:BKh8,f6" {
		t.Errorf("russian FEN: %+v", st)
	}
	st = c.post("/api/new", `{"variant":"english"}`)
	if st.Variant != "english" || st.Side != "B" || len(st.Book) == 0 {
		t.Errorf("back to English: variant %q side %s book %d", st.Variant, st.Side, len(st.Book))
	}
	var info serverInfo
	c.call("GET", "/api/info", "", &info)
	if len(info.Variants) != 3 || info.Variants[0].Name != "english" || info.Variants[1].Evaluator != players.NNUERussian || info.Variants[2].Evaluator != players.NNUEBrazilian {
		t.Errorf("info variants: %+v", info.Variants)
	}
}

// TestVariantCapturePaths: a flying king's multi-capture is offered with
// one landing square per piece taken, and the page's numeric path (what a
// click sends) names exactly that move.
func TestVariantCapturePaths(t *testing.T) {
	c := newClient(t)
	// Black's king on a1 takes c3 and, turning, e5 or more.
	st := c.post("/api/new", `{"variant":"russian","from":"fen","fen":"B:Wc3,f6,d6,b4:BKa1,h8"}`)
	multi := false
	for _, m := range st.Legal {
		if len(m.Captured) > 0 && len(m.Path) != len(m.Captured)+1 {
			t.Errorf("move %s: path %v, captured %v", m.Text, m.Path, m.Captured)
		}
		if len(m.Captured) > 1 {
			multi = true
		}
	}
	if !multi {
		t.Fatalf("no multi-capture in %+v", st.Legal)
	}
	for _, m := range st.Legal {
		parts := []string{}
		for _, sq := range m.Path {
			parts = append(parts, itoa(sq))
		}
		sep := "-"
		if len(m.Captured) > 0 {
			sep = "x"
		}
		body, _ := json.Marshal(moveRequest{Move: strings.Join(parts, sep)})
		after := c.post("/api/move", string(body))
		if after.Last == nil || after.Last.Text != m.Text {
			t.Errorf("path %s played %+v, want %s", body, after.Last, m.Text)
		}
		c.post("/api/undo", "")
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestVariantAnalysis: analysis of a Brazilian position streams its PV in
// algebraic notation, searched with the variant's default evaluator.
func TestVariantAnalysis(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	c.post("/api/new", `{"variant":"brazilian"}`)
	st := c.post("/api/analyse", `{}`)
	if st.Job != jobAnalyse || st.Settings.Evaluator != players.NNUEBrazilian {
		t.Errorf("analyse: job %q evaluator %q", st.Job, st.Settings.Evaluator)
	}
	var inf infoView
	json.Unmarshal(s.next(t, "info", 5*time.Second).data, &inf)
	p := board.StartOf(board.Brazilian)
	if len(inf.PV) == 0 || len(inf.PVPaths) != len(inf.PV) {
		t.Fatalf("info: %+v", inf)
	}
	if _, err := p.ParseMove(inf.PV[0]); err != nil || !strings.ContainsAny(inf.PV[0][:1], "abcdefgh") {
		t.Errorf("PV %v: %v", inf.PV, err)
	}
	c.post("/api/stop", "")
	waitIdle(t, c.srv, 5*time.Second)
}
