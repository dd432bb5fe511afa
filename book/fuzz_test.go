package book

import "testing"

// FuzzUnmarshal checks that no byte string panics the book reader and that
// whatever it accepts re-encodes to a book it accepts again.
func FuzzUnmarshal(f *testing.F) {
	f.Add(Named().Marshal())
	f.Add([]byte("CRWNBOOK"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Unmarshal(data)
		if err != nil {
			return
		}
		if _, err := Unmarshal(b.Marshal()); err != nil {
			t.Fatalf("re-encoded book rejected: %v", err)
		}
	})
}

// FuzzParseOpenings checks the openings table parser never panics.
func FuzzParseOpenings(f *testing.F) {
	f.Add("Edinburgh | 9-13\n# c\nx | 11-15 23-19")
	f.Fuzz(func(t *testing.T, text string) {
		ops, err := ParseOpenings(text)
		if err != nil {
			return
		}
		_ = New().AddOpenings(ops)
	})
}
