// files_test.go runs the four steps as `crown judge` does, file to file:
// collect from a PDN game, label the tiny set with material and the
// embedded database (then resume the finished output), select, measure.
package judge

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/eval"
)

func TestCollectFiles(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pdn")
	os.WriteFile(games, []byte("[SetUp \"1\"]\n[FEN \"B:W21,22,23:B1,2,3,4\"]\n1. 4-8 *\n"), 0o644)
	var out bytes.Buffer
	o := CollectOptions{PDN: []string{games}, Out: filepath.Join(dir, "c.txt"), PerBucket: 1, Seed: 1, Report: &out}
	if err := CollectFiles(o); err != nil || out.String() != "1 positions (of 2 met) written to "+o.Out+"\n" {
		t.Fatalf("%v: %s", err, out.String())
	}
	set, err := ReadSet(o.Out)
	if err != nil || len(set.Records) != 1 || !strings.Contains(set.Comments[0], "--per-bucket 1 --seed 1 (2 quiet positions met, 1 kept)") {
		t.Fatalf("set %+v, %v", set, err)
	}
}

func TestLabelSelectMeasureFiles(t *testing.T) {
	dir := t.TempDir()
	var out, logText bytes.Buffer
	log := zerolog.New(&logText)
	lo := LabelOptions{
		LabelConfig: LabelConfig{Searchers: materialSearchers(t, embeddedDB(t)), Budgets: []uint64{500, 1000}, Workers: 2, Log: &log},
		Set:         tinyPath, Out: filepath.Join(dir, "l.txt"), Eval: "material", Net: "x.net", DBPieces: 4, Report: &out,
	}
	if err := LabelFile(context.Background(), lo); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "positions labelled; all budgets agree on") || !strings.Contains(out.String(), "  other ") {
		t.Fatalf("label report:\n%s", out.String())
	}
	set, err := ReadSet(lo.Out)
	if err != nil || !strings.Contains(set.Comments[len(set.Comments)-1], "--nodes 500,1000 --eval material (x.net) with the 4-piece database") {
		t.Fatalf("labelled set: %v %q", err, set.Comments)
	}
	n := len(set.Comments)
	if err := LabelFile(context.Background(), lo); err != nil || !strings.Contains(logText.String(), "resuming") {
		t.Fatalf("resume: %v\n%s", err, logText.String())
	}
	if set, _ := ReadSet(lo.Out); len(set.Comments) != n {
		t.Fatalf("the note was added twice: %q", set.Comments)
	}

	out.Reset()
	so := SelectOptions{Set: lo.Out, Out: filepath.Join(dir, "s.txt"), PerCell: 2, Seed: 1, Note: "a note", Report: &out}
	if err := SelectFile(so); err != nil || !strings.Contains(out.String(), "positions written to "+so.Out+" (other: win 2 draw 2 loss 2)") {
		t.Fatalf("select: %v %s", err, out.String())
	}
	if set, err := ReadSet(so.Out); err != nil || len(set.Records) != 6 || set.Comments[len(set.Comments)-1] != "a note" {
		t.Fatalf("selected set: %v", err)
	}

	out.Reset()
	mo := MeasureOptions{MeasureConfig: MeasureConfig{Searchers: materialSearchers(t, embeddedDB(t)), NewEval: eval.NewMaterial,
		Budgets: []uint64{100}, Threshold: 70}, Set: so.Out, Eval: "material", DBPieces: 4, Report: &out}
	if err := MeasureFile(context.Background(), mo); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "set "+so.Out+", threshold 70 centi-men, database <= 4 pieces") || !strings.Contains(out.String(), "material") {
		t.Fatalf("measure:\n%s", out.String())
	}
}
