// helpers_test.go holds what the package's tests share: a searcher with
// the default options.
package crownsearch

import (
	"testing"

	"github.com/rs/zerolog"
)

// newSearcher is a searcher with the default options; the test fails if it
// cannot be made.
func newSearcher(t testing.TB) *Searcher {
	t.Helper()
	a, err := New(zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return a
}
