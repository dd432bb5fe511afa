// variant_test.go checks training on Russian and Brazilian draughts
// samples: a variant's file trains as an English one does, the network's
// description names the variant, and files of different variants are
// refused together.
package train

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/nets/nnue"
	"crown/nets/selfplay"
)

func TestRunVariantFiles(t *testing.T) {
	dir := t.TempDir()
	samples := toySamples(2000)
	r, b := filepath.Join(dir, "r.smp"), filepath.Join(dir, "b.smp")
	for f, v := range map[string]string{r: "russian", b: "brazilian"} {
		if err := (&selfplay.File{Games: 10, Config: "toy variant=" + v, Samples: samples}).Save(f); err != nil {
			t.Fatal(err)
		}
	}
	cfg := tinyConfig()
	cfg.Epochs, cfg.K = 1, 0
	o := RunOptions{Data: []string{r}, Out: filepath.Join(dir, "r.nnue"), Config: cfg, Threads: 2, Log: zerolog.Nop(), Epochs: io.Discard, Report: io.Discard}
	if err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	q, err := nnue.Load(o.Out)
	if err != nil || !strings.Contains(q.Meta, "variant=russian") {
		t.Fatalf("network: %v %q", err, q.Meta)
	}
	o.Data, o.Out = []string{r, b}, filepath.Join(dir, "mixed.nnue")
	if err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "one variant's samples at a time") {
		t.Fatalf("russian and brazilian samples together: %v", err)
	}
}
