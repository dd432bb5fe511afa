// Package terminal is the game of `crown play` in a terminal, beside the
// browser board of protocol/gui: it shows the board, reads the player's
// moves and commands from a reader, lets crown answer through a
// protocol.Searcher (the same search, book and endgame database as engine
// mode), and writes everything to a writer, so a test can play a whole
// scripted game.
//
// Moves are typed in standard notation: 11-15, a capture by its from and to
// squares (15x24, also 15-24), the full path (1x10x19), or any unique
// prefix of a legal move's notation (with one legal move from 23, "23"
// plays it). Commands: undo, hint, save FILE, moves, board, help, quit.
//
// session.go holds the options, Play and the game loop.
package terminal

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/protocol"
)

// Options configure Play.
type Options struct {
	Searcher protocol.Searcher // crown's side, configured
	In       io.Reader         // the player's lines
	Out      io.Writer         // the board and crown's answers
	Human    board.Color       // the player's colour
	Start    board.Position    // the position to play from
	Opened   string            // how the game started ("start position"), for the messages and PDN tags
	Limits   protocol.Limits   // crown's search per move (and per hint)
}

// Play plays one game until quit or the end of input.
func Play(o Options) error {
	sc := bufio.NewScanner(o.In)
	sc.Buffer(make([]byte, 4096), 1<<16)
	ps := &playSession{
		s: o.Searcher, in: sc, out: o.Out, human: o.Human, opened: o.Opened,
		game: board.NewGame(o.Start, board.Rules{}), limits: o.Limits,
	}
	return ps.run()
}

// playSession is one game against crown.
type playSession struct {
	s      protocol.Searcher
	in     *bufio.Scanner
	out    io.Writer
	game   *board.Game
	human  board.Color
	limits protocol.Limits // crown's search per move (and per hint)
	opened string          // how the game started, for the PDN tags
}

// playHelp lists the commands.
const playHelp = `Type a move (11-15; a capture by from and to, 15x24; or a unique start
of one, such as 23 when only one move starts there), or a command:
  undo        take back your last move (and crown's answer)
  hint        crown suggests a move for you
  save FILE   write the game so far as PDN
  moves       list your legal moves
  board       show the board again
  help        this text
  quit        leave
`

// run plays until quit or the end of input.
func (ps *playSession) run() error {
	fmt.Fprintf(ps.out, "Starting from the %s. You play %s, crown plays %s. Type help for the commands.\n",
		ps.opened, colourName(ps.human), colourName(ps.human.Other()))
	ps.show()
	for {
		if res, why := ps.game.Status(); why != board.NotOver {
			fmt.Fprintf(ps.out, "Game over: %s (%s). undo, save FILE or quit.\n", resultText(res), why)
		} else if ps.game.Position().Side != ps.human {
			ps.crownMove()
			continue
		}
		fmt.Fprint(ps.out, "> ")
		if !ps.in.Scan() {
			fmt.Fprintln(ps.out)
			return ps.in.Err()
		}
		if quit := ps.command(strings.TrimSpace(ps.in.Text())); quit {
			return nil
		}
	}
}

// command runs one line typed by the player; it reports whether to quit.
func (ps *playSession) command(line string) (quit bool) {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit":
		return true
	case "help", "?":
		io.WriteString(ps.out, playHelp)
	case "board":
		ps.show()
	case "moves":
		p := ps.game.Position()
		var list []string
		for _, m := range p.LegalMoves() {
			list = append(list, p.Notation(m))
		}
		fmt.Fprintf(ps.out, "Your moves: %s\n", strings.Join(list, " "))
	case "undo":
		ps.undo()
	case "hint":
		ps.hint()
	case "save":
		ps.save(rest)
	default:
		ps.humanMove(line)
	}
	return false
}

// humanMove plays the player's move text, or says why it cannot.
func (ps *playSession) humanMove(text string) {
	if _, why := ps.game.Status(); why != board.NotOver {
		fmt.Fprintln(ps.out, "The game is over: undo, save FILE or quit.")
		return
	}
	p := ps.game.Position()
	m, err := resolveMove(&p, text)
	if err != nil {
		fmt.Fprintf(ps.out, "%v. Type moves for the list, help for the commands.\n", err)
		return
	}
	fmt.Fprintf(ps.out, "You play %s.\n", p.Notation(m))
	ps.game.Play(m)
	ps.show()
}

// crownMove lets crown play and shows its move, score and the board.
func (ps *playSession) crownMove() {
	p := ps.game.Position()
	res := ps.s.Search(context.Background(), protocol.Request{Game: ps.game, Limits: ps.limits, Mode: protocol.Think}, func(protocol.Info) {})
	m, ok := legalFirst(&p, res.PV)
	if !ok {
		m = p.LegalMoves()[0] // the search failed; never leave the player waiting
	}
	fmt.Fprintf(ps.out, "crown plays %s%s.\n", p.Notation(m), describe(res, "for crown"))
	ps.game.Play(m)
	ps.show()
}

// hint shows what crown would play for the player.
func (ps *playSession) hint() {
	if _, why := ps.game.Status(); why != board.NotOver {
		fmt.Fprintln(ps.out, "The game is over.")
		return
	}
	p := ps.game.Position()
	res := ps.s.Search(context.Background(), protocol.Request{Game: ps.game, Limits: ps.limits, Mode: protocol.Analyze}, func(protocol.Info) {})
	m, ok := legalFirst(&p, res.PV)
	if !ok {
		fmt.Fprintln(ps.out, "No hint found.")
		return
	}
	fmt.Fprintf(ps.out, "Hint: %s%s.\n", p.Notation(m), describe(res, "for you"))
}

// undo takes back the player's last move and crown's answer to it: back
// to the latest position in which the player was to move.
func (ps *playSession) undo() {
	hist := ps.game.History()
	j := len(hist) - 2
	for j >= 0 && hist[j].Side != ps.human {
		j--
	}
	if j < 0 {
		fmt.Fprintln(ps.out, "Nothing to undo.")
		return
	}
	n := ps.game.Ply() - j
	for range n {
		ps.game.Undo()
	}
	fmt.Fprintf(ps.out, "Took back %d ply(s).\n", n)
	ps.show()
}

// save writes the game so far as PDN to file.
func (ps *playSession) save(file string) {
	if file == "" {
		fmt.Fprintln(ps.out, "save needs a file name: save game.pdn")
		return
	}
	res, _ := ps.game.Status()
	black, white := "crown", "crown"
	if ps.human == board.Black {
		black = "you"
	} else {
		white = "you"
	}
	g := pdn.FromRecord(ps.game, res,
		pdn.Tag{Name: "Event", Value: "crown play (" + ps.opened + ")"},
		pdn.Tag{Name: "Date", Value: time.Now().Format("2006.01.02")},
		pdn.Tag{Name: "Black", Value: black},
		pdn.Tag{Name: "White", Value: white})
	f, err := os.Create(file)
	if err == nil {
		err = pdn.Write(f, g)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(ps.out, "Could not save: %v\n", err)
		return
	}
	fmt.Fprintf(ps.out, "Saved %d moves to %s.\n", ps.game.Ply(), file)
}

// show draws the board and says whose move it is.
func (ps *playSession) show() {
	p := ps.game.Position()
	writeDiagram(ps.out, &p, ps.human == board.Black)
	who := "crown"
	if p.Side == ps.human {
		who = "you"
	}
	fmt.Fprintf(ps.out, "%s to move (%s).\n", colourName(p.Side), who)
}
