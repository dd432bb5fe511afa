// play.go implements `crown play`: a game against crown in the terminal,
// for a newcomer's first command. It sets up the start position (the
// initial position, an ACF 3-move ballot or a FEN), the colours and crown's
// time per move, and hands over to the game loop of protocol/terminal;
// crown searches as in engine mode (default evaluator, opening book,
// endgame database).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/crownsearch"
	"crown/protocol/terminal"
)

type playCmd struct {
	Colour  string        `default:"black" enum:"black,white" help:"Your colour: black (moves first) or white."`
	Time    float64       `default:"1" help:"crown's seconds per move."`
	Ballot  int           `help:"Start from this ACF 3-move ballot (1-174; the 156 in use)."`
	FEN     string        `help:"Start from this position (PDN FEN; in Russian and Brazilian draughts algebraic squares, as lidraughts writes them)."`
	Variant board.Variant `default:"english" help:"The game: english (checkers), russian or brazilian (draughts with flying kings; White moves first; docs/variants.md)."`
	Hash    int           `type:"hash" default:"64" help:"crown's transposition table in MiB."`
	Skill   int           `default:"10" help:"crown's strength: 1 (a beginner) to 10 (full strength; docs/levels.md)."`
	Set     []string      `placeholder:"NAME=VALUE" help:"Any engine option, repeatable: ${options} (docs/engine-mode.md)."`
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
	v := c.Variant
	start, opened, err := terminal.StartIn(v, c.FEN, c.Ballot)
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
	o.HashMB, o.Skill, o.Variant = c.Hash, c.Skill, v
	t := protocol.MachineTable(nil)
	for _, kv := range c.Set {
		name, value, _ := strings.Cut(kv, "=")
		if err := t.Apply(&o, name, value); err != nil {
			return fmt.Errorf("--set %s: %w", kv, err)
		}
	}
	if o.Variant != v {
		return fmt.Errorf("--set variant=%s: the game is %s (give --variant)", o.Variant, v)
	}
	if err := s.Configure(o); err != nil {
		return err
	}
	human := board.Black
	if c.Colour == "white" {
		human = board.White
	}
	return terminal.Play(terminal.Options{
		Searcher: s, In: in, Out: out, Human: human, Start: start, Opened: opened,
		Limits: protocol.Limits{MoveTime: time.Duration(c.Time * float64(time.Second))},
	})
}
