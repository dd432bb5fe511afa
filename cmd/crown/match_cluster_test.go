package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"crown/engine/pdn"
)

// TestMatchOnClusterEqualsLocal: crown serve and two crown workers play a
// 40-game node-limited match (crown match --cluster) with the same
// results, report and moves as a local run, although one worker is
// SIGKILLed mid-match: its game goes to the other once its lease runs out,
// and every game is counted once.
func TestMatchOnClusterEqualsLocal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 80 games through processes")
	}
	dir := t.TempDir()
	url, env, _ := startCoordinator(t, dir, "--lease", "2s")
	victim := startCrown(t, env, "worker", "--connect", url, "--threads", "1", "--name", "victim", "--log-level", "debug")
	startCrown(t, env, "worker", "--connect", url, "--threads", "1", "--name", "survivor")

	args := []string{"match", "--player", "crown:eval=material,name=a", "--player", "crown:eval=nn,name=b",
		"--nodes", "2000", "--count", "20", "--concurrency", "2"}
	local, clust := filepath.Join(dir, "local.pdn"), filepath.Join(dir, "cluster.pdn")
	t0 := time.Now()
	localOut, errb, err := runCrownEnv(t, env, append(args, "--pdn", local)...)
	if err != nil {
		t.Fatalf("local: %v\n%s", err, errb)
	}
	localTook := time.Since(t0)

	t0 = time.Now()
	sub := exec.Command(crownBin, append(args, "--pdn", clust, "--cluster", url)...)
	sub.Env = env
	var subOut, subErr bytes.Buffer
	sub.Stdout, sub.Stderr = &subOut, &subErr
	if err := sub.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sub.Wait() }()
	t.Cleanup(func() { sub.Process.Kill() })
	atKill := -1
	for deadline := time.Now().Add(60 * time.Second); atKill < 0; time.Sleep(50 * time.Millisecond) {
		if n := len(readGames(t, clust)); n >= 8 {
			if err := victim.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			atKill = n
		}
		if time.Now().After(deadline) {
			t.Fatal("the cluster match did not reach 8 games in 60 s")
		}
	}
	victim.Wait()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("cluster: %v\n%s", err, subErr.String())
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("the cluster match did not finish 90 s after the kill:\n%s", subErr.String())
	}
	t.Logf("local %s; cluster %s, a worker killed after %d games", localTook.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond), atKill)

	if atKill >= 40 {
		t.Fatalf("the worker was killed after the match (%d games)", atKill)
	}
	if n := strings.Count(victim.Stderr.(*bytes.Buffer).String(), `"message":"job done"`); n == 0 {
		t.Error("the killed worker finished no game before the kill")
	}
	if n := strings.Count(subErr.String(), `"message":"game"`); n != 40 {
		t.Errorf("%d games counted on the cluster, want 40", n)
	}
	clusterOut := subOut.String()
	for _, prefix := range []string{"40 of 40 games", "Black ", "White ", "total ", "Elo difference", "USCF rating"} {
		// The wall time in "40 of 40 games (N s)" may differ.
		l, _, _ := strings.Cut(lineWith(localOut, prefix), "(")
		c, _, _ := strings.Cut(lineWith(clusterOut, prefix), "(")
		if l == "" || l != c {
			t.Errorf("report line %q: cluster %q, local %q", prefix, c, l)
		}
	}
	lg, cg := readGames(t, local), readGames(t, clust)
	if len(lg) != 40 || len(cg) != 40 {
		t.Fatalf("%d local games, %d cluster games, want 40", len(lg), len(cg))
	}
	for i, l := range lg {
		c := cg[i]
		for _, tag := range []string{"Round", "Black", "White", "Opening", "Termination"} {
			if l.Tag(tag) != c.Tag(tag) {
				t.Errorf("game %d %s: cluster %q, local %q", i+1, tag, c.Tag(tag), l.Tag(tag))
			}
		}
		if l.Result != c.Result || len(l.Moves) != len(c.Moves) || len(l.Moves) < 10 {
			t.Errorf("game %d: cluster %v in %d plies, local %v in %d", i+1, c.Result, len(c.Moves), l.Result, len(l.Moves))
			continue
		}
		for k, m := range l.Moves {
			if m != c.Moves[k] {
				t.Errorf("game %d ply %d: cluster %s, local %s", i+1, k+1, c.Moves[k], m)
				break
			}
		}
	}
}

// readGames reads a match's PDN file; a file not yet written has none.
func readGames(t *testing.T, file string) []*pdn.Game {
	t.Helper()
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return games
}

// lineWith is the first line of out that starts with prefix.
func lineWith(out, prefix string) string {
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}
