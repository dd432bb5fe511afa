//go:build amd64 && !purego

// simd_amd64.s: CPUID and XGETBV for the AVX2 check, and the AVX2 version
// of DenseGo (dense.go), same integer arithmetic, 8 int32 lanes per
// instruction.

#include "textflag.h"

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

// func denseAVX2(dst []int32, in, w []int16, shift uint64)
// The weights are laid out group by group (4 input pairs), and within a
// group block by block (8 outputs): w[(((g·blocks+b)·4+p)·8+j)·2+t]. A pass
// keeps the sums of up to 5 blocks in Y0-Y4; for each group it broadcasts
// the 4 input pairs (in[2p], in[2p+1]) once (Y5-Y8) and multiply-adds them
// with every block's weight pairs (VPMADDWD). A block's 4 products are
// summed exactly, shifted right, and added to its sum.
//
// Registers: DI dst, SI in, DX weights of the pass's first block, R8 groups,
// R9 group stride in bytes (blocks·128), R10 blocks left, R11 group index,
// R12 weight pointer, R13 input pointer, X15 shift.

#define BCAST4 \
	VPBROADCASTD (R13), Y5; \
	VPBROADCASTD 4(R13), Y6; \
	VPBROADCASTD 8(R13), Y7; \
	VPBROADCASTD 12(R13), Y8

// BLOCK(off, acc): acc += (Σ 4 pair products of the block at R12+off) >> shift.
#define BLOCK(off, acc) \
	VPMADDWD off(R12), Y5, Y9; \
	VPMADDWD off+32(R12), Y6, Y10; \
	VPMADDWD off+64(R12), Y7, Y11; \
	VPMADDWD off+96(R12), Y8, Y12; \
	VPADDD   Y10, Y9, Y9; \
	VPADDD   Y12, Y11, Y11; \
	VPADDD   Y11, Y9, Y9; \
	VPSRAD   X15, Y9, Y9; \
	VPADDD   Y9, acc, acc

TEXT ·denseAVX2(SB), NOSPLIT, $0-80
	MOVQ  dst_base+0(FP), DI
	MOVQ  dst_len+8(FP), R10
	MOVQ  in_base+24(FP), SI
	MOVQ  in_len+32(FP), R8
	MOVQ  w_base+48(FP), DX
	VMOVQ shift+72(FP), X15
	SHRQ  $3, R8  // groups = inputs/8
	SHRQ  $3, R10 // blocks
	MOVQ  R10, R9
	SHLQ  $7, R9  // group stride: blocks·128 bytes

pass5:
	CMPQ  R10, $5
	JLT   pass2
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	MOVQ  DX, R12
	MOVQ  SI, R13
	MOVQ  R8, R11

group5:
	BCAST4
	BLOCK(0, Y0)
	BLOCK(128, Y1)
	BLOCK(256, Y2)
	BLOCK(384, Y3)
	BLOCK(512, Y4)
	ADDQ    R9, R12
	ADDQ    $16, R13
	DECQ    R11
	JNZ     group5
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	ADDQ    $160, DI
	ADDQ    $640, DX
	SUBQ    $5, R10
	JMP     pass5

pass2:
	CMPQ  R10, $2
	JLT   pass1
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	MOVQ  DX, R12
	MOVQ  SI, R13
	MOVQ  R8, R11

group2:
	BCAST4
	BLOCK(0, Y0)
	BLOCK(128, Y1)
	ADDQ    R9, R12
	ADDQ    $16, R13
	DECQ    R11
	JNZ     group2
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ    $64, DI
	ADDQ    $256, DX
	SUBQ    $2, R10
	JMP     pass2

pass1:
	CMPQ  R10, $1
	JLT   denseDone
	VPXOR Y0, Y0, Y0
	MOVQ  DX, R12
	MOVQ  SI, R13
	MOVQ  R8, R11

group1:
	BCAST4
	BLOCK(0, Y0)
	ADDQ    R9, R12
	ADDQ    $16, R13
	DECQ    R11
	JNZ     group1
	VMOVDQU Y0, (DI)

denseDone:
	VZEROUPPER
	RET
