// serve.go is `crown cbhost LIB`: the library opened and served by
// crown's own protocol loop as a Hub engine, until the input ends or the
// library faults. A search that faulted waits, so no move the library did
// not choose is sent: the client sees the engine fail.
package cbhost

import (
	"io"

	"github.com/rs/zerolog"

	"crown/protocol"
)

// Serve serves the library at path as a Hub engine reading in and writing
// out; version is crown's, reported in the engine's id.
func Serve(path string, in io.Reader, out io.Writer, version string, log zerolog.Logger) error {
	s, err := Open(path, log)
	if err != nil {
		return err
	}
	defer s.Close()
	e := protocol.New(s, out, protocol.ID{Name: s.Name(), Version: "cb " + version, Author: "via crown cbhost"}, log)
	done := make(chan error, 1)
	go func() { done <- e.Run(in) }()
	select {
	case err := <-done:
		return err
	case err := <-s.Faults():
		return err
	}
}
