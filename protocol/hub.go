// hub.go handles Hub protocol v2 commands (Scan's protocol.txt) for English
// checkers and, with the variant parameter, Russian and Brazilian draughts
// (hubvariant.go): hub, set-param, init, new-game, pos, level, go, stop,
// ponder-hit, ping and quit. Unknown commands are ignored, as the protocol
// asks; a known command with bad arguments gets an `error` line and changes
// nothing.
package protocol

import (
	"fmt"

	"crown/engine/board"
)

// dispatch runs one input line and reports whether the loop must end.
func (e *Engine) dispatch(text string) (quit bool) {
	word, rest := firstWord(text)
	if word == "" {
		return false
	}
	if isCBCommand(word) {
		e.cbLine(word, rest)
		return false
	}
	switch word {
	case "hub", "set-param", "init", "new-game", "pos", "level", "go", "stop", "ponder-hit", "ping", "quit":
	default:
		e.log.Debug().Str("line", text).Msg("unknown command ignored")
		return false
	}
	l, err := ParseLine(text)
	if err != nil {
		if word == "pos" {
			e.posErr = err
		}
		e.sendError(err.Error())
		return false
	}
	switch l.Cmd {
	case "hub":
		e.hubHello()
	case "set-param":
		err = e.setParam(l)
	case "init":
		if err := e.applyOptions(); err != nil {
			e.sendError("init: " + err.Error())
		}
		e.inited = true
		e.send("ready")
	case "new-game":
		e.applyOptionsQuietly()
		e.s.NewGame()
	case "pos":
		if err = e.hubPos(l); err != nil {
			// The client's position is unknown now: searching the previous
			// one would answer a move for a position it is not playing.
			e.posErr = err
		}
	case "level":
		var lv Level
		if lv, err = ParseLevel(l); err == nil {
			e.level = lv
		}
	case "go":
		err = e.hubGo(l)
	case "stop":
		if e.run != nil {
			e.stopSearch()
		}
	case "ponder-hit":
		if e.run != nil {
			e.ponderHit()
		}
	case "ping":
		e.send("pong")
	case "quit":
		e.shutdown()
		return true
	}
	if err != nil {
		e.sendError(err.Error())
	}
	return false
}

// hubHello answers `hub`: id, the parameters, wait.
func (e *Engine) hubHello() {
	args := []Arg{kv("name", e.id.Name), kv("version", e.id.Version)}
	if e.id.Author != "" {
		args = append(args, kv("author", e.id.Author))
	}
	e.send("id", args...)
	for _, p := range e.params() {
		e.send("param", p.declare()...)
	}
	e.send("wait")
}

// hubPos reads `pos pos=<position> [moves="..."]`; `fen=<FEN>` and the flag
// `start` are accepted in place of pos=. Moves are in standard numbering
// whatever the frame of the position string (hubpos.go); in Russian and
// Brazilian draughts both are pydraughts' frames for them (hubvariant.go).
func (e *Engine) hubPos(l Line) error {
	moves, _ := l.Get("moves")
	s, ok := PosArgument(l)
	if !ok {
		return fmt.Errorf("pos: want pos=<position>, fen=<FEN> or start")
	}
	if v := e.opts.Variant; v != board.English {
		return e.hubVariantPos(l, s, moves, v)
	}
	var known Known
	if o, ok := e.s.(Openings); ok {
		known = o.KnownOpening
	}
	g, frame, identified, why, err := ReadGame(s, moves, e.frame, e.seenFrame, known)
	if err != nil {
		return fmt.Errorf("pos: %w", err)
	}
	if identified {
		e.seenFrame = frame
	}
	e.log.Debug().Stringer("frame", frame).Str("why", why).Msg("pos")
	e.game, e.posErr = g, nil
	return nil
}

// hubVariantPos reads the `pos` of a Russian or Brazilian game, in
// pydraughts' frames for them (hubvariant.go); the flag start is v's start.
func (e *Engine) hubVariantPos(l Line, s, moves string, v board.Variant) error {
	if _, named := l.Get("pos"); !named {
		if _, named = l.Get("fen"); !named {
			s = variantStart(v)
		}
	}
	g, err := ReadVariantGame(s, moves, v)
	if err != nil {
		return fmt.Errorf("pos (%s): %w", v, err)
	}
	e.log.Debug().Stringer("variant", v).Msg("pos")
	e.game, e.posErr = g, nil
	return nil
}

// hubGo starts a search: `go think|ponder|analyze` (plain `go` thinks).
func (e *Engine) hubGo(l Line) error {
	mode := Think
	switch {
	case l.Has("think"):
	case l.Has("ponder"):
		mode = Ponder
	case l.Has("analyze"):
		mode = Analyze
	case len(l.Args) > 0:
		return fmt.Errorf("go: want think, ponder or analyze")
	}
	if e.posErr != nil {
		e.sendError("go: no position to search: the last pos was rejected (" + e.posErr.Error() + "); send a valid pos")
		e.send("done")
		return nil
	}
	p := e.game.Position()
	if p.Variant != e.opts.Variant {
		e.sendError(fmt.Sprintf("go: the position is %s but variant is %s: send pos after set-param name=variant", p.Variant, e.opts.Variant))
		e.send("done")
		return nil
	}
	if !p.HasMoves() {
		e.sendError("go: the side to move has no legal move")
		e.send("done")
		return nil
	}
	req := Request{Game: e.game, Limits: e.level.Limits(e.overhead), Mode: mode, Handicap: e.level.Handicap}
	if mode == Analyze {
		req.Limits.MultiPV = e.multiPV // thinking and pondering play a move: one line
	}
	e.startSearch(req, e.hubInfo, e.hubDone)
	return nil
}

// hubInfo writes an `info` line: key=value tokens only, no value holding
// '=' (pydraughts cannot parse either).
//
// A move not found by searching is reported with source=book (and no
// score) or source=egdb. A multi-PV report (multipv above 1, go analyze)
// is one line per PV, best first, each with multipv=k after the depth.
func (e *Engine) hubInfo(i Info) {
	if len(i.Lines) > 0 {
		for k, l := range i.Lines {
			e.hubInfoLine(i, k+1, l.Score, l.PV)
		}
		return
	}
	e.hubInfoLine(i, 0, i.Score, i.PV)
}

// hubInfoLine writes one `info` line of i with the given score and PV;
// multipv is the line's number, 0 for an ordinary report.
func (e *Engine) hubInfoLine(i Info, multipv, score int, pv []board.Move) {
	args := []Arg{kv("depth", fmt.Sprint(i.Depth))}
	if multipv > 0 {
		args = append(args, kv("multipv", fmt.Sprint(multipv)))
	}
	if i.Source != SourceBook {
		args = append(args, kv("score", MenScore(score)))
	}
	args = append(args,
		kv("nodes", fmt.Sprint(i.Nodes)),
		kv("time", fmt.Sprintf("%.3f", i.Time.Seconds())),
		kv("nps", fmt.Sprintf("%.2f", mnps(i.Nodes, i.Time))),
	)
	root := e.run.req.Game.Position()
	if pv := pvText(root, pv, hubMoveWriter(root.Variant)); pv != "" {
		args = append(args, kv("pv", pv))
	}
	if i.Source != "" {
		args = append(args, kv("source", i.Source))
	}
	e.send("info", args...)
}

// hubDone writes the single `done move=... [ponder=...]` of a search.
func (e *Engine) hubDone(a answer) {
	write := hubMoveWriter(a.root.Variant)
	args := []Arg{kv("move", write(a.move))}
	if a.hasPonder {
		args = append(args, kv("ponder", write(a.ponder)))
	}
	e.send("done", args...)
}
