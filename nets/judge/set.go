// Package judge measures endgame-phase judgement: how often an evaluator,
// statically or after a short search, gives the right verdict (win, draw or
// loss for the side to move) on quiet positions of 7-16 pieces whose verdict
// a deep search with the 6-piece database has settled. crown lost most of
// its games against the strongest open engines by entering such endgames
// already lost (../shared/data/peer-games/README.md): this is the
// measurement of that knowledge, made on one fixed set so that every
// network generation is measured the same way (docs/training.md,
// "Endgame-phase judgement").
//
// set.go is the position-set file: a text file, one position a line, that a
// person can read and diff, with a version line first and a CRC-32C of
// everything above it last, so that a damaged or hand-edited set is refused
// rather than measured.
//
//	# crown judge set 1
//	# any comment lines (how the set was made)
//	FEN <TAB> label <TAB> pieces <TAB> source <TAB> scores
//	...
//	# crc32c 89abcdef
//
// label is win, draw, loss (for the side to move), unclear (a deep score
// between the draw and the win thresholds) or ? (not labelled yet); scores
// are the labelling searches' scores, budget=score separated by commas
// ("-" when none).
package judge

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"sort"
	"strconv"
	"strings"

	"crown/engine/board"
	"crown/engine/fsutil"
)

// Version is the set file's format version.
const Version = 1

// versionLine opens every set file.
var versionLine = fmt.Sprintf("# crown judge set %d", Version)

// MaxSetFile bounds what ReadSet accepts: far more than any set measured
// (3,000 positions are about 300 KB).
const MaxSetFile = 64 << 20

// Errors of set files.
var (
	ErrNotSet   = errors.New("not a crown judge set (first line is not \"# crown judge set N\")")
	ErrVersion  = errors.New("unsupported judge set version")
	ErrChecksum = errors.New("judge set checksum mismatch")
	ErrNoSum    = errors.New("judge set has no checksum line (truncated?)")
)

// Label is a position's verdict for the side to move.
type Label int8

const (
	Unlabelled Label = iota // "?"
	Loss
	Draw
	Win
	Unclear // the deep score lies between the thresholds: kept out of measurements
)

var labelNames = [...]string{"?", "loss", "draw", "win", "unclear"}

func (l Label) String() string {
	if int(l) < len(labelNames) && l >= 0 {
		return labelNames[l]
	}
	return "invalid"
}

// ParseLabel reads a label's name.
func ParseLabel(s string) (Label, error) {
	for i, n := range labelNames {
		if s == n {
			return Label(i), nil
		}
	}
	return 0, fmt.Errorf("unknown label %q (want win, draw, loss, unclear or ?)", s)
}

// Verdicts are the three labels a measurement compares: Loss, Draw, Win.
var Verdicts = [3]Label{Loss, Draw, Win}

// Score is one labelling search's result.
type Score struct {
	Nodes uint64 // the budget
	Score int    // search score, side to move's view, in centi-men
}

// Record is one position of a set.
type Record struct {
	Pos    board.Position
	Label  Label
	Source string  // where the position comes from: file:game:ply
	Scores []Score // labelling searches, by increasing budget
}

// Pieces is the record's piece count.
func (r *Record) Pieces() int { return r.Pos.Total() }

// Set is a position set with its comment lines (without the version and
// checksum lines).
type Set struct {
	Comments []string // each without the leading "# "
	Records  []Record
}

// Marshal writes the set in the file format, checksum included.
func (s *Set) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(versionLine + "\n")
	for _, c := range s.Comments {
		for _, line := range strings.Split(c, "\n") {
			b.WriteString("# " + line + "\n")
		}
	}
	b.WriteString("# fen\tlabel\tpieces\tsource\tscores (nodes=centi-men, side to move)\n")
	for i := range s.Records {
		r := &s.Records[i]
		scores := "-"
		if len(r.Scores) > 0 {
			parts := make([]string, len(r.Scores))
			for j, sc := range r.Scores {
				parts[j] = fmt.Sprintf("%d=%d", sc.Nodes, sc.Score)
			}
			scores = strings.Join(parts, ",")
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\n", r.Pos.FEN(), r.Label, r.Pieces(), r.Source, scores)
	}
	fmt.Fprintf(&b, "# crc32c %08x\n", crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// columnsLine is the header Marshal writes; ParseSet skips it as a comment.
const columnsPrefix = "fen\tlabel"

// ParseSet reads a set file's bytes. Errors name the line.
func ParseSet(data []byte) (*Set, error) {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	var v int
	if n, err := fmt.Sscanf(string(first), "# crown judge set %d", &v); n != 1 || err != nil {
		return nil, ErrNotSet
	}
	if v != Version {
		return nil, fmt.Errorf("%w: %d (this build reads %d)", ErrVersion, v, Version)
	}
	body := bytes.TrimRight(data, "\n")
	i := bytes.LastIndexByte(body, '\n')
	if i < 0 {
		return nil, ErrNoSum
	}
	last := string(body[i+1:])
	var sum uint32
	if n, err := fmt.Sscanf(last, "# crc32c %x", &sum); n != 1 || err != nil || !strings.HasPrefix(last, "# crc32c ") {
		return nil, ErrNoSum
	}
	covered := body[:i+1]
	if got := crc32.Checksum(covered, castagnoli); got != sum {
		return nil, fmt.Errorf("%w: file says %08x, contents give %08x", ErrChecksum, sum, got)
	}
	s := &Set{}
	seen := map[board.Position]int{}
	lines := strings.Split(strings.TrimSuffix(string(covered), "\n"), "\n")
	for n, line := range lines[1:] {
		lineNo := n + 2
		if c, ok := strings.CutPrefix(line, "#"); ok {
			c = strings.TrimPrefix(c, " ")
			if !strings.HasPrefix(c, columnsPrefix) {
				s.Comments = append(s.Comments, c)
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		r, err := parseRecord(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		key := r.Pos
		key.Hash = 0
		if prev, dup := seen[key]; dup {
			return nil, fmt.Errorf("line %d: position %s repeats line %d", lineNo, r.Pos.FEN(), prev)
		}
		seen[key] = lineNo
		s.Records = append(s.Records, r)
	}
	return s, nil
}

// parseRecord reads one position line.
func parseRecord(line string) (Record, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Record{}, fmt.Errorf("%d tab-separated fields, want 5 (fen, label, pieces, source, scores)", len(f))
	}
	var r Record
	p, err := board.ParseFEN(f[0])
	if err != nil {
		return r, fmt.Errorf("fen %q: %w", f[0], err)
	}
	if err := p.Valid(); err != nil {
		return r, fmt.Errorf("fen %q: %w", f[0], err)
	}
	r.Pos = p
	if r.Label, err = ParseLabel(f[1]); err != nil {
		return r, err
	}
	n, err := strconv.Atoi(f[2])
	if err != nil || n != p.Total() {
		return r, fmt.Errorf("piece count %q: the position has %d pieces", f[2], p.Total())
	}
	r.Source = f[3]
	if f[4] != "-" {
		for _, part := range strings.Split(f[4], ",") {
			a, b, ok := strings.Cut(part, "=")
			nodes, err1 := strconv.ParseUint(a, 10, 64)
			score, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || nodes == 0 {
				return r, fmt.Errorf("score %q: want nodes=score", part)
			}
			r.Scores = append(r.Scores, Score{Nodes: nodes, Score: score})
		}
		if !sort.SliceIsSorted(r.Scores, func(i, j int) bool { return r.Scores[i].Nodes < r.Scores[j].Nodes }) {
			return r, fmt.Errorf("scores %q: budgets not in increasing order", f[4])
		}
	}
	return r, nil
}

// ReadSet reads a set file.
func ReadSet(path string) (*Set, error) {
	return fsutil.Load(path, ParseSet)
}

// WriteSet writes a set file atomically.
func WriteSet(path string, s *Set) error {
	return fsutil.WriteAtomic(path, s.Marshal())
}

// EndgameSetPath is the committed measurement set, relative to this
// package's directory (docs/training.md, "Endgame-phase judgement").
const EndgameSetPath = "testdata/endgame-set.txt"
