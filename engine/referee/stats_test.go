package referee_test

import (
	"math"
	"testing"

	"crown/engine/referee"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestSPRTByHand checks the LLR against values worked out from the
// formula in sprt.go step by step.
func TestSPRTByHand(t *testing.T) {
	t5 := referee.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// Bounds: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439.
	lo, hi := t5.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	// 60 wins, 20 draws, 20 losses: x = 0.7, σ² = (60·0.09 + 20·0.04 +
	// 20·0.49)/100 = 0.16; s0 = 0.5, s1 = 1/(1+10^(-10/400)) = 0.5143872;
	// LLR = 100 · 0.0143872 · (1.4 - 1.0143872) / 0.32 = 1.733713.
	if got := t5.LLR(60, 20, 20); !near(got, 1.733713, 1e-5) {
		t.Errorf("LLR(60,20,20) = %v, want 1.733713", got)
	}
	if d, _ := t5.Decide(60, 20, 20); d != referee.Continue {
		t.Errorf("1.73 is inside the bounds, got %v", d)
	}
	// 20 wins, 50 draws, 30 losses against [0, 5]: x = 0.45, σ² = (20·0.3025
	// + 50·0.0025 + 30·0.2025)/100 = 0.1225; s1 = 0.5071951;
	// LLR = 100 · 0.0071951 · (0.9 - 1.0071951) / 0.245 = -0.314807.
	t0 := referee.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if got := t0.LLR(20, 50, 30); !near(got, -0.314807, 1e-5) {
		t.Errorf("LLR(20,50,30) = %v, want -0.314807", got)
	}
	// A score exactly halfway between s0 and s1 gives 0: [-5, +5] at 50%.
	if got := (referee.SPRT{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.05}).LLR(30, 40, 30); !near(got, 0, 1e-12) {
		t.Errorf("symmetric LLR = %v", got)
	}
	// No game: 0. Every game the same result: the variance of one more
	// win and one more loss. 5 wins: x = 1, σ² = (6·(1/7)² + (6/7)²)/7 =
	// 6/49; LLR = 5 · 0.0143872 · (2 - 1.0143872) / (12/49) = 0.28951.
	// 7 draws: x = 1/2, σ² = 2·(1/4)/9 = 1/18; LLR = 7 · 0.0143872 ·
	// (1 - 1.0143872) / (1/9) = -0.013040.
	if t5.LLR(0, 0, 0) != 0 || !near(t5.LLR(5, 0, 0), 0.28951, 1e-4) || !near(t5.LLR(0, 7, 0), -0.013040, 1e-5) {
		t.Errorf("LLR without variance: %v, %v, %v", t5.LLR(0, 0, 0), t5.LLR(5, 0, 0), t5.LLR(0, 7, 0))
	}
	// A match one side wins game after game stops (it never did while the
	// variance was 0): 40 straight wins against elo1 = 200.
	if d, llr := (referee.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1}).Decide(40, 0, 0); d != referee.AcceptH1 {
		t.Errorf("40 straight wins: %v (LLR %v)", d, llr)
	}
	// Decisions at the bounds: 300 wins, 0 draws, 100 losses (x = 0.75,
	// σ² = 0.1875) gives 400·0.0143872·0.4856128/0.375 = 7.45 > 2.94.
	if d, llr := t5.Decide(300, 0, 100); d != referee.AcceptH1 || !near(llr, 7.452, 0.01) {
		t.Errorf("300-0-100: %v %v", d, llr)
	}
	if d, _ := t5.Decide(100, 0, 300); d != referee.AcceptH0 {
		t.Errorf("100-0-300: %v", d)
	}
	for _, bad := range []referee.SPRT{{Elo0: 5, Elo1: 0, Alpha: .05, Beta: .05}, {Elo0: 0, Elo1: 5, Alpha: 0, Beta: .05}, {Elo0: 0, Elo1: 5, Alpha: .05, Beta: .6}} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestUSCFByHand checks the rating update against values worked out by hand.
func TestUSCFByHand(t *testing.T) {
	u := referee.DefaultUSCF()
	// Equal ratings: W = 1/2, a win adds C/2 = 16.
	if got := u.Final([]float64{1}); !near(got, 1616, 1e-9) {
		t.Errorf("one win: %v", got)
	}
	if got := u.Final([]float64{0.5}); !near(got, 1600, 1e-9) {
		t.Errorf("one draw: %v", got)
	}
	// Win then loss: W = 1/(1+10^(-16/400)) = 0.5230096 at 1616, so
	// 1616 - 32·0.5230096 = 1599.263693. Loss then win: 1584 +
	// 32·(1 - 0.4769904) = 1600.736307. The mean of the two orders is 1600.
	if got := u.Final([]float64{1, 0}); !near(got, 1599.263693, 1e-6) {
		t.Errorf("win, loss: %v", got)
	}
	if got := u.Final([]float64{0, 1}); !near(got, 1600.736307, 1e-6) {
		t.Errorf("loss, win: %v", got)
	}
	r := u.Rate([]float64{1, 0})
	// 5000 orderings, each order with probability 1/2: the mean is within
	// a few standard errors of 1600 and the sd is the orders' spread, 0.736.
	if !near(r.Mean, 1600, 0.05) || !near(r.SD, 0.736, 0.01) || !near(r.SE, r.SD/math.Sqrt(5000), 1e-9) {
		t.Errorf("rate win+loss: %+v", r)
	}
	// The coefficient by rating: 24 from 2100, 16 from 2400, 32 below.
	for _, c := range []struct{ start, want float64 }{{2099, 2115}, {2100, 2112}, {2399, 2411}, {2400, 2408}} {
		v := referee.USCF{Start: c.start, Anchor: c.start, Orderings: 1}
		if got := v.Final([]float64{1}); !near(got, c.want, 1e-9) {
			t.Errorf("win at %v: %v, want %v", c.start, got, c.want)
		}
	}
	// The same seed gives the same report.
	games := []float64{1, 1, 0.5, 0, 1, 0.5, 0.5, 1, 0, 1}
	if a, b := u.Rate(games), u.Rate(games); a != b {
		t.Errorf("not reproducible: %+v %+v", a, b)
	}
}

// TestRoundRobinRanking ranks three players by seed 004's two
// classifications; a fixed opponent's pairing does not count.
func TestRoundRobinRanking(t *testing.T) {
	ps := []referee.Pairing{
		{A: "x", B: "y", W: 3, D: 4, L: 3}, // tied pairing: 10 points each
		{A: "x", B: "z", W: 1, D: 9, L: 0}, // x wins the pairing 11-9
		{A: "y", B: "z", W: 0, D: 8, L: 2}, // z wins 12-8
		{A: "x", B: "material", W: 10},     // fixed opponents do not count
	}
	got := referee.RoundRobin([]string{"y", "z", "x"}, ps)
	want := []referee.Standing{
		{Name: "x", W: 4, D: 13, L: 3, GamePoints: 21, PairPoints: 3, PairW: 1, PairD: 1},
		{Name: "z", W: 2, D: 17, L: 1, GamePoints: 21, PairPoints: 2, PairW: 1, PairL: 1},
		{Name: "y", W: 3, D: 12, L: 5, GamePoints: 18, PairPoints: 1, PairD: 1, PairL: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("%d standings, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rank %d: got %+v want %+v", i+1, got[i], want[i])
		}
	}
	if p, ok := referee.FindPairing(ps, "z", "x"); !ok || p != (referee.Pairing{A: "z", B: "x", W: 0, D: 9, L: 1}) {
		t.Errorf("z against x: %+v %v", p, ok)
	}
	if _, ok := referee.FindPairing(ps, "y", "material"); ok {
		t.Error("found a pairing never played")
	}
}

// TestDecisiveShare checks seed 002's Win% and z by hand: 37 wins and 16
// losses give 37/53 = 0.698113 and
// z = (0.698113 - 0.5)/sqrt(0.25/53) = 2.884572.
func TestDecisiveShare(t *testing.T) {
	share, z := referee.Summarise(37, 15, 16).DecisiveShare()
	if !near(share, 0.698113, 1e-6) || !near(z, 2.884572, 1e-5) {
		t.Errorf("37-15-16: share %v z %v", share, z)
	}
	if share, z := referee.Summarise(0, 5, 0).DecisiveShare(); share != 0 || z != 0 {
		t.Errorf("all draws: %v %v", share, z)
	}
}

// TestEvenScoreIsPlusZero: an even match prints as +0, not -0.
func TestEvenScoreIsPlusZero(t *testing.T) {
	s := referee.Summarise(0, 2, 0)
	for _, v := range []float64{s.Elo, s.EloLow, s.EloHigh} {
		if v != 0 || math.Signbit(v) {
			t.Errorf("all draws: %+v", s)
		}
	}
}
