//go:build amd64 && !purego

// kernels_amd64.s: AVX2 versions of the trained network's kernels in
// kernels_generic.go, same integer arithmetic, 16 int16 lanes (or 8 int32)
// per instruction. The dense kernel and the CPU check are nets/simd's.

#include "textflag.h"

// func crelu32AVX2(dst []int16, src, bias []int32, shift uint64)
// dst[i] = clamp((src[i]+bias[i]) >> shift, 0, 127), 16 lanes a pass:
// two registers of 8 sums are shifted, packed to 16 int16 with signed
// saturation (VPACKSSDW interleaves the 128-bit halves, VPERMQ restores
// the order), then clamped.
TEXT ·crelu32AVX2(SB), NOSPLIT, $0-80
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         src_base+24(FP), SI
	MOVQ         bias_base+48(FP), DX
	VMOVQ        shift+72(FP), X15
	MOVL         $127, AX
	VMOVD        AX, X13
	VPBROADCASTW X13, Y13
	VPXOR        Y14, Y14, Y14

crelu16:
	CMPQ      CX, $16
	JLT       creludone
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPADDD    (DX), Y0, Y0
	VPADDD    32(DX), Y1, Y1
	VPSRAD    X15, Y0, Y0
	VPSRAD    X15, Y1, Y1
	VPACKSSDW Y1, Y0, Y2
	VPERMQ    $0xD8, Y2, Y2
	VPMAXSW   Y14, Y2, Y2
	VPMINSW   Y13, Y2, Y2
	VMOVDQU   Y2, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $32, DI
	SUBQ      $16, CX
	JMP       crelu16

creludone:
	VZEROUPPER
	RET

// func accumulate16AVX2(dst, src, cols []int16, plus, minus []int32)
// The first layer's update (the int16 version of the seeds' accumulate in
// nets/fast): passes of 128 lanes (8 registers) or 16 (1 register); each pass
// loads src, adds every plus column and subtracts every minus column
// (offsets in elements, wrapping arithmetic), then stores.
//
// Registers: DI dst, SI src, DX cols, R8/R9 plus base/len, R10/R11 minus
// base/len, CX lanes, AX first lane of the pass, BX list index, R12 address.

// COLS16(list, n, loop, done, BODY) runs BODY with R12 = &cols[list[i] + AX]
// for each of the n entries of list.

#define COLS16(list, n, loop, done, BODY) \
	XORQ BX, BX; \
loop: \
	CMPQ BX, n; \
	JGE  done; \
	MOVLQSX (list)(BX*4), R12; \
	ADDQ AX, R12; \
	LEAQ (DX)(R12*2), R12; \
	BODY; \
	INCQ BX; \
	JMP  loop; \
done:

#define ADDW8 \
	VPADDW (R12), Y0, Y0; VPADDW 32(R12), Y1, Y1; VPADDW 64(R12), Y2, Y2; VPADDW 96(R12), Y3, Y3; \
	VPADDW 128(R12), Y4, Y4; VPADDW 160(R12), Y5, Y5; VPADDW 192(R12), Y6, Y6; VPADDW 224(R12), Y7, Y7
#define SUBW8 \
	VPSUBW (R12), Y0, Y0; VPSUBW 32(R12), Y1, Y1; VPSUBW 64(R12), Y2, Y2; VPSUBW 96(R12), Y3, Y3; \
	VPSUBW 128(R12), Y4, Y4; VPSUBW 160(R12), Y5, Y5; VPSUBW 192(R12), Y6, Y6; VPSUBW 224(R12), Y7, Y7
#define ADDW1 VPADDW (R12), Y0, Y0
#define SUBW1 VPSUBW (R12), Y0, Y0

TEXT ·accumulate16AVX2(SB), NOSPLIT, $0-120
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ cols_base+48(FP), DX
	MOVQ plus_base+72(FP), R8
	MOVQ plus_len+80(FP), R9
	MOVQ minus_base+96(FP), R10
	MOVQ minus_len+104(FP), R11
	XORQ AX, AX

pass128:
	MOVQ CX, R13
	SUBQ AX, R13
	CMPQ R13, $128
	JLT  pass16
	LEAQ (SI)(AX*2), R12
	VMOVDQU (R12), Y0
	VMOVDQU 32(R12), Y1
	VMOVDQU 64(R12), Y2
	VMOVDQU 96(R12), Y3
	VMOVDQU 128(R12), Y4
	VMOVDQU 160(R12), Y5
	VMOVDQU 192(R12), Y6
	VMOVDQU 224(R12), Y7
	COLS16(R8, R9, plus128Loop, plus128Done, ADDW8)
	COLS16(R10, R11, minus128Loop, minus128Done, SUBW8)
	LEAQ (DI)(AX*2), R12
	VMOVDQU Y0, (R12)
	VMOVDQU Y1, 32(R12)
	VMOVDQU Y2, 64(R12)
	VMOVDQU Y3, 96(R12)
	VMOVDQU Y4, 128(R12)
	VMOVDQU Y5, 160(R12)
	VMOVDQU Y6, 192(R12)
	VMOVDQU Y7, 224(R12)
	ADDQ $128, AX
	JMP  pass128

pass16:
	CMPQ AX, CX
	JGE  acc16Done
	VMOVDQU (SI)(AX*2), Y0
	COLS16(R8, R9, plus16Loop, plus16Done, ADDW1)
	COLS16(R10, R11, minus16Loop, minus16Done, SUBW1)
	VMOVDQU Y0, (DI)(AX*2)
	ADDQ $16, AX
	JMP  pass16

acc16Done:
	VZEROUPPER
	RET

// func crelu16AVX2(dst, src []int16, shift uint64)
// dst[i] = clamp(src[i] >> shift, 0, 127), 16 lanes a step.
TEXT ·crelu16AVX2(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         src_base+24(FP), SI
	VMOVQ        shift+48(FP), X15
	MOVL         $127, AX
	VMOVD        AX, X13
	VPBROADCASTW X13, Y13
	VPXOR        Y14, Y14, Y14

c16loop:
	CMPQ    CX, $16
	JLT     c16done
	VMOVDQU (SI), Y0
	VPSRAW  X15, Y0, Y0
	VPMAXSW Y14, Y0, Y0
	VPMINSW Y13, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $16, CX
	JMP     c16loop

c16done:
	VZEROUPPER
	RET
