// util.go holds small helpers shared by the notation code.
package board

import (
	"fmt"
	"strconv"
)

func itoa(n int) string { return strconv.Itoa(n) }

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
