// spec.go reads a player specification, the text of `crown match
// --player`:
//
//	crown:eval=nn,net=x.net,depth=8       crown's search in this process
//	hub:./crown                            an external Hub engine (command line)
//	hub:cmd=./crown --log-level warn,name=old,hash=32,depth=6
//
// After the kind and ':' come comma-separated key=value pairs. Keys for
// both kinds: name (label in the PDN and the tables), depth, nodes and
// movetime (per-player limits replacing the match's). crown keys: eval
// (material, nn, heuristic), net (weight file), book (off, random,
// weighted, best), book-file, egdb (directory), egdb-policy (off, always,
// kimcho), egdb-cache (MiB), hash (MiB), threads, search (search features
// under trial joined by '+': lmr, futility, noasp). hub keys: cmd (the
// command line, split at blanks), dir (working directory); any other key
// is sent to the engine as set-param name=key value=value, so crown's own
// Hub parameters (evaluator, net-file, book, egdb-dir ...) work there.
// After `hub:` a first item without '=' is the command line
// (hub:./crown --log-level warn,name=old).
package match

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/hubclient"
	"crown/protocol/players"
)

// Kinds of player.
const (
	KindCrown = "crown"
	KindHub   = "hub"
)

// Spec is a parsed player specification.
type Spec struct {
	Text string // as given
	Kind string
	Name string // label; "" until Label fills it

	// crown players
	Options protocol.Options
	BookSet bool // the spec chose a book policy

	// hub players
	Command []string
	Dir     string
	Params  []protocol.Arg

	// per-player limits (zero: the match's)
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
}

// matchHashMB is a crown player's default table size: games run one per
// core with two players each, and at the short time controls of matches
// a 16 MiB table is far from full (crown searches about 1-2 M nodes/s, so
// 0.1 s fills under 200 k entries).
const matchHashMB = 16

// ParseSpec reads a player specification.
func ParseSpec(text string) (Spec, error) {
	kind, rest, ok := strings.Cut(text, ":")
	s := Spec{Text: text, Kind: strings.TrimSpace(kind)}
	if !ok {
		return s, fmt.Errorf("player %q: want crown:key=value,... or hub:COMMAND", text)
	}
	switch s.Kind {
	case KindCrown:
		s.Options = protocol.DefaultOptions()
		s.Options.HashMB = matchHashMB
		s.Options.Book = "off"
	case KindHub:
		// hub:./engine args,key=value: a first item without '=' is the command.
		if first, _, _ := strings.Cut(rest, ","); strings.TrimSpace(first) != "" && !strings.Contains(first, "=") {
			rest = "cmd=" + rest
		}
	default:
		return s, fmt.Errorf("player %q: unknown kind %q (want %s or %s)", text, s.Kind, KindCrown, KindHub)
	}
	for item := range strings.SplitSeq(rest, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return s, fmt.Errorf("player %q: %q is not key=value", text, item)
		}
		if err := s.set(k, v); err != nil {
			return s, fmt.Errorf("player %q: %w", text, err)
		}
	}
	if s.Kind == KindHub && len(s.Command) == 0 {
		return s, fmt.Errorf("player %q: a hub player needs a command (hub:./engine or cmd=...)", text)
	}
	return s, nil
}

func (s *Spec) set(k, v string) error {
	var err error
	switch k {
	case "name":
		s.Name = v
		return nil
	case "depth":
		s.Depth, err = positive(k, v)
		return err
	case "nodes":
		n, err := positive(k, v)
		s.Nodes = uint64(n)
		return err
	case "movetime":
		s.MoveTime, err = parseDuration(v)
		return err
	}
	if s.Kind == KindHub {
		switch k {
		case "cmd":
			s.Command = strings.Fields(v)
		case "dir":
			s.Dir = v
		default:
			s.Params = append(s.Params, protocol.Arg{Key: k, Value: v})
		}
		return nil
	}
	o := &s.Options
	switch k {
	case "eval", "evaluator":
		if !slices.Contains(players.EvalNames(), v) {
			return fmt.Errorf("eval=%q: want one of %s", v, strings.Join(players.EvalNames(), ", "))
		}
		o.Evaluator = v
	case "net", "net-file":
		o.NetFile = v
	case "search":
		o.SearchTrial = v
	case "book":
		if !slices.Contains(protocol.BookPolicies, v) {
			return fmt.Errorf("book=%q: want one of %s", v, strings.Join(protocol.BookPolicies, ", "))
		}
		o.Book, s.BookSet = v, true
	case "book-file":
		o.BookFile = v
	case "egdb", "egdb-dir":
		o.EGDBDir = v
	case "egdb-policy":
		i := slices.Index([]string{"off", "always", "kimcho"}, v)
		if i < 0 {
			return fmt.Errorf("egdb-policy=%q: want off, always or kimcho", v)
		}
		o.EGDBPolicy = search.EGDBPolicy(i)
	case "egdb-cache":
		o.EGDBCacheMB, err = positive(k, v)
	case "hash":
		o.HashMB, err = positive(k, v)
	case "threads":
		o.Threads, err = positive(k, v)
	default:
		return fmt.Errorf("unknown key %q for a crown player (name depth nodes movetime eval net book book-file egdb egdb-policy egdb-cache hash threads)", k)
	}
	return err
}

func positive(k, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%q: want a positive integer", k, v)
	}
	return n, nil
}

// parseDuration reads Go durations (100ms, 1.5s) and plain seconds (0.1).
func parseDuration(v string) (time.Duration, error) {
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || f > 1e6 {
		return 0, fmt.Errorf("time %q: want a duration such as 100ms or seconds such as 0.1", v)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// Label is the name to show: the spec's name, else the crown settings or
// the command line.
func (s Spec) Label() string {
	if s.Name != "" {
		return s.Name
	}
	if s.Kind == KindHub {
		return strings.Join(s.Command, " ")
	}
	_, rest, _ := strings.Cut(s.Text, ":")
	if rest == "" {
		return "crown"
	}
	return "crown(" + rest + ")"
}

// Factory returns a function making new instances of the player. With
// bookOff (ballot openings) a crown player's book stays off unless its
// spec chose one, and a hub engine that declares a `book` parameter gets
// book=off unless the spec sets it.
func (s Spec) Factory(log zerolog.Logger, bookOff bool) func() (Player, error) {
	switch s.Kind {
	case KindCrown:
		o := s.Options
		if !bookOff && !s.BookSet {
			o.Book = protocol.DefaultOptions().Book
		}
		return func() (Player, error) { return newInternal(o, log) }
	case KindHub:
		cfg := hubclient.Config{Command: s.Command, Dir: s.Dir, Params: s.Params, Log: log}
		if bookOff {
			cfg.Defaults = []protocol.Arg{{Key: "book", Value: "off"}}
		}
		return func() (Player, error) {
			e, err := hubclient.Start(cfg)
			if err != nil {
				return nil, err
			}
			return &external{e: e}, nil
		}
	}
	return func() (Player, error) { return nil, errors.New("unknown player kind") }
}
