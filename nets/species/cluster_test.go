// cluster_test.go runs Cluster on a tiny plain-network population spread
// into two groups by hand: it finds the two groups, writes two
// representatives, a dendrogram and the best network, and Describe lists
// the ensemble; a radius finding no cluster fails.
package species

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/nets"
	"crown/nets/evolve"
)

// twoGroups saves a checkpoint of six plain networks in two groups of
// three, close inside a group and far apart between them.
func twoGroups(t *testing.T, dir string) string {
	p := evolve.CrowdingParams(nets.Plain.NumParams())
	p.Parents = 6
	st, err := evolve.NewState(nets.Plain.String(), p, 1)
	if err != nil {
		t.Fatal(err)
	}
	st.Depth = 1
	for i, ind := range st.Population {
		for j := range ind.Weights {
			ind.Weights[j] = 0.01 * float64(i%3)
			if i >= 3 {
				ind.Weights[j] += 1
			}
		}
	}
	ckpt := filepath.Join(dir, "c.ckpt")
	if err := st.Save(ckpt); err != nil {
		t.Fatal(err)
	}
	return ckpt
}

func TestClusterFiles(t *testing.T) {
	dir := t.TempDir()
	o := ClusterOptions{Checkpoint: twoGroups(t, dir), Eps: 2, MinPts: 3, Distance: DistanceEuclid, Rounds: 1, Seed: 1,
		Threads: 1, Out: filepath.Join(dir, "s.ens"), SVG: filepath.Join(dir, "d.svg"), Best: filepath.Join(dir, "best.net")}
	res, err := Cluster(context.Background(), o)
	if err != nil || res.Clusters != 2 || res.Noise != 0 || res.Population != 6 || res.Eps != 2 {
		t.Fatalf("cluster: %+v, %v", res, err)
	}
	if data, err := os.ReadFile(o.SVG); err != nil || !strings.HasPrefix(string(data), "<svg") {
		t.Fatalf("dendrogram: %v", err)
	}
	if n, err := nets.Load(o.Best); err != nil || n.Arch != nets.Plain {
		t.Fatalf("best network: %v", err)
	}
	var w bytes.Buffer
	if err := Describe(&w, o.Out); err != nil || !strings.Contains(w.String(), "ensemble of 2 networks") ||
		!strings.Contains(w.String(), "cluster 1 of 2 (3 members)") {
		t.Fatalf("describe: %v\n%s", err, w.String())
	}
	if err := Describe(&w, o.Best); err == nil || !strings.Contains(err.Error(), "ensemble file: wrong kind of file") {
		t.Fatalf("describe a weight file: %v", err)
	}
	o.Eps = 0.001
	if _, err := Cluster(context.Background(), o); err == nil || !strings.Contains(err.Error(), "no cluster") {
		t.Fatalf("a radius finding no cluster: %v", err)
	}
	o.Eps = 0
	if _, err := Cluster(context.Background(), o); err == nil || !strings.Contains(err.Error(), "--eps-quantile") {
		t.Fatalf("no radius: %v", err)
	}
}

// TestClusterBehaviour clusters by game results: each individual plays the
// whole population once as Red.
func TestClusterBehaviour(t *testing.T) {
	dir := t.TempDir()
	o := ClusterOptions{Checkpoint: twoGroups(t, dir), EpsQuantile: 1, MinPts: 1, Distance: DistanceBehaviour,
		Rounds: 1, Seed: 1, Threads: 2, Out: filepath.Join(dir, "s.ens")}
	res, err := Cluster(context.Background(), o)
	if err != nil || res.Clusters != 1 || res.Noise != 0 {
		t.Fatalf("behaviour cluster at the largest distance: %+v, %v", res, err)
	}
}

func TestQuantiles(t *testing.T) {
	d := Euclidean([][]float64{{0}, {1}, {3}, {7}})
	if q := quartiles(d); q != [5]float64{1, 2, 3, 4, 7} {
		t.Errorf("quartiles %v", q)
	}
	if x := quantile(d, 0.5); x != 3 {
		t.Errorf("median %v", x)
	}
	if q := quartiles(nil); q != [5]float64{} || quantile(nil, 0.5) != 0 {
		t.Error("no distances")
	}
}
