// info.go is `crown selfplay info`: a sample file summarised for a
// person: its settings, games and samples, the results for the side to
// move, the plies covered, the share of samples with a king and a
// histogram of samples by piece count.
package selfplay

import (
	"fmt"
	"io"
	"strings"
)

// WriteInfo loads the sample file at path and writes its summary to w.
func WriteInfo(w io.Writer, path string) error {
	f, err := Load(path)
	if err != nil {
		return err
	}
	st := Summarise(f.Samples)
	fmt.Fprintf(w, "file      %s\nsettings  %s\ngames     %d\nsamples   %d distinct positions, %d visits\n",
		path, f.Config, f.Games, st.Samples, st.Games)
	if st.Games > 0 {
		g := float64(st.Games)
		fmt.Fprintf(w, "results   W %d (%.1f%%)  D %d (%.1f%%)  L %d (%.1f%%), for the side to move\n",
			st.W, 100*float64(st.W)/g, st.D, 100*float64(st.D)/g, st.L, 100*float64(st.L)/g)
	}
	fmt.Fprintf(w, "plies     %d-%d\nkings     %.1f%% of samples have a king\npieces    samples\n", st.MinPly, st.MaxPly, 100*st.KingShare)
	for n := 24; n >= 0; n-- {
		if st.ByPieces[n] == 0 {
			continue
		}
		bar := int(60 * float64(st.ByPieces[n]) / float64(max(1, st.Samples)) * 4)
		fmt.Fprintf(w, "%6d    %8d %s\n", n, st.ByPieces[n], strings.Repeat("#", max(0, min(bar, 60))))
	}
	return nil
}
