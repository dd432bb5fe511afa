// Package nets holds the evaluation networks of the seeds (Chellapilla &
// Fogel 1999 and 2001): their architectures, the flat parameter vector that
// evolution mutates, the float64 reference evaluation that defines them, the
// weight file format, JSON export/import and the embedded default network.
// The fast fixed-point evaluator the search uses is in nets/fast.
//
// For evolution:
//
//	n := nets.Random(nets.Spatial, rng) // generation 0: U[-0.2, 0.2], K = 2, σ = 0.05
//	n.W[i], n.Sigma[i], n.K             // the parameters, flat (layout in arch.go)
//	err := n.Validate()                 // after mutating: K in [1, 3], finite weights
//	y := n.Evaluate(&pos, side)         // reference value in [-1, 1] (slow: for tests)
//	c, err := fast.Compile(n)           // fixed-point form, shared read-only by threads
//	e := fast.NewEvaluator(c, fast.SideToMove) // one per search thread (search.Incremental)
//	err = n.Save(path); n, err = nets.Load(path)
//
// A Network must not be modified after Compile: compile again after mutating.
package nets
