// Package weights embeds crown's trained seed-004 heuristic weight files
// (one per kind, described in docs/heuristics.md), so that every features:KIND
// evaluator works without a file: the binary ships the weights the
// tournament of docs/heuristics.md was played with.
package weights

import (
	"embed"
	"fmt"
)

//go:embed *.weights
var files embed.FS // read only

// File returns the embedded weight file of a kind (8F, 10F, 15F, 19F, 25F,
// 3Ph, E3Ph).
func File(kind string) ([]byte, error) {
	b, err := files.ReadFile(kind + ".weights")
	if err != nil {
		return nil, fmt.Errorf("no embedded weights for heuristic kind %q", kind)
	}
	return b, nil
}
