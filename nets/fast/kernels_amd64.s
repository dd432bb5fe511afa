//go:build amd64 && !purego

// kernels_amd64.s: AVX2 versions of the kernels in kernels_generic.go, same
// integer arithmetic, 8 int32 lanes (or 16 int16) per instruction.

#include "textflag.h"
#include "go_asm.h"

// func cpuid(eax, ecx uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eax+0(FP), AX
	MOVL ecx+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func accumulateAVX2(dst, src, cols, plus, minus []int32)
// For each block of 8 lanes: load src, add the plus columns, subtract the
// minus columns, store. The running sum stays in Y0 across all columns.
TEXT ·accumulateAVX2(SB), NOSPLIT, $0-120
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ cols_base+48(FP), DX
	MOVQ plus_base+72(FP), R8
	MOVQ plus_len+80(FP), R9
	MOVQ minus_base+96(FP), R10
	MOVQ minus_len+104(FP), R11
	XORQ AX, AX // lane index

accBlock:
	VMOVDQU (SI)(AX*4), Y0
	XORQ BX, BX

accPlus:
	CMPQ BX, R9
	JGE  accMinusStart
	MOVLQSX (R8)(BX*4), R12
	ADDQ AX, R12
	VPADDD (DX)(R12*4), Y0, Y0
	INCQ BX
	JMP  accPlus

accMinusStart:
	XORQ BX, BX

accMinus:
	CMPQ BX, R11
	JGE  accStore
	MOVLQSX (R10)(BX*4), R12
	ADDQ AX, R12
	VPSUBD (DX)(R12*4), Y0, Y0
	INCQ BX
	JMP  accMinus

accStore:
	VMOVDQU Y0, (DI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JL   accBlock
	VZEROUPPER
	RET

// func denseAVX2(dst []int32, in, w []int16, shift uint64)
// For each block of 8 outputs: for each pair of inputs, broadcast the pair
// (in[2p], in[2p+1]) to all lanes and multiply-add it with the 8 outputs'
// weight pairs (VPMADDWD). Four pairs make a group: their products are
// summed exactly, shifted right, and added to the accumulator.
TEXT ·denseAVX2(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ in_base+24(FP), SI
	MOVQ in_len+32(FP), R8
	MOVQ w_base+48(FP), DX
	VMOVQ shift+72(FP), X15
	SHRQ $1, R8 // pairs
	XORQ AX, AX // output index

denseBlock:
	VPXOR Y0, Y0, Y0
	XORQ  BX, BX // pair index

denseGroup:
	VPBROADCASTD (SI)(BX*4), Y1
	VPMADDWD     (DX), Y1, Y1
	VPBROADCASTD 4(SI)(BX*4), Y2
	VPMADDWD     32(DX), Y2, Y2
	VPBROADCASTD 8(SI)(BX*4), Y3
	VPMADDWD     64(DX), Y3, Y3
	VPBROADCASTD 12(SI)(BX*4), Y4
	VPMADDWD     96(DX), Y4, Y4
	VPADDD       Y2, Y1, Y1
	VPADDD       Y4, Y3, Y3
	VPADDD       Y3, Y1, Y1
	VPSRAD       X15, Y1, Y1
	VPADDD       Y1, Y0, Y0
	ADDQ         $128, DX
	ADDQ         $4, BX
	CMPQ         BX, R8
	JL           denseGroup
	VMOVDQU      Y0, (DI)(AX*4)
	ADDQ         $8, AX
	CMPQ         AX, CX
	JL           denseBlock
	VZEROUPPER
	RET

// func activateAVX2(dst []int16, acc, bias []int32, neg int32, a *act, table *[tabSize]uint32)
// Per 8 lanes: x = bias + (acc^neg) - neg; t = clamp(x >> shift) + off;
// gather the packed (y0, dy) table entries at t >> f; multiply-add them with
// (2^f, t & mask); round, shift by f, pack to int16.
TEXT ·activateAVX2(SB), NOSPLIT, $0-96
	MOVQ dst_base+0(FP), DI
	MOVQ acc_base+24(FP), SI
	MOVQ acc_len+32(FP), CX
	MOVQ bias_base+48(FP), DX
	MOVL neg+72(FP), R10
	VMOVD R10, X15
	VPBROADCASTD X15, Y15
	MOVQ a+80(FP), R8
	MOVQ table+88(FP), R9
	VMOVQ act_shift(R8), X14
	VMOVQ act_fbits(R8), X13
	VPBROADCASTD act_lo(R8), Y12
	VPBROADCASTD act_hi(R8), Y11
	VPBROADCASTD act_off(R8), Y10
	VPBROADCASTD act_mask(R8), Y9
	VPBROADCASTD act_one(R8), Y8
	VPBROADCASTD act_half(R8), Y7
	XORQ AX, AX

actLoop:
	VMOVDQU      (SI)(AX*4), Y0
	VPXOR        Y15, Y0, Y0
	VPSUBD       Y15, Y0, Y0
	VPADDD       (DX)(AX*4), Y0, Y0
	VPSRAD       X14, Y0, Y0
	VPMINSD      Y11, Y0, Y0
	VPMAXSD      Y12, Y0, Y0
	VPADDD       Y10, Y0, Y0
	VPSRAD       X13, Y0, Y1 // table index
	VPAND        Y9, Y0, Y2  // interpolation weight
	VPCMPEQD     Y3, Y3, Y3  // gather every lane
	VPGATHERDD   Y3, (R9)(Y1*4), Y4
	VPSLLD       $16, Y2, Y2
	VPOR         Y8, Y2, Y2  // lanes (2^f, weight)
	VPMADDWD     Y2, Y4, Y4  // y0·2^f + dy·weight
	VPADDD       Y7, Y4, Y4
	VPSRAD       X13, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPACKSSDW    X5, X4, X4
	VMOVDQU      X4, (DI)(AX*2)
	ADDQ         $8, AX
	CMPQ         AX, CX
	JL           actLoop
	VZEROUPPER
	RET
