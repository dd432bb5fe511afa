// start.go makes the line of a new game from what the page asks for: the
// initial position, a 3-move ballot by name or number, an eleven-man ballot
// by number, a FEN, or a game of a PDN text. The ballot sets are loaded once
// when the server starts (package match holds them). A new game names its
// variant (English checkers, Russian or Brazilian draughts): the start and
// FENs are the variant's; the ballots are English openings, refused for the
// others.
package gui

import (
	"fmt"
	"strconv"
	"strings"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/protocol/match"
)

// openings are the ballots a new game can start from.
type openings struct {
	acf    []match.Opening // the 156 ACF 3-move ballots in use
	eleven []match.Opening // the 2,400 eleven-man ballots
}

func loadOpenings() (openings, error) {
	acf, err := match.LoadOpenings(match.SetACF)
	if err != nil {
		return openings{}, err
	}
	eleven, err := match.LoadOpenings(match.SetEleven)
	if err != nil {
		return openings{}, err
	}
	return openings{acf: acf, eleven: eleven}, nil
}

// ballot finds a 3-move ballot by number (1-156) or by a case-insensitive
// part of its name ("Old Faithful", "ACF 12", "11-15 23-19 8-11").
func (o openings) ballot(key string) (match.Opening, error) {
	key = strings.TrimSpace(key)
	if key == "" {
		return match.Opening{}, fmt.Errorf("name a ballot (1-%d or part of its name)", len(o.acf))
	}
	if n, err := strconv.Atoi(key); err == nil {
		if n < 1 || n > len(o.acf) {
			return match.Opening{}, fmt.Errorf("ballot %d: there are %d (1-%d)", n, len(o.acf), len(o.acf))
		}
		return o.acf[n-1], nil
	}
	low := strings.ToLower(key)
	var found []match.Opening
	for _, b := range o.acf {
		name := strings.ToLower(b.Name)
		if name == low || strings.HasPrefix(name, low+":") {
			return b, nil
		}
		if strings.Contains(name, low) {
			found = append(found, b)
		}
	}
	switch len(found) {
	case 0:
		return match.Opening{}, fmt.Errorf("no ballot matches %q", key)
	case 1:
		return found[0], nil
	}
	return match.Opening{}, fmt.Errorf("%d ballots match %q, e.g. %s; %s", len(found), key, found[0].Name, found[1].Name)
}

// newGameRequest is the body of POST /api/new.
type newGameRequest struct {
	// Variant is the game: english (also ""), russian or brazilian
	// (board.ParseVariant's names).
	Variant string `json:"variant"`
	From    string `json:"from"`   // start, ballot, eleven, fen
	Ballot  string `json:"ballot"` // ballot: number or name
	Number  int    `json:"number"` // eleven: 1-2400
	FEN     string `json:"fen"`    // fen
}

// lineFor builds the line a new game starts with.
func (o openings) lineFor(r newGameRequest) (line, error) {
	v, err := requestVariant(r.Variant)
	if err != nil {
		return line{}, err
	}
	if v != board.English && (r.From == "ballot" || r.From == "eleven") {
		return line{}, fmt.Errorf("the %s ballots are English checkers openings: a game of %s draughts starts from the start or a FEN",
			map[string]string{"ballot": "ACF 3-move", "eleven": "eleven-man"}[r.From], v)
	}
	switch r.From {
	case "", "start":
		return newLine(board.StartOf(v)), nil
	case "ballot":
		b, err := o.ballot(r.Ballot)
		if err != nil {
			return line{}, err
		}
		l := newLine(b.Start)
		l.moves = append([]board.Move(nil), b.Moves...)
		l.cur = len(l.moves)
		l.tags = [][2]string{{"Event", b.Name}}
		return l, nil
	case "eleven":
		if r.Number < 1 || r.Number > len(o.eleven) {
			return line{}, fmt.Errorf("eleven-man ballot %d: there are %d (1-%d)", r.Number, len(o.eleven), len(o.eleven))
		}
		b := o.eleven[r.Number-1]
		l := newLine(b.Start)
		l.tags = [][2]string{{"Event", fmt.Sprintf("eleven-man ballot %d", r.Number)}}
		return l, nil
	case "fen":
		p, err := board.ParseVariantFEN(r.FEN, v)
		if err != nil {
			return line{}, err
		}
		if err := p.Valid(); err != nil {
			return line{}, fmt.Errorf("FEN %s: %w", r.FEN, err)
		}
		return newLine(p), nil
	}
	return line{}, fmt.Errorf("from %q: want start, ballot, eleven or fen", r.From)
}

// requestVariant reads a request's variant name: "" is English checkers;
// an unknown name is an error naming the three.
func requestVariant(name string) (board.Variant, error) {
	if name == "" {
		return board.English, nil
	}
	v, err := board.ParseVariant(name)
	if err != nil {
		return board.English, fmt.Errorf("variant %q: want english, russian or brazilian", name)
	}
	return v, nil
}

// loadPDNRequest is the body of POST /api/pdn.
type loadPDNRequest struct {
	PDN  string `json:"pdn"`
	Game int    `json:"game"` // 1-based; 0 means the first
}

// lineFromPDN reads the chosen game of a PDN text; the cursor starts at the
// beginning so the game can be stepped through.
func lineFromPDN(r loadPDNRequest) (line, int, error) {
	games, err := pdn.ReadAll(strings.NewReader(r.PDN))
	if err != nil {
		return line{}, 0, err
	}
	if len(games) == 0 {
		return line{}, 0, fmt.Errorf("the PDN text holds no game")
	}
	n := r.Game
	if n == 0 {
		n = 1
	}
	if n < 1 || n > len(games) {
		return line{}, 0, fmt.Errorf("game %d: the PDN text holds %d", n, len(games))
	}
	g := games[n-1]
	if err := g.Start.Valid(); err != nil {
		return line{}, 0, fmt.Errorf("game %d: %w", n, err)
	}
	l := newLine(g.Start)
	l.moves = append([]board.Move(nil), g.Moves...)
	for _, t := range g.Tags {
		l.tags = append(l.tags, [2]string{t.Name, t.Value})
	}
	return l, len(games), nil
}
