package main

import (
	"bufio"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/protocol"
)

// TestEngineMode runs `crown` with no subcommand on a Hub and CheckerBoard
// script: every stdout line must be a protocol line, and the moves legal.
func TestEngineMode(t *testing.T) {
	script := strings.Join([]string{
		"hub", "set-param name=hash value=32", "init",
		"pos start moves=\"11-15 23-19\"", "level depth=4", "go think",
		"level move-time=0.05", "pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "go think",
		"pos pos=\"broken",
		"set gamehist B:W21-32:B1-12 11-15", "getmove W:W21-32:B1-10,12,15 0.05",
	}, "\n") + "\n"
	out, stderr, err := runCrown(t, script)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var cmds []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		l, err := protocol.ParseLine(line)
		if err != nil {
			t.Fatalf("non-protocol line on stdout: %q", line)
		}
		if l.Cmd == "param" || l.Cmd == "info" {
			continue
		}
		cmds = append(cmds, l.Cmd)
		if l.Cmd == "done" {
			mv, _ := l.Get("move")
			if !strings.Contains(mv, "-") && !strings.Contains(mv, "x") {
				t.Fatalf("done without a move: %q", line)
			}
		}
		if l.Cmd == "getmove" {
			fen, _ := l.Get("fen")
			after, err := board.ParseFEN(fen)
			p, _ := board.ParseFEN("W:W21-32:B1-10,12,15")
			if err != nil || !slices.ContainsFunc(p.LegalMoves(), func(m board.Move) bool { return p.Play(m) == after }) {
				t.Fatalf("getmove answer is not a legal successor: %q", line)
			}
		}
	}
	want := []string{"id", "wait", "ready", "done", "done", "error", "set", "getmove"}
	if !slices.Equal(cmds, want) {
		t.Fatalf("answers %v, want %v\n%s", cmds, want, out)
	}
}

// BenchmarkEngineStopLatency measures `stop` -> `done` through the real
// binary's pipes: the time from writing stop to reading done, with the
// search running on an infinite level. Goal: 10 ms. For comparison it also
// measures `ping` -> `pong` during the same searches: the part of the
// latency that is pipes and scheduling rather than stopping the search.
func BenchmarkEngineStopLatency(b *testing.B) {
	cmd := exec.Command(crownBin)
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	r := bufio.NewReader(outPipe)
	until := func(prefix string) {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			if strings.HasPrefix(line, prefix) {
				return
			}
		}
	}
	io.WriteString(in, "pos start\nlevel infinite\n")
	var lat, ping []time.Duration
	for b.Loop() {
		io.WriteString(in, "go analyze\n")
		until("info depth=6 ")
		t0 := time.Now()
		io.WriteString(in, "ping\n")
		until("pong")
		ping = append(ping, time.Since(t0))
		t0 = time.Now()
		io.WriteString(in, "stop\n")
		until("done")
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	slices.Sort(ping)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "µs-p99")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "µs-max")
	b.ReportMetric(float64(ping[len(ping)/2].Microseconds()), "µs-ping-median")
}

// TestEngineHelp: `crown engine --help` summarises both protocols, and
// engine mode's help command lists the commands.
func TestEngineHelp(t *testing.T) {
	out, _, err := runCrown(t, "", "engine", "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Hub protocol v2", "set-param", "go think", "CheckerBoard", "getmove", "pos-frame"} {
		if !strings.Contains(out, want) {
			t.Errorf("engine --help lacks %q", want)
		}
	}
	out, _, err = runCrown(t, "help\n")
	if err != nil || !strings.HasPrefix(out, "help value=") || !strings.Contains(out, "ponder-hit") {
		t.Fatalf("help in engine mode: %v %q", err, out)
	}
}
