// Package selfplayjob runs self-play games (nets/selfplay) as cluster
// jobs: Engines builds the searchers a chunk of games asks for (the
// evaluator through players.Eval, weight files fetched by checksum, the
// endgame database limited to the run's piece count) and keeps them for
// the next chunk, in a command and in a worker alike; Chunks turns the
// generator's chunks into jobs for whichever runner the command chose.
//
// engines.go holds a process's self-play resources.
package selfplayjob

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/players"
)

// Engines holds a process's self-play resources. Safe for
// concurrent use; Close releases them.
type Engines struct {
	egdbDir string // the database a worker opens ("" = the per-user one, else the embedded one)

	mu      sync.Mutex
	db      *egdb.DB // opened on first use, or given by the command
	ownDB   bool
	tmp     string                         // shipped weight files, written once
	factory map[string]search.NewEvaluator // by player id
	idle    map[string][]*search.Searcher  // searchers between chunks, by player, table and pieces
}

// New uses db (nil: open the database of egdbDir when a
// chunk needs one).
func New(db *egdb.DB, egdbDir string) *Engines {
	return &Engines{db: db, egdbDir: egdbDir, factory: map[string]search.NewEvaluator{}, idle: map[string][]*search.Searcher{}}
}

// Close closes a database it opened and removes its temporary files.
func (e *Engines) Close() error {
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
func (e *Engines) forJob(files cluster.Files) selfplay.Engines {
	return jobEngines{e, files}
}

type jobEngines struct {
	e     *Engines
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
func (e *Engines) release(key string, s *search.Searcher) func() {
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
func (e *Engines) writeFile(sum string, data []byte) (string, error) {
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
func (e *Engines) oracle(pieces int) (*limitedDB, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.db == nil {
		db, dir, err := egdb.OpenUser(board.English, e.egdbDir, 0)
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

// Adjudicator is the database limited to pieces as a referee's
// adjudicator, for the match games a worker plays beside its self-play.
func (e *Engines) Adjudicator(pieces int) (referee.Adjudicator, error) {
	db, err := e.oracle(pieces)
	if err != nil {
		return nil, err
	}
	return db, nil
}
