package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/cluster"
)

// smallDB is a worker's database of 4 pieces; it is only asked its size.
type smallDB struct{}

func (smallDB) MaxPieces() int                    { return 4 }
func (smallDB) Value(*board.Position) (int, bool) { return 0, false }

// TestWorkerRefuses: a worker refuses, before playing, a Hub engine, a
// player whose database is larger than its own, a spec naming a file the
// job does not carry, a file that does not arrive, and a game set up to be
// played by its submitter.
func TestWorkerRefuses(t *testing.T) {
	g := NewGames(GamesOptions{Worker: true, DB: func(pieces int) (referee.Adjudicator, error) {
		if pieces > 4 {
			return nil, fmt.Errorf("this worker's database has 4 pieces, the game needs %d", pieces)
		}
		return smallDB{}, nil
	}})
	defer g.Close()
	base := codecInput(t)
	base.Players = [2]jobPlayer{{Spec: "crown:eval=material,egdb-policy=off"}, {Spec: "crown:eval=material", EGDBPieces: 4}}
	base.DBPieces = 4
	for _, c := range []struct {
		name, want string
		edit       func(*jobInput)
	}{
		{"hub", "Hub engine", func(in *jobInput) { in.Players[0] = jobPlayer{Spec: "hub:/bin/sh -c evil"} }},
		{"database", "needs 6", func(in *jobInput) { in.Players[1].EGDBPieces = 6 }},
		{"no size", "does not say its size", func(in *jobInput) { in.Players[1].EGDBPieces = 0 }},
		{"adjudicator", "needs 5", func(in *jobInput) { in.DBPieces = 5 }},
		{"unshipped file", "carries no such file", func(in *jobInput) { in.Players[0].Spec = "crown:eval=nn,net=/etc/passwd,egdb-policy=off" }},
		{"extra file", "does not name", func(in *jobInput) { in.Players[0].Files = map[string]string{fileBook: sumA} }},
		{"missing file", "gone", func(in *jobInput) {
			in.Players[0] = jobPlayer{Spec: "crown:eval=nn,net=x.net,egdb-policy=off", Files: map[string]string{fileNet: sumA}}
		}},
		{"local", "set up for its own process", func(in *jobInput) { in.Shipped = false; in.Players[1].EGDBPieces = 0 }},
	} {
		in := base
		in.Players = base.Players
		c.edit(&in)
		_, err := g.Play(context.Background(), mustEncode(t, in), noFiles{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// noFiles is a file store that has lost every file.
type noFiles struct{}

func (noFiles) File(context.Context, string) ([]byte, error) { return nil, errors.New("gone") }
func (noFiles) Put(context.Context, []byte) (string, error)  { return "", errors.New("read-only") }

var _ cluster.Files = noFiles{}
