// judge_test.go checks the measurement where the right answer is known: a
// tiny set of 3- and 4-piece positions (testdata/tiny-set.txt) whose labels
// are the embedded <=4-piece database's. The labelling search must find
// them, a short search with the database must judge them all right, and
// material alone must miss the ones where the side with the extra piece
// loses or level material is won. With -update the tiny set is regenerated.
package judge

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

var update = flag.Bool("update", false, "regenerate testdata/tiny-set.txt from the embedded database")

const tinyPath = "testdata/tiny-set.txt"

func embeddedDB(t *testing.T) *egdb.DB {
	t.Helper()
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func dbLabel(t *testing.T, db *egdb.DB, p *board.Position) Label {
	t.Helper()
	v, ok := db.Probe(p)
	if !ok {
		t.Fatalf("%s: not in the embedded database", p.FEN())
	}
	return [3]Label{Loss, Draw, Win}[v+1]
}

// materialSearchers searches with material and the embedded database.
func materialSearchers(t *testing.T, db *egdb.DB) Searchers {
	return Searchers{New: func() (*search.Searcher, error) {
		return search.New(search.Options{Eval: eval.NewMaterial, HashMB: 1, Tablebase: db, EGDB: search.EGDBAlways})
	}}
}

// makeTiny draws random quiet 3-4-piece positions, four of each (pieces,
// label) and four more where material and the database disagree.
func makeTiny(t *testing.T, db *egdb.DB) *Set {
	rng := rand.New(rand.NewPCG(7, 7))
	want := map[string]int{}
	set := &Set{Comments: []string{"tiny test set: random quiet 3-4-piece positions labelled by the embedded database (go test ./nets/judge -update)"}}
	seen := map[board.Position]bool{}
	for tries := 0; tries < 1_000_000 && len(set.Records) < 32; tries++ {
		n := 3 + rng.IntN(2)
		var black, white, kings uint32
		for i := 0; i < n; i++ {
			sq := uint32(1) << rng.IntN(32)
			if (black|white)&sq != 0 {
				continue
			}
			if i%2 == 0 {
				black |= sq
			} else {
				white |= sq
			}
			if rng.IntN(2) == 0 {
				kings |= sq
			}
		}
		p := board.NewPosition(black, white, kings, board.Color(rng.IntN(2)))
		if p.Valid() != nil || p.Total() != n || !Quiet(&p) || seen[p] || p.Count(board.Black) == 0 || p.Count(board.White) == 0 {
			continue
		}
		l := dbLabel(t, db, &p)
		m := VerdictOf(eval.Material{}.Evaluate(&p), VerdictScore)
		key := string(rune('0'+n)) + l.String()
		if m != l {
			key = "miss"
		}
		if want[key] >= 4 {
			continue
		}
		want[key]++
		seen[p] = true
		set.Records = append(set.Records, Record{Pos: p, Label: l, Source: "random"})
	}
	return set
}

func readTiny(t *testing.T) *Set {
	t.Helper()
	if *update {
		if err := WriteSet(tinyPath, makeTiny(t, embeddedDB(t))); err != nil {
			t.Fatal(err)
		}
	}
	set, err := ReadSet(tinyPath)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func TestTinySetIsTheDatabase(t *testing.T) {
	set := readTiny(t)
	db := embeddedDB(t)
	if len(set.Records) < 20 {
		t.Fatalf("%d positions, want at least 20", len(set.Records))
	}
	for _, r := range set.Records {
		if got := dbLabel(t, db, &r.Pos); got != r.Label {
			t.Errorf("%s labelled %s, the database says %s", r.Pos.FEN(), r.Label, got)
		}
	}
}

func TestMeasureTiny(t *testing.T) {
	set := readTiny(t)
	db := embeddedDB(t)
	res, err := Measure(context.Background(), set, MeasureConfig{
		Searchers: materialSearchers(t, db),
		NewEval:   eval.NewMaterial,
		Budgets:   []uint64{1000},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0].Method.String() != "static" || res[1].Method.String() != "search 1000" {
		t.Fatalf("methods %v", res)
	}
	n := len(set.Records)
	// Material is wrong exactly where the set says it is.
	wantWrong := 0
	for _, r := range set.Records {
		if VerdictOf(eval.Material{}.Evaluate(&r.Pos), VerdictScore) != r.Label {
			wantWrong++
		}
	}
	if wantWrong == 0 {
		t.Fatal("the tiny set has no position material misjudges: it cannot tell static from search")
	}
	st := res[0].All
	if st.Total() != n || st.Correct() != n-wantWrong {
		t.Errorf("static: %d of %d right, want %d", st.Correct(), st.Total(), n-wantWrong)
	}
	if sr := res[1].All; sr.Total() != n || sr.Correct() != n || sr.LostMissed() != 0 || sr.WonMissed() != 0 {
		t.Errorf("search with the database: %d of %d right (%v), want all", sr.Correct(), sr.Total(), sr)
	}
	if res[1].ByBucket[Other.Name] == nil || res[1].ByBucket[Other.Name].Total() != n {
		t.Errorf("3-4-piece positions should all be in bucket %q: %v", Other.Name, res[1].ByBucket)
	}
	if res[0].Proven.Total() != 0 {
		t.Errorf("no record has scores, yet %d count as proven", res[0].Proven.Total())
	}
	// Give the lost positions a database loss as their deep score: the
	// proven row counts exactly them.
	losses := 0
	for i := range set.Records {
		if r := &set.Records[i]; r.Label == Loss {
			r.Scores = []Score{{1000, -search.TablebaseWin}}
			losses++
		}
	}
	res, err = Measure(context.Background(), set, MeasureConfig{
		Searchers: materialSearchers(t, db),
		NewEval:   eval.NewMaterial,
		Budgets:   []uint64{1000},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := res[0].Proven; p.Total() != losses || p.Row(Loss) != losses {
		t.Errorf("proven: %d positions (%d lost), want the %d lost ones", p.Total(), p.Row(Loss), losses)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, "material", res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| material | search 1000 | all | "+strconv.Itoa(n)+" | 100.0 | 0.0 | 0.0 | 0.0 |") {
		t.Errorf("table:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "| material | search 1000 | proven | "+strconv.Itoa(losses)+" | 100.0 | 0.0 | - | - |") {
		t.Errorf("table without the proven row:\n%s", b.String())
	}
}

func TestLabelSetFindsTheDatabaseAndResumes(t *testing.T) {
	tiny := readTiny(t)
	db := embeddedDB(t)
	set := &Set{Records: append([]Record{}, tiny.Records...)}
	for i := range set.Records {
		set.Records[i].Label, set.Records[i].Scores = Unlabelled, nil
	}
	// The first record is already labelled at these budgets (with a false
	// label): a resumed run must keep it, not search it again.
	budgets := []uint64{500, 2000}
	set.Records[0].Scores = []Score{{500, 1}, {2000, 1}}
	set.Records[0].Label = Draw
	dir := t.TempDir()
	out := filepath.Join(dir, "labelled.txt")
	searched := 0
	err := LabelSet(context.Background(), set, LabelConfig{
		Searchers: materialSearchers(t, db),
		Budgets:   budgets,
		Workers:   2,
		Save:      func(s *Set) error { return WriteSet(out, s) },
		Progress:  func(int, int, time.Duration) { searched++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	if searched != len(set.Records)-1 {
		t.Errorf("searched %d positions, want %d (one was labelled)", searched, len(set.Records)-1)
	}
	saved, err := ReadSet(out)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range saved.Records {
		if i == 0 {
			if r.Label != Draw {
				t.Errorf("the labelled record was searched again: %s", r.Label)
			}
			continue
		}
		if r.Label != tiny.Records[i].Label {
			t.Errorf("%s: labelled %s (scores %v), the database says %s", r.Pos.FEN(), r.Label, r.Scores, tiny.Records[i].Label)
		}
	}
	st := MeasureStability(saved)
	if st.Positions != len(set.Records) || st.Agree != st.Positions {
		t.Errorf("stability %+v: database positions should agree at every budget", st)
	}
	decisive := 0 // a database draw scores 0, like an even evaluation
	for _, r := range saved.Records[1:] {
		if r.Label != Draw {
			decisive++
		}
	}
	if st.Decided != decisive {
		t.Errorf("%d positions scored as database wins or losses, want %d", st.Decided, decisive)
	}
	// Adding a budget searches only it: the kept scores stay, even the
	// false one of the first record.
	searched = 0
	err = LabelSet(context.Background(), saved, LabelConfig{
		Searchers:  materialSearchers(t, db),
		Budgets:    []uint64{500, 1000, 2000},
		KeepScores: true,
		Progress:   func(int, int, time.Duration) { searched++ },
	})
	if err != nil || searched != len(saved.Records) {
		t.Fatalf("adding a budget: %v, %d searched", err, searched)
	}
	if r := saved.Records[0]; len(r.Scores) != 3 || r.Scores[0] != (Score{500, 1}) || r.Scores[2] != (Score{2000, 1}) || r.Scores[1].Nodes != 1000 {
		t.Errorf("scores after adding a budget: %v", r.Scores)
	}
}

func TestLabelSetInterrupted(t *testing.T) {
	tiny := readTiny(t)
	set := &Set{Records: append([]Record{}, tiny.Records...)}
	for i := range set.Records {
		set.Records[i].Label, set.Records[i].Scores = Unlabelled, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	saves := 0
	err := LabelSet(ctx, set, LabelConfig{
		Searchers: materialSearchers(t, embeddedDB(t)),
		Budgets:   []uint64{100},
		Save:      func(*Set) error { saves++; return nil },
	})
	if !errors.Is(err, context.Canceled) || saves != 1 {
		t.Errorf("err %v, saves %d: want context.Canceled after one save", err, saves)
	}
	for _, r := range set.Records {
		if len(r.Scores) != 0 && r.Label == Unlabelled {
			t.Errorf("%s: scores without a label", r.Pos.FEN())
		}
	}
}

func TestThresholds(t *testing.T) {
	cases := []struct {
		score int
		label Label
	}{
		{0, Draw}, {DrawScore, Draw}, {-DrawScore, Draw}, {DrawScore + 1, Unclear}, {-WinScore + 1, Unclear},
		{WinScore, Win}, {-WinScore, Loss}, {search.TablebaseWin - 300, Win}, {-search.Win + 10, Loss},
	}
	for _, c := range cases {
		if got := LabelOf(c.score); got != c.label {
			t.Errorf("LabelOf(%d) = %s, want %s", c.score, got, c.label)
		}
	}
	if VerdictOf(69, 70) != Draw || VerdictOf(70, 70) != Win || VerdictOf(-70, 70) != Loss {
		t.Error("VerdictOf: a score of the threshold is decided, one below is not")
	}
}

func TestSetRoundTripAndErrors(t *testing.T) {
	set := readTiny(t)
	set.Records[0].Scores = []Score{{1000, -19400}, {4000, -19500}}
	data := set.Marshal()
	back, err := ParseSet(data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Marshal(), data) {
		t.Error("Marshal(ParseSet(x)) differs from x")
	}
	body := string(data)
	firstRec := strings.Split(body, "\n")[len(set.Comments)+2]
	reseal := func(s string) []byte { // edit the body and give it a right checksum
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		covered := strings.Join(lines[:len(lines)-1], "\n") + "\n"
		return []byte(covered + "# crc32c " + hex8(covered) + "\n")
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a crown judge set"},
		{"other file", []byte("[Event \"x\"]\n"), "not a crown judge set"},
		{"version", []byte(strings.Replace(body, "set 1", "set 9", 1)), "version: 9"},
		{"truncated", data[:len(data)/2], "no checksum line"},
		{"edited", []byte(strings.Replace(body, "\tloss\t", "\twin\t", 1)), "checksum mismatch"},
		{"label", reseal(strings.Replace(body, "\tloss\t", "\tlost\t", 1)), "unknown label \"lost\""},
		{"pieces", reseal(strings.Replace(body, firstRec, strings.Replace(firstRec, "\t"+strconv.Itoa(set.Records[0].Pieces())+"\t", "\t9\t", 1), 1)), "piece count"},
		{"fen", reseal(strings.Replace(body, firstRec, "W:Wx:B1\t"+strings.SplitN(firstRec, "\t", 2)[1], 1)), "fen \"W:Wx:B1\""},
		{"fields", reseal(strings.Replace(body, firstRec, "W:W1:B5\tdraw", 1)), "2 tab-separated fields"},
		{"scores", reseal(strings.Replace(body, firstRec, strings.Replace(firstRec, "1000=-19400", "1000:-19400", 1), 1)), "want nodes=score"},
		{"order", reseal(strings.Replace(body, "1000=-19400,4000=-19500", "4000=-19500,1000=-19400", 1)), "not in increasing order"},
		{"duplicate", reseal(strings.Replace(body, firstRec, firstRec+"\n"+firstRec, 1)), "repeats line"},
	}
	for _, c := range cases {
		_, err := ParseSet(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := ReadSet(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func hex8(s string) string {
	sum := crc32.Checksum([]byte(s), castagnoli)
	const digits = "0123456789abcdef"
	b := make([]byte, 8)
	for i := 7; i >= 0; i-- {
		b[i] = digits[sum&15]
		sum >>= 4
	}
	return string(b)
}

func TestSelectBalances(t *testing.T) {
	set := readTiny(t)
	set.Records = append(set.Records, Record{Pos: board.Start(), Label: Unclear, Source: "x"})
	recs, counts := Select(set, 2, 1)
	m := counts[Other.Name]
	if m[Win] != 2 || m[Draw] != 2 || m[Loss] != 2 || len(recs) != 6 {
		t.Errorf("per-cell 2: %d positions, counts %v", len(recs), counts)
	}
	for _, r := range recs {
		if r.Label == Unclear {
			t.Error("an unclear position was selected")
		}
	}
	again, _ := Select(set, 2, 1)
	for i := range recs {
		if recs[i].Pos != again[i].Pos {
			t.Fatal("Select is not deterministic for a seed")
		}
	}
}

func TestGamePositions(t *testing.T) {
	game := `[Event "t"]
[Result "*"]
1. 11-15 23-19 2. 8-11 22-17 *
`
	cs, err := ReadGamePositions(strings.NewReader(game), "g")
	if err != nil || len(cs) != 0 {
		t.Errorf("opening positions have 24 pieces: got %d, %v", len(cs), err)
	}
	if _, err := ReadGamePositions(strings.NewReader("[Event \"t\"]\n1. 11-15 11-15 *\n"), "bad"); err == nil || !strings.Contains(err.Error(), "bad: game 1") {
		t.Errorf("illegal move: %v", err)
	}
	// A 7-piece position, set up by FEN, quiet, then one quiet move on.
	fen := `[SetUp "1"]
[FEN "B:W21,22,23:B1,2,3,4"]
1. 4-8 *
`
	cs, err = ReadGamePositions(strings.NewReader(fen), "f")
	if err != nil || len(cs) != 2 || cs[0].Source != "f:1:0" || cs[1].Source != "f:1:1" {
		t.Errorf("got %v, %v", cs, err)
	}
	dup := Sample(append(cs, cs...), 0, 1)
	if len(dup) != 2 {
		t.Errorf("Sample kept %d of 2 distinct positions", len(dup))
	}
}

func FuzzParseSet(f *testing.F) {
	data, err := os.ReadFile(tinyPath)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("# crown judge set 1\n# crc32c 00000000\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSet(b)
		if err == nil {
			if _, err := ParseSet(s.Marshal()); err != nil {
				t.Fatalf("a parsed set does not parse again: %v", err)
			}
		}
	})
}

// TestEndgameSet checks the committed measurement set: what the package
// promises about a set (quiet 7-16-piece positions, every one labelled win,
// draw or loss, every bucket present with each label) holds for it.
func TestEndgameSet(t *testing.T) {
	set, err := ReadSet(EndgameSetPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Records) < 800 {
		t.Errorf("%d positions, want at least 800", len(set.Records))
	}
	cells := map[string]int{}
	for _, r := range set.Records {
		if n := r.Pieces(); n < MinPieces || n > MaxPieces || !Quiet(&r.Pos) {
			t.Errorf("%s: %d pieces, quiet %v", r.Pos.FEN(), n, Quiet(&r.Pos))
		}
		if r.Label != Win && r.Label != Draw && r.Label != Loss || len(r.Scores) == 0 || LabelOf(r.Scores[len(r.Scores)-1].Score) != r.Label {
			t.Errorf("%s: label %s, scores %v", r.Pos.FEN(), r.Label, r.Scores)
		}
		cells[BucketOf(r.Pieces()).Name+"/"+r.Label.String()]++
	}
	for _, b := range Buckets {
		for _, l := range Verdicts {
			if cells[b.Name+"/"+l.String()] < 40 {
				t.Errorf("bucket %s, %s: %d positions, want at least 40", b.Name, l, cells[b.Name+"/"+l.String()])
			}
		}
	}
}
