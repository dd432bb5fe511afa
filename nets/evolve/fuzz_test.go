// fuzz_test.go fuzzes the evolution checkpoint reader.
package evolve

import "testing"

// FuzzUnmarshalState: any bytes give a checkpoint whose population matches
// its parameters, or an error; never a panic.
func FuzzUnmarshalState(f *testing.F) {
	s, _ := NewState("toy", SeedParams(8), 1)
	good, _ := s.Marshal()
	f.Add(good)
	f.Add(good[:30])
	f.Add([]byte(ckMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := UnmarshalState(data)
		if err != nil {
			return
		}
		if len(st.Population) != st.Params.Parents {
			t.Fatalf("accepted %d individuals for %d parents", len(st.Population), st.Params.Parents)
		}
		for _, ind := range st.Population {
			if len(ind.Weights) != st.Params.NumWeights || len(ind.Sigmas) != st.Params.NumWeights {
				t.Fatalf("accepted individual %d with %d weights, %d step sizes", ind.ID, len(ind.Weights), len(ind.Sigmas))
			}
		}
	})
}
