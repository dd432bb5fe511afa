// accumulate.go is the portable definition of the first-layer accumulator
// update that both network families run on every move: the seeds' fast
// path on int32 lanes, crown's trained network on int16 lanes. The assembly
// (accumulate_amd64.s) computes exactly the same integers, which
// TestAccumulateMatches checks, so a search gives the same result on every
// build.
package simd

// AccumulateGo sets dst = src + Σ cols[o:o+len(dst)] for o in plus
// - Σ cols[o:o+len(dst)] for o in minus (offsets in elements). The lanes
// wrap like the hardware's VPADDW/VPADDD: the callers bound their weights so
// that the final value of every lane fits its type.
func AccumulateGo[T int16 | int32](dst, src, cols []T, plus, minus []int32) {
	copy(dst, src)
	for _, o := range plus {
		col := cols[o : int(o)+len(dst)]
		for i := range dst {
			dst[i] += col[i]
		}
	}
	for _, o := range minus {
		col := cols[o : int(o)+len(dst)]
		for i := range dst {
			dst[i] -= col[i]
		}
	}
}
