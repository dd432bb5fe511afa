// game.go is the game record: the start position, the moves played, the
// position history, and the rules that end a game — no legal move (a loss),
// threefold repetition, the variant's move-count rules and an optional move
// cap (the seeds' evolution declares a draw after 100 moves per side).
//
// English checkers' move-count rule is the 40-move rule as CheckerBoard
// applies it: a draw once 40 moves by each side (80 plies) have been played
// since the last capture or man move, the same window of reversible king
// moves that CheckerBoard sends an engine in `set gamehist`. Russian and
// Brazilian draughts have lidraughts' rules 7.2.4-7.2.8 instead (drawrules.go).
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

	// Russian and Brazilian draughts (lidraughts' reading of the Russian
	// rules, drawrules.go).
	KingsAgainstLoneKing // 7.2.4: 3 kings or more failed to take a lone king in 15 moves
	KingsOnly            // 7.2.5: 15 moves of kings only without capture
	NoMaterialChange     // 7.2.6: both with kings, 4-5 pieces 30 moves, 6-7 pieces 60 moves
	LoneKingDiagonal     // 7.2.7: 3 pieces against a lone king on the long diagonal, 5 moves
	LoneKingMoves        // 7.2.8: 2 pieces or fewer against a lone king, 5 moves
)

func (r Reason) String() string {
	return [...]string{"", "no legal move", "threefold repetition", "40-move rule", "move cap",
		"15 moves of 3 kings against a lone king", "15 moves of kings only",
		"no capture or promotion in a small ending", "5 moves against a lone king on the long diagonal",
		"5 moves against a lone king"}[r]
}

// Rules configures how a game ends.
type Rules struct {
	MoveCap      int  // moves per side after which the game is a draw; 0 = no cap
	NoRepetition bool // disable the threefold repetition draw
	NoFortyMoves bool // disable the move-count rules: the 40-move rule, lidraughts' 7.2.4-7.2.8
}

// FortyMovePlies is the number of reversible plies the 40-move rule allows.
const FortyMovePlies = 80

// Game is a game record.
type Game struct {
	Rules Rules
	moves []Move
	hist  []Position  // hist[0] is the start, hist[i] the position after i moves
	quiet []int       // quiet[i]: reversible plies before hist[i]
	clock []drawClock // clock[i]: Russian and Brazilian draw counts at hist[i]
}

// NewGame starts a game from p.
func NewGame(p Position, rules Rules) *Game {
	return &Game{Rules: rules, hist: []Position{p}, quiet: []int{0}, clock: []drawClock{{}}}
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
	next := p.Play(m)
	c := g.clock[len(g.clock)-1]
	if p.Variant != English {
		c = c.next(&p, m, &next)
	}
	g.moves = append(g.moves, m)
	g.hist = append(g.hist, next)
	g.quiet = append(g.quiet, q)
	g.clock = append(g.clock, c)
}

// Undo takes back the last move; it reports false at the start.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.quiet = g.quiet[:len(g.quiet)-1]
	g.clock = g.clock[:len(g.clock)-1]
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
	if !g.Rules.NoFortyMoves {
		if why := g.countDraw(&p); why != NotOver {
			return Draw, why
		}
	}
	if g.Rules.MoveCap > 0 && g.Ply() >= 2*g.Rules.MoveCap {
		return Draw, MoveCap
	}
	return Ongoing, NotOver
}

// countDraw returns the move-count rule that ends the game now, or NotOver.
func (g *Game) countDraw(p *Position) Reason {
	if p.Variant == English {
		if g.Quiet() >= FortyMovePlies {
			return FortyMoves
		}
		return NotOver
	}
	if n, limit, rule := g.DrawCount(); limit > 0 && n >= limit {
		return rule
	}
	return NotOver
}

// DrawCount returns, in Russian and Brazilian draughts, the plies counted
// towards the move-count rule that applies now, its limit in plies and the
// reason it would give; limit is 0 where none applies (and in English
// checkers, whose count is Quiet).
func (g *Game) DrawCount() (plies, limit int, rule Reason) {
	p := g.Position()
	if p.Variant == English {
		return 0, 0, NotOver
	}
	c := g.clock[len(g.clock)-1]
	r := drawRuleOf(&p)
	weak, _ := loneKing(&p)
	return int(c.plies), r.limit(int(c.diag[weak])), r.reason()
}
