// variantmatch_test.go checks crown match --variant: a short Russian match
// at depth 2 from random:2 openings plays every game under the Russian
// rules (PDN GameType 25, White first), opens no endgame database, and
// resumes from its file; specs get the match's variant, a contradicting
// one, a Hub engine or a CheckerBoard library is refused, and an English match keeps
// its specs as given; a variant opening survives the job encoding.
package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/engine/referee"
)

func TestVariantMatch(t *testing.T) {
	dir := t.TempDir()
	o := CommandOptions{Players: []string{"crown:eval=material,name=a", "crown:eval=material,depth=1,name=b"},
		Openings: "random:2", Count: 2, Variant: board.Russian, Limits: referee.Limits{Depth: 2},
		Workers: 2, MoveCap: 100, EgdbDir: filepath.Join(dir, "no-such-database"), PDN: filepath.Join(dir, "r.pdn"),
		Log: zerolog.Nop()}
	var out bytes.Buffer
	o.Out = &out
	if err := Command(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "4 of 4 games") {
		t.Fatalf("report:\n%s", out.String())
	}
	data, err := os.ReadFile(o.PDN)
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.ReadAll(bytes.NewReader(data))
	if err != nil || len(games) != 4 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	for i, g := range games {
		if g.Start.Variant != board.Russian || g.Tag("GameType") != "25" || g.Result == board.Ongoing {
			t.Fatalf("game %d: variant %s, GameType %q, result %v", i+1, g.Start.Variant, g.Tag("GameType"), g.Result)
		}
	}
	out.Reset()
	o.Bar = nil
	if err := Command(context.Background(), o); err != nil || !strings.Contains(out.String(), "4 of 4 games") {
		t.Fatalf("resumed: %v\n%s", err, out.String())
	}
}

func TestForVariant(t *testing.T) {
	s, _ := ParseSpec("crown:eval=material,depth=3")
	r, err := ForVariant(s, board.Brazilian)
	if err != nil || r.Options.Variant != board.Brazilian || r.Depth != 3 || !strings.HasSuffix(r.Text, ",variant=brazilian") {
		t.Fatalf("crown spec in brazilian: %+v, %v", r, err)
	}
	if e, err := ForVariant(s, board.English); err != nil || e.Text != s.Text {
		t.Fatalf("english match changed the spec: %q, %v", e.Text, err)
	}
	h, _ := ParseSpec("hub:./engine --x,hash=8")
	if _, err := ForVariant(h, board.Russian); err == nil || !strings.Contains(err.Error(), "Hub client") {
		t.Fatalf("hub spec in russian: %v", err)
	}
	for _, bad := range []struct {
		spec string
		v    board.Variant
	}{{"crown:variant=russian", board.Brazilian}, {"crown:variant=russian", board.English}, {"hub:./e,variant=brazilian", board.Russian}} {
		s, err := ParseSpec(bad.spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ForVariant(s, bad.v); err == nil || !strings.Contains(err.Error(), "plays variant=") {
			t.Errorf("%s in a %s match: %v", bad.spec, bad.v, err)
		}
	}
	if _, err := ForVariant(Spec{Text: "cb:x.so", Kind: KindCB}, board.Russian); err == nil {
		t.Error("a CheckerBoard library in a Russian match")
	}
}

func TestVariantOpeningJob(t *testing.T) {
	ops, err := LoadVariantOpenings("random:3", board.Brazilian)
	if err != nil {
		t.Fatal(err)
	}
	j := encodeOpening(ops[0])
	back, err := j.opening()
	if err != nil || back.Position() != ops[0].Position() || back.Start.Variant != board.Brazilian {
		t.Fatalf("brazilian opening through a job: %v, %v", back, err)
	}
	if eng := encodeOpening(Opening{Start: board.Start()}); eng.Variant != "" {
		t.Fatalf("an English opening carries variant %q", eng.Variant)
	}
}
