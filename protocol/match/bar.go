// bar.go declares the progress line the match commands draw on while the
// games run (Command, EgdbMatch, BookMatch).
package match

// Bar is a command's progress line: Update redraws it, Clear erases it
// before other output.
type Bar interface {
	Update(done, total int, status string)
	Clear()
}

// nopBar draws nothing, for a caller without a progress line.
type nopBar struct{}

func (nopBar) Update(int, int, string) {}
func (nopBar) Clear()                  {}

// barOr is bar, or a bar drawing nothing when bar is nil.
func barOr(bar Bar) Bar {
	if bar == nil {
		return nopBar{}
	}
	return bar
}
