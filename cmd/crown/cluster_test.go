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
)

// TestSelfplayOnClusterEqualsLocal: crown serve, one crown worker and
// crown selfplay --cluster make the same sample file as a local run, and
// extending it on the cluster equals extending it locally; a worker with a
// wrong token exits with status 1.
func TestSelfplayOnClusterEqualsLocal(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	url := "nats://" + addr
	env := append(os.Environ(), "CROWN_CLUSTER_TOKEN=t0ken")
	serve := startCrown(t, env, "serve", "--listen", addr, "--store", filepath.Join(dir, "store"))
	waitForPort(t, addr)
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
	for _, p := range []*exec.Cmd{worker, serve} {
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

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
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
