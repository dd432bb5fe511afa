// progress_test.go checks Or: a given bar is passed through, nil becomes a
// bar that draws nothing.
package progress

import "testing"

type countBar struct{ updates, clears int }

func (c *countBar) Update(int, int, string) { c.updates++ }
func (c *countBar) Clear()                  { c.clears++ }

func TestOr(t *testing.T) {
	c := &countBar{}
	b := Or(c)
	b.Update(1, 2, "x")
	b.Clear()
	if c.updates != 1 || c.clears != 1 {
		t.Errorf("Or(bar) drew %d updates, %d clears; want 1 and 1", c.updates, c.clears)
	}
	n := Or(nil)
	n.Update(1, 2, "x")
	n.Clear()
}
