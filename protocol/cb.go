// cb.go implements CheckerBoard's engine commands (enginecommand in the
// CheckerBoard API): name, about, help, get/set of the engine options, and
// `set gamehist`. The same handler serves the shared library (CBCommand) and
// the text dialect on stdin (cbLine), which writes each reply as one line:
//
//	name                   -> name value="crown 0.1"
//	get hashsize           -> get name=hashsize value=64
//	set hashsize 128       -> set name=hashsize value=128
//	get mtcpath            -> get name=mtcpath value=?        (unsupported)
//	set hashsize lots      -> error message="..."             (nothing changes)
//	getmove <FEN> <secs>   -> info ... lines, then
//	                          getmove move=11-15 fen=<FEN after> result=unknown info="..."
package protocol

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"crown/engine/board"
	"crown/engine/search"
)

// CheckerBoard constants (cb_interface.h).
const (
	CBDraw    = 0 // getmove results, from the mover's point of view
	CBWin     = 1
	CBLoss    = 2
	CBUnknown = 3

	cbProtocolVersion = 2
	cbGameTypeEnglish = 21
)

// EngineHelp is the text dialect's answer to `help`: the commands engine
// mode understands, on one line.
const EngineHelp = "Hub protocol v2: hub, set-param name=N value=V, init, new-game, pos pos=P|fen=F|start [moves=...], level depth=N|nodes=N|move-time=S|[moves=N] time=S [inc=S]|infinite, go think|ponder|analyze, stop, ponder-hit, ping, quit. CheckerBoard: name, about, help, get OPTION, set OPTION VALUE, getmove FEN SECONDS. Full reference: crown engine --help, go doc crown/protocol."

// cbHelpFile is the help page CheckerBoard opens from its engines folder;
// scripts/build-cbapi.sh puts it next to the library.
const cbHelpFile = "crownhelp.htm"

// cbState is what CheckerBoard commands set beyond the searcher options.
type cbState struct {
	hist      *board.Game       // from `set gamehist`, nil if none
	allScores bool              // getmove's text lists every root move's score
	wld       search.EGDBPolicy // the database policy `set enable_wld 1` restores
}

func newCBState() cbState {
	return cbState{wld: DefaultOptions().EGDBPolicy}
}

func isCBCommand(word string) bool {
	switch word {
	case "name", "about", "help", "get", "set", "getmove":
		return true
	}
	return false
}

// CBCommand answers a CheckerBoard enginecommand: the reply text and
// whether the command was handled (the API's return value). An unknown
// command or option is not handled and replies "?"; a bad value is not
// handled either and replies with the reason.
func (e *Engine) CBCommand(cmd string) (reply string, handled bool) {
	reply, handled, err := e.cbCommand(strings.TrimSpace(cmd))
	if err != nil {
		return err.Error(), false
	}
	return reply, handled
}

// cbLine runs a CheckerBoard command from the text dialect.
func (e *Engine) cbLine(word, rest string) {
	if word == "getmove" {
		if err := e.cbTextGetmove(rest); err != nil {
			e.sendError(err.Error())
		}
		return
	}
	if word == "help" {
		// On the text stream a person may be asking: list the commands.
		// (The CheckerBoard library's help still names the help page.)
		e.send("help", kv("value", EngineHelp))
		return
	}
	reply, _, err := e.cbCommand(word + " " + rest)
	if err != nil {
		e.sendError(err.Error())
		return
	}
	switch word {
	case "get", "set":
		name, _ := firstWord(rest)
		e.send(word, kv("name", name), kv("value", reply))
	default:
		e.send(word, kv("value", reply))
	}
}

func (e *Engine) cbCommand(cmd string) (string, bool, error) {
	word, rest := firstWord(cmd)
	switch word {
	case "name":
		return e.id.Name + " " + e.id.Version, true, nil
	case "about":
		return e.about(), true, nil
	case "help":
		return cbHelpFile, true, nil
	case "get", "set":
		name, value := firstWord(rest)
		if name == "" {
			return "", false, fmt.Errorf("%s: want an option name", word)
		}
		return e.cbOption(word == "set", name, strings.TrimSpace(value))
	}
	return "?", false, nil
}

func (e *Engine) about() string {
	return fmt.Sprintf("%s %s, an English/American checkers engine written in Go. Hash %d MiB, %d thread(s), evaluator %s.",
		e.id.Name, e.id.Version, e.applied.HashMB, e.applied.Threads, orDefault(e.applied.Evaluator))
}

func orDefault(s string) string {
	if s == "" {
		return "default"
	}
	return s
}

// cbOption gets or sets one option; set replies with the value in effect.
func (e *Engine) cbOption(set bool, name, value string) (string, bool, error) {
	if set && name == "gamehist" {
		return e.cbGamehist(value)
	}
	o := &e.opts
	var get func() string
	var put func() error
	switch name {
	case "protocolversion":
		get = func() string { return strconv.Itoa(cbProtocolVersion) }
	case "gametype":
		get = func() string { return strconv.Itoa(cbGameTypeEnglish) }
		put = func() error {
			if n, err := strconv.Atoi(value); err != nil || n != cbGameTypeEnglish {
				return fmt.Errorf("set gametype %q: crown plays English checkers only (21)", value)
			}
			return nil
		}
	case "enable_wld":
		get = func() string { return boolDigit(o.EGDBPolicy != search.EGDBOff) }
		put = func() error {
			n, err := parseInt(name, value, 0, 1)
			switch {
			case err != nil:
				return err
			case n == 0 && o.EGDBPolicy != search.EGDBOff:
				e.cb.wld, o.EGDBPolicy = o.EGDBPolicy, search.EGDBOff
			case n == 1 && o.EGDBPolicy == search.EGDBOff:
				o.EGDBPolicy = e.cb.wld
			}
			return nil
		}
	case "allscores":
		get = func() string { return boolDigit(e.cb.allScores) }
		put = func() error {
			n, err := parseInt(name, value, 0, 1)
			e.cb.allScores = n == 1
			return err
		}
	default:
		st, ok := e.cbSetting(name)
		if !ok {
			return "?", false, nil
		}
		get = func() string { return st.CBGet(o) }
		put = func() error {
			if err := st.CBSet(o, value); err != nil {
				return fmt.Errorf("set %s: %w", name, err)
			}
			return nil
		}
	}
	if !set {
		return get(), true, nil
	}
	if put == nil {
		return "?", false, nil
	}
	saved, savedCB := e.opts, e.cb
	if err := put(); err != nil {
		e.opts, e.cb = saved, savedCB
		return "", false, err
	}
	e.optionChanged()
	if err := e.applyOptions(); err != nil {
		// The searcher refused: the option keeps its value in effect.
		e.opts, e.cb = saved, savedCB
		e.optionChanged()
		return "", false, fmt.Errorf("set %s: %w", name, err)
	}
	return get(), true, nil
}

// cbSetting is the option table's row CheckerBoard calls name, with its
// CheckerBoard encoding.
func (e *Engine) cbSetting(name string) (Setting, bool) {
	for _, s := range e.table().Settings() {
		if name == "" || s.CB != name {
			continue
		}
		if s.CBGet == nil {
			s.CBGet, s.CBSet = s.Get, s.Set
		}
		return s, true
	}
	return Setting{}, false
}

func boolDigit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// cbGamehist reads `set gamehist <FEN> [move ...]`: the position after the
// last capture or man move and the reversible moves since. The reply is the
// FEN the moves lead to.
func (e *Engine) cbGamehist(value string) (string, bool, error) {
	fields := strings.Fields(value)
	if len(fields) == 0 {
		return "", false, fmt.Errorf("set gamehist: want <FEN> [moves]")
	}
	p, err := board.ParseFEN(fields[0])
	if err != nil {
		return "", false, fmt.Errorf("set gamehist: %w", err)
	}
	g := board.NewGame(p, board.Rules{})
	for i, t := range fields[1:] {
		if _, err := g.PlayText(t); err != nil {
			return "", false, fmt.Errorf("set gamehist: move %d (%s): %w", i+1, t, err)
		}
	}
	e.cb.hist = g
	cur := g.Position()
	return cur.FEN(), true, nil
}

// cbTextGetmove handles `getmove <FEN> <maxtime> [<info> [<moreinfo>]]`:
// CheckerBoard's getmove with the board as a FEN.
func (e *Engine) cbTextGetmove(rest string) error {
	f := strings.Fields(rest)
	if len(f) < 2 || len(f) > 4 {
		return fmt.Errorf("getmove: want <FEN> <seconds> [<info> [<moreinfo>]]")
	}
	p, err := board.ParseFEN(f[0])
	if err != nil {
		return fmt.Errorf("getmove: %w", err)
	}
	maxtime, err := strconv.ParseFloat(f[1], 64)
	if err != nil || math.IsNaN(maxtime) || maxtime < 0 || maxtime > maxSeconds {
		return fmt.Errorf("getmove: time %q: want seconds, a number from 0 to %g", f[1], float64(maxSeconds))
	}
	var bits [2]int
	for i, s := range f[2:] {
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil || n < math.MinInt32 || n > math.MaxUint32 {
			return fmt.Errorf("getmove: %q is not a 32-bit integer", s)
		}
		bits[i] = int(int32(uint32(n)))
	}
	req, ok := e.cbRequest(p, CBLimits(maxtime, bits[0], bits[1], e.overhead))
	if !ok {
		e.send("getmove", kv("move", ""), kv("fen", p.FEN()), kv("result", "loss"), kv("info", "no legal move"))
		return nil
	}
	e.cb.hist = nil // consumed, as CheckerBoard sends a fresh history before every getmove
	e.startSearch(req, e.hubInfo, func(a answer) {
		c := e.cbFinish(req.Game, a)
		e.send("getmove", kv("move", a.root.Notation(a.move)), kv("fen", c.After.FEN()),
			kv("result", cbResultNames[c.Result]), kv("info", c.Text))
	})
	return nil
}

var cbResultNames = []string{"draw", "win", "loss", "unknown"}
