// Package progress declares the progress line a long command draws while
// it works (a training run, a labelling, a conversion, a match): the
// packages doing the work draw on a Bar their caller hands them, and the
// binary draws it on the terminal. It stands on the ground floor so that
// every package above can take the same Bar.
package progress

// Bar is the progress line a command draws: Update redraws it, Clear
// erases it before other output.
type Bar interface {
	Update(done, total int, status string)
	Clear()
}

// nop draws nothing, for a caller without a progress line.
type nop struct{}

func (nop) Update(int, int, string) {}
func (nop) Clear()                  {}

// Or is bar, or a bar drawing nothing when bar is nil.
func Or(bar Bar) Bar {
	if bar == nil {
		return nop{}
	}
	return bar
}
