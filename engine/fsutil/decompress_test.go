// decompress_test.go tests Payload.Decompress: round trips, each kind of
// bad payload with its own error, and zip bombs refused in bounded memory.
package fsutil

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil/fsutiltest"
)

func payload(n, limit uint64) Payload {
	return Payload{Len: n, Max: limit, Name: "test file"}
}

func compress(t testing.TB, raw []byte, opts ...zstd.EOption) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(raw, nil)
}

func TestDecompressRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 64, 1000, 5000, 300 << 10, 3 << 20} {
		raw := make([]byte, n)
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		for i := range raw {
			raw[i] = byte(rng.IntN(16)) // compresses about 2 to 1, like crown's files
		}
		for _, opts := range [][]zstd.EOption{nil, {zstd.WithEncoderCRC(false)}, {zstd.WithWindowSize(1 << 17), zstd.WithLowerEncoderMem(true)}} {
			z := compress(t, raw, opts...)
			got, err := payload(uint64(n), 1<<30).Decompress(z)
			if err != nil || string(got) != string(raw) {
				t.Fatalf("%d bytes: %v (got %d bytes)", n, err, len(got))
			}
		}
	}
}

func TestDecompressErrors(t *testing.T) {
	raw := []byte(strings.Repeat("crown checkers ", 500))
	z := compress(t, raw)
	n := uint64(len(raw))
	for name, c := range map[string]struct {
		p    Payload
		z    []byte
		want error
		text string
	}{
		"over the limit":     {payload(n, n-1), z, ErrTooLarge, "limit"},
		"over the ratio":     {payload(1<<30, 1<<31), fsutiltest.ZeroFrame(1<<30, true), ErrTooLarge, "times as many"},
		"truncated":          {payload(n, 1<<20), z[:len(z)-3], ErrTruncated, "cut short"},
		"header only":        {payload(n, 1<<20), z[:5], ErrTruncated, "cut short"},
		"empty":              {payload(n, 1<<20), nil, ErrTruncated, "cut short"},
		"trailing garbage":   {payload(n, 1<<20), append(append([]byte{}, z...), "junk"...), ErrTrailing, "4 bytes after"},
		"second frame":       {payload(n, 1<<20), append(append([]byte{}, z...), z...), ErrTrailing, "bytes after"},
		"not zstd":           {payload(n, 1<<20), []byte("this is not a zstd frame at all"), ErrCorrupt, "magic"},
		"length mismatch":    {payload(n+1, 1<<20), z, ErrCorrupt, "decompresses to"},
		"frame says more":    {payload(1000, 1<<30), fsutiltest.ZeroFrame(1<<20, true), ErrCorrupt, "decompresses to 1048576"},
		"frame decodes more": {payload(1000, 1<<30), fsutiltest.ZeroFrame(1<<20, false), ErrCorrupt, ""},
		"frame decodes less": {payload(1<<20, 1<<30), fsutiltest.ZeroFrame(1000, false), ErrCorrupt, "decompresses to 1000"},
	} {
		_, err := c.p.Decompress(c.z)
		if Kind(err) != c.want || !strings.Contains(err.Error(), c.text) || !strings.HasPrefix(err.Error(), "test file: ") {
			t.Errorf("%s: got %v, want %v mentioning %q", name, err, c.want, c.text)
		}
	}
}

// TestDecompressBombBounded: 32 KB that unpack to 1 GiB of zeros are
// refused, declared or not, without allocating more than a few MiB.
func TestDecompressBombBounded(t *testing.T) {
	const gib = 1 << 30
	for _, declare := range []bool{true, false} {
		bomb := fsutiltest.ZeroFrame(gib, declare)
		for _, n := range []uint64{gib, 1000, MaxRatio*uint64(len(bomb)) + ratioSlack} {
			var err error
			alloc := fsutiltest.Allocated(func() { _, err = payload(n, 2*gib).Decompress(bomb) })
			if err == nil {
				t.Fatalf("declare %v, length %d: a 1 GiB bomb was accepted", declare, n)
			}
			if alloc > 8<<20+n {
				t.Errorf("declare %v, length %d: refusing the bomb allocated %d MiB", declare, n, alloc>>20)
			}
		}
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add(compress(f, []byte("some payload some payload some payload")), uint32(39))
	f.Add(fsutiltest.ZeroFrame(1<<20, true), uint32(1<<20))
	f.Add(fsutiltest.ZeroFrame(1<<20, false), uint32(1000))
	f.Fuzz(func(t *testing.T, z []byte, n uint32) {
		raw, err := payload(uint64(n), 1<<24).Decompress(z)
		if err == nil && uint64(len(raw)) != uint64(n) {
			t.Fatalf("accepted %d bytes, declared %d", len(raw), n)
		}
		if err != nil && Kind(err) == nil {
			t.Fatalf("error of no kind: %v", err)
		}
	})
}
