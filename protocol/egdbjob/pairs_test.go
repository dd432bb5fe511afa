// pairs_test.go runs a database build's pairs as jobs in this process
// (cluster.Local, the egdb-pair handler, files by checksum) and compares
// the files with a local build's; a worker that cannot cache files fails
// the build with its reason.
package egdbjob

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/protocol/cluster"
)

func TestBuildJobsEqualLocal(t *testing.T) {
	local, jobs := t.TempDir(), t.TempDir()
	if _, err := egdb.Build(t.Context(), egdb.BuildOptions{Dir: local, Pieces: 3, Log: zerolog.Nop()}); err != nil {
		t.Fatal(err)
	}
	eg := NewWorker(t.TempDir(), 0)
	defer eg.Close()
	runner := &cluster.Local{Handlers: cluster.Handlers{Kind: eg.Solve}, Workers: 2}
	rep, err := egdb.Build(t.Context(), egdb.BuildOptions{Dir: jobs, Pieces: 3, Log: zerolog.Nop(), Remote: NewPairs(runner)})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Slices) != 16 {
		t.Fatalf("%d slices", len(rep.Slices))
	}
	for _, s := range rep.Slices {
		a, _ := os.ReadFile(filepath.Join(local, egdb.FileName(s.Material)))
		b, _ := os.ReadFile(filepath.Join(jobs, egdb.FileName(s.Material)))
		if !s.Built || len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("%s: built %v, %d bytes through jobs, %d locally", s.Material.Name(), s.Built, len(b), len(a))
		}
	}
	// A worker whose cache is a file cannot keep the slices it reads.
	bad := filepath.Join(t.TempDir(), "cache")
	os.WriteFile(bad, nil, 0o644)
	eg2 := NewWorker(bad, 0)
	defer eg2.Close()
	runner = &cluster.Local{Handlers: cluster.Handlers{Kind: eg2.Solve}, Workers: 2}
	_, err = egdb.Build(t.Context(), egdb.BuildOptions{Dir: t.TempDir(), Pieces: 3, Log: zerolog.Nop(), Remote: NewPairs(runner)})
	if err == nil || !strings.Contains(err.Error(), "failed on local: slice cache: mkdir") {
		t.Fatalf("a worker without a cache: %v", err)
	}
}
