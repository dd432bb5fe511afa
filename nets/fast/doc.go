// Package fast evaluates the seeds' networks for the search: the first
// layer's sums are updated incrementally move by move (Push/Pop, the
// search.Incremental contract), arithmetic is int16/int32 fixed point with a
// table tanh, and the vector kernels run as AVX2 assembly where the CPU has
// it, with portable Go versions that compute the same bits elsewhere
// (-tags purego forces them; the accumulator update, the dense kernel and
// the CPU check are nets/simd's, shared with crown's trained network,
// nets/nnue). Compile turns a nets.Network into a Net; NewEvaluator (or
// Factory, a search.NewEvaluator) makes one evaluator per search thread;
// LoadFactory reads a weight file for --net.
//
// Accuracy against the float64 reference (nets.Network.Forward), measured
// on 10,000 positions from random games: |Δy| <= 1e-4 for networks with the
// seeds' initial weights, <= 1.6e-3 for weights five times wider; see
// fast_test.go for the tolerances the tests enforce.
package fast
