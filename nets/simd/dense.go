// dense.go is the portable definition of the dense kernel: the assembly
// (simd_amd64.s) computes exactly the same integers, which TestDenseMatches
// checks, so a search gives the same result on every build.
package simd

// DenseGo computes, for each output o = 8b+j, the sum over groups g of 4
// input pairs of (Σ_{p<4} in[8g+2p]·w[k] + in[8g+2p+1]·w[k+1]) >> shift,
// k = (((g·blocks+b)·4+p)·8+j)·2: the weights are laid out group by group,
// within a group block by block (8 outputs), within a block pair by pair.
// len(in) is a multiple of 8; len(dst) = 8·blocks.
func DenseGo(dst []int32, in, w []int16, shift uint64) {
	blocks := len(dst) / 8
	for b := range blocks {
		for j := range 8 {
			var s int32
			for g := range len(in) / 8 {
				var group int32
				for p := range 4 {
					k := (((g*blocks+b)*4+p)*8 + j) * 2
					x := in[8*g+2*p:]
					group += int32(x[0])*int32(w[k]) + int32(x[1])*int32(w[k+1])
				}
				s += group >> shift
			}
			dst[8*b+j] = s
		}
	}
}
