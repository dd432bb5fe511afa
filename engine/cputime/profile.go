// profile.go writes a CPU profile of the process for the commands that
// take --cpu-profile (crown bench, crown egdb build), for go tool pprof.
package cputime

import (
	"os"
	"runtime/pprof"
)

// StartProfile profiles the process into the file at path until stop is
// called; with path "" it profiles nothing and stop does nothing.
func StartProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
