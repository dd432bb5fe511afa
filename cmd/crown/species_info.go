// species_info.go implements `crown species info`: the members of an
// ensemble file, their architectures, king values and weight statistics.
package main

import (
	"fmt"
	"math"

	"github.com/rs/zerolog"

	"crown/nets"
)

type speciesInfoCmd struct {
	File string `arg:"" type:"existingfile" help:"Ensemble file."`
}

func (c *speciesInfoCmd) Run(_ *zerolog.Logger) error {
	e, err := nets.LoadEnsemble(c.File)
	if err != nil {
		return err
	}
	fmt.Printf("%s: ensemble of %d networks\n", c.File, len(e.Members))
	for i, m := range e.Members {
		s, mx := 0.0, 0.0
		for _, w := range m.Net.W {
			s += w * w
			mx = max(mx, math.Abs(w))
		}
		fmt.Printf("%3d  %-8s K %.2f  |W| %.3f  max|w| %.3f  %s\n", i, m.Net.Arch, m.Net.K, math.Sqrt(s), mx, m.Label)
	}
	return nil
}
