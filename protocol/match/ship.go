// ship.go carries a player to a game played by another process (a
// cluster worker). The spec travels as its text; the files it names (a
// network or weight file, an ensemble, a book) go once into the
// executor's file store by SHA-256 and the job names them by checksum; the
// worker fetches each once, keeps it in a private directory and points
// the spec at its copy. An endgame database is not shipped: the job
// carries the piece count the submitter's player would use, and the
// worker's player uses the worker's own database limited to that count
// (refused when smaller), so both play the same games. Hub engines and
// CheckerBoard libraries are refused: they are programs on the
// submitter's machine, and a job must not start programs on a worker.
package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/search"
	"crown/protocol/cluster"
	"crown/protocol/players"
)

// files returns the files a crown spec names, by file key.
func (s Spec) files() map[string]string {
	f := map[string]string{}
	for key, path := range map[string]string{fileNet: s.Options.NetFile, fileEnsemble: s.Ensemble, fileBook: s.Options.BookFile} {
		if path != "" {
			f[key] = path
		}
	}
	return f
}

// setFile points the spec's file key at path.
func (s *Spec) setFile(key, path string) {
	switch key {
	case fileNet:
		s.Options.NetFile = path
	case fileEnsemble:
		s.Ensemble = path
	case fileBook:
		s.Options.BookFile = path
	}
}

// usesEGDB reports whether the player opens an English endgame database,
// whose size a cluster's workers must match. A crown player in Russian or
// Brazilian draughts opens its game's database where it plays (the
// embedded <=4 one unless that machine has built more); workers do not
// check its size yet.
func (s Spec) usesEGDB() bool {
	return s.Kind == KindCrown && s.Options.EGDBPolicy != search.EGDBOff && s.Options.Variant == board.English
}

// localOnly refuses a player that is a program on this machine (hub:,
// cb:) on a cluster.
func localOnly(text, kind string) error {
	what := "a Hub engine (hub:)"
	if kind == KindCB {
		what = "a CheckerBoard engine library (cb:)"
	}
	return fmt.Errorf("player %q: %s is a program on this machine and cannot play on a cluster's workers; play it without --cluster", text, what)
}

// shipPlayer is s as a job carries it to another process: its files put
// into the executor's store, and the size of its endgame database.
func shipPlayer(ctx context.Context, s Spec, put func(context.Context, []byte) (string, error)) (jobPlayer, error) {
	p := jobPlayer{Spec: s.Text}
	if s.Kind != KindCrown {
		return p, localOnly(s.Text, s.Kind)
	}
	for key, path := range s.files() {
		data, err := fsutil.ReadFile(path)
		if err != nil {
			return p, fmt.Errorf("player %q: %s=: %w", s.Text, key, err)
		}
		sum, err := put(ctx, data)
		if err != nil {
			return p, fmt.Errorf("player %q: sharing %s: %w", s.Text, path, err)
		}
		if p.Files == nil {
			p.Files = map[string]string{}
		}
		p.Files[key] = sum
	}
	if s.usesEGDB() {
		o := s.Options
		e, err := players.EGDB{Dir: o.EGDBDir, Policy: o.EGDBPolicy, CacheMiB: 1, Pieces: o.EGDBMaxPieces}.Open()
		if err != nil {
			return p, fmt.Errorf("player %q: %w", s.Text, err)
		}
		p.EGDBPieces = e.MaxPieces()
		e.Close()
	}
	return p, nil
}

// spec is the spec of a job's player as this process plays it: as given
// for a game of its own, pointed at the shipped files and this process's
// database on a worker.
func (g *Games) spec(ctx context.Context, p jobPlayer, files cluster.Files) (Spec, error) {
	s, err := ParseSpec(p.Spec)
	if err != nil {
		return s, err
	}
	if !g.o.Worker {
		return s, nil
	}
	if s.Kind != KindCrown {
		return s, localOnly(p.Spec, s.Kind)
	}
	named := s.files()
	for key, path := range named {
		if _, ok := p.Files[key]; !ok {
			return s, fmt.Errorf("player %q names %s=%s, and the job carries no such file", p.Spec, key, path)
		}
	}
	for key, sum := range p.Files {
		if _, ok := named[key]; !ok {
			return s, fmt.Errorf("player %q: the job carries a %s file the spec does not name", p.Spec, key)
		}
		path, err := g.file(ctx, sum, files)
		if err != nil {
			return s, fmt.Errorf("player %q: %s: %w", p.Spec, key, err)
		}
		s.setFile(key, path)
	}
	if s.usesEGDB() {
		if p.EGDBPieces <= 0 {
			return s, fmt.Errorf("player %q uses an endgame database and the job does not say its size", p.Spec)
		}
		if g.o.DB == nil {
			return s, fmt.Errorf("player %q uses an endgame database and this process has none", p.Spec)
		}
		if _, err := g.o.DB(p.EGDBPieces); err != nil {
			return s, fmt.Errorf("player %q: %w", p.Spec, err)
		}
		s.Options.EGDBDir, s.Options.EGDBMaxPieces = g.o.EGDBDir, p.EGDBPieces
	}
	return s, nil
}

// file is the path of this process's copy of the shipped file sum,
// fetched and written the first time.
func (g *Games) file(ctx context.Context, sum string, files cluster.Files) (string, error) {
	g.mu.Lock()
	path, ok := g.paths[sum]
	g.mu.Unlock()
	if ok {
		return path, nil
	}
	if files == nil {
		return "", fmt.Errorf("shared file %s: no file store", sum)
	}
	data, err := files.File(ctx, sum)
	if err != nil {
		return "", err
	}
	if cluster.FileName(data) != sum {
		return "", fmt.Errorf("shared file %s arrived with another checksum", sum)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if path, ok := g.paths[sum]; ok {
		return path, nil
	}
	if g.tmp == "" {
		dir, err := os.MkdirTemp("", "crown-match-*")
		if err != nil {
			return "", err
		}
		g.tmp = dir
	}
	path = filepath.Join(g.tmp, sum)
	if err := fsutil.WriteAtomic(path, data); err != nil {
		return "", err
	}
	g.paths[sum] = path
	return path, nil
}
