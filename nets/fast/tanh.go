// tanh.go is the fixed-point tanh of the fast path: a table of tanh over
// [-8, 8) in steps of 1/64 with linear interpolation between entries, all in
// integers so that every build (assembly or portable Go) gives the same bits.
//
// Accuracy: linear interpolation with step h errs by at most h²/8·max|tanh”|
// = (1/64)²/8·0.770 = 2.4e-5, below the activation resolution 1/QA = 6.1e-5;
// entries are rounded to 1/QA. Beyond ±8, tanh is within 2.3e-7 of ±1.
package fast

import "math"

// Activations (tanh outputs) are int16 fixed point: QA stands for 1.0.
// 2^14 leaves room for ±1.0 in int16 and is the finest power of two that does.
const (
	qaBits = 14
	QA     = 1 << qaBits
)

// Table geometry: tabUnit entries per unit of pre-activation over [-tabRange, tabRange).
const (
	tabUnitBits = 6 // step 1/64: interpolation error 2.4e-5 (see above); 1/128 measured no better overall
	tabRange    = 8 // tanh(8) = 1 - 2.3e-7
	tabSize     = 2 * tabRange << tabUnitBits
	maxFracBits = 14 // interpolation weight bits; 1<<14 still fits an int16 multiplier
)

// tanhTable[i] packs the table entry y0 = round(QA·tanh(x_i)) in the low 16
// bits and the step to the next entry, y1-y0, in the high 16 bits, where
// x_i = -tabRange + i/64. One 32-bit load then gives both interpolation
// points, and a multiply-add of the pair (y0, dy) with (2^f, frac) yields
// y0·2^f + dy·frac (VPMADDWD in the assembly).
var tanhTable = buildTanhTable()

func buildTanhTable() *[tabSize]uint32 {
	var t [tabSize]uint32
	y := func(i int) int32 {
		x := float64(i)/(1<<tabUnitBits) - tabRange
		return int32(math.Round(QA * math.Tanh(x)))
	}
	for i := range t {
		y0, y1 := y(i), y(i+1)
		t[i] = uint32(uint16(int16(y0))) | uint32(uint16(int16(y1-y0)))<<16
	}
	return &t
}

// act says how to apply tanh to int32 pre-activations held at scale 2^E
// (the value a stands for a/2^E). The pre-activation is shifted right by
// shift to scale 2^(6+f), clamped to [-8, 8), offset to be non-negative, then
// split into the table index (high bits) and an f-bit interpolation weight.
// Field order and types are fixed: the assembly reads them through go_asm.h.
type act struct {
	shift uint64 // E - 6 - f
	fbits uint64 // f = min(14, E-6)
	lo    int32  // -8·2^(6+f)
	hi    int32  // 8·2^(6+f) - 1
	off   int32  // 8·2^(6+f)
	mask  int32  // 2^f - 1
	one   int32  // 2^f
	half  int32  // 2^(f-1), rounds the interpolated value
}

// minScaleBits is the smallest E for which act is defined (f >= 1).
const minScaleBits = tabUnitBits + 1

// newAct returns the tanh parameters for pre-activations at scale 2^e.
func newAct(e int) act {
	f := min(maxFracBits, e-tabUnitBits)
	unit := int32(tabRange) << (tabUnitBits + f)
	return act{
		shift: uint64(e - tabUnitBits - f),
		fbits: uint64(f),
		lo:    -unit,
		hi:    unit - 1,
		off:   unit,
		mask:  1<<f - 1,
		one:   1 << f,
		half:  1 << (f - 1),
	}
}

// tanhq returns QA·tanh(a/2^E) (rounded as described in the file comment)
// for the act of scale E. It is the scalar definition the kernels follow.
func (p *act) tanhq(a int32) int32 {
	t := a >> p.shift
	t = min(max(t, p.lo), p.hi) + p.off
	return p.interp(t)
}

// tanhq64 is tanhq for a wider pre-activation (the output node).
func (p *act) tanhq64(a int64) int32 {
	t := a >> p.shift
	t = min(max(t, int64(p.lo)), int64(p.hi)) + int64(p.off)
	return p.interp(int32(t))
}

func (p *act) interp(t int32) int32 {
	e := tanhTable[t>>p.fbits]
	y0, dy := int32(int16(e)), int32(int16(e>>16))
	return (y0*p.one + dy*(t&p.mask) + p.half) >> p.fbits
}
