package main

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"crown/engine/testenv"
)

// TestSelfplayOnClusterEqualsLocal: crown serve, one crown worker and
// crown selfplay --cluster make the same sample file as a local run, and
// extending it on the cluster equals extending it locally; a worker with a
// wrong token exits with status 1.
func TestSelfplayOnClusterEqualsLocal(t *testing.T) {
	dir := t.TempDir()
	url, env, serve := startCoordinator(t, dir)
	worker := startCrown(t, env, "worker", "--connect", url, "--threads", "2")

	out, errb, err := runCrownEnv(t, append(os.Environ(), "CROWN_CLUSTER_TOKEN=wrong"), "worker", "--connect", url)
	if err == nil || !strings.Contains(errb, "Authorization Violation") {
		t.Fatalf("worker with a wrong token: %v %q %q", err, out, errb)
	}

	args := []string{"selfplay", "--games", "6", "--nodes", "300", "--eval", "material", "--openings", "acf", "--hash", "1"}
	local, clust := filepath.Join(dir, "local.smp"), filepath.Join(dir, "cluster.smp")
	for _, games := range []string{"6", "9"} {
		args[2] = games
		if _, errb, err := runCrownEnv(t, env, append(args, "--out", local)...); err != nil {
			t.Fatalf("local: %v\n%s", err, errb)
		}
		if _, errb, err := runCrownEnv(t, env, append(args, "--out", clust, "--cluster", url, "--chunk", "2")...); err != nil || !strings.Contains(errb, "submitting to the coordinator") {
			t.Fatalf("cluster: %v\n%s", err, errb)
		}
		a, _ := os.ReadFile(local)
		b, _ := os.ReadFile(clust)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("%s games: cluster file (%d bytes) differs from the local one (%d bytes)", games, len(b), len(a))
		}
	}
	stopCrown(t, worker, serve)
}

// TestEgdbBuildOnClusterEqualsLocal: crown serve, two crown workers and
// crown egdb build --cluster make the same <=4-piece files as a local
// build, byte for byte, both workers taking part; a build resumed on the
// cluster after losing slices solves only those, and a local build then
// finds everything finished.
func TestEgdbBuildOnClusterEqualsLocal(t *testing.T) {
	dir := t.TempDir()
	url, env, serve := startCoordinator(t, dir)
	procs := []*exec.Cmd{}
	for _, w := range []string{"w0", "w1"} {
		procs = append(procs, startCrown(t, env, "worker", "--connect", url, "--threads", "1", "--name", w,
			"--cache-dir", filepath.Join(dir, "cache-"+w)))
	}
	local, clust := filepath.Join(dir, "local"), filepath.Join(dir, "cluster")
	start := time.Now()
	lout, errb, err := runCrownEnv(t, env, "egdb", "build", "--pieces", "4", "--dir", local)
	if err != nil {
		t.Fatalf("local build: %v\n%s", err, errb)
	}
	tLocal := time.Since(start)
	start = time.Now()
	cout, errb, err := runCrownEnv(t, env, "egdb", "build", "--pieces", "4", "--dir", clust, "--cluster", url)
	if err != nil {
		t.Fatalf("cluster build: %v\n%s", err, errb)
	}
	t.Logf("<=4 pieces: local %v, cluster with two one-thread workers %v", tLocal.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	report := func(out string) string { before, _, _ := strings.Cut(out, " time "); return before }
	if want := "english pieces 4 slices 41 (built now 41) positions 6408836 size 169976 bytes (0.2 MiB)"; report(lout) != want || report(cout) != want {
		t.Fatalf("reports:\n%s%s", lout, cout)
	}
	for _, w := range []string{"w0", "w1"} {
		n := strings.Count(errb, `"worker":"`+w+`"`)
		if n == 0 {
			t.Errorf("worker %s built no slice:\n%s", w, errb)
		}
		t.Logf("worker %s built %d slices", w, n)
	}
	sameDirs(t, local, clust)

	for _, f := range []string{"0201.egdb", "0102.egdb", "1111.egdb"} {
		os.Remove(filepath.Join(clust, f))
	}
	if out, errb, err := runCrownEnv(t, env, "egdb", "build", "--pieces", "4", "--dir", clust, "--cluster", url); err != nil || !strings.Contains(out, "(built now 3)") {
		t.Fatalf("resumed cluster build: %v\n%s%s", err, out, errb)
	}
	if out, errb, err := runCrownEnv(t, env, "egdb", "build", "--pieces", "4", "--dir", clust); err != nil || !strings.Contains(out, "(built now 0)") {
		t.Fatalf("local build after the cluster's: %v\n%s%s", err, out, errb)
	}
	sameDirs(t, local, clust)
	stopCrown(t, append(procs, serve)...)
}

// sameDirs fails unless directories a and b hold the same files, byte for
// byte.
func sameDirs(t *testing.T, a, b string) {
	t.Helper()
	ea, err := os.ReadDir(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, _ := os.ReadDir(b)
	if len(ea) == 0 || len(ea) != len(eb) {
		t.Fatalf("%d files in %s, %d in %s", len(ea), a, len(eb), b)
	}
	for _, e := range ea {
		x, _ := os.ReadFile(filepath.Join(a, e.Name()))
		y, err := os.ReadFile(filepath.Join(b, e.Name()))
		if err != nil || !bytes.Equal(x, y) {
			t.Fatalf("%s: %d bytes in %s, %d in %s (%v)", e.Name(), len(x), a, len(y), b, err)
		}
	}
}

// stopCrown sends SIGTERM to each process in turn and checks that it ends
// cleanly within 10 s.
func stopCrown(t *testing.T, procs ...*exec.Cmd) {
	t.Helper()
	for _, p := range procs {
		p.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- p.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s after SIGTERM: %v", p.Args[1], err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s still running 10 s after SIGTERM", p.Args[1])
		}
	}
}

// waitForPort waits until something accepts connections on addr.
func waitForPort(t *testing.T, addr string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s", addr)
}

// startCrown starts the binary in the background; it is killed at cleanup
// if still running.
func startCrown(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(crownBin, args...)
	cmd.Env = env
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if t.Failed() {
			t.Logf("crown %s stderr:\n%s", args[0], errb.String())
		}
	})
	return cmd
}

// runCrownEnv runs the binary with env and returns stdout, stderr and the
// exit error.
func runCrownEnv(t *testing.T, env []string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(crownBin, args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}

// startCoordinator starts crown serve on a free loopback port with its
// store in dir and the token t0ken, waits for it to listen, and returns
// its URL, the environment that carries the token, and the process.
// extra goes to crown serve.
func startCoordinator(t *testing.T, dir string, extra ...string) (string, []string, *exec.Cmd) {
	t.Helper()
	addr := testenv.FreeAddr(t)
	env := append(os.Environ(), "CROWN_CLUSTER_TOKEN=t0ken")
	serve := startCrown(t, env, append([]string{"serve", "--listen", addr, "--store", filepath.Join(dir, "store")}, extra...)...)
	waitForPort(t, addr)
	return "nats://" + addr, env, serve
}
