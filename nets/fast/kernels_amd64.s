//go:build amd64 && !purego

// kernels_amd64.s: the AVX2 version of the tanh activation kernel in
// kernels_generic.go, same integer arithmetic, 8 int32 lanes per
// instruction. The accumulator update, the dense kernel and the CPU check
// are nets/simd's.

#include "textflag.h"
#include "go_asm.h"

// func activateAVX2(dst []int16, acc, bias []int32, neg int32, a *act, table *[tabSize]uint32)
// Per 8 lanes: x = bias + (acc^neg) - neg; t = clamp(x >> shift) + off;
// gather the packed (dy, y0) table entries at t >> f; multiply-add them with
// (t & mask, 2^f) to get y0·2^f + dy·(t & mask); round, shift by f. Two
// groups of 8 lanes per iteration (two gathers in flight), packed together
// to 16 int16; a last group of 8 is handled alone.
//
// Constants: Y15 neg, X14 shift, X13 f, Y12 lo, Y11 hi, Y10 off, Y9 mask,
// Y8 2^f in the high words, Y7 half.

// PRE(src, out): out = the table index in the low bits, src = (weight, 2^f)
// word pairs. Uses the lanes at AX (+off bytes) of acc and bias.
#define PRE(off, x, idx) \
	VMOVDQU  off(SI)(AX*4), x; \
	VPXOR    Y15, x, x; \
	VPSUBD   Y15, x, x; \
	VPADDD   off(DX)(AX*4), x, x; \
	VPSRAD   X14, x, x; \
	VPMINSD  Y11, x, x; \
	VPMAXSD  Y12, x, x; \
	VPADDD   Y10, x, x; \
	VPSRAD   X13, x, idx; \
	VPAND    Y9, x, x; \
	VPOR     Y8, x, x

// LOOKUP(idx, mul, mask, y): y = round((y0·2^f + dy·weight) / 2^f).
#define LOOKUP(idx, mul, mask, y) \
	VPCMPEQD   mask, mask, mask; \
	VPXOR      y, y, y; \
	VPGATHERDD mask, (R9)(idx*4), y; \
	VPMADDWD   mul, y, y; \
	VPADDD     Y7, y, y; \
	VPSRAD     X13, y, y

TEXT ·activateAVX2(SB), NOSPLIT, $0-96
	MOVQ         dst_base+0(FP), DI
	MOVQ         acc_base+24(FP), SI
	MOVQ         acc_len+32(FP), CX
	MOVQ         bias_base+48(FP), DX
	MOVL         neg+72(FP), R10
	VMOVD        R10, X15
	VPBROADCASTD X15, Y15
	MOVQ         a+80(FP), R8
	MOVQ         table+88(FP), R9
	VMOVQ        act_shift(R8), X14
	VMOVQ        act_fbits(R8), X13
	VPBROADCASTD act_lo(R8), Y12
	VPBROADCASTD act_hi(R8), Y11
	VPBROADCASTD act_off(R8), Y10
	VPBROADCASTD act_mask(R8), Y9
	VPBROADCASTD act_one(R8), Y8
	VPSLLD       $16, Y8, Y8
	VPBROADCASTD act_half(R8), Y7
	XORQ         AX, AX
	MOVQ         CX, R11
	SUBQ         $16, R11 // last start of a 16-lane iteration

act16:
	CMPQ      AX, R11
	JGT       act8
	PRE(0, Y0, Y1)
	PRE(32, Y2, Y3)
	LOOKUP(Y1, Y0, Y4, Y5)
	LOOKUP(Y3, Y2, Y6, Y1)
	VPACKSSDW Y1, Y5, Y5  // lanes 0-3, 8-11, 4-7, 12-15
	VPERMQ    $0xD8, Y5, Y5
	VMOVDQU   Y5, (DI)(AX*2)
	ADDQ      $16, AX
	JMP       act16

act8:
	CMPQ         AX, CX
	JGE          actDone
	PRE(0, Y0, Y1)
	LOOKUP(Y1, Y0, Y4, Y5)
	VEXTRACTI128 $1, Y5, X6
	VPACKSSDW    X6, X5, X5
	VMOVDQU      X5, (DI)(AX*2)

actDone:
	VZEROUPPER
	RET
