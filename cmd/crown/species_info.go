// species_info.go implements `crown species info`: the members of an
// ensemble file (nets/species.Describe).
package main

import (
	"os"

	"crown/nets/species"
)

type speciesInfoCmd struct {
	File string `arg:"" type:"existingfile" help:"Ensemble file."`
}

func (c *speciesInfoCmd) Run() error { return species.Describe(os.Stdout, c.File) }
