//go:build cgo

// Command cbapi is crown as a CheckerBoard engine library: built with
// -buildmode=c-shared it exports getmove and enginecommand with
// CheckerBoard's signatures (a Windows DLL, or a Linux .so for hosts that
// load CheckerBoard engines there). See scripts/build-cbapi.sh.
//
// A C library gets no handle to keep state in, so the engine lives in one
// process-wide value made on first use; calls are serialised by its mutex.
// Logging is off unless CROWN_LOG names a file.
package main

/*
#include <stdlib.h>
#include "cb_api.h"
*/
import "C"

import (
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/crownsearch"
)

// version is the engine version reported to CheckerBoard.
const version = "0.1"

// strSize is the size of CheckerBoard's str and reply buffers.
const strSize = 1024

type library struct {
	mu  sync.Mutex
	e   *protocol.Engine
	err error // why the engine could not be made; every call reports it
}

// lib is the process-wide engine (see the package comment).
var lib = sync.OnceValue(func() *library {
	log := zerolog.Nop()
	if path := os.Getenv("CROWN_LOG"); path != "" {
		if f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			log = zerolog.New(f).With().Timestamp().Logger()
		}
	}
	id := protocol.ID{Name: "crown", Version: version, Author: "crown authors"}
	s, err := crownsearch.New(log)
	if err != nil {
		return &library{err: err}
	}
	return &library{e: protocol.New(s, discard{}, id, log)}
})

// discard swallows protocol lines: the library answers through its arguments.
type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// writeString copies s into a C buffer of size n, always NUL-terminated.
// The last byte is zeroed first so a reader polling the buffer (CheckerBoard
// shows str while the engine thinks) never runs past its end.
func writeString(dst *C.char, n int, s string) {
	if dst == nil {
		return
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(dst)), n)
	buf[n-1] = 0
	k := copy(buf[:n-1], s)
	buf[k] = 0
}

//export crownGetmove
func crownGetmove(board *C.int, color C.int, maxtime C.double, str *C.char, playnow *C.int, info C.int, moreinfo C.int, move *C.struct_CBmove) C.int {
	l := lib()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		writeString(str, strSize, "crown: "+l.err.Error())
		return protocol.CBUnknown
	}
	if board == nil {
		writeString(str, strSize, "crown: no board")
		return protocol.CBUnknown
	}
	b := (*protocol.CBBoard)(unsafe.Pointer(board))
	p, err := protocol.PositionFromCB(b, int(color))
	if err != nil {
		writeString(str, strSize, "crown: bad board: "+err.Error())
		return protocol.CBUnknown
	}
	poll := func() bool {
		return playnow != nil && atomic.LoadInt32((*int32)(unsafe.Pointer(playnow))) != 0
	}
	status := func(s string) { writeString(str, strSize, s) }
	a, err := l.e.GetMove(p, float64(maxtime), int(info), int(moreinfo), poll, status)
	if err != nil {
		writeString(str, strSize, "crown: "+err.Error())
		return C.int(a.Result)
	}
	protocol.PositionToCB(&a.After, b)
	if move != nil {
		fillMove(move, protocol.MakeCBMove(&a.Before, a.Move))
	}
	writeString(str, strSize, a.Text)
	return C.int(a.Result)
}

func fillMove(dst *C.struct_CBmove, m protocol.CBMove) {
	coor := func(c [2]int32) C.struct_coor { return C.struct_coor{x: C.int(c[0]), y: C.int(c[1])} }
	dst.jumps = C.int(m.Jumps)
	dst.newpiece = C.int(m.NewPiece)
	dst.oldpiece = C.int(m.OldPiece)
	dst.from = coor(m.From)
	dst.to = coor(m.To)
	for i := range m.Path {
		dst.path[i] = coor(m.Path[i])
		dst.del[i] = coor(m.Del[i])
		dst.delpiece[i] = C.int(m.DelPiece[i])
	}
}

//export crownEnginecommand
func crownEnginecommand(cmd *C.char, reply *C.char) C.int {
	l := lib()
	l.mu.Lock()
	defer l.mu.Unlock()
	if cmd == nil || l.err != nil {
		msg := "?"
		if l.err != nil {
			msg = "crown: " + l.err.Error()
		}
		writeString(reply, strSize, msg)
		return 0
	}
	text, handled := l.e.CBCommand(C.GoString(cmd))
	writeString(reply, strSize, text)
	if handled {
		return 1
	}
	return 0
}

func main() {}
