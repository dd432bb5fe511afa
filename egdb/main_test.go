// main_test.go builds the <=4-piece databases (one per variant) once for
// the package tests.
package egdb

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"crown/engine/board"
)

// built holds the <=4-piece databases built once for the package's tests,
// one per variant.
type built struct {
	once sync.Once
	dir  string
	rep  *BuildReport
	err  error
}

var shared [board.NumVariants]built

func TestMain(m *testing.M) {
	code := m.Run()
	for i := range shared {
		if shared[i].dir != "" {
			os.RemoveAll(shared[i].dir)
		}
	}
	os.Exit(code)
}

// db4Dir returns a directory holding the English <=4-piece database.
func db4Dir(t testing.TB) (string, *BuildReport) { return db4DirFor(t, board.English) }

// db4DirFor returns a directory holding variant v's <=4-piece database.
func db4DirFor(t testing.TB, v board.Variant) (string, *BuildReport) {
	b := &shared[v]
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "egdb4-"+v.String())
		if b.err == nil {
			defer func() {
				if r := recover(); r != nil {
					b.err = fmt.Errorf("%v", r)
				}
			}()
			b.rep = buildVariantDir(t, b.dir, 4, v)
		}
	})
	if b.err != nil || b.rep == nil {
		t.Fatalf("building the %s <=4 database: %v", v, b.err)
	}
	return b.dir, b.rep
}
