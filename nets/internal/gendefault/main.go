// Command gendefault writes the embedded placeholder network, nets/default.net
// (run through `go generate ./nets`): the seeds' generation-0 initialisation
// from a fixed seed, so the file is reproducible.
package main

import (
	"flag"
	"fmt"
	"os"

	"crown/nets"
)

func main() {
	out := flag.String("out", "default.net", "file to write")
	flag.Parse()
	if err := nets.GenerateDefault().Save(*out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
