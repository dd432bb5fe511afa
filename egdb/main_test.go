// main_test.go builds the <=4-piece database once for the package tests.
package egdb

import (
	"fmt"
	"os"
	"sync"
	"testing"
)

// shared holds the <=4-piece database built once for the package's tests.
var shared struct {
	once sync.Once
	dir  string
	rep  *BuildReport
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// db4Dir returns a directory holding the <=4-piece database.
func db4Dir(t testing.TB) (string, *BuildReport) {
	shared.once.Do(func() {
		shared.dir, shared.err = os.MkdirTemp("", "egdb4")
		if shared.err == nil {
			defer func() {
				if r := recover(); r != nil {
					shared.err = fmt.Errorf("%v", r)
				}
			}()
			shared.rep = buildDir(t, shared.dir, 4)
		}
	})
	if shared.err != nil || shared.rep == nil {
		t.Fatalf("building the <=4 database: %v", shared.err)
	}
	return shared.dir, shared.rep
}
