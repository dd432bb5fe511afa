// game.go is the game record: the start position, the moves played, the
// position history, and the rules that end a game — no legal move (a loss),
// threefold repetition, the 40-move rule and an optional move cap (the seeds'
// evolution declares a draw after 100 moves per side).
//
// The 40-move rule follows CheckerBoard: a draw once 40 moves by each side
// (80 plies) have been played since the last capture or man move, the same
// window of reversible king moves that CheckerBoard sends an engine in
// `set gamehist`.
package board

// Result is the outcome of a game, absolute (not relative to a side).
type Result uint8

const (
	Ongoing Result = iota
	BlackWins
	WhiteWins
	Draw
)

func (r Result) String() string {
	return [...]string{"ongoing", "black wins", "white wins", "draw"}[r]
}

// Outcome is a result from one side's point of view.
type Outcome int8

const (
	Loss  Outcome = -1
	Drawn Outcome = 0
	Win   Outcome = 1
)

// For returns the result from c's point of view (Drawn while ongoing).
func (r Result) For(c Color) Outcome {
	switch {
	case r == BlackWins && c == Black, r == WhiteWins && c == White:
		return Win
	case r == BlackWins, r == WhiteWins:
		return Loss
	}
	return Drawn
}

// WinFor returns the result in which c wins.
func WinFor(c Color) Result {
	if c == Black {
		return BlackWins
	}
	return WhiteWins
}

// Reason says why a game ended.
type Reason uint8

const (
	NotOver    Reason = iota
	NoMoves           // the side to move has no legal move and loses
	Repetition        // the same position for the third time
	FortyMoves        // 40 moves each without a capture or man move
	MoveCap           // the configured move limit
)

func (r Reason) String() string {
	return [...]string{"", "no legal move", "threefold repetition", "40-move rule", "move cap"}[r]
}

// Rules configures how a game ends.
type Rules struct {
	MoveCap      int  // moves per side after which the game is a draw; 0 = no cap
	NoRepetition bool // disable the threefold repetition draw
	NoFortyMoves bool // disable the 40-move rule
}

// FortyMovePlies is the number of reversible plies the 40-move rule allows.
const FortyMovePlies = 80

// Game is a game record.
type Game struct {
	Rules Rules
	moves []Move
	hist  []Position // hist[0] is the start, hist[i] the position after i moves
	quiet []int      // quiet[i]: reversible plies before hist[i]
}

// NewGame starts a game from p.
func NewGame(p Position, rules Rules) *Game {
	return &Game{Rules: rules, hist: []Position{p}, quiet: []int{0}}
}

// Start returns the start position.
func (g *Game) Start() Position { return g.hist[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.hist[len(g.hist)-1] }

// Moves returns the moves played.
func (g *Game) Moves() []Move { return g.moves }

// History returns every position from the start to the current one.
func (g *Game) History() []Position { return g.hist }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// Quiet returns the number of reversible plies (king moves without capture)
// since the last capture or man move.
func (g *Game) Quiet() int { return g.quiet[len(g.quiet)-1] }

// Play plays m if it is legal in the current position.
func (g *Game) Play(m Move) error {
	p := g.Position()
	for _, o := range p.LegalMoves() {
		if o == m {
			g.push(p, m)
			return nil
		}
	}
	return errorf("illegal move %s in %s", m.PathString(), p.FEN())
}

// PlayText parses move text against the current position and plays it.
func (g *Game) PlayText(text string) (Move, error) {
	p := g.Position()
	m, err := p.ParseMove(text)
	if err != nil {
		return m, err
	}
	g.push(p, m)
	return m, nil
}

func (g *Game) push(p Position, m Move) {
	q := 0
	if p.Reversible(m) {
		q = g.Quiet() + 1
	}
	g.moves = append(g.moves, m)
	g.hist = append(g.hist, p.Play(m))
	g.quiet = append(g.quiet, q)
}

// Undo takes back the last move; it reports false at the start.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.quiet = g.quiet[:len(g.quiet)-1]
	return true
}

// Repetitions returns how many times the current position (with the same side
// to move) has occurred in the game, counting the current occurrence.
func (g *Game) Repetitions() int {
	n := len(g.hist) - 1
	cur := g.hist[n]
	count := 1
	for i := n - 2; i >= n-g.Quiet(); i -= 2 {
		if h := g.hist[i]; h.Hash == cur.Hash && h.Black == cur.Black && h.White == cur.White && h.Kings == cur.Kings {
			count++
		}
	}
	return count
}

// Status returns the result of the game so far and why it ended.
func (g *Game) Status() (Result, Reason) {
	p := g.Position()
	if !p.HasMoves() {
		return WinFor(p.Side.Other()), NoMoves
	}
	if !g.Rules.NoRepetition && g.Repetitions() >= 3 {
		return Draw, Repetition
	}
	if !g.Rules.NoFortyMoves && g.Quiet() >= FortyMovePlies {
		return Draw, FortyMoves
	}
	if g.Rules.MoveCap > 0 && g.Ply() >= 2*g.Rules.MoveCap {
		return Draw, MoveCap
	}
	return Ongoing, NotOver
}
