// selfplay_jobs.go connects self-play to the jobs layer: selfplayEngines
// builds the searchers a chunk of games asks for (the evaluator through
// engine/setup, weight files fetched by checksum, the endgame database
// limited to the run's piece count) and keeps them for the next chunk,
// in a command and in a worker alike; chunkJobs turns the generator's
// chunks into jobs for whichever runner the command chose.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/search"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/players"
)

// selfplayEngines holds a process's self-play resources. Safe for
// concurrent use; Close releases them.
type selfplayEngines struct {
	egdbDir string // the database a worker opens ("" = the per-user one, else the embedded one)

	mu      sync.Mutex
	db      *egdb.DB // opened on first use, or given by the command
	ownDB   bool
	tmp     string                         // shipped weight files, written once
	factory map[string]search.NewEvaluator // by player id
	idle    map[string][]*search.Searcher  // searchers between chunks, by player, table and pieces
}

// newSelfplayEngines uses db (nil: open the database of egdbDir when a
// chunk needs one).
func newSelfplayEngines(db *egdb.DB, egdbDir string) *selfplayEngines {
	return &selfplayEngines{db: db, egdbDir: egdbDir, factory: map[string]search.NewEvaluator{}, idle: map[string][]*search.Searcher{}}
}

// Close closes a database it opened and removes its temporary files.
func (e *selfplayEngines) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tmp != "" {
		os.RemoveAll(e.tmp)
	}
	if e.ownDB && e.db != nil {
		return e.db.Close()
	}
	return nil
}

// forJob is the engines as one job sees them: weight files come from its
// batch's shared files.
func (e *selfplayEngines) forJob(files cluster.Files) selfplay.Engines {
	return jobEngines{e, files}
}

type jobEngines struct {
	e     *selfplayEngines
	files cluster.Files
}

// Searcher implements selfplay.Engines.
func (j jobEngines) Searcher(ctx context.Context, en selfplay.Engine, dbPieces int) (*search.Searcher, func(), error) {
	e := j.e
	key := fmt.Sprintf("%s/%d/%d", en.PlayerID(), en.HashMB, dbPieces)
	e.mu.Lock()
	if n := len(e.idle[key]); n > 0 {
		s := e.idle[key][n-1]
		e.idle[key] = e.idle[key][:n-1]
		e.mu.Unlock()
		return s, e.release(key, s), nil
	}
	e.mu.Unlock()
	ev, err := j.evaluator(ctx, en)
	if err != nil {
		return nil, nil, err
	}
	opts := search.Options{Eval: ev, HashMB: en.HashMB}
	if dbPieces > 0 {
		o, err := e.oracle(dbPieces)
		if err != nil {
			return nil, nil, err
		}
		opts.Tablebase, opts.EGDB = o, search.EGDBAlways
	}
	s, err := search.New(opts)
	if err != nil {
		return nil, nil, err
	}
	return s, e.release(key, s), nil
}

// release hands s back for the next chunk.
func (e *selfplayEngines) release(key string, s *search.Searcher) func() {
	return func() {
		e.mu.Lock()
		e.idle[key] = append(e.idle[key], s)
		e.mu.Unlock()
	}
}

// Oracle implements selfplay.Engines.
func (j jobEngines) Oracle(pieces int) (selfplay.Oracle, error) { return j.e.oracle(pieces) }

// evaluator loads en's evaluator once per process, writing its shipped
// weight files to a private directory (engine/setup reads files).
func (j jobEngines) evaluator(ctx context.Context, en selfplay.Engine) (search.NewEvaluator, error) {
	e := j.e
	id := en.PlayerID()
	e.mu.Lock()
	f, ok := e.factory[id]
	e.mu.Unlock()
	if ok {
		return f, nil
	}
	choice := players.Eval{Name: en.Eval}
	for _, w := range []struct {
		sum  string
		path *string
	}{{en.Net, &choice.Net}, {en.Weights, &choice.Weights}} {
		if w.sum == "" {
			continue
		}
		data, err := j.files.File(ctx, w.sum)
		if err != nil {
			return nil, err
		}
		if *w.path, err = e.writeFile(w.sum, data); err != nil {
			return nil, err
		}
	}
	f, err := choice.Factory()
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.factory[id] = f
	e.mu.Unlock()
	return f, nil
}

// writeFile writes a shipped file into the private directory.
func (e *selfplayEngines) writeFile(sum string, data []byte) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tmp == "" {
		dir, err := os.MkdirTemp("", "crown-jobs-*")
		if err != nil {
			return "", err
		}
		e.tmp = dir
	}
	path := filepath.Join(e.tmp, sum)
	return path, fsutil.WriteAtomic(path, data)
}

// oracle is the database limited to pieces, refused when this process's
// database is smaller (its games would not be the run's).
func (e *selfplayEngines) oracle(pieces int) (*limitedDB, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.db == nil {
		db, dir, err := egdb.OpenUser(e.egdbDir, 0)
		if err != nil {
			return nil, fmt.Errorf("endgame database %s: %w", dir, err)
		}
		e.db, e.ownDB = db, true
	}
	if have := e.db.MaxPieces(); have < pieces {
		return nil, fmt.Errorf("this process's endgame database has up to %d pieces, the run needs %d (crown egdb build --pieces %d, or --egdb-dir)", have, pieces, pieces)
	}
	return &limitedDB{e.db, pieces}, nil
}

// limitedDB is a database used up to max pieces: the search's tablebase
// and self-play's oracle.
type limitedDB struct {
	db  *egdb.DB
	max int
}

func (l *limitedDB) Probe(p *board.Position) (int, bool) {
	if p.Total() > l.max {
		return 0, false
	}
	return l.db.Probe(p)
}

func (l *limitedDB) Value(p *board.Position) (int, bool) {
	if p.Total() > l.max {
		return 0, false
	}
	return l.db.Value(p)
}

func (l *limitedDB) MaxPieces() int { return l.max }

// chunkJobs runs the generator's chunks as jobs of kind selfplay.
type chunkJobs struct{ r jobRunner }

// RunChunks implements selfplay.ChunkRunner.
func (c chunkJobs) RunChunks(ctx context.Context, batch string, chunks []*selfplay.Chunk, done func([]selfplay.Game) error) error {
	jobs := make([]cluster.Job, len(chunks))
	byID := make(map[string]*selfplay.Chunk, len(chunks))
	for i, ch := range chunks {
		jobs[i] = cluster.Job{ID: ch.ID(), Kind: kindSelfplay, Input: ch.Marshal()}
		byID[ch.ID()] = ch
	}
	return c.r.Run(ctx, batch, jobs, func(res cluster.Result) error {
		if res.Err != "" {
			return fmt.Errorf("self-play games %s failed on %s: %s", res.ID, res.Worker, res.Err)
		}
		games, err := selfplay.UnmarshalGames(res.Output)
		if err != nil {
			return fmt.Errorf("self-play games %s from %s: %w", res.ID, res.Worker, err)
		}
		ch := byID[res.ID]
		if len(games) != len(ch.Openings) {
			return fmt.Errorf("self-play games %s from %s: %d games, want %d", res.ID, res.Worker, len(games), len(ch.Openings))
		}
		for k, g := range games {
			if g.Index != ch.First+k {
				return fmt.Errorf("self-play games %s from %s: game %d in place of %d", res.ID, res.Worker, g.Index, ch.First+k)
			}
		}
		return done(games)
	})
}
