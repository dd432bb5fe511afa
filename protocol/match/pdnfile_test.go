// pdnfile_test.go reads back the PDN file a match wrote, for the tests
// that check what the file holds.
package match_test

import (
	"bytes"
	"os"
	"testing"

	"crown/engine/pdn"
)

// readGames returns the games of the PDN file at path; a file that cannot
// be read or parsed, or that holds other than want games, fails the test.
func readGames(t *testing.T, path string, want int) []*pdn.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.ReadAll(bytes.NewReader(data))
	if err != nil || len(games) != want {
		t.Fatalf("%s: %d games, want %d (%v)", path, len(games), want, err)
	}
	return games
}
