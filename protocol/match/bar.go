// bar.go names the progress line the match commands draw on while the
// games run (Command, EgdbMatch, BookMatch): engine/progress's.
package match

import "crown/engine/progress"

// Bar is a command's progress line (engine/progress).
type Bar = progress.Bar

// barOr is bar, or a bar drawing nothing when bar is nil.
func barOr(bar Bar) Bar { return progress.Or(bar) }
