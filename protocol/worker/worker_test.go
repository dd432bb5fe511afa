// worker_test.go checks the table of job kinds a worker runs: self-play
// always, database pairs and match games when their state is given.
package worker

import (
	"testing"

	"crown/protocol/egdbjob"
	"crown/protocol/match"
	"crown/protocol/selfplayjob"
)

func TestHandlers(t *testing.T) {
	sp := selfplayjob.New(nil, "")
	defer sp.Close()
	if h := Handlers(sp, nil, nil); len(h) != 1 || h[selfplayjob.Kind] == nil {
		t.Errorf("self-play only: %d kinds", len(h))
	}
	eg := egdbjob.NewWorker(t.TempDir(), 64)
	defer eg.Close()
	games := match.NewGames(match.GamesOptions{Worker: true})
	defer games.Close()
	h := Handlers(sp, eg, games)
	for _, k := range []string{selfplayjob.Kind, egdbjob.Kind, match.JobKind} {
		if h[k] == nil {
			t.Errorf("no handler for %s", k)
		}
	}
}
