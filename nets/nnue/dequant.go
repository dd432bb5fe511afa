// dequant.go turns an integer network back into a float model, the
// inverse of Quantize: every weight divided by its fixed-point scale. It
// lets training start from a shipped network (crown train --init), so a
// new generation can add what fresh data teaches to what the previous
// one learnt from data that is no longer at hand. Quantizing the result
// again gives back the same integers (a test checks it).
package nnue

// Float returns q's weights as a float model of the same shape.
func (q *Quantized) Float() *Model {
	a := q.Arch
	m := &Model{Arch: a, P: make([]float32, a.Params())}
	s1 := float32(W1Scale)
	sh := float32(int(1) << HiddenBits)
	for i, w := range q.W1 {
		m.P[a.offW1()+i] = float32(w) / s1
	}
	for i, b := range q.B1 {
		m.P[a.offB1()+i] = float32(b) / s1
	}
	wf := func(dst []float32, src []int16) {
		for i, w := range src {
			dst[i] = float32(w) / sh
		}
	}
	bf := func(dst []float32, src []int32) {
		for i, b := range src {
			dst[i] = float32(b) / (QA * sh)
		}
	}
	for b := range a.Buckets {
		w2, b2, w3, b3, w4, b4 := a.layers(m.P, b)
		k := &q.Bk[b]
		wf(w2, k.W2)
		bf(b2, k.B2)
		wf(w3, k.W3)
		bf(b3, k.B3)
		wf(w4, k.W4)
		bf(b4, []int32{k.B4})
	}
	return m
}
