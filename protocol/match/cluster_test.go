package match_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/nets"
	"crown/protocol/cbhost"
	"crown/protocol/cluster"
	"crown/protocol/match"
)

var testIdentity = cluster.Identity{Version: "match-test", Network: "0"}

// testCluster starts a coordinator on loopback and a worker of threads
// threads playing match games with db as its database; it returns a
// client and the count of games the worker played. Everything stops at
// cleanup.
func testCluster(t testing.TB, threads int, db referee.Adjudicator) (*cluster.Client, *atomic.Int64) {
	t.Helper()
	c, err := cluster.Serve(context.Background(), cluster.ServeOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(),
		Identity: testIdentity, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	games := match.NewGames(match.GamesOptions{Worker: true, Log: zerolog.Nop(),
		DB: func(pieces int) (referee.Adjudicator, error) {
			if pieces > db.MaxPieces() {
				return nil, fmt.Errorf("database of %d pieces, the game needs %d", db.MaxPieces(), pieces)
			}
			return db, nil
		}})
	var played atomic.Int64
	handle := func(ctx context.Context, job cluster.Job, files cluster.Files) ([]byte, error) {
		played.Add(1)
		return games.Handle(ctx, job, files)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- cluster.Work(ctx, cluster.WorkOptions{Threads: threads, Handlers: cluster.Handlers{match.JobKind: handle},
			ConnectOptions: cluster.ConnectOptions{URL: c.URL(), Identity: testIdentity, Name: "w", Log: zerolog.Nop()}})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
		games.Close()
	})
	cl, err := cluster.Dial(context.Background(), cluster.ConnectOptions{URL: c.URL(), Identity: testIdentity, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return cl, &played
}

// TestClusterPlaysTheSameGames: a match on a worker, with A's network
// file shipped by checksum and both databases the worker's, plays the
// same games (every move) as in this process; a Hub engine is refused.
func TestClusterPlaysTheSameGames(t *testing.T) {
	t.Setenv(egdb.EnvDir, "") // players use the embedded database, here and on the worker
	db := embeddedDB(t)
	net := filepath.Join(t.TempDir(), "g0.net")
	if err := nets.GenerationZero().Save(net); err != nil {
		t.Fatal(err)
	}
	cl, played := testCluster(t, 2, db)
	opts := match.Options{
		A: spec(t, "crown:eval=nn,net="+net+",name=net"), B: spec(t, "crown:eval=material,name=material"),
		Openings: acf(t, 3), Limits: referee.Limits{Nodes: 1500}, Rules: board.Rules{MoveCap: 60},
		DB: db, Workers: 2, BookOff: true,
	}
	local, err := match.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Cluster = cl
	opts.PDN = filepath.Join(t.TempDir(), "c.pdn")
	var seen int
	opts.OnGame = func(match.Game, match.Standing) { seen++ }
	remote, err := match.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(remote.Games) != 6 || seen != 6 || remote.Standing.Summary != local.Standing.Summary {
		t.Fatalf("cluster: %d games (%d seen), %+v; local %+v", len(remote.Games), seen, remote.Standing.Summary, local.Standing.Summary)
	}
	for i, g := range remote.Games {
		l := local.Games[i]
		if g.Result != l.Result || g.Termination != l.Termination || fmt.Sprint(g.Record.Moves) != fmt.Sprint(l.Record.Moves) ||
			g.Moves != l.Moves || g.Record.Tag("Black") != l.Record.Tag("Black") {
			t.Errorf("game %d: cluster %v %s %v, local %v %s %v", i+1, g.Result, g.Termination, g.Record.Moves, l.Result, l.Termination, l.Record.Moves)
		}
		if g.Moves[0] == 0 || g.Thought[0] <= 0 {
			t.Errorf("game %d: moves %v thought %v", i+1, g.Moves, g.Thought)
		}
	}
	// Submitted again with a new file, the match is the same batch: every
	// result comes from the coordinator's store, none is played again.
	if n := played.Load(); n != 6 {
		t.Fatalf("the worker played %d games, want 6", n)
	}
	opts.PDN = filepath.Join(t.TempDir(), "again.pdn")
	again, err := match.Run(context.Background(), opts)
	if err != nil || len(again.Games) != 6 || again.Standing.Summary != local.Standing.Summary {
		t.Fatalf("again: %v, %d games, %+v", err, len(again.Games), again.Standing.Summary)
	}
	if n := played.Load(); n != 6 {
		t.Fatalf("the resubmitted match played %d games again", n-6)
	}
	opts.A = spec(t, "hub:./no-such-engine")
	opts.PDN = ""
	if _, err := match.Run(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "cannot play on a cluster") {
		t.Errorf("a Hub engine on a cluster: %v", err)
	}
	if cbhost.Supported {
		opts.A = spec(t, "cb:./no-such.so")
		if _, err := match.Run(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "CheckerBoard engine library (cb:) is a program on this machine") {
			t.Errorf("a CheckerBoard library on a cluster: %v", err)
		}
	}
}

// cancelRecorder is a cluster client that records the runner's Cancel.
type cancelRecorder struct {
	*cluster.Client
	mu      sync.Mutex
	batch   string
	removed int
	calls   int
}

func (c *cancelRecorder) Run(ctx context.Context, batch string, jobs []cluster.Job, on func(cluster.Result) error) error {
	c.mu.Lock()
	c.batch = batch
	c.mu.Unlock()
	return c.Client.Run(ctx, batch, jobs, on)
}

func (c *cancelRecorder) Cancel(ctx context.Context, batch string) (int, error) {
	n, err := c.Client.Cancel(ctx, batch)
	c.mu.Lock()
	c.calls++
	c.removed += n
	c.mu.Unlock()
	return n, err
}

// TestClusterSPRTCancelsQueuedGames: once the SPRT decides, the runner
// stops counting and drops the games still queued on the coordinator.
func TestClusterSPRTCancelsQueuedGames(t *testing.T) {
	t.Setenv(egdb.EnvDir, "")
	db := embeddedDB(t)
	cl, _ := testCluster(t, 1, db)
	ex := &cancelRecorder{Client: cl}
	var games int
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := match.Run(ctx, match.Options{
		A: spec(t, "crown:depth=5"), B: spec(t, "crown:depth=1"), Openings: acf(t, 20),
		Rules: board.Rules{MoveCap: 100}, BookOff: true, Cluster: ex,
		SPRT:   &referee.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1},
		OnGame: func(match.Game, match.Standing) { games++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || res.Standing.Decision != referee.AcceptH1 || games >= 40 || len(res.Games) != games {
		t.Fatalf("stopped %v, %v after %d games", res.Stopped, res.Standing.Decision, games)
	}
	// The queue still holds the games the worker runs and the last one it
	// finished until it acks it: one thread, so at most two beyond the rest.
	if ex.calls != 1 || ex.removed == 0 || games+ex.removed > 40+2 {
		t.Fatalf("cancel called %d times, %d queued games dropped after %d played", ex.calls, ex.removed, games)
	}
	if n, err := ex.Client.Cancel(ctx, ex.batch); err != nil || n != 0 {
		t.Fatalf("games still queued after the decision: %d (%v)", n, err)
	}
	t.Logf("decided after %d games, %d queued games dropped", games, ex.removed)
}

// BenchmarkGameOverhead plays 100 short games of trivial players (depth
// 1, no database) in this process and through a coordinator on loopback
// with one two-thread worker; the difference of the two ns/game is what a
// game costs for being a job on a cluster (queueing, the worker's fetch,
// decoding, storing the result, delivering it).
func BenchmarkGameOverhead(b *testing.B) {
	b.Setenv(egdb.EnvDir, "")
	db := embeddedDB(b)
	cl, _ := testCluster(b, 2, db)
	const games = 100
	matches := 0 // every match a new name: a new batch, played, not found stored
	for _, where := range []string{"local", "cluster"} {
		b.Run(where, func(b *testing.B) {
			for range b.N {
				matches++
				opts := match.Options{
					A:        spec(b, fmt.Sprintf("crown:eval=material,egdb-policy=off,hash=1,name=a%d", matches)),
					B:        spec(b, "crown:eval=material,egdb-policy=off,hash=1,name=b"),
					Openings: acf(b, games/2), Limits: referee.Limits{Depth: 1}, Rules: board.Rules{MoveCap: 10},
					Workers: 2, BookOff: true,
				}
				if where == "cluster" {
					opts.Cluster = cl
				}
				res, err := match.Run(context.Background(), opts)
				if err != nil || len(res.Games) != games {
					b.Fatalf("%v, %d games", err, len(res.Games))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*games), "ns/game")
		})
	}
}
