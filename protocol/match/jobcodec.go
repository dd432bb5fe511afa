// jobcodec.go encodes a match game as a job of package cluster, so the
// runner has one way to have a game played: in its own process or on a
// coordinator's workers. The input names everything that decides the game
// (the two player specs as given, with the files they name by checksum
// and the size of their endgame database when they travel; the opening;
// the limits, the rules, the book rule and the adjudicating database's
// size; the game's index). The output is the finished game: its PDN
// record and what the runner's bookkeeping needs beyond it at full
// precision (move times, the fault's owner, moves made and made without
// searching). Both are versioned JSON, and the decoders check every field:
// a worker reads its input from the network.
package match

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/engine/referee"
)

// JobKind is the kind of a match game's job (cluster.Job.Kind).
const JobKind = "match-game"

// jobVersion is the version of the input and output below; a worker
// refuses any other.
const jobVersion = 1

// maxGames bounds a game index (the eleven-man set with both colours is
// 4,800 games).
const maxGames = 1 << 20

// maxOpeningMoves bounds an opening's moves.
const maxOpeningMoves = 1000

// File keys of a crown spec: the spec keys whose value is a file that
// travels with a game played elsewhere (net= and weights= share one).
const (
	fileNet      = "net"
	fileEnsemble = "ensemble"
	fileBook     = "book-file"
)

// isFileKey reports whether key is one of the file keys.
func isFileKey(key string) bool { return key == fileNet || key == fileEnsemble || key == fileBook }

// maxDBPieces bounds a database's piece count: both sides' pieces.
const maxDBPieces = 2 * board.MaxPieces

// jobInput is one game to play.
type jobInput struct {
	V       int            `json:"v"`
	Index   int            `json:"index"` // 0-based: opening Index/2, A plays Black when Index is even
	Players [2]jobPlayer   `json:"players"`
	Opening jobOpening     `json:"opening"`
	Limits  referee.Limits `json:"limits"`
	Rules   board.Rules    `json:"rules"`
	BookOff bool           `json:"book_off,omitempty"`
	// DBPieces: the adjudicating database covers positions of at most
	// this many pieces; 0: no adjudication.
	DBPieces int `json:"db_pieces,omitempty"`
	// Shipped: the game is played by another process, with the files
	// carried by checksum and that process's endgame database.
	Shipped bool `json:"shipped,omitempty"`
}

// jobPlayer is a player of a job: the spec's text, and when shipped the
// checksums of the files it names (by file key) and the piece count of
// its endgame database (0: it uses none).
type jobPlayer struct {
	Spec       string            `json:"spec"`
	Files      map[string]string `json:"files,omitempty"`
	EGDBPieces int               `json:"egdb_pieces,omitempty"`
}

// jobOpening is an opening: the start position and the moves played from
// it in Hub notation (which names a capture's squares unambiguously).
type jobOpening struct {
	Name  string   `json:"name"`
	FEN   string   `json:"fen"`
	Moves []string `json:"moves,omitempty"`
	// Variant names the rules of a Russian or Brazilian opening (its FEN
	// is read under them); "": English checkers.
	Variant string `json:"variant,omitempty"`
}

// encodeOpening is o as a job carries it.
func encodeOpening(o Opening) jobOpening {
	j := jobOpening{Name: o.Name, FEN: o.Start.FEN()}
	if v := o.Start.Variant; v != board.English {
		j.Variant = v.String()
	}
	for _, m := range o.Moves {
		j.Moves = append(j.Moves, m.HubString())
	}
	return j
}

// opening is the opening j names, each move checked legal.
func (j jobOpening) opening() (Opening, error) {
	v := board.English
	if j.Variant != "" {
		var err error
		if v, err = board.ParseVariant(j.Variant); err != nil {
			return Opening{}, fmt.Errorf("opening %q: %w", j.Name, err)
		}
	}
	start, err := board.ParseVariantFEN(j.FEN, v)
	if err != nil {
		return Opening{}, fmt.Errorf("opening %q: %w", j.Name, err)
	}
	if len(j.Moves) > maxOpeningMoves {
		return Opening{}, fmt.Errorf("opening %q: %d moves, at most %d", j.Name, len(j.Moves), maxOpeningMoves)
	}
	o := Opening{Name: j.Name, Start: start}
	p := start
	for _, text := range j.Moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return Opening{}, fmt.Errorf("opening %q: %w", j.Name, err)
		}
		o.Moves = append(o.Moves, m)
		p = p.Play(m)
	}
	return o, nil
}

// encode is the input's bytes.
func (in *jobInput) encode() ([]byte, error) {
	in.V = jobVersion
	return json.Marshal(in)
}

// decodeInput reads and checks a job's input.
func decodeInput(data []byte) (*jobInput, error) {
	var in jobInput
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("match game input: %w", err)
	}
	if dec.More() {
		return nil, errors.New("match game input: data after the game")
	}
	if in.V != jobVersion {
		return nil, fmt.Errorf("match game input: version %d, this crown reads %d", in.V, jobVersion)
	}
	if in.Index < 0 || in.Index >= maxGames {
		return nil, fmt.Errorf("match game input: game index %d out of range", in.Index)
	}
	l := in.Limits
	if l.MoveTime < 0 || l.Time < 0 || l.Inc < 0 || l.Depth < 0 || l.Margin < 0 || l.Hang < 0 {
		return nil, fmt.Errorf("match game input: negative limit in %+v", l)
	}
	if in.Rules.MoveCap < 0 {
		return nil, fmt.Errorf("match game input: negative move cap %d", in.Rules.MoveCap)
	}
	if in.DBPieces < 0 || in.DBPieces > maxDBPieces {
		return nil, fmt.Errorf("match game input: database of %d pieces", in.DBPieces)
	}
	for k, p := range in.Players {
		if err := p.check(in.Shipped); err != nil {
			return nil, fmt.Errorf("match game input: player %c: %w", 'A'+k, err)
		}
	}
	if _, err := in.Opening.opening(); err != nil {
		return nil, fmt.Errorf("match game input: %w", err)
	}
	return &in, nil
}

// check checks a player's fields (the spec itself is parsed when used).
func (p jobPlayer) check(shipped bool) error {
	if p.Spec == "" {
		return errors.New("no spec")
	}
	if !shipped && (len(p.Files) > 0 || p.EGDBPieces != 0) {
		return errors.New("files or a database size for a game played where it was set up")
	}
	if p.EGDBPieces < 0 || p.EGDBPieces > maxDBPieces {
		return fmt.Errorf("database of %d pieces", p.EGDBPieces)
	}
	for key, sum := range p.Files {
		if !isFileKey(key) {
			return fmt.Errorf("file key %q (want %s, %s or %s)", key, fileNet, fileEnsemble, fileBook)
		}
		if b, err := hex.DecodeString(sum); err != nil || len(b) != 32 {
			return fmt.Errorf("file %s=%q: not a SHA-256 in hex", key, sum)
		}
	}
	return nil
}

// jobOutput is a finished game. Result, termination and fault are the
// PDN record's tags; the rest is what the record does not hold exactly.
type jobOutput struct {
	V          int              `json:"v"`
	Index      int              `json:"index"`
	FaultByA   bool             `json:"fault_by_a,omitempty"`
	Plies      int              `json:"plies"`
	MaxMove    [2]time.Duration `json:"max_move"`
	MaxOver    [2]time.Duration `json:"max_over"`
	Limited    [2]bool          `json:"limited"`
	Moves      [2]int           `json:"moves"`
	Thought    [2]time.Duration `json:"thought"`
	Unsearched [2]Unsearched    `json:"unsearched"`
	PDN        string           `json:"pdn"`
}

// encodeOutput is g's bytes as a job's output.
func encodeOutput(g Game) ([]byte, error) {
	if g.Record == nil {
		return nil, fmt.Errorf("match game %d: no record", g.Index+1)
	}
	var rec bytes.Buffer
	if err := pdn.Write(&rec, g.Record); err != nil {
		return nil, err
	}
	return json.Marshal(jobOutput{V: jobVersion, Index: g.Index, FaultByA: g.FaultByA, Plies: g.Plies,
		MaxMove: g.MaxMove, MaxOver: g.MaxOver, Limited: g.Limited, Moves: g.Moves, Thought: g.Thought,
		Unsearched: g.Unsearched, PDN: rec.String()})
}

// decodeOutput reads and checks the output of game index's job.
func decodeOutput(data []byte, index int) (Game, error) {
	var out jobOutput
	if err := json.Unmarshal(data, &out); err != nil {
		return Game{}, fmt.Errorf("match game output: %w", err)
	}
	if out.V != jobVersion {
		return Game{}, fmt.Errorf("match game output: version %d, this crown reads %d", out.V, jobVersion)
	}
	if out.Index != index {
		return Game{}, fmt.Errorf("match game output: game %d in place of %d", out.Index+1, index+1)
	}
	games, err := pdn.ReadAll(bytes.NewReader([]byte(out.PDN)))
	if err != nil {
		return Game{}, fmt.Errorf("match game output: record: %w", err)
	}
	if len(games) != 1 {
		return Game{}, fmt.Errorf("match game output: %d records, want 1", len(games))
	}
	pg := games[0]
	if pg.Result == board.Ongoing {
		return Game{}, errors.New("match game output: an unfinished game")
	}
	if r := pg.Tag("Round"); r != fmt.Sprint(index+1) {
		return Game{}, fmt.Errorf("match game output: record of round %q in place of %d", r, index+1)
	}
	if out.Plies < 0 || out.Plies > len(pg.Moves) {
		return Game{}, fmt.Errorf("match game output: %d plies, the record has %d moves", out.Plies, len(pg.Moves))
	}
	g := Game{Index: index, Opening: index / 2, AIsBlack: index%2 == 0, Result: pg.Result,
		Termination: pg.Tag("Termination"), Fault: pg.Tag("Fault"), FaultByA: out.FaultByA, Plies: out.Plies,
		MaxMove: out.MaxMove, MaxOver: out.MaxOver, Limited: out.Limited, Moves: out.Moves, Thought: out.Thought,
		Unsearched: out.Unsearched, Record: pg}
	if g.Termination == "" {
		return Game{}, errors.New("match game output: record without a termination")
	}
	return g, nil
}
