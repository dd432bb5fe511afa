package nnue

import (
	"math"
	"reflect"
	"testing"
)

// TestFloatRoundTrip checks that the embedded network, made float and
// quantized again, is the same integer network, and that the float
// model's logits are the integer network's within the integer network's
// truncation of activations (a trained network's larger weights make it
// larger than a random one's: at most 0.2 logits, 0.05 on average, where
// one man is about 2.4).
func TestFloatRoundTrip(t *testing.T) {
	q, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	m := q.Float()
	if len(m.P) != q.Params() {
		t.Fatalf("float model has %d parameters, shape says %d", len(m.P), q.Params())
	}
	back := Quantize(m, q.Scale, q.Meta)
	if !reflect.DeepEqual(back, q) {
		t.Fatal("quantizing the float model does not give back the network")
	}
	tr := NewTrace(m.Arch)
	var worst, sum float64
	ps := positions(7, 2000)
	for _, p := range ps {
		feats := Features(nil, &p, p.Side)
		b := q.Bucket(len(feats))
		d := math.Abs(float64(m.Forward(tr, feats, b)) - float64(q.Logit(feats, b))/OutScale)
		worst, sum = max(worst, d), sum+d
	}
	if mean := sum / float64(len(ps)); worst > 0.2 || mean > 0.05 {
		t.Fatalf("float and integer logits differ by up to %.4f, %.4f on average", worst, mean)
	}
	t.Logf("largest difference %.4f logits, mean %.4f", worst, sum/float64(len(ps)))
}
