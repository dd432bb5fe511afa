//go:build amd64 && !purego

// kernels_amd64.s: AVX2 versions of the trained network's clipped ReLU
// kernels in kernels_generic.go, same integer arithmetic, 16 int16 lanes
// (or 8 int32) per instruction. The accumulator update, the dense kernel and
// the CPU check are nets/simd's.

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
