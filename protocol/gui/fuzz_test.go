// fuzz_test.go fuzzes the parsing of request bodies and what the commands
// do with them on a line (match and clock bodies are only parsed and
// checked): whatever the bytes, parsing and applying never panic, and a
// refused request leaves the line as it was. Seeds are in
// testdata/fuzz/FuzzRequests.
package gui

import (
	"testing"

	"crown/engine/board"
)

func FuzzRequests(f *testing.F) {
	for _, s := range []string{
		`{"move":"11-15"}`, `{"move":"15x24x31"}`, `{"ply":3}`, `{"from":"fen","fen":"B:W19,27,28:B15,20"}`,
		`{"from":"ballot","ballot":"acf 12"}`, `{"from":"eleven","number":7}`, `{"pdn":"1. 11-15 22-18 2. 15x22 *"}`,
		`{"evaluator":"nn","movetime_ms":100}`, `{"side":"W"}`, `{}`, ``, `{`, `{"move":1}`,
		`{"a":{"depth":2},"b":{"evaluator":"material"},"games":2,"openings":"start"}`, `{"base_ms":60000,"inc_ms":1000}`,
	} {
		for kind := range uint8(9) {
			f.Add(kind, []byte(s))
		}
	}
	o, err := loadOpenings()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		l := newLine(board.Start())
		l.play("11-15")
		p0 := l.position()

		switch kind % 9 {
		case 0:
			var r moveRequest
			if parseRequest(data, &r) == nil {
				if _, err := l.play(r.Move); err != nil && l.position() != p0 {
					t.Fatalf("refused move %q changed the line", r.Move)
				}
			}
		case 1:
			var r gotoRequest
			if parseRequest(data, &r) == nil {
				if err := l.seek(*r.Ply); err != nil && l.cur != 1 {
					t.Fatalf("refused goto %d moved the cursor", *r.Ply)
				}
			}
		case 2:
			var r newGameRequest
			if parseRequest(data, &r) == nil {
				if nl, err := o.lineFor(r); err == nil {
					p := nl.position()
					if p.Valid() != nil {
						t.Fatalf("new game from %+v: invalid position %s", r, p.FEN())
					}
					view(&nl, nil, nil)
				}
			}
		case 3:
			var r loadPDNRequest
			if parseRequest(data, &r) == nil {
				if nl, _, err := lineFromPDN(r); err == nil {
					view(&nl, nil, nil)
				}
			}
		case 4:
			var r settings
			if parseRequest(data, &r) == nil && (r.Evaluator == "" || (r.MoveTimeMS == 0 && r.Depth == 0)) {
				t.Fatalf("settings %+v passed without defaults", r)
			}
		case 5:
			var r graphSettings
			parseRequest(data, &r)
		case 6:
			var r sideRequest
			if parseRequest(data, &r) == nil && r.Side != "B" && r.Side != "W" {
				t.Fatalf("side %q passed", r.Side)
			}
		case 7:
			var r matchRequest
			if parseRequest(data, &r) == nil && (r.Games < 1 || r.Games > 200 || r.A.Evaluator == "" || r.B.Evaluator == "") {
				t.Fatalf("match %+v passed", r)
			}
		case 8:
			var r clockRequest
			if parseRequest(data, &r) == nil && (r.BaseMS < 0 || r.IncMS < 0) {
				t.Fatalf("clock %+v passed", r)
			}
		}
	})
}
