// file.go reads and writes the trained network's weight file: CROWNNET
// version 2 in fsutil's container (magic, version, length, CRC-32C, zstd),
// whose declared length is held to the largest shape's payload before
// anything is allocated. The seeds' float networks (nets/file.go) share
// the magic with versions 1 and 3, so that one --net flag takes either,
// and IsV2 tells them apart. Files written before the container was
// shared read unchanged: they were already in its compressed layout.
//
// Payload (little-endian):
//
//	u16 inputs (120), h1, h2, h3, buckets
//	u8  QA, W1Shift, HiddenBits, 0
//	f32 scale (centi-men per output logit)
//	u16 metaLen, then metaLen bytes of text
//	i16 W1[inputs·h1], B1[h1]
//	per bucket: i16 W2[h2·h1], i32 B2[h2], i16 W3[h3·h2], i32 B3[h3],
//	            i16 W4[h3], i32 B4
package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"crown/engine/fsutil"
)

const (
	fileMagic   = "CROWNNET"
	fileVersion = 2
)

// format is the trained network's file in the container.
var format = fsutil.Format{Magic: fileMagic, Name: "trained network file", Max: maxPayload(), Reads: []uint32{fileVersion}}

// largestArch is the largest shape Arch.Validate accepts: layers of 256,
// 24 buckets.
var largestArch = Arch{H1: 256, H2: 256, H3: 256, Buckets: 24}

// maxPayload is the limit on a version 2 file's payload, checked before
// decompressing: the payload of largestArch with the longest description
// (6.4 MiB). The header is 5 u16, 4 u8 and an f32; the rest as Marshal
// writes it.
func maxPayload() uint64 {
	a := largestArch
	perBucket := 2*a.H1*a.H2 + 4*a.H2 + 2*a.H2*a.H3 + 4*a.H3 + 2*a.H3 + 4
	return uint64(5*2 + 4 + 4 + 2 + math.MaxUint16 + 2*(Inputs*a.H1+a.H1) + a.Buckets*perBucket)
}

// ErrFormat is returned for a version 2 file whose payload does not hold a
// valid network.
var ErrFormat = errors.New("trained network file invalid")

// IsV2 reports whether data looks like a version 2 weight file.
func IsV2(data []byte) bool {
	return len(data) >= 12 && string(data[:8]) == fileMagic && binary.LittleEndian.Uint32(data[8:]) == fileVersion
}

// Marshal encodes q.
func (q *Quantized) Marshal() ([]byte, error) {
	if err := q.check(); err != nil {
		return nil, err
	}
	a := q.Arch
	le := binary.LittleEndian
	raw := make([]byte, 0, 64+len(q.Meta)+4*len(q.W1)+a.Buckets*2*(a.H1*a.H2+a.H2*a.H3))
	for _, v := range []int{Inputs, a.H1, a.H2, a.H3, a.Buckets} {
		raw = le.AppendUint16(raw, uint16(v))
	}
	raw = append(raw, QA, W1Shift, HiddenBits, 0)
	raw = le.AppendUint32(raw, math.Float32bits(q.Scale))
	raw = le.AppendUint16(raw, uint16(len(q.Meta)))
	raw = append(raw, q.Meta...)
	i32 := func(s []int32) {
		for _, v := range s {
			raw = le.AppendUint32(raw, uint32(v))
		}
	}
	i16 := func(s []int16) {
		for _, v := range s {
			raw = le.AppendUint16(raw, uint16(v))
		}
	}
	i16(q.W1)
	i16(q.B1)
	for _, k := range q.Bk {
		i16(k.W2)
		i32(k.B2)
		i16(k.W3)
		i32(k.B3)
		i16(k.W4)
		i32([]int32{k.B4})
	}
	return format.Seal(fileVersion, raw, fsutil.Zstd), nil
}

// check verifies sizes and value ranges (what Unmarshal guarantees).
func (q *Quantized) check() error {
	a := q.Arch
	if err := a.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if len(q.Meta) > math.MaxUint16 {
		return fmt.Errorf("%w: description of %d bytes", ErrFormat, len(q.Meta))
	}
	if math.IsNaN(float64(q.Scale)) || q.Scale <= 0 || q.Scale > 1e6 {
		return fmt.Errorf("%w: output scale %g", ErrFormat, q.Scale)
	}
	if len(q.W1) != Inputs*a.H1 || len(q.B1) != a.H1 || len(q.Bk) != a.Buckets {
		return fmt.Errorf("%w: first layer or bucket count does not match the shape", ErrFormat)
	}
	for _, v := range q.W1 {
		if v > MaxW1 || v < -MaxW1 {
			return fmt.Errorf("%w: first-layer weight %d out of range (|w| <= %d)", ErrFormat, v, MaxW1)
		}
	}
	for _, v := range q.B1 {
		if v > MaxB1 || v < -MaxB1 {
			return fmt.Errorf("%w: first-layer bias %d out of range (|b| <= %d)", ErrFormat, v, MaxB1)
		}
	}
	for b, k := range q.Bk {
		if len(k.W2) != a.H1*a.H2 || len(k.B2) != a.H2 || len(k.W3) != a.H2*a.H3 || len(k.B3) != a.H3 || len(k.W4) != a.H3 {
			return fmt.Errorf("%w: bucket %d's layers do not match the shape", ErrFormat, b)
		}
		for _, s := range [][]int32{k.B2, k.B3, {k.B4}} {
			for _, v := range s {
				if v > 1<<28 || v < -(1<<28) {
					return fmt.Errorf("%w: bucket %d bias %d out of range", ErrFormat, b, v)
				}
			}
		}
	}
	return nil
}

// Unmarshal decodes a version 2 weight file.
func Unmarshal(data []byte) (*Quantized, error) {
	raw, err := format.Open(data, fileVersion)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	r := reader{b: raw}
	a, scale, meta, err := r.shape()
	if err != nil {
		return nil, err
	}
	i32 := func(n int) []int32 {
		b := r.take(4 * n)
		out := make([]int32, n)
		for i := range out {
			if b != nil {
				out[i] = int32(le.Uint32(b[4*i:]))
			}
		}
		return out
	}
	i16 := func(n int) []int16 {
		b := r.take(2 * n)
		out := make([]int16, n)
		for i := range out {
			if b != nil {
				out[i] = int16(le.Uint16(b[2*i:]))
			}
		}
		return out
	}
	q := &Quantized{Arch: a, Scale: scale, Meta: meta, W1: i16(Inputs * a.H1), B1: i16(a.H1), Bk: make([]QBucket, a.Buckets)}
	for b := range q.Bk {
		k := &q.Bk[b]
		k.W2, k.B2 = i16(a.H1*a.H2), i32(a.H2)
		k.W3, k.B3 = i16(a.H2*a.H3), i32(a.H3)
		k.W4, k.B4 = i16(a.H3), i32(1)[0]
	}
	if r.err != nil {
		return nil, fmt.Errorf("%w: payload shorter than the shape %s needs", ErrFormat, a)
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the last layer", ErrFormat, len(r.b))
	}
	if err := q.check(); err != nil {
		return nil, err
	}
	return q, nil
}

// Load reads a version 2 weight file.
func Load(path string) (*Quantized, error) { return fsutil.Load(path, Unmarshal) }

// Save writes q to path atomically.
func (q *Quantized) Save(path string) error { return fsutil.Save(path, q.Marshal) }

// shape reads and checks the payload's header: the shape, the fixed-point
// scales, the output scale and the description.
func (r *reader) shape() (Arch, float32, string, error) {
	dims := make([]int, 5)
	for i := range dims {
		dims[i] = int(r.u16())
	}
	fix := r.take(4)
	scale := math.Float32frombits(r.u32())
	meta := string(r.take(int(r.u16())))
	if r.err != nil {
		return Arch{}, 0, "", fmt.Errorf("%w: header cut short", ErrFormat)
	}
	if dims[0] != Inputs {
		return Arch{}, 0, "", fmt.Errorf("%w: %d inputs (this build has %d)", ErrFormat, dims[0], Inputs)
	}
	if fix[0] != QA || fix[1] != W1Shift || fix[2] != HiddenBits {
		return Arch{}, 0, "", fmt.Errorf("%w: fixed-point scales %d/%d/%d (this build uses %d/%d/%d)", ErrFormat, fix[0], fix[1], fix[2], QA, W1Shift, HiddenBits)
	}
	a := Arch{H1: dims[1], H2: dims[2], H3: dims[3], Buckets: dims[4]}
	if err := a.Validate(); err != nil {
		return Arch{}, 0, "", fmt.Errorf("%w: %v", ErrFormat, err)
	}
	return a, scale, meta, nil
}

// reader takes bytes from a payload, remembering the first shortfall.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || n > len(r.b) {
		r.err = errors.New("short")
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) u16() uint16 {
	if b := r.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}
