package board

import (
	"strconv"
	"strings"
	"testing"

	"crown/engine/tsvtest"
)

// perftLimit bounds the leaf count a table entry may have to be checked here;
// deeper entries are for `crown perft`. In -short mode the bound is lower.
func perftLimit() uint64 {
	if testing.Short() {
		return 2_000_000
	}
	return 100_000_000
}

func TestPerftStart(t *testing.T) {
	p := Start()
	for _, row := range tsvtest.Rows(t, "testdata/perft_start.tsv") {
		d, _ := strconv.Atoi(row[0])
		all, _ := strconv.ParseUint(row[1], 10, 64)
		if all > perftLimit() && d > 11 {
			break
		}
		if testing.Short() && all > perftLimit() {
			break
		}
		if got := Perft(&p, d, false); got != all {
			t.Errorf("depth %d all paths: got %d want %d", d, got, all)
		}
		if len(row) > 2 && all < 20_000_000 {
			distinct, _ := strconv.ParseUint(row[2], 10, 64)
			if got := Perft(&p, d, true); got != distinct {
				t.Errorf("depth %d distinct: got %d want %d", d, got, distinct)
			}
		}
	}
}

func TestPerftPositions(t *testing.T) {
	for _, row := range tsvtest.Rows(t, "testdata/perft_positions.tsv") {
		name, fen, conv := row[0], row[1], row[2]
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, f := range strings.Split(row[3], ",") {
			want, _ := strconv.ParseUint(f, 10, 64)
			if want > perftLimit() {
				break
			}
			if got := Perft(&p, i+1, conv == "distinct"); got != want {
				t.Errorf("%s %s depth %d: got %d want %d", name, conv, i+1, got, want)
			}
		}
	}
}

// TestPerftVariants checks Russian and Brazilian perft against
// testdata/perft_variants.tsv: counts from the real pydraughts and published
// ones, each row saying where its numbers come from.
func TestPerftVariants(t *testing.T) {
	for _, row := range tsvtest.Rows(t, "testdata/perft_variants.tsv") {
		v, err := ParseVariant(row[0])
		if err != nil {
			t.Fatal(err)
		}
		name, fen, conv := row[1], row[2], row[3]
		p := StartOf(v)
		if fen != "start" {
			if p, err = ParseVariantFEN(fen, v); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		for i, f := range strings.Split(row[4], ",") {
			want, _ := strconv.ParseUint(f, 10, 64)
			if want > perftLimit() {
				break
			}
			if got := Perft(&p, i+1, conv == "distinct"); got != want {
				t.Errorf("%s %s %s depth %d: got %d want %d", v, name, conv, i+1, got, want)
			}
		}
	}
}
