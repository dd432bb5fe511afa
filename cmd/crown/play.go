// play.go implements `crown play`: a game against crown in the terminal,
// for a newcomer's first command. It sets up the start position (the
// initial position, an ACF 3-move ballot or a FEN), the colours and crown's
// time per move, and hands over to the game loop in playsession.go; crown
// searches as in engine mode (default evaluator, opening book, endgame
// database).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/crownsearch"
	"crown/protocol/match"
	"crown/protocol/userfen"
)

type playCmd struct {
	Colour string  `default:"black" enum:"black,white" help:"Your colour: black (moves first) or white."`
	Time   float64 `default:"1" help:"crown's seconds per move."`
	Ballot int     `help:"Start from this ACF 3-move ballot (1-174; the 156 in use)."`
	FEN    string  `help:"Start from this position (PDN FEN)."`
	Hash   int     `type:"hash" default:"64" help:"crown's transposition table in MiB."`
	Skill  int     `default:"10" help:"crown's strength: 1 (a beginner) to 10 (full strength; docs/levels.md)."`
}

func (c *playCmd) Run(log *zerolog.Logger) error {
	s, err := crownsearch.New(log.Level(zerolog.WarnLevel))
	if err != nil {
		return err
	}
	return c.play(s, os.Stdin, os.Stdout)
}

// play runs the game with searcher s on in and out.
func (c *playCmd) play(s protocol.Searcher, in io.Reader, out io.Writer) error {
	if !(c.Time > 0) || c.Time > 3600 {
		return fmt.Errorf("--time %g: want seconds per move, more than 0 and at most 3600", c.Time)
	}
	start, opened, err := c.start()
	if err != nil {
		return err
	}
	if c.Skill == 0 {
		c.Skill = protocol.MaxSkill // not given (the flag's default is full strength too)
	}
	if c.Skill < 1 || c.Skill > protocol.MaxSkill {
		return fmt.Errorf("--skill %d: want a level from 1 (a beginner) to %d (full strength)", c.Skill, protocol.MaxSkill)
	}
	o := protocol.DefaultOptions()
	o.HashMB, o.Skill = c.Hash, c.Skill
	if err := s.Configure(o); err != nil {
		return err
	}
	human := board.Black
	if c.Colour == "white" {
		human = board.White
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<16)
	ps := &playSession{
		s: s, in: sc, out: out, human: human, opened: opened,
		game:   board.NewGame(start, board.Rules{}),
		limits: protocol.Limits{MoveTime: time.Duration(c.Time * float64(time.Second))},
	}
	return ps.run()
}

// start is the position to play from and its description.
func (c *playCmd) start() (board.Position, string, error) {
	switch {
	case c.FEN != "" && c.Ballot != 0:
		return board.Position{}, "", fmt.Errorf("give --fen or --ballot, not both")
	case c.FEN != "":
		p, err := userfen.Parse(c.FEN)
		if err != nil {
			return p, "", fmt.Errorf("--fen: %w", err)
		}
		return p, "position " + p.FEN(), nil
	case c.Ballot != 0:
		ops, err := match.LoadOpenings(match.SetACF)
		if err != nil {
			return board.Position{}, "", err
		}
		// Names are "ACF 5 Dreaded Edinburgh: 9-13 22-18 6-9" or "ACF 1: ...".
		prefix := fmt.Sprintf("ACF %d", c.Ballot)
		for _, o := range ops {
			if rest, ok := strings.CutPrefix(o.Name, prefix); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, ":")) {
				return o.Position(), "ballot " + o.Name, nil
			}
		}
		return board.Position{}, "", fmt.Errorf("--ballot %d: not one of the 156 ACF 3-move ballots in use (1-174, barred ones left out)", c.Ballot)
	}
	return board.Start(), "start position", nil
}
