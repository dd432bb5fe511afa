//go:build race

package egdb

// raceEnabled: the race detector is on (sync.Pool then drops items on
// purpose, so allocation counts mean nothing).
const raceEnabled = true
