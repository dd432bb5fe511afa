// memory.go decides whether a table of a given size can be allocated, before
// allocating it. A Go program cannot recover from running out of memory (the
// runtime aborts, or the kernel kills it later when the pages are touched),
// so a transposition table or cache larger than the machine can hold must be
// refused up front with an error, and the engine keeps the table it has.
//
// The rule: a table may take at most half of the physical memory (MemTotal
// in /proc/meminfo), and no more than is available now (MemAvailable, plus
// what replacing an old table frees) less a reserve of 64 MiB for
// everything else. Where /proc/meminfo cannot be read the cap is
// fallbackMaxMiB. MaxTableMiB is what the protocols advertise as the
// maximum of hash and egdb-cache, so an advertised maximum is one the
// machine can honour when it is otherwise idle.
package search

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Memory limits.
const (
	absoluteMaxMiB = 1 << 16 // the protocols' historical maximum: 64 GiB
	fallbackMaxMiB = 4096    // cap when physical memory cannot be read
	reserveMiB     = 64      // left free for the rest of the program
)

// Memory is the machine's memory in MiB; ok is false when unknown.
type Memory struct {
	TotalMiB, AvailableMiB int
	OK                     bool
}

// ReadMemory reads /proc/meminfo.
func ReadMemory() Memory {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return Memory{}
	}
	defer f.Close()
	return parseMeminfo(f)
}

// parseMeminfo reads MemTotal and MemAvailable (kB) from meminfo text.
func parseMeminfo(f io.Reader) Memory {
	var m Memory
	var total, avail bool
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		kb, err := strconv.Atoi(fields[1])
		if err != nil || kb < 0 {
			continue
		}
		switch fields[0] {
		case "MemTotal:":
			m.TotalMiB, total = kb/1024, true
		case "MemAvailable:":
			m.AvailableMiB, avail = kb/1024, true
		}
	}
	m.OK = total && avail && m.TotalMiB > 0
	return m
}

// MaxTableMiB is the largest table this machine can hold: half of its
// memory, at most 64 GiB (fallbackMaxMiB when the memory is unknown).
func (m Memory) MaxTableMiB() int {
	if !m.OK {
		return fallbackMaxMiB
	}
	return max(1, min(absoluteMaxMiB, m.TotalMiB/2))
}

// MaxTableMiB is ReadMemory().MaxTableMiB().
func MaxTableMiB() int { return ReadMemory().MaxTableMiB() }

// CheckTable says whether a table of mib MiB (named what, for the message)
// can be allocated now; freedMiB is the size of a table it replaces, which
// is released once the new one exists.
func (m Memory) CheckTable(what string, mib, freedMiB int) error {
	if mib < 0 {
		return fmt.Errorf("%s %d MiB: negative size", what, mib)
	}
	if max := m.MaxTableMiB(); mib > max {
		if m.OK {
			return fmt.Errorf("%s %d MiB: more than this machine can hold (at most %d MiB, half of its %d MiB)", what, mib, max, m.TotalMiB)
		}
		return fmt.Errorf("%s %d MiB: over the %d MiB limit (physical memory unknown)", what, mib, max)
	}
	if m.OK && mib > m.AvailableMiB+freedMiB-reserveMiB {
		return fmt.Errorf("%s %d MiB: only %d MiB of memory available now", what, mib, max(0, m.AvailableMiB+freedMiB-reserveMiB))
	}
	return nil
}

// CheckTable is ReadMemory().CheckTable.
func CheckTable(what string, mib, freedMiB int) error {
	return ReadMemory().CheckTable(what, mib, freedMiB)
}
