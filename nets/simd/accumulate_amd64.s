//go:build amd64 && !purego

// accumulate_amd64.s: the AVX2 version of AccumulateGo (accumulate.go),
// written once as the macro ACCUMULATE and assembled for both lane widths:
// the int16 and int32 entry points differ only in the element size and in
// the add and subtract instructions (VPADDW/VPSUBW, VPADDD/VPSUBD), since
// the loop counts bytes.
//
// The lanes are processed in passes of 12, 8, 4 or 1 registers (384, 256,
// 128 or 32 bytes), the largest that fits first (so the 8- and 4-register
// passes run at most once each, the 1-register one at most 3 times): a pass
// loads src into registers, adds every plus column and subtracts every
// minus column straight from memory, then stores. Going column by column
// with the running sums in registers keeps the loop overhead per column,
// not per column and register.
//
// Registers: DI dst, SI src, DX cols, R8/R9 plus base/len, R10/R11 minus
// base/len, AX the pass's first byte, CX the bytes left from there, R13
// that byte of column 0, BX list index, R12 address.

#include "textflag.h"

// EACHn(F) applies F(offset, register) to the first n registers, whose
// bytes lie 32 apart.
#define EACH1(F) F(0, Y0)
#define EACH4(F) EACH1(F); F(32, Y1); F(64, Y2); F(96, Y3)
#define EACH8(F) EACH4(F); F(128, Y4); F(160, Y5); F(192, Y6); F(224, Y7)
#define EACH12(F) EACH8(F); F(256, Y8); F(288, Y9); F(320, Y10); F(352, Y11)

#define LOAD(off, y) VMOVDQU off(R12), y
#define STORE(off, y) VMOVDQU y, off(R12)
#define ADDW(off, y) VPADDW off(R12), y, y
#define SUBW(off, y) VPSUBW off(R12), y, y
#define ADDD(off, y) VPADDD off(R12), y, y
#define SUBD(off, y) VPSUBD off(R12), y, y

// COLUMNS(list, n, size, loop, done, BODY) runs BODY with R12 = the address
// of the pass's first lane in column list[i], for each of the n entries of
// list (elements of size bytes).
#define COLUMNS(list, n, size, loop, done, BODY) \
	XORQ BX, BX; \
loop: \
	CMPQ BX, n; \
	JGE  done; \
	MOVLQSX (list)(BX*4), R12; \
	LEAQ (R13)(R12*size), R12; \
	BODY; \
	INCQ BX; \
	JMP  loop; \
done:

// PASS(bytes, EACH, size, ADD, SUB, pass, then, next, labels...) updates
// the bytes bytes from AX in the registers EACH names if that many are
// left, then returns if none are left or else jumps to then (pass itself
// to repeat it); with fewer left it jumps to next.
#define PASS(bytes, EACH, size, ADD, SUB, pass, then, next, plusLoop, plusDone, minusLoop, minusDone) \
pass: \
	CMPQ CX, $bytes; \
	JLT  next; \
	LEAQ (SI)(AX*1), R12; \
	EACH(LOAD); \
	LEAQ (DX)(AX*1), R13; \
	COLUMNS(R8, R9, size, plusLoop, plusDone, EACH(ADD)); \
	COLUMNS(R10, R11, size, minusLoop, minusDone, EACH(SUB)); \
	LEAQ (DI)(AX*1), R12; \
	EACH(STORE); \
	ADDQ $bytes, AX; \
	SUBQ $bytes, CX; \
	JZ   done; \
	JMP  then

// ACCUMULATE(size, ADD, SUB) is the whole function for elements of size
// bytes added by ADD and subtracted by SUB.
#define ACCUMULATE(size, ADD, SUB) \
	MOVQ  dst_base+0(FP), DI; \
	MOVQ  dst_len+8(FP), CX; \
	MOVQ  src_base+24(FP), SI; \
	MOVQ  cols_base+48(FP), DX; \
	MOVQ  plus_base+72(FP), R8; \
	MOVQ  plus_len+80(FP), R9; \
	MOVQ  minus_base+96(FP), R10; \
	MOVQ  minus_len+104(FP), R11; \
	IMULQ $size, CX; \
	XORQ  AX, AX; \
	PASS(384, EACH12, size, ADD, SUB, pass12, pass12, pass8, plus12, plus12Done, minus12, minus12Done); \
	PASS(256, EACH8, size, ADD, SUB, pass8, pass4, pass4, plus8, plus8Done, minus8, minus8Done); \
	PASS(128, EACH4, size, ADD, SUB, pass4, pass1, pass1, plus4, plus4Done, minus4, minus4Done); \
	PASS(32, EACH1, size, ADD, SUB, pass1, pass1, done, plus1, plus1Done, minus1, minus1Done); \
done: \
	VZEROUPPER; \
	RET

// func accumulate16AVX2(dst, src, cols []int16, plus, minus []int32)
TEXT ·accumulate16AVX2(SB), NOSPLIT, $0-120
	ACCUMULATE(2, ADDW, SUBW)

// func accumulate32AVX2(dst, src, cols []int32, plus, minus []int32)
TEXT ·accumulate32AVX2(SB), NOSPLIT, $0-120
	ACCUMULATE(4, ADDD, SUBD)
