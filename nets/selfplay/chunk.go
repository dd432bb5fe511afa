// chunk.go is self-play as jobs: a chunk is a fixed range of a run's games
// with everything a process needs to play them and nothing else (the
// settings, the evaluator with its weight file's contents, the table size,
// the opening of each game), so that a worker on another machine plays
// exactly the games a local run would. Game i depends only on the settings
// and i, which is what makes chunks independent. Chunks travel as JSON;
// their games come back as sample records without the score's rounding
// remainder (a game's sample is one visit: its remainder is 0).
package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"crown/engine/board"
	"crown/engine/search"
)

// Engine is how a chunk's games search: an evaluator by name, its weight
// files by the hex SHA-256 of their contents ("": the evaluator's embedded
// default; the runner shares the files and the Engines fetch them), and
// the transposition table size of the one-thread searcher.
type Engine struct {
	Eval    string
	Net     string `json:",omitempty"`
	Weights string `json:",omitempty"`
	HashMB  int
}

// PlayerID names the evaluator and its weight files by checksum, the
// Config.Player recorded in sample files: the name, then ":" and 12 hex
// digits of each file's SHA-256.
func (e Engine) PlayerID() string {
	id := e.Eval
	for _, sum := range []string{e.Net, e.Weights} {
		if sum != "" {
			id += ":" + sum[:min(12, len(sum))]
		}
	}
	return id
}

// FileSum is the name Engine gives a weight file: its hex SHA-256.
func FileSum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// isSum reports whether s is "" or a hex SHA-256.
func isSum(s string) bool {
	if s == "" {
		return true
	}
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Chunk is games First .. First+len(Openings)-1 of a run, game First+k
// starting from Openings[k].
type Chunk struct {
	Config   Config
	Engine   Engine
	First    int
	Openings []board.Position
}

// ID is the chunk's job id, stable across runs.
func (c *Chunk) ID() string { return fmt.Sprintf("g%d-%d", c.First, len(c.Openings)) }

// chunkWire is a chunk as JSON (positions as black, white, kings, side).
type chunkWire struct {
	Config   Config
	Engine   Engine
	First    int
	Openings [][4]uint32
}

// Marshal encodes the chunk.
func (c *Chunk) Marshal() []byte {
	w := chunkWire{Config: c.Config, Engine: c.Engine, First: c.First, Openings: make([][4]uint32, len(c.Openings))}
	for i, p := range c.Openings {
		w.Openings[i] = [4]uint32{p.Black, p.White, p.Kings, uint32(p.Side)}
	}
	b, _ := json.Marshal(w) // plain data: cannot fail
	return b
}

// Bounds of a chunk accepted from the network.
const (
	maxChunkGames  = 100_000
	maxRandomPlies = 1000
	maxMoveCap     = 100_000
	maxFirst       = 1 << 30
)

// UnmarshalChunk decodes and checks a chunk: every setting in range, at
// least one limit per move, every opening a legal position, and the
// player's name matching the engine shipped with it.
func UnmarshalChunk(data []byte) (*Chunk, error) {
	var w chunkWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("self-play chunk: %w", err)
	}
	c := &Chunk{Config: w.Config, Engine: w.Engine, First: w.First}
	cf := &c.Config
	switch {
	case w.First < 0 || w.First > maxFirst:
		return nil, fmt.Errorf("self-play chunk: first game %d out of range", w.First)
	case len(w.Openings) == 0 || len(w.Openings) > maxChunkGames:
		return nil, fmt.Errorf("self-play chunk: %d games (want 1 to %d)", len(w.Openings), maxChunkGames)
	case cf.Nodes == 0 && cf.Depth <= 0 && cf.MoveTime <= 0:
		return nil, errors.New("self-play chunk: no node budget, depth or time per move")
	case cf.Depth < 0 || cf.Depth > search.MaxDepth || cf.MoveTime < 0:
		return nil, fmt.Errorf("self-play chunk: depth %d or move time %s out of range", cf.Depth, cf.MoveTime)
	case cf.RandomPlies < 0 || cf.RandomPlies > maxRandomPlies || cf.MoveCap < 0 || cf.MoveCap > maxMoveCap:
		return nil, fmt.Errorf("self-play chunk: random plies %d or move cap %d out of range", cf.RandomPlies, cf.MoveCap)
	case cf.Variant >= board.NumVariants:
		return nil, fmt.Errorf("self-play chunk: variant %d unknown", cf.Variant)
	case cf.DBPieces > 0 && cf.Variant != board.English:
		return nil, fmt.Errorf("self-play chunk: an endgame database (English checkers) in a %s run", cf.Variant)
	case cf.DBPieces < 0 || cf.DBPieces > 24:
		return nil, fmt.Errorf("self-play chunk: database pieces %d out of range", cf.DBPieces)
	case c.Engine.HashMB < 0:
		return nil, fmt.Errorf("self-play chunk: table size %d MiB", c.Engine.HashMB)
	case !isSum(c.Engine.Net) || !isSum(c.Engine.Weights):
		return nil, errors.New("self-play chunk: a weight file is not named by its SHA-256")
	case c.Engine.PlayerID() != cf.Player:
		return nil, fmt.Errorf("self-play chunk: player %q does not match its engine %q", cf.Player, c.Engine.PlayerID())
	}
	c.Openings = make([]board.Position, len(w.Openings))
	for i, o := range w.Openings {
		if o[3] > uint32(board.White) {
			return nil, fmt.Errorf("self-play chunk: opening %d: side %d", i, o[3])
		}
		p := board.NewPosition(o[0], o[1], o[2], board.Color(o[3]))
		if err := p.Valid(); err != nil {
			return nil, fmt.Errorf("self-play chunk: opening %d: %w", i, err)
		}
		c.Openings[i] = p
	}
	return c, nil
}

// Engines supplies what a chunk's games need. The command implements it
// over engine/setup and the endgame database (a worker keeps one for the
// process); tests use a fixed searcher.
type Engines interface {
	// Searcher returns a one-thread searcher for e (fetching its weight
	// files by checksum) whose endgame database is limited to dbPieces
	// pieces (0: none), and a function that hands it back when the chunk
	// is done.
	Searcher(ctx context.Context, e Engine, dbPieces int) (s *search.Searcher, release func(), err error)
	// Oracle returns the endgame database limited to pieces pieces.
	Oracle(pieces int) (Oracle, error)
}

// Play plays the chunk's games in order.
func (c *Chunk) Play(ctx context.Context, eng Engines) ([]Game, error) {
	s, release, err := eng.Searcher(ctx, c.Engine, c.Config.DBPieces)
	if err != nil {
		return nil, err
	}
	defer release()
	var db Oracle
	if c.Config.DBPieces > 0 {
		if db, err = eng.Oracle(c.Config.DBPieces); err != nil {
			return nil, err
		}
	}
	games := make([]Game, 0, len(c.Openings))
	for k, op := range c.Openings {
		gm, err := c.Config.play(ctx, s, db, c.First+k, op)
		if err != nil {
			return nil, err
		}
		games = append(games, gm)
	}
	return games, nil
}

// PlayJob is a chunk job's handler: input a marshalled chunk, output its
// games (MarshalGames).
func PlayJob(ctx context.Context, eng Engines, input []byte) ([]byte, error) {
	c, err := UnmarshalChunk(input)
	if err != nil {
		return nil, err
	}
	games, err := c.Play(ctx, eng)
	if err != nil {
		return nil, err
	}
	return MarshalGames(games), nil
}

// MarshalGames encodes games (little-endian): u32 count, then per game u32
// index, u32 plies, u64 nodes, u8 result, u32 samples and the samples'
// 30-byte records.
func MarshalGames(games []Game) []byte {
	le := binary.LittleEndian
	raw := le.AppendUint32(nil, uint32(len(games)))
	for i := range games {
		g := &games[i]
		raw = le.AppendUint32(raw, uint32(g.Index))
		raw = le.AppendUint32(raw, uint32(g.Plies))
		raw = le.AppendUint64(raw, g.Nodes)
		raw = append(raw, byte(g.Result))
		raw = le.AppendUint32(raw, uint32(len(g.Samples)))
		for j := range g.Samples {
			raw = appendRecord(raw, &g.Samples[j])
		}
	}
	return raw
}

// UnmarshalGames decodes MarshalGames's encoding, checking every record.
func UnmarshalGames(raw []byte) ([]Game, error) {
	le := binary.LittleEndian
	if len(raw) < 4 {
		return nil, fmt.Errorf("%w: games: %d bytes", ErrRecord, len(raw))
	}
	n := int(le.Uint32(raw))
	raw = raw[4:]
	const head = 21
	if n > len(raw)/head {
		return nil, fmt.Errorf("%w: %d games in %d bytes", ErrRecord, n, len(raw))
	}
	games := make([]Game, n)
	for i := range games {
		if len(raw) < head {
			return nil, fmt.Errorf("%w: game %d cut short", ErrRecord, i)
		}
		g := Game{Index: int(le.Uint32(raw)), Plies: int(le.Uint32(raw[4:])), Nodes: le.Uint64(raw[8:]), Result: board.Result(raw[16])}
		ns := int(le.Uint32(raw[17:]))
		raw = raw[head:]
		if g.Result > board.Draw || ns > len(raw)/recordSize {
			return nil, fmt.Errorf("%w: game %d: result %d, %d samples in %d bytes", ErrRecord, i, g.Result, ns, len(raw))
		}
		g.Samples = make([]Sample, ns)
		for j := range g.Samples {
			s, err := readRecord(raw[j*recordSize:], false)
			if err != nil {
				return nil, fmt.Errorf("%w: game %d, sample %d: %v", ErrRecord, i, j, err)
			}
			g.Samples[j] = s
		}
		raw = raw[ns*recordSize:]
		games[i] = g
	}
	if len(raw) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the games", ErrRecord, len(raw))
	}
	return games, nil
}
