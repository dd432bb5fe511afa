// optiontable.go is crown's option table: every setting of a crown player
// (a field of Options) described once, with its name, bounds, help and the
// code that reads and writes it. The Hub parameters (params.go), the
// CheckerBoard `get`/`set` options (cb.go), the match-spec keys of a crown
// player (protocol/match), the command line's `--set NAME=VALUE` and the
// browser board's menus are all made from it, so a new option is one row
// here plus its test, and every dialect checks it with the same bounds and
// words.
package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"crown/engine/board"
	"crown/engine/search"
)

// Setting is one row of the option table.
type Setting struct {
	Name     string   // the Hub parameter, match-spec key and --set name
	Also     []string // other names a match spec or --set accepts
	CB       string   // CheckerBoard's name for it; "" when it has none
	Type     string   // int, string or enum (the Hub's param types)
	Min, Max int      // bounds of an int
	Values   []string // the words of an enum
	Help     string   // one line
	Get      func(o *Options) string
	Set      func(o *Options, v string) error
	// CBGet and CBSet are CheckerBoard's encoding where it differs from
	// the Hub's (book: a number); nil means Get and Set.
	CBGet func(o *Options) string
	CBSet func(o *Options, v string) error
}

// Table describes the option table for a machine whose largest table
// (hash, egdb-cache) is maxTable MiB, with the evaluators a searcher
// accepts (its default first; none: any name, checked at Configure).
type Table struct {
	MaxTable   int
	Evaluators []string
}

// MachineTable is the table of this machine for a searcher with the
// given evaluators.
func MachineTable(evaluators []string) Table {
	return Table{MaxTable: search.MaxTableMiB(), Evaluators: evaluators}
}

// Settings lists the table's rows in the order the Hub declares them.
func (t Table) Settings() []Setting {
	return []Setting{
		variantSetting(),
		sizeSetting(intSetting("hash", "hashsize", 1, t.MaxTable, "transposition table in MiB", func(o *Options) *int { return &o.HashMB }),
			search.CheckHashMiB, func(o *Options) *int { return &o.HashMB }),
		sizeSetting(intSetting("threads", "searchthreads", 1, search.MaxThreads, "search threads", func(o *Options) *int { return &o.Threads }),
			search.CheckThreads, func(o *Options) *int { return &o.Threads }),
		intSetting("skill", "skill", 1, MaxSkill, "strength: 1 (a beginner) to 10 (full; docs/levels.md)", func(o *Options) *int { return &o.Skill }),
		t.evaluatorSetting(),
		stringSetting("net-file", []string{"net", "weights"}, "", "the evaluator's weight file (a network, or a heuristic's weights)", func(o *Options) *string { return &o.NetFile }),
		bookSetting(),
		stringSetting("book-file", nil, "bookfile", "opening book file (default: the embedded book)", func(o *Options) *string { return &o.BookFile }),
		stringSetting("egdb-dir", []string{"egdb"}, "dbpath", "endgame database directory (crown egdb build)", func(o *Options) *string { return &o.EGDBDir }),
		enumSetting("egdb-policy", egdbPolicyNames, "when to consult the database: off, always, kimcho (Kim & Cho's uncertain-value rule)",
			func(o *Options) string { return egdbPolicyNames[o.EGDBPolicy] },
			func(o *Options, i int) { o.EGDBPolicy = search.EGDBPolicy(i) }),
		intSetting("egdb-cache", "dbmbytes", 0, t.MaxTable, "database block cache in MiB (0: the default)", func(o *Options) *int { return &o.EGDBCacheMB }),
		intSetting("egdb-pieces", "max_dbpieces", 0, 24, "largest piece count used from the database (0: all)", func(o *Options) *int { return &o.EGDBMaxPieces }),
		intSetting("book-plies", "", 0, 1000, "play book moves only before this ply (0: no limit)", func(o *Options) *int { return &o.BookPlies }),
		bookSeedSetting(),
		enumSetting("mode", algorithmNames, "search: full (crown's) or seed (the seeds' fixed-depth alpha-beta)",
			func(o *Options) string { return algorithmNames[o.Algorithm] },
			func(o *Options, i int) { o.Algorithm = Algorithm(i) }),
		searchTrialSetting(),
	}
}

// Find returns the row called name (or one of its other names).
func (t Table) Find(name string) (Setting, bool) {
	for _, s := range t.Settings() {
		if s.Name == name || indexOf(s.Also, name) >= 0 {
			return s, true
		}
	}
	return Setting{}, false
}

// Names lists the rows' names, for help texts.
func (t Table) Names() []string {
	var out []string
	for _, s := range t.Settings() {
		out = append(out, s.Name)
	}
	return out
}

// Apply sets name=value in o: the one entry for match specs and --set.
func (t Table) Apply(o *Options, name, value string) error {
	s, ok := t.Find(name)
	if !ok {
		return fmt.Errorf("unknown option %q (known: %s)", name, strings.Join(t.Names(), " "))
	}
	return s.Set(o, value)
}

// algorithmNames are the values of mode, indexed by Algorithm.
var algorithmNames = []string{"full", "seed"}

func intSetting(name, cb string, lo, hi int, help string, field func(*Options) *int) Setting {
	return Setting{Name: name, CB: cb, Type: "int", Min: lo, Max: hi, Help: help,
		Get: func(o *Options) string { return strconv.Itoa(*field(o)) },
		Set: func(o *Options, v string) error {
			n, err := parseInt(name, v, lo, hi)
			if err == nil {
				*field(o) = n
			}
			return err
		}}
}

// sizeSetting checks s's value with engine/search's rule for sizes, the
// one the command-line flags apply too (search/sizes.go).
func sizeSetting(s Setting, check func(int) error, field func(*Options) *int) Setting {
	s.Set = func(o *Options, v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s=%q: want a whole number", s.Name, v)
		}
		if err := check(n); err != nil {
			return fmt.Errorf("%s=%d: %w", s.Name, n, err)
		}
		*field(o) = n
		return nil
	}
	return s
}

func stringSetting(name string, also []string, cb, help string, field func(*Options) *string) Setting {
	return Setting{Name: name, Also: also, CB: cb, Type: "string", Help: help,
		Get: func(o *Options) string { return *field(o) },
		Set: func(o *Options, v string) error { *field(o) = v; return nil }}
}

func enumSetting(name string, values []string, help string, get func(*Options) string, set func(*Options, int)) Setting {
	return Setting{Name: name, Type: "enum", Values: values, Help: help, Get: get,
		Set: func(o *Options, v string) error {
			i := indexOf(values, v)
			if i < 0 {
				return fmt.Errorf("%s %q: want one of %s", name, v, strings.Join(values, " "))
			}
			set(o, i)
			return nil
		}}
}

// evaluatorSetting is an enum of the searcher's evaluators, or any name
// when the searcher does not list them.
func (t Table) evaluatorSetting() Setting {
	s := stringSetting("evaluator", []string{"eval"}, "", "evaluator (default: the searcher's first)", func(o *Options) *string { return &o.Evaluator })
	if len(t.Evaluators) == 0 {
		return s
	}
	names := t.Evaluators
	s.Type, s.Values = "enum", names
	s.Get = func(o *Options) string {
		if o.Evaluator == "" {
			return names[0] // the searcher's default comes first
		}
		return o.Evaluator
	}
	s.Set = func(o *Options, v string) error {
		if indexOf(names, v) < 0 {
			return fmt.Errorf("evaluator %q: want one of %s", v, strings.Join(names, " "))
		}
		o.Evaluator = v
		return nil
	}
	return s
}

// variantSetting is the rules crown plays: english (the default; american
// is read as english), russian or brazilian, lidraughts' names
// (board.ParseVariant). CheckerBoard has no name for it: its dialect is
// English checkers only.
func variantSetting() Setting {
	names := make([]string, board.NumVariants)
	for v := range board.Variant(board.NumVariants) {
		names[v] = v.String()
	}
	return Setting{Name: "variant", Type: "enum", Values: names,
		Help: "rules: english (checkers), russian or brazilian (draughts; docs/variants.md)",
		Get:  func(o *Options) string { return o.Variant.String() },
		Set: func(o *Options, v string) error {
			x, err := board.ParseVariant(v)
			if err != nil {
				return fmt.Errorf("variant: %w", err)
			}
			o.Variant = x
			return nil
		}}
}

// bookSetting is the book policy; Scan-style booleans are accepted too,
// and CheckerBoard writes the policy as its index (0 off ... 3).
func bookSetting() Setting {
	s := enumSetting("book", BookPolicies, "opening book policy", func(o *Options) string { return o.Book },
		func(o *Options, i int) { o.Book = BookPolicies[i] })
	set := s.Set
	s.Set = func(o *Options, v string) error {
		if b, err := parseBool(v); err == nil {
			v = "off"
			if b {
				v = "best"
			}
		}
		return set(o, v)
	}
	s.CB = "book"
	s.CBGet = func(o *Options) string { return strconv.Itoa(max(indexOf(BookPolicies, o.Book), 0)) }
	s.CBSet = func(o *Options, v string) error {
		n, err := parseInt("book", v, 0, len(BookPolicies)-1)
		if err == nil {
			o.Book = BookPolicies[n]
		}
		return err
	}
	return s
}

// searchTrialSetting switches crown's search features off or retunes them
// (search.Options.SetTrial; docs/search-tuning.md).
func searchTrialSetting() Setting {
	s := stringSetting("search", nil, "", "search switches, +-separated: noreduce, noprobcut, noasp, nosingular, pcmargin=N", func(o *Options) *string { return &o.SearchTrial })
	s.Set = func(o *Options, v string) error {
		var so search.Options
		if err := so.SetTrial(v); err != nil {
			return fmt.Errorf("search %q: %w", v, err)
		}
		o.SearchTrial = v
		return nil
	}
	return s
}

// bookSeedSetting seeds the random and weighted book policies and the weak
// levels' choices (0: the searcher's own seed).
func bookSeedSetting() Setting {
	return Setting{Name: "book-seed", Type: "string", Help: "seed of the book's and the weak levels' random choices (0: the searcher's own)",
		Get: func(o *Options) string { return strconv.FormatUint(o.BookSeed, 10) },
		Set: func(o *Options, v string) error {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return fmt.Errorf("book-seed %q: want a whole number", v)
			}
			o.BookSeed = n
			return nil
		}}
}
