// variant_test.go checks self-play in Russian and Brazilian draughts: the
// games follow the variant's rules from its start, a run resumes into the
// same file as a straight run, the file records its variant, and a run of
// another variant (or English) refuses to resume it.
package selfplay

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
)

func variantGenerator(v board.Variant, workers int) *Generator {
	return &Generator{
		Config:   Config{Player: "material", Nodes: 200, Openings: "start", RandomPlies: 3, Seed: 2, MoveCap: 60, Variant: v},
		Engine:   Engine{Eval: "material", HashMB: 1},
		Openings: []board.Position{board.StartOf(v).WithVariant(board.English)}, // chunks drop it: play puts it back
		Runner:   testRunner{eng: testEngines{}, workers: workers},
		Log:      zerolog.Nop(),
	}
}

func TestVariantRunResumesAndRecordsItsVariant(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.smp")
	fa, err := variantGenerator(board.Russian, 1).Run(context.Background(), a, 6)
	if err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(dir, "b.smp")
	if _, err := variantGenerator(board.Russian, 2).Run(context.Background(), b, 3); err != nil {
		t.Fatal(err)
	}
	fb, err := variantGenerator(board.Russian, 2).Run(context.Background(), b, 6)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fa.Samples, fb.Samples) || fa.Config != fb.Config {
		t.Fatal("a resumed Russian run differs from a straight one")
	}
	loaded, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := loaded.Variant(); err != nil || v != board.Russian {
		t.Fatalf("file variant %v, %v; want russian", v, err)
	}
	if !strings.HasSuffix(loaded.Config, " variant=russian") {
		t.Fatalf("settings %q do not name the variant", loaded.Config)
	}
	// White moves first in Russian draughts: the start's sample (ply 0)
	// has White to move.
	white := false
	for _, s := range loaded.Samples {
		if s.Ply == 0 {
			white = white || s.Side == board.White
			if s.Side != board.White {
				t.Fatalf("a ply-0 sample with %v to move", s.Side)
			}
		}
	}
	if !white {
		t.Fatal("no game started from the Russian start itself")
	}
	for _, v := range []board.Variant{board.Brazilian, board.English} {
		_, err := variantGenerator(v, 1).Run(context.Background(), b, 8)
		if err == nil || !strings.Contains(err.Error(), "holds games of russian") {
			t.Fatalf("a %s run resumed a Russian file: %v", v, err)
		}
	}
}

func TestEnglishSettingsNameNoVariant(t *testing.T) {
	c := Config{Player: "material", Nodes: 1}
	if strings.Contains(c.String(), "variant") {
		t.Fatalf("English settings %q name a variant (older files would not resume)", c.String())
	}
	f := &File{Config: c.String()}
	if v, err := f.Variant(); err != nil || v != board.English {
		t.Fatalf("English file variant %v, %v", v, err)
	}
	if _, err := (&File{Config: "nodes=1 variant=checkers"}).Variant(); err == nil {
		t.Fatal("an unknown variant was read")
	}
}

func TestChunkRefusesDatabaseInVariant(t *testing.T) {
	c := &Chunk{Config: Config{Player: "material", Nodes: 10, DBPieces: 4, Variant: board.Brazilian},
		Engine: Engine{Eval: "material"}, Openings: []board.Position{board.StartOf(board.Brazilian)}}
	if _, err := UnmarshalChunk(c.Marshal()); err == nil || !strings.Contains(err.Error(), "database") {
		t.Fatalf("a Brazilian chunk with a database: %v", err)
	}
	c.Config.DBPieces = 0
	got, err := UnmarshalChunk(c.Marshal())
	if err != nil || got.Config.Variant != board.Brazilian {
		t.Fatalf("Brazilian chunk: %v, %v", got, err)
	}
}
