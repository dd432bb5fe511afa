//go:build amd64 && !purego

// kernels_amd64.s: AVX2 versions of the kernels in kernels_generic.go, same
// integer arithmetic, 8 int32 lanes per instruction. The dense kernel and
// the CPU check are nets/simd's.

#include "textflag.h"
#include "go_asm.h"

// func accumulateAVX2(dst, src, cols, plus, minus []int32)
// The lanes are processed in passes of 96, 32 or 8 (12, 4 or 1 registers):
// each pass loads src into registers, adds every plus column and subtracts
// every minus column straight from memory, then stores. Going column by
// column with the running sums in registers keeps the loop overhead per
// column, not per column and 8 lanes.
//
// Registers: DI dst, SI src, DX cols, R8/R9 plus base/len, R10/R11 minus
// base/len, CX lanes, AX first lane of the pass, BX list index, R12 address.

// COLS(list, n, loop, done, BODY) runs BODY with R12 = &cols[list[i] + AX]
// for each of the n entries of list.
#define COLS(list, n, loop, done, BODY) \
	XORQ BX, BX; \
loop: \
	CMPQ BX, n; \
	JGE  done; \
	MOVLQSX (list)(BX*4), R12; \
	ADDQ AX, R12; \
	LEAQ (DX)(R12*4), R12; \
	BODY; \
	INCQ BX; \
	JMP  loop; \
done:

#define ADD12 \
	VPADDD (R12), Y0, Y0; VPADDD 32(R12), Y1, Y1; VPADDD 64(R12), Y2, Y2; VPADDD 96(R12), Y3, Y3; \
	VPADDD 128(R12), Y4, Y4; VPADDD 160(R12), Y5, Y5; VPADDD 192(R12), Y6, Y6; VPADDD 224(R12), Y7, Y7; \
	VPADDD 256(R12), Y8, Y8; VPADDD 288(R12), Y9, Y9; VPADDD 320(R12), Y10, Y10; VPADDD 352(R12), Y11, Y11
#define SUB12 \
	VPSUBD (R12), Y0, Y0; VPSUBD 32(R12), Y1, Y1; VPSUBD 64(R12), Y2, Y2; VPSUBD 96(R12), Y3, Y3; \
	VPSUBD 128(R12), Y4, Y4; VPSUBD 160(R12), Y5, Y5; VPSUBD 192(R12), Y6, Y6; VPSUBD 224(R12), Y7, Y7; \
	VPSUBD 256(R12), Y8, Y8; VPSUBD 288(R12), Y9, Y9; VPSUBD 320(R12), Y10, Y10; VPSUBD 352(R12), Y11, Y11
#define ADD4 VPADDD (R12), Y0, Y0; VPADDD 32(R12), Y1, Y1; VPADDD 64(R12), Y2, Y2; VPADDD 96(R12), Y3, Y3
#define SUB4 VPSUBD (R12), Y0, Y0; VPSUBD 32(R12), Y1, Y1; VPSUBD 64(R12), Y2, Y2; VPSUBD 96(R12), Y3, Y3
#define ADD1 VPADDD (R12), Y0, Y0
#define SUB1 VPSUBD (R12), Y0, Y0

TEXT ·accumulateAVX2(SB), NOSPLIT, $0-120
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ cols_base+48(FP), DX
	MOVQ plus_base+72(FP), R8
	MOVQ plus_len+80(FP), R9
	MOVQ minus_base+96(FP), R10
	MOVQ minus_len+104(FP), R11
	XORQ AX, AX

pass96:
	MOVQ CX, R13
	SUBQ AX, R13
	CMPQ R13, $96
	JLT  pass32
	LEAQ (SI)(AX*4), R12
	VMOVDQU (R12), Y0
	VMOVDQU 32(R12), Y1
	VMOVDQU 64(R12), Y2
	VMOVDQU 96(R12), Y3
	VMOVDQU 128(R12), Y4
	VMOVDQU 160(R12), Y5
	VMOVDQU 192(R12), Y6
	VMOVDQU 224(R12), Y7
	VMOVDQU 256(R12), Y8
	VMOVDQU 288(R12), Y9
	VMOVDQU 320(R12), Y10
	VMOVDQU 352(R12), Y11
	COLS(R8, R9, plus96Loop, plus96Done, ADD12)
	COLS(R10, R11, minus96Loop, minus96Done, SUB12)
	LEAQ (DI)(AX*4), R12
	VMOVDQU Y0, (R12)
	VMOVDQU Y1, 32(R12)
	VMOVDQU Y2, 64(R12)
	VMOVDQU Y3, 96(R12)
	VMOVDQU Y4, 128(R12)
	VMOVDQU Y5, 160(R12)
	VMOVDQU Y6, 192(R12)
	VMOVDQU Y7, 224(R12)
	VMOVDQU Y8, 256(R12)
	VMOVDQU Y9, 288(R12)
	VMOVDQU Y10, 320(R12)
	VMOVDQU Y11, 352(R12)
	ADDQ $96, AX
	JMP  pass96

pass32:
	MOVQ CX, R13
	SUBQ AX, R13
	CMPQ R13, $32
	JLT  pass8
	LEAQ (SI)(AX*4), R12
	VMOVDQU (R12), Y0
	VMOVDQU 32(R12), Y1
	VMOVDQU 64(R12), Y2
	VMOVDQU 96(R12), Y3
	COLS(R8, R9, plus32Loop, plus32Done, ADD4)
	COLS(R10, R11, minus32Loop, minus32Done, SUB4)
	LEAQ (DI)(AX*4), R12
	VMOVDQU Y0, (R12)
	VMOVDQU Y1, 32(R12)
	VMOVDQU Y2, 64(R12)
	VMOVDQU Y3, 96(R12)
	ADDQ $32, AX
	JMP  pass32

pass8:
	CMPQ AX, CX
	JGE  accDone
	VMOVDQU (SI)(AX*4), Y0
	COLS(R8, R9, plus8Loop, plus8Done, ADD1)
	COLS(R10, R11, minus8Loop, minus8Done, SUB1)
	VMOVDQU Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  pass8

accDone:
	VZEROUPPER
	RET

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
