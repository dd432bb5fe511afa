//go:build cgo

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHarness builds the library as a Linux .so, compiles the C harness and
// lets it play a short game through dlopen (the full check, with the Windows
// DLLs under wine, is scripts/build-cbapi.sh).
func TestHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a shared library")
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "crown.so")
	if out, err := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the library: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "harness")
	if out, err := exec.Command(gcc, "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-O2", "-o", bin, "harness/harness.c", "-ldl", "-lpthread").CombinedOutput(); err != nil {
		t.Fatalf("compiling the harness: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, lib, "40", "0.02").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "harness: all checks passed") {
		t.Fatalf("harness: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
