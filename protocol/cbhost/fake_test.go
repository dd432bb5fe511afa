package cbhost

import (
	"strings"

	"crown/protocol"
)

// fakeLib is a CheckerBoard library in Go: it records what the host sends
// and plays the first legal move, or what play writes onto the board.
type fakeLib struct {
	name      string
	unhandled []string // command prefixes it does not handle
	cmds      []string
	calls     []timeArgs
	colors    []int
	waitStop  bool                                 // getmove returns only once stopped
	play      func(b *protocol.CBBoard, color int) // nil: the first legal move
	closed    bool
}

func (f *fakeLib) command(cmd string) (string, bool) {
	f.cmds = append(f.cmds, cmd)
	for _, u := range f.unhandled {
		if strings.HasPrefix(cmd, u) {
			return "?", false
		}
	}
	if cmd == "name" {
		return f.name, f.name != ""
	}
	return "ok", true
}

func (f *fakeLib) getmove(b *protocol.CBBoard, color int, t timeArgs, stop <-chan struct{}) (int, string) {
	f.calls, f.colors = append(f.calls, t), append(f.colors, color)
	if f.waitStop {
		<-stop
	}
	if f.play != nil {
		f.play(b, color)
		return protocol.CBUnknown, "scripted"
	}
	p, err := protocol.PositionFromCB(b, color)
	if err != nil {
		return protocol.CBUnknown, err.Error()
	}
	after := p.Play(p.LegalMoves()[0])
	protocol.PositionToCB(&after, b)
	return protocol.CBUnknown, "first legal move"
}

func (f *fakeLib) close() { f.closed = true }

// last is the last command sent.
func (f *fakeLib) last() string {
	if len(f.cmds) == 0 {
		return ""
	}
	return f.cmds[len(f.cmds)-1]
}
