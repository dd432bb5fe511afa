// opponent_test.go checks how an opponent spec is read: the two names, a
// heuristic weight file told from a network by its magic, and a file that
// cannot be read.
package players

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpponent(t *testing.T) {
	dir := t.TempDir()
	heur, net := filepath.Join(dir, "h.weights"), filepath.Join(dir, "n.net")
	os.WriteFile(heur, []byte(heuristicMagic+"rest"), 0o644)
	os.WriteFile(net, []byte("CROWNNET"), 0o644)
	for _, c := range []struct {
		spec, name string
		want       Eval
	}{
		{"Material", Material, Eval{Name: Material}},
		{"nn", "nn (embedded)", Eval{Name: NN}},
		{heur, "h.weights", Eval{Name: Heuristic, Weights: heur}},
		{net, "n.net", Eval{Name: NN, Net: net}},
	} {
		name, e, err := Opponent(c.spec)
		if err != nil || name != c.name || e != c.want {
			t.Errorf("%s: %q %+v %v, want %q %+v", c.spec, name, e, err, c.name, c.want)
		}
	}
	if _, _, err := Opponent(filepath.Join(dir, "none")); err == nil || !strings.Contains(err.Error(), "not material, nn or a readable weight file") {
		t.Errorf("missing file: %v", err)
	}
	if name, ev, err := OpponentFactory("material"); err != nil || ev == nil || name != Material {
		t.Errorf("material factory: %q %v", name, err)
	}
}
