// decompress.go decodes the zstd payload of a crown file without trusting
// the file's header. Every compressed container (container.go) and every
// legacy layout a format still reads goes through Payload.Decompress, which
//
//   - refuses a declared length over the format's stated limit, or more than
//     MaxRatio times the compressed bytes (a "zip bomb": 32 KB of zstd
//     blocks that each repeat one byte 128 KiB times unpack to 1 GiB), before
//     allocating anything;
//   - walks the zstd frame's block headers, so a payload cut short is
//     reported as truncated and bytes after the frame as trailing data, not
//     both as "corrupt" or "truncated";
//   - checks the frame's own content size against the declared length, and
//     decodes into a buffer of exactly the declared length with a decoder
//     that may not produce more.
//
// So a hostile or damaged file costs at most its format's limit, and in
// practice at most MaxRatio times its own size.
package fsutil

import (
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// MaxRatio bounds a declared uncompressed length by the compressed bytes
// that are to produce it: at most MaxRatio bytes per compressed byte (plus
// ratioSlack). Measured on crown's files: the default book 4.9 (104,574 /
// 21,378 bytes), a self-play sample file 3.2 (gen3-s4.smp, 2,990,519 /
// 947,658), weight files, trained networks and heuristics 1.0 (random
// floats do not compress); training checkpoints hold random weights too.
// zstd itself reaches 32,768 (a 4-byte block repeating one byte 128 KiB
// times). 64 is 13 times the densest file measured.
const MaxRatio = 64

// ratioSlack: payloads that decompress to at most 1 MiB are never refused
// for their ratio. A small file (a fresh state that is mostly zeros, an
// egdb-style run) can compress far better than the files measured above,
// and 1 MiB is harmless to allocate.
const ratioSlack = 1 << 20

// windowAllowance is the largest window accepted from a frame smaller than
// it: klauspost/compress's EncodeAll declares a window of the content's
// size (at least 1 KiB) when the content fits its window, and the
// content's window (at most the content) otherwise; 1 MiB covers every
// frame crown writes below 1 MiB.
const windowAllowance = 1 << 20

// zstd frame and block layout (RFC 8878, sections 3.1.1.2 and 3.1.1.2.1).
const (
	blockHeaderLen = 3
	checksumLen    = 4
	blockRLE       = 1
	blockReserved  = 3
)

// Payload describes the compressed payload of a file as its header
// declares it, with the format's limit and name: what Decompress returns
// is ErrTooLarge when Len is over Max or over the ratio bound,
// ErrTruncated when the zstd frame is cut short, ErrTrailing when bytes
// follow the frame, and ErrCorrupt for anything else (bad zstd data, a
// frame that decodes to another length), its message starting with Name.
type Payload struct {
	Len  uint64 // uncompressed length the header declares
	Max  uint64 // the format's stated limit on Len
	Name string // what the file is, for messages (Format.Payload sets it)
}

// errorf returns an error of kind about p's file.
func (p Payload) errorf(kind error, format string, args ...any) error {
	return named(p.Name, kind, fmt.Sprintf(format, args...))
}

// Decompress checks p against z (the compressed bytes) and decodes it.
// The result has exactly p.Len bytes.
func (p Payload) Decompress(z []byte) ([]byte, error) {
	if p.Len > p.Max {
		return nil, p.errorf(ErrTooLarge, "header declares %d uncompressed bytes, the limit is %d", p.Len, p.Max)
	}
	if bound := MaxRatio*uint64(len(z)) + ratioSlack; p.Len > bound {
		return nil, p.errorf(ErrTooLarge, "header declares %d uncompressed bytes from %d compressed bytes, more than %d times as many (crown's files compress at most about 5 to 1)",
			p.Len, len(z), MaxRatio)
	}
	end, fcs, err := frameLen(z)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, p.errorf(ErrTruncated, "the zstd frame is cut short after %d bytes", len(z))
	case err != nil:
		return nil, p.errorf(ErrCorrupt, "%v", err)
	case end < len(z):
		return nil, p.errorf(ErrTrailing, "%d bytes after the %d-byte compressed payload", len(z)-end, end)
	case fcs >= 0 && uint64(fcs) != p.Len:
		return nil, p.errorf(ErrCorrupt, "the zstd frame says it decompresses to %d bytes, the header declares %d", fcs, p.Len)
	}
	// The output is bounded by the buffer's capacity (WithDecodeAllCapLimit);
	// the memory option also bounds the window a frame may declare, which a
	// small payload's frame sets up to windowAllowance.
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxMemory(max(p.Len, windowAllowance)), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	raw, err := dec.DecodeAll(z, make([]byte, 0, p.Len))
	if err != nil {
		return nil, p.errorf(ErrCorrupt, "%v", err)
	}
	if uint64(len(raw)) != p.Len {
		return nil, p.errorf(ErrCorrupt, "payload decompresses to %d bytes, the header declares %d", len(raw), p.Len)
	}
	return raw, nil
}

// frameLen returns the length of the zstd frame at the start of z and its
// declared content size (-1 when the frame does not say), walking the
// block headers without decoding. A frame cut short is io.ErrUnexpectedEOF.
func frameLen(z []byte) (int, int64, error) {
	var h zstd.Header
	rest, err := h.DecodeAndStrip(z)
	switch {
	case err != nil:
		return 0, 0, err
	case h.Skippable:
		return 0, 0, errors.New("a skippable zstd frame where the payload belongs")
	}
	fcs := int64(-1)
	if h.HasFCS {
		fcs = int64(min(h.FrameContentSize, 1<<62))
	}
	for {
		if len(rest) < blockHeaderLen {
			return 0, 0, io.ErrUnexpectedEOF
		}
		bh := uint32(rest[0]) | uint32(rest[1])<<8 | uint32(rest[2])<<16
		size := int(bh >> 3)
		switch (bh >> 1) & 3 {
		case blockRLE:
			size = 1
		case blockReserved:
			return 0, 0, errors.New("reserved zstd block type")
		}
		rest = rest[blockHeaderLen:]
		if len(rest) < size {
			return 0, 0, io.ErrUnexpectedEOF
		}
		rest = rest[size:]
		if bh&1 != 0 {
			break
		}
	}
	if h.HasCheckSum {
		if len(rest) < checksumLen {
			return 0, 0, io.ErrUnexpectedEOF
		}
		rest = rest[checksumLen:]
	}
	return len(z) - len(rest), fcs, nil
}
