// run.go starts, stops and finishes searches. The search runs on its own
// goroutine with a fresh context; its progress and its result come back as
// events on one channel, so `info` lines always precede the single `done`.
// The loop also cancels a search that overruns its time limits (a timer at
// Limits.Deadline, counting from the start or, when pondering, from
// ponder-hit), so a stuck searcher cannot hang a game. Faults the searcher
// met during the search (a damaged endgame database block) go out as
// `error` lines just before its answer.
package protocol

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"crown/engine/board"
	"crown/engine/search"
)

// running is the search in progress.
type running struct {
	req       Request
	cancel    context.CancelFunc
	ponderHit chan struct{} // open until ponder-hit (Ponder mode only)
	timer     *time.Timer
	start     time.Time
	stopAt    time.Time // when stop arrived, for the latency log
	last      Info      // latest progress
	onInfo    func(Info)
	onDone    func(answer)
}

// event is a message from the search goroutine.
type event struct {
	info   Info
	result Result
	done   bool
}

// answer is a finished search, checked against the rules.
type answer struct {
	move      board.Move
	ponder    board.Move
	hasPonder bool
	result    Result
	last      Info // the latest progress report (zero if none came)
	root      board.Position
}

// startSearch runs req on a new goroutine. onInfo and onDone run on the
// loop's goroutine.
func (e *Engine) startSearch(req Request, onInfo func(Info), onDone func(answer)) {
	if err := e.applyOptions(); err != nil {
		e.sendError(err.Error())
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{req: req, cancel: cancel, start: time.Now(), onInfo: onInfo, onDone: onDone}
	if req.Mode == Ponder {
		r.ponderHit = make(chan struct{})
		r.req.PonderHit = r.ponderHit
	} else {
		r.armTimer()
	}
	e.run = r
	if e.eof && r.outlivesClient() {
		e.stopSearch() // nobody is left to stop it, or to read its answer for long
	}
	root := req.Game.Position()
	e.log.Debug().Str("fen", root.FEN()).Str("mode", req.Mode.String()).
		Dur("movetime", req.Limits.MoveTime).Dur("clock", req.Limits.Time).Int("depth", req.Limits.Depth).Msg("search")
	events, s, log := e.events, e.s, e.log
	go func() {
		var res Result
		func() {
			defer func() {
				if v := recover(); v != nil {
					log.Error().Interface("panic", v).Msg("search failed; playing a fallback move")
				}
			}()
			res = s.Search(ctx, r.req, func(i Info) {
				i.PV = slices.Clone(i.PV)
				if len(i.Lines) > 0 {
					lines := make([]search.PVLine, len(i.Lines))
					for k, l := range i.Lines {
						lines[k] = search.PVLine{Score: l.Score, PV: slices.Clone(l.PV)}
					}
					i.Lines = lines
				}
				events <- event{info: i}
			})
		}()
		events <- event{result: res, done: true}
	}()
}

// eofGrace is how far from its deadline a search may still be when the
// client goes away and be left to finish: a piped script's searches of a
// few seconds still end with their done, but a move of a long time control
// (`level time=1e9`) no longer keeps a core busy for nobody.
const eofGrace = 10 * time.Second

// outlivesClient reports whether the search must be stopped when input
// ends: only a client could end it, or its deadline is beyond eofGrace.
func (r *running) outlivesClient() bool {
	if r.unbounded() {
		return true
	}
	d := Deadline(r.req.Limits)
	return d > 0 && time.Until(r.start.Add(d)) > eofGrace
}

// unbounded reports whether only a client can end the search.
func (r *running) unbounded() bool {
	l := r.req.Limits
	return r.ponderHit != nil || l.Infinite || (l.Depth == 0 && l.Nodes == 0 && Deadline(l) == 0)
}

// armTimer cancels the search at its deadline.
func (r *running) armTimer() {
	if d := Deadline(r.req.Limits); d > 0 {
		r.timer = time.AfterFunc(d, r.cancel)
	}
}

// stopSearch asks the running search to finish now.
func (e *Engine) stopSearch() {
	if e.run.stopAt.IsZero() {
		e.run.stopAt = time.Now()
	}
	e.run.cancel()
}

// ponderHit switches a pondering search to the clock.
func (e *Engine) ponderHit() {
	r := e.run
	if r.ponderHit == nil {
		e.log.Debug().Msg("ponder-hit outside ponder ignored")
		return
	}
	close(r.ponderHit)
	r.ponderHit = nil
	r.armTimer()
}

// onEvent handles one message from the search goroutine.
func (e *Engine) onEvent(ev event) {
	r := e.run
	if r == nil {
		return
	}
	if !ev.done {
		r.last = ev.info
		r.onInfo(ev.info)
		return
	}
	if r.timer != nil {
		r.timer.Stop()
	}
	r.cancel()
	e.run = nil
	a := checkResult(r.req.Game.Position(), ev.result)
	a.last = r.last
	if !a.legalPV {
		e.log.Error().Str("fen", a.root.FEN()).Msg("search returned no legal move; playing the first legal move")
	}
	if !r.stopAt.IsZero() {
		e.log.Debug().Dur("latency", time.Since(r.stopAt)).Msg("stop answered")
	}
	e.reportFaults()
	r.onDone(a.answer)
}

// reportFaults passes on what went wrong in the searcher's resources
// during the search that just ended (Faults): an error line each, before
// the search's answer.
func (e *Engine) reportFaults() {
	f, ok := e.s.(Faults)
	if !ok {
		return
	}
	for _, err := range f.Faults() {
		e.log.Error().Err(err).Msg("searcher fault")
		e.sendError(err.Error())
	}
}

// waitSearch handles events until the running search finishes. poll, if
// not nil, is called every pollInterval and stops the search when true.
func (e *Engine) waitSearch(poll func() bool) {
	var tick <-chan time.Time
	if poll != nil {
		t := time.NewTicker(pollInterval)
		defer t.Stop()
		tick = t.C
	}
	for e.run != nil {
		select {
		case ev := <-e.events:
			e.onEvent(ev)
		case <-tick:
			if e.run.stopAt.IsZero() && poll() {
				e.stopSearch()
			}
		}
	}
}

// pollInterval is how often a synchronous search checks CheckerBoard's
// playnow flag: 2 ms keeps the stop latency well inside the 10 ms goal at a
// negligible cost (500 wake-ups a second while searching).
const pollInterval = 2 * time.Millisecond

// checked is an answer plus whether the searcher's own move was legal.
type checked struct {
	answer
	legalPV bool
}

// checkResult validates the result's moves against the rules: the best move
// must be legal (otherwise the first legal move is played) and the ponder
// move legal after it.
func checkResult(root board.Position, res Result) checked {
	c := checked{answer: answer{result: res, root: root}}
	legal := root.LegalMoves()
	if len(res.PV) > 0 && slices.Contains(legal, res.PV[0]) {
		c.move, c.legalPV = res.PV[0], true
	} else if len(legal) > 0 {
		c.move = legal[0]
	}
	if c.legalPV && len(res.PV) > 1 {
		after := root.Play(c.move)
		if slices.Contains(after.LegalMoves(), res.PV[1]) {
			c.ponder, c.hasPonder = res.PV[1], true
		}
	}
	return c
}

// pvText writes the legal prefix of pv from root.
func pvText(root board.Position, pv []board.Move, write func(board.Move) string) string {
	p := root
	var parts []string
	for _, m := range pv {
		if !slices.Contains(p.LegalMoves(), m) {
			break
		}
		parts = append(parts, write(m))
		p = p.Play(m)
	}
	return strings.Join(parts, " ")
}

// MenScore writes a search score in men with two decimals, as Hub's `score`.
// A win in n plies prints as 100-n/100 (99.93 = win in 7 plies), a loss as
// its negative: pydraughts reads |score| above 90 men as a win or loss in
// (100-|score|)*100 plies. A database win (no known distance) prints as 50
// men plus the material balance (32 to 68 men), a loss as its negative:
// decisive, but below 90 so no client reads a distance into it.
func MenScore(s int) string {
	if search.IsTablebaseScore(s) {
		men := dbMen + float64(abs(s)-search.TablebaseWin)/search.ManValue
		if s < 0 {
			men = -men
		}
		return fmt.Sprintf("%.2f", men)
	}
	if s >= search.WinLimit || s <= -search.WinLimit {
		plies := search.Win - abs(s)
		men := 100 - float64(plies)/100
		if s < 0 {
			men = -men
		}
		return fmt.Sprintf("%.2f", men)
	}
	return fmt.Sprintf("%.2f", float64(s)/search.ManValue)
}

// dbMen is the men a database win with level material prints as.
const dbMen = 50

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mnps is the search speed in millions of nodes per second.
func mnps(nodes uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	v := float64(nodes) / d.Seconds() / 1e6
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0
	}
	return v
}
