// fuzzmeminfo_test.go fuzzes the /proc/meminfo reader of memory.go.
package search

import (
	"strings"
	"testing"
)

// FuzzParseMeminfo: any meminfo text gives a usable limit: positive, at
// most the absolute maximum, and within half the total when it was read.
func FuzzParseMeminfo(f *testing.F) {
	for _, s := range []string{"MemTotal: 24684096 kB\nMemAvailable: 22626108 kB\n", "MemTotal: -5 kB\n", "", "MemTotal:\n", "MemTotal: 99999999999999999999 kB\nMemAvailable: 1 kB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := parseMeminfo(strings.NewReader(s))
		max := m.MaxTableMiB()
		if max < 1 || max > absoluteMaxMiB || (m.OK && max > m.TotalMiB/2 && max > 1) {
			t.Fatalf("%+v: max %d", m, max)
		}
		if err := m.CheckTable("hash", max+1, 0); err == nil {
			t.Fatalf("%+v: a table over the maximum accepted", m)
		}
	})
}
