// input.go supplies the positions to analyse: one FEN, every position of
// every game in a PDN file with its history, or FENs read line by line
// (a line that is not a FEN becomes an error line of the output).
package analysis

import (
	"bufio"
	"io"

	"strings"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/protocol/userfen"
)

// job is one position to analyse.
type job struct {
	pos        board.Position
	history    []board.Position
	game, ply  int
	fenOrError string // the input line when it failed to parse
	err        error
}

// produce sends the positions to analyse.
func produce(o Options, in io.Reader, jobs chan<- job) error {
	switch {
	case o.FEN != nil:
		p, err := ParseFEN(o.Variant, *o.FEN)
		if err != nil {
			return err
		}
		jobs <- job{pos: p}
	case o.PDN != "":
		f, _, err := fsutil.OpenRegular(o.PDN, fsutil.MaxFile)
		if err != nil {
			return err
		}
		defer f.Close()
		games, err := pdn.ReadAll(f)
		if err != nil {
			return err
		}
		for gi, g := range games {
			ps := g.Positions()
			for i := range ps {
				jobs <- job{pos: ps[i], history: ps[:i], game: gi + 1, ply: i}
			}
		}
	default:
		return readFENs(in, o.Variant, jobs)
	}
	return nil
}

// ParseFEN reads a position of variant v as a user writes it: in English
// checkers any form userfen reads, in Russian and Brazilian draughts a FEN
// with the variant's conventions (algebraic or numbered squares).
func ParseFEN(v board.Variant, text string) (board.Position, error) {
	if v == board.English {
		return userfen.Parse(text)
	}
	return board.ParseVariantFEN(strings.TrimSpace(text), v)
}

// readFENs streams one FEN of variant v per line; blank lines and '#'
// comments are skipped.
func readFENs(r io.Reader, v board.Variant, jobs chan<- job) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := ParseFEN(v, line)
		jobs <- job{pos: p, err: err, fenOrError: line}
	}
	return sc.Err()
}
