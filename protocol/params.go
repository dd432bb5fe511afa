// params.go declares the Hub parameters (`param` lines answering `hub`)
// and applies `set-param`. Protocol settings (pos-frame, multipv,
// move-overhead) take effect at once. Searcher options are handed to the
// searcher at `init` (Hub clients set parameters before it) and at once
// after it; a value the searcher rejects is reported and the previous value
// stays. The maxima of hash and egdb-cache are what this machine can hold
// (search.MaxTableMiB: half its memory), read when the engine starts; the
// maximum of threads is search.MaxThreads, as on the command line.
package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"crown/engine/search"
)

// param is one Hub parameter.
type param struct {
	name     string
	typ      string // bool, int, string or enum
	min, max int
	values   []string // enum values
	get      func() string
	set      func(v string) error
}

// declare returns the arguments of the param's `param` line.
func (p param) declare() []Arg {
	args := []Arg{kv("name", p.name), kv("value", p.get()), kv("type", p.typ)}
	switch p.typ {
	case "int":
		args = append(args, kv("min", strconv.Itoa(p.min)), kv("max", strconv.Itoa(p.max)))
	case "enum":
		args = append(args, kv("values", strings.Join(p.values, " ")))
	}
	return args
}

// egdbPolicyNames are the values of egdb-policy, indexed by search.EGDBPolicy.
var egdbPolicyNames = []string{"off", "always", "kimcho"}

// params lists the engine's parameters, bound to e.
func (e *Engine) params() []param {
	var ps []param
	for _, st := range e.table().Settings() {
		ps = append(ps, e.settingParam(st))
	}
	ps = append(ps, []param{
		{name: "pos-frame", typ: "enum", values: frameNames,
			get: func() string { return e.frame.String() },
			set: func(v string) error {
				i := indexOf(frameNames, v)
				if i < 0 {
					return fmt.Errorf("pos-frame %q: want one of %s", v, strings.Join(frameNames, " "))
				}
				e.frame = Frame(i)
				return nil
			}},
		{name: "multipv", typ: "int", min: 1, max: search.MaxMultiPV,
			get: func() string { return strconv.Itoa(e.multiPV) },
			set: func(v string) error {
				n, err := parseInt("multipv", v, 1, search.MaxMultiPV)
				if err == nil {
					e.multiPV = n
				}
				return err
			}},
		{name: "move-overhead", typ: "int", min: 0, max: 10000,
			get: func() string { return strconv.Itoa(int(e.overhead / time.Millisecond)) },
			set: func(v string) error {
				n, err := parseInt("move-overhead", v, 0, 10000)
				if err == nil {
					e.overhead = time.Duration(n) * time.Millisecond
				}
				return err
			}},
	}...)
	return ps
}

// table is the option table of this engine's searcher.
func (e *Engine) table() Table {
	t := Table{MaxTable: e.maxTable}
	if ev, ok := e.s.(Evaluators); ok {
		t.Evaluators = ev.Evaluators()
	}
	return t
}

// settingParam is a row of the option table as a Hub parameter of e.
func (e *Engine) settingParam(s Setting) param {
	return param{name: s.Name, typ: s.Type, min: s.Min, max: s.Max, values: s.Values,
		get: func() string { return s.Get(&e.opts) },
		set: func(v string) error {
			if err := s.Set(&e.opts, v); err != nil {
				return err
			}
			e.optionChanged()
			return nil
		}}
}

func parseInt(name, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want an integer from %d to %d", name, v, lo, hi)
	}
	return n, nil
}

func parseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "1", "on", "yes":
		return true, nil
	case "false", "0", "off", "no":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean (want true or false)", v)
}

func indexOf(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return -1
}

// setParam handles `set-param name=X value=V`.
func (e *Engine) setParam(l Line) error {
	name, ok := l.Get("name")
	if !ok {
		return fmt.Errorf("set-param: want name=<parameter> value=<value>")
	}
	value, ok := l.Get("value")
	if !ok {
		return fmt.Errorf("set-param %s: missing value=", name)
	}
	for _, p := range e.params() {
		if p.name == name {
			if err := p.set(value); err != nil {
				return fmt.Errorf("set-param: %w", err)
			}
			if e.inited {
				return e.applyOptions()
			}
			return nil
		}
	}
	// The Hub convention (Scan's protocol.txt; GUIs and lidraughts-bot
	// send their own parameters, such as book-ply, tt-size, bb-size and
	// initial-time, to every engine) is to ignore what the engine does
	// not know.
	e.log.Debug().Str("name", name).Str("value", value).Msg("unknown parameter ignored")
	return nil
}

// Preset sets a parameter before the session starts, as set-param would
// (`crown hub --name=value`, lidraughts-bot's engine_options): unknown
// names are ignored, a bad value of a known one is an error.
func (e *Engine) Preset(name, value string) error {
	return e.setParam(Line{Cmd: "set-param", Args: []Arg{kv("name", name), kv("value", value)}})
}

// optionChanged marks the searcher options as needing Configure.
func (e *Engine) optionChanged() { e.dirty = e.opts != e.applied }

// applyOptions hands changed options to the searcher, all together or not
// at all. On failure the options go back to the last set the searcher
// accepted; if it has accepted none yet (a bad value sent before init), to
// the defaults, which are applied then, so the engine keeps a working
// configuration and `about` and `hub` report the same one.
func (e *Engine) applyOptions() error {
	if !e.dirty {
		return nil
	}
	err := e.s.Configure(e.opts)
	if err == nil {
		e.applied, e.configured, e.dirty = e.opts, true, false
		return nil
	}
	if e.configured {
		e.opts, e.dirty = e.applied, false
		return err
	}
	e.opts = DefaultOptions()
	if derr := e.s.Configure(e.opts); derr != nil {
		e.dirty = true
		return fmt.Errorf("%w; the defaults failed too: %v", err, derr)
	}
	e.applied, e.configured, e.dirty = e.opts, true, false
	return fmt.Errorf("%w (the defaults are in use)", err)
}

// applyOptionsQuietly applies options, reporting a failure as an error line.
func (e *Engine) applyOptionsQuietly() {
	if err := e.applyOptions(); err != nil {
		e.sendError(err.Error())
	}
}
