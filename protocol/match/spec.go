// spec.go reads a player specification, the text of `crown match
// --player`:
//
//	crown:eval=nn,net=x.net,depth=8       crown's search in this process
//	crown:ensemble=s.ens,depth=4          a coalition of networks voting (seed 002)
//	hub:./crown                            an external Hub engine (command line)
//	hub:cmd=./crown --log-level warn,name=old,hash=32,depth=6
//	cb:./engine.so,name=x                  a CheckerBoard engine library
//
// After the kind and ':' come comma-separated key=value pairs. Keys for
// every kind: name (label in the PDN and the tables), depth, nodes and
// movetime (per-player limits replacing the match's; a cb: player takes
// time only, as the CheckerBoard API has no depth or node limit). crown keys: eval
// (nnue, nn, material, features:KIND, heuristic), net (network file),
// weights (heuristic weight file), mode (full: crown's search; seed: the
// seeds' fixed-depth alpha-beta), ensemble (an ensemble or weight file
// whose networks vote; with vote-seed, the tie-break seed), book (off,
// random, weighted, best), book-file, book-plies (no book move from this
// ply on), book-seed, egdb (directory), egdb-policy (off, always, kimcho),
// egdb-cache (MiB), egdb-pieces, hash (MiB), threads, search (search
// switches joined by '+': noreduce, noprobcut, noasp, nosingular, pcmargin=N). hub keys:
// cmd (the command line, split at blanks), dir (working directory); any
// other key is sent to the engine as set-param name=key value=value, so
// crown's own Hub parameters (evaluator, net-file, book, egdb-dir ...)
// work there. After `hub:` a first item without '=' is the command line
// (hub:./crown --log-level warn,name=old). A cb: player is a hub: player
// whose command is this executable's `crown cbhost LIB` (a process per
// instance, as the library keeps global state); its keys are lib (the
// library, also the first item without '='), dir and the hub parameters.
// It needs a cgo build (package cbhost).
package match

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/referee"
	"crown/protocol"
	"crown/protocol/cbhost"
	"crown/protocol/hubclient"
	"crown/protocol/players"
)

// Kinds of player.
const (
	KindCrown = "crown"
	KindHub   = "hub"
	KindCB    = "cb" // a CheckerBoard engine library, hosted by `crown cbhost`
)

// Spec is a parsed player specification.
type Spec struct {
	Text string // as given
	Kind string
	Name string // label; "" until Label fills it

	// crown players
	Options protocol.Options
	BookSet bool // the spec chose a book policy
	// Ensemble, if not "", makes the player a coalition of that file's
	// networks (Options' evaluator, network, search, threads unused);
	// VoteSeed breaks its tied votes.
	Ensemble string
	VoteSeed uint64
	seeded   bool // book-seed given: each instance gets the next seed
	// variantSet: the spec named its variant= (the match's --variant
	// must agree; ForVariant adds it otherwise).
	variantSet bool

	// hub and cb players (a cb player's command is made by Factory)
	Command []string
	Dir     string
	Params  []protocol.Arg
	Library string // cb players: the CheckerBoard engine library

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
		return s, fmt.Errorf("player %q: want crown:key=value,..., hub:COMMAND or cb:LIBRARY", text)
	}
	switch s.Kind {
	case KindCrown:
		s.Options = protocol.DefaultOptions()
		s.Options.HashMB = matchHashMB
		s.Options.Book = "off"
	case KindHub, KindCB:
		// hub:./engine args,key=value: a first item without '=' is the
		// command; cb:./engine.so,key=value: the library.
		if first, _, _ := strings.Cut(rest, ","); strings.TrimSpace(first) != "" && !strings.Contains(first, "=") {
			key := "cmd="
			if s.Kind == KindCB {
				key = "lib="
			}
			rest = key + rest
		}
	default:
		return s, fmt.Errorf("player %q: unknown kind %q (want %s, %s or %s)", text, s.Kind, KindCrown, KindHub, KindCB)
	}
	given := map[string]bool{}
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
		given[canonicalKey(k)] = true
	}
	if s.Kind == KindHub && len(s.Command) == 0 {
		return s, fmt.Errorf("player %q: a hub player needs a command (hub:./engine or cmd=...)", text)
	}
	if s.Kind == KindCB {
		if s.Library == "" {
			return s, fmt.Errorf("player %q: a cb player needs a library (cb:./engine.so or lib=...)", text)
		}
		if !cbhost.Supported {
			return s, fmt.Errorf("player %q: %w", text, cbhost.ErrNeedsCgo)
		}
	}
	if err := s.check(given); err != nil {
		return s, fmt.Errorf("player %q: %w", text, err)
	}
	return s, nil
}

// canonicalKey maps a key's other spelling onto its name.
func canonicalKey(k string) string {
	switch k {
	case "evaluator":
		return "eval"
	case "net-file":
		return "net"
	case "egdb-dir":
		return "egdb"
	}
	return k
}

// check rejects keys that contradict each other.
func (s *Spec) check(given map[string]bool) error {
	if s.Kind != KindCrown {
		return nil
	}
	if given["net"] && given["weights"] {
		return errors.New("net= is a network file, weights= a heuristic's: give one")
	}
	if e := strings.ToLower(s.Options.Evaluator); given["weights"] && (e == players.NN || e == players.NNUE) {
		return fmt.Errorf("weights= is a heuristic weight file; eval=%s takes net=", e)
	}
	if given["vote-seed"] && s.Ensemble == "" {
		return errors.New("vote-seed= is for an ensemble= player")
	}
	if s.Ensemble == "" {
		return nil
	}
	for _, k := range []string{"eval", "net", "weights", "search", "threads", "nodes", "movetime"} {
		if given[k] {
			return fmt.Errorf("ensemble= plays its own networks at a fixed depth, so %s= does not apply", k)
		}
	}
	return nil
}

func (s *Spec) set(k, v string) error {
	var err error
	switch k {
	case "name":
		s.Name = v
		return nil
	case "depth", "nodes":
		if s.Kind == KindCB {
			return fmt.Errorf("%s=: %w", k, cbhost.ErrDepthNodes)
		}
		n, err := positive(k, v)
		if k == "depth" {
			s.Depth = n
		} else {
			s.Nodes = uint64(n)
		}
		return err
	case "movetime":
		s.MoveTime, err = parseDuration(v)
		return err
	}
	if s.Kind == KindHub || s.Kind == KindCB {
		switch k {
		case "cmd":
			if s.Kind == KindCB {
				return errors.New("cmd=: a cb player's command is crown's own cbhost; give the library as lib=")
			}
			s.Command = strings.Fields(v)
		case "lib":
			if s.Kind == KindHub {
				return errors.New("lib=: a hub player runs a command (cmd=); a library is a cb: player")
			}
			s.Library = v
		case "dir":
			s.Dir = v
		default:
			s.Params = append(s.Params, protocol.Arg{Key: k, Value: v})
		}
		return nil
	}
	switch k {
	case "ensemble":
		s.Ensemble = v
		return nil
	case "vote-seed":
		if s.VoteSeed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("vote-seed=%q: want a whole number", v)
		}
		return nil
	case "book-seed":
		if n, err := strconv.ParseUint(v, 10, 64); err != nil || n == 0 {
			return fmt.Errorf("book-seed=%q: want a positive whole number", v)
		}
		s.seeded = true
	}
	// Everything else is an engine option: the option table's rows.
	t := protocol.MachineTable(players.EvalNames())
	if _, ok := t.Find(k); !ok {
		return fmt.Errorf("unknown key %q for a crown player (name depth nodes movetime ensemble vote-seed %s)", k, strings.Join(t.Names(), " "))
	}
	if err := t.Apply(&s.Options, k, v); err != nil {
		return err
	}
	s.variantSet = s.variantSet || k == "variant"
	s.BookSet = s.BookSet || k == "book"
	return nil
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
	switch s.Kind {
	case KindHub:
		return strings.Join(s.Command, " ")
	case KindCB:
		return s.Library
	}
	_, rest, _ := strings.Cut(s.Text, ":")
	if rest == "" {
		return "crown"
	}
	return "crown(" + rest + ")"
}

// Factory returns a function making new instances of the player, which
// plays under lim (the match's limits with the spec's own applied). With
// bookOff (ballot openings) a crown player's book stays off unless its
// spec chose one, and a hub engine that declares a `book` parameter gets
// book=off unless the spec sets it. With book-seed=S the k-th instance
// (k from 0) seeds its book with S+k, so game slots choose differently.
func (s Spec) Factory(log zerolog.Logger, bookOff bool, lim referee.Limits) func() (Player, error) {
	switch s.Kind {
	case KindCrown:
		o := s.Options
		if !bookOff && !s.BookSet {
			o.Book = protocol.DefaultOptions().Book
		}
		var instances atomic.Uint64
		seed := func() uint64 {
			if !s.seeded {
				return o.BookSeed
			}
			return o.BookSeed + instances.Add(1) - 1
		}
		if s.Ensemble != "" {
			return func() (Player, error) {
				if lim.Depth <= 0 || lim.MoveTime > 0 || lim.Time > 0 || lim.Nodes > 0 {
					return nil, fmt.Errorf("ensemble %s plays at a fixed depth: give it depth= (or --depth) and no time or node limit", s.Ensemble)
				}
				return newCoalition(players.Coalition{
					Label: s.Label(), File: s.Ensemble, Depth: lim.Depth, Full: o.Algorithm == protocol.CrownSearch,
					HashMB: o.HashMB, Seed: s.VoteSeed,
					Book: players.Book{Policy: o.Book, File: o.BookFile, MaxPly: o.BookPlies, Seed: seed()},
					EGDB: players.EGDB{Dir: o.EGDBDir, Policy: o.EGDBPolicy, CacheMiB: o.EGDBCacheMB, Pieces: o.EGDBMaxPieces},
				})
			}
		}
		return func() (Player, error) {
			o := o
			o.BookSeed = seed()
			return newInternal(o, log)
		}
	case KindHub, KindCB:
		cfg := hubclient.Config{Command: s.Command, Dir: s.Dir, Params: s.Params, Log: log}
		if bookOff {
			cfg.Defaults = []protocol.Arg{{Key: "book", Value: "off"}}
		}
		var setup error
		if s.Kind == KindCB {
			cfg.Command, setup = cbCommand(s.Library, lim)
		}
		return func() (Player, error) {
			if setup != nil {
				return nil, setup
			}
			e, err := hubclient.Start(cfg)
			if err != nil {
				return nil, err
			}
			return &external{e: e}, nil
		}
	}
	return func() (Player, error) { return nil, errors.New("unknown player kind") }
}

// cbCommand is the command line hosting a CheckerBoard library: this
// executable's cbhost subcommand. The library is told the time per move
// and the clock; a depth or node limit it cannot be told is refused.
func cbCommand(lib string, lim referee.Limits) ([]string, error) {
	if lim.Depth > 0 || lim.Nodes > 0 {
		return nil, fmt.Errorf("%s: %w (--movetime, --time or movetime=)", lib, cbhost.ErrDepthNodes)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%s: finding crown's own executable to host the library: %w", lib, err)
	}
	return []string{exe, "cbhost", lib}, nil
}
