// material.go defines the slice key: how many men and kings each colour has.
// The database is split into one slice per material signature. Every slice
// is stored for Black to move only: a White-to-move position is looked up as
// its colour flip (board rotated 180 degrees, colours swapped), which is a
// Black-to-move position of the mirrored material with the same value. So a
// slice and its mirror together hold both sides to move of one material, and
// the builder solves each mirrored pair in one job.
package egdb

import (
	"fmt"
	"math/bits"
	"slices"
)

// MaxBuildPieces is the largest total the indexing tables are sized for.
// Binomials and the material key cover up to 8 pieces (the design limit).
const MaxBuildPieces = 8

// Material counts black men, black kings, white men and white kings.
type Material struct {
	BM, BK, WM, WK int
}

// MaterialOf returns the material of a position given as bitboards.
func MaterialOf(black, white, kings uint32) Material {
	return Material{
		BM: bits.OnesCount32(black &^ kings), BK: bits.OnesCount32(black & kings),
		WM: bits.OnesCount32(white &^ kings), WK: bits.OnesCount32(white & kings),
	}
}

// Pieces returns the total number of pieces.
func (m Material) Pieces() int { return m.BM + m.BK + m.WM + m.WK }

// Mirror returns the material with colours swapped.
func (m Material) Mirror() Material { return Material{m.WM, m.WK, m.BM, m.BK} }

// key numbers materials densely for array lookups: base 9 digits, so every
// count of 0..8 fits. keySpace bounds the keys.
func (m Material) key() int { return ((m.BM*9+m.BK)*9+m.WM)*9 + m.WK }

const keySpace = 9 * 9 * 9 * 9

// Name returns the slice's file stem, e.g. "1212" for one black man, two
// black kings, one white man and two white kings.
func (m Material) Name() string { return fmt.Sprintf("%d%d%d%d", m.BM, m.BK, m.WM, m.WK) }

// parseName reads a slice name as Name writes it; the error is for a
// caller to prefix.
func parseName(s string) (Material, error) {
	if len(s) != 4 {
		return Material{}, fmt.Errorf("slice name %q: want 4 digits (black men, black kings, white men, white kings)", s)
	}
	var c [4]int
	for i := range c {
		if s[i] < '0' || s[i] > '8' {
			return Material{}, fmt.Errorf("slice name %q: want 4 digits 0-8", s)
		}
		c[i] = int(s[i] - '0')
	}
	m := Material{c[0], c[1], c[2], c[3]}
	if !m.valid() {
		return Material{}, fmt.Errorf("slice name %q: not a database material (both sides present, at most %d pieces)", s, MaxBuildPieces)
	}
	return m, nil
}

func (m Material) String() string {
	return fmt.Sprintf("bm%d bk%d wm%d wk%d", m.BM, m.BK, m.WM, m.WK)
}

// valid reports whether the material can be in a database: both sides
// present, counts non-negative, at most MaxBuildPieces in all.
func (m Material) valid() bool {
	return m.BM >= 0 && m.BK >= 0 && m.WM >= 0 && m.WK >= 0 &&
		m.BM+m.BK > 0 && m.WM+m.WK > 0 && m.Pieces() <= MaxBuildPieces
}

// canonical reports whether m is the member of its mirrored pair that the
// builder names the pair by: Black has more pieces, then more kings, then
// (for equal material both ways) either.
func (m Material) canonical() bool {
	b, w := m.BM+m.BK, m.WM+m.WK
	if b != w {
		return b > w
	}
	if m.BK != m.WK {
		return m.BK > m.WK
	}
	return true
}

// pairName returns the canonical member of m's pair.
func pairName(m Material) Material {
	if m.canonical() {
		return m
	}
	return m.Mirror()
}

// Slices returns every material with n pieces, both sides present.
func Slices(n int) []Material {
	var out []Material
	for bm := 0; bm <= n; bm++ {
		for bk := 0; bm+bk <= n; bk++ {
			for wm := 0; bm+bk+wm <= n; wm++ {
				m := Material{bm, bk, wm, n - bm - bk - wm}
				if m.valid() {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// pairs returns the canonical member of every mirrored pair with n pieces in
// build order: fewer men first, because a man that is crowned moves a
// position into the slice with one man fewer and one king more, which must
// be finished already. Captures land in smaller piece counts, built earlier.
// Pairs with the same number of men do not depend on each other.
func pairs(n int) []Material {
	var out []Material
	for _, m := range Slices(n) {
		if m.canonical() {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Material) int { return (a.BM + a.WM) - (b.BM + b.WM) })
	return out
}

// buildDeps returns the materials (Black to move) a slice's positions can
// move into outside the slice itself: every capture by Black (fewer white
// pieces, Black's mover possibly crowned) and every crowning move; each is
// named in its flipped, Black-to-move form.
func buildDeps(m Material) []Material {
	seen := map[Material]bool{}
	var out []Material
	add := func(x Material) {
		if x.valid() && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	for wm := 0; wm <= m.WM; wm++ {
		for wk := 0; wk <= m.WK; wk++ {
			if wm+wk == m.WM+m.WK {
				continue
			}
			add(Material{wm, wk, m.BM, m.BK})
			if m.BM > 0 {
				add(Material{wm, wk, m.BM - 1, m.BK + 1})
			}
		}
	}
	if m.BM > 0 {
		add(Material{m.WM, m.WK, m.BM - 1, m.BK + 1})
	}
	return out
}
