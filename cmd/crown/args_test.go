// args_test.go checks command-line errors: every one exits with status 1
// (as docs/commands.md says of any failure, not kong's 80), and a size out of
// range (threads, games at once, table MiB) is refused before anything is
// allocated, with the flag named, negative numbers included.
package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestArgumentErrors(t *testing.T) {
	fen := []string{"analyze", "--fen", "B:W21-32:B1-12", "--depth", "4"}
	for _, c := range []struct {
		args []string
		want string // in stderr
	}{
		{append(fen, "--nosuch"), "unknown flag --nosuch"},
		{append(fen, "--hash", "-5"), "--hash: must be at least 1 MiB, got -5"},
		{append(fen, "--hash=-5"), "--hash: must be at least 1 MiB, got -5"},
		{append(fen, "--hash", "0"), "--hash: must be at least 1 MiB, got 0"},
		{append(fen, "--hash", "1000000000"), "--hash: must be at most"},
		{append(fen, "--threads", "100000"), "--threads: must be 1 to 256 threads, got 100000"},
		{append(fen, "--threads", "-1"), "--threads: must be 1 to 256 threads, got -1"},
		{append(fen, "--threads", "two"), `--threads: want a whole number, got "two"`},
		{[]string{"bench", "-q", "--threads", "0"}, "--threads: must be 1 to 256 threads, got 0"},
		{[]string{"selfplay", "--out", "x.smp", "--workers", "-1"}, "--workers: must be 0 (one per core) to 256, got -1"},
		{[]string{"match", "--concurrency", "257"}, "--concurrency: must be 0 (one per core) to 256, got 257"},
		{[]string{"play", "--hash", "-1"}, "--hash: must be at least 1 MiB, got -1"},
		{[]string{"gui", "--hash", "0"}, "--hash: must be at least 1 MiB, got 0"},
		// A block cache was not checked: 100000000 MiB ended in the Go
		// runtime's "fatal error: out of memory" (status 2, a stack dump).
		{[]string{"egdb", "probe", "--fen", "W:W32:B1", "--cache", "100000000"}, "--cache: must be at most"},
		{[]string{"egdb", "probe", "--fen", "W:W32:B1", "--cache=-1"}, "--cache: must be 0 (the default) or more, got -1"},
		{append(fen, "--egdb-cache", "100000000"), "--egdb-cache: must be at most"},
		// Positions are held in memory: 2e9 took 5 GB in 10 s.
		{[]string{"net", "bench", "--positions", "2000000000"}, "--positions"},
	} {
		_, stderr, err := runCrown(t, "", c.args...)
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("crown %s: %v, stderr %q; want status 1 and %q", strings.Join(c.args, " "), err, lastLine(stderr), c.want)
		}
	}
	// In range, the flags still work, given either way.
	if out, stderr, err := runCrown(t, "", append(fen, "--threads", "2", "--hash=8")...); err != nil || !strings.Contains(out, "best ") {
		t.Errorf("--threads 2 --hash=8: %v %s", err, stderr)
	}
}

// lastLine is the last non-empty line of s (kong prints the usage first).
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
