// state.go is the JSON view of a session the page draws from: the board,
// the legal moves with their landing paths (so the page can take a
// multi-jump square by square), the last move, the move list, the result,
// the endgame-database verdict and the book moves with their names. The
// variant is named, and every move is written as Position.Notation writes it
// in that variant; Russian and Brazilian games have no database or book.
package gui

import (
	"crown/book"
	"crown/engine/board"
	"crown/engine/pdn"
)

// stateView is the answer to every command and the "state" event.
type stateView struct {
	// Variant is the game's rules: english, russian or brazilian. Moves,
	// legal move texts and FEN are written in its notation (algebraic in
	// Russian and Brazilian draughts: board.Position.Notation).
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Side    string `json:"side"` // "B" or "W": to move
	// StartSide is who moves first in the line ("W" for some set-up
	// positions), for numbering the moves.
	StartSide string     `json:"start_side"`
	Pieces    []string   `json:"pieces"` // 32 entries, square 1 first: "", "b", "B" (king), "w", "W"
	Legal     []moveView `json:"legal"`
	Last      *moveView  `json:"last"`  // the move that led here; null at the start
	Moves     []string   `json:"moves"` // the whole line in PDN notation
	Cur       int        `json:"cur"`   // moves played (the cursor)
	Over      bool       `json:"over"`
	Result    string     `json:"result"` // PDN: 1-0 (Black won), 0-1, 1/2-1/2, "" while going on
	Status    string     `json:"status"` // why it ended
	EGDB      string     `json:"egdb"`   // database verdict for the side to move: win, draw, loss; "" outside it
	Book      []bookView `json:"book"`
	Job       string     `json:"job"` // "think", "analyse", "graph" or ""
	Gen       uint64     `json:"gen"` // changes whenever the line or cursor does
	// Seq numbers the session's state snapshots in the order they were
	// taken: an answer and an event can cross on the way to the page, which
	// keeps the newest.
	Seq      uint64      `json:"seq"`
	Tags     [][2]string `json:"tags,omitempty"`
	Settings settings    `json:"settings"`
	Clock    *clockView  `json:"clock"`     // null when the game is not timed
	PDNGame  int         `json:"pdn_game"`  // of a loaded PDN text: this game's number
	PDNGames int         `json:"pdn_games"` // and how many the text holds (0: not from a PDN)
}

// moveView is a move as the page handles it.
type moveView struct {
	Text     string `json:"text"`     // PDN notation in this position
	Path     []int  `json:"path"`     // from square, then every landing square
	Captured []int  `json:"captured"` // captured squares in jump order
}

type bookView struct {
	Move  string `json:"move"`
	Name  string `json:"name"`
	Score int    `json:"score"` // book score, search units from the mover's view; book.NoScore when unscored
	Games uint32 `json:"games"`
}

func viewMove(p *board.Position, m board.Move) moveView {
	v := moveView{Text: p.Notation(m), Path: []int{int(m.From) + 1}, Captured: []int{}}
	for _, s := range m.Landings() {
		v.Path = append(v.Path, int(s)+1)
	}
	for _, s := range m.CapturedInOrder() {
		v.Captured = append(v.Captured, int(s)+1)
	}
	return v
}

// pieceLetter is the page's letter for a piece: b, B (king), w, W, "" empty.
func pieceLetter(p board.Piece) string {
	switch p {
	case board.BlackMan:
		return "b"
	case board.BlackKing:
		return "B"
	case board.WhiteMan:
		return "w"
	case board.WhiteKing:
		return "W"
	}
	return ""
}

// prober is the endgame database as the state needs it: the value (+1, 0,
// -1) of a position for its side to move, ok false outside the database.
type prober interface {
	Probe(p *board.Position) (int, bool)
}

// view builds the state of l; eg and bk may be nil.
func view(l *line, eg prober, bk *book.Book) stateView {
	p := l.position()
	v := stateView{Variant: p.Variant.String(), FEN: p.FEN(), Side: "B", Cur: l.cur, Legal: []moveView{}, Moves: []string{}, Book: []bookView{}}
	if p.Side == board.White {
		v.Side = "W"
	}
	v.StartSide = "B"
	if l.start.Side == board.White {
		v.StartSide = "W"
	}
	for s := board.Square(0); s < 32; s++ {
		v.Pieces = append(v.Pieces, pieceLetter(p.At(s)))
	}
	q := l.start
	for i, m := range l.moves {
		if i == l.cur-1 {
			mv := viewMove(&q, m)
			v.Last = &mv
		}
		v.Moves = append(v.Moves, q.Notation(m))
		q = q.Play(m)
	}
	r, why := l.status()
	if r != board.Ongoing {
		v.Over, v.Status = true, why
		v.Result = pdn.ResultText(r)
	} else {
		for _, m := range p.LegalMoves() {
			v.Legal = append(v.Legal, viewMove(&p, m))
		}
	}
	if p.Variant != board.English {
		eg, bk = nil, nil // the database and the book hold English checkers
	}
	if eg != nil && !v.Over {
		if val, ok := eg.Probe(&p); ok {
			v.EGDB = [...]string{"loss", "draw", "win"}[val+1]
		}
	}
	if bk != nil && !v.Over {
		for _, bm := range bk.Lookup(&p) {
			v.Book = append(v.Book, bookView{Move: p.Notation(bm.Move), Name: bm.Name, Score: int(bm.Entry.Score), Games: bm.Entry.Games()})
		}
	}
	v.Tags = l.tags
	v.PDNGame, v.PDNGames = l.pdnGame, l.pdnGames
	return v
}
