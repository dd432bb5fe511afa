//go:build cgo && unix

// library.go loads a CheckerBoard engine library with dlopen and calls its
// getmove and enginecommand through the API's C signatures. Everything a
// call hands the library lives in C memory, since the library may keep
// pointers into it while the call runs (CheckerBoard polls str while the
// engine thinks; playnow is written by another thread to stop it).
package cbhost

/*
#cgo linux LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

// The CheckerBoard API's move record (cb_interface.h's struct CBmove); for
// English checkers the board written back is what counts, but getmove
// fills this too.
struct cbhost_coor { int x; int y; };
struct cbhost_move {
	int jumps, newpiece, oldpiece;
	struct cbhost_coor from, to, path[12], del[12];
	int delpiece[12];
};

typedef int (*cbhost_getmove_fn)(int board[8][8], int color, double maxtime, char str[1024],
                                 int *playnow, int info, int moreinfo, struct cbhost_move *move);
typedef int (*cbhost_command_fn)(const char *command, char reply[1024]);

// cbhost_call is the memory of one call.
struct cbhost_call {
	int board[8][8];
	char str[1024];
	char reply[1024];
	int playnow;
	struct cbhost_move move;
};

static int cbhost_getmove(void *f, struct cbhost_call *c, int color, double maxtime, int info, int moreinfo) {
	c->str[0] = 0;
	int r = ((cbhost_getmove_fn)f)(c->board, color, maxtime, c->str, &c->playnow, info, moreinfo, &c->move);
	c->str[sizeof c->str - 1] = 0;
	return r;
}

static int cbhost_command(void *f, const char *cmd, struct cbhost_call *c) {
	c->reply[0] = 0;
	int r = ((cbhost_command_fn)f)(cmd, c->reply);
	c->reply[sizeof c->reply - 1] = 0;
	return r;
}

static void cbhost_playnow(struct cbhost_call *c) { __atomic_store_n(&c->playnow, 1, __ATOMIC_SEQ_CST); }
*/
import "C"

import (
	"fmt"
	"os"
	"strings"
	"unsafe"

	"crown/protocol"
)

// Supported says whether this build can load CheckerBoard libraries.
const Supported = true

// dlLibrary is a library loaded with dlopen.
type dlLibrary struct {
	getmoveFn, commandFn unsafe.Pointer
	call                 *C.struct_cbhost_call
}

// openLibrary loads path and finds the API's two functions.
func openLibrary(path string) (library, error) {
	name := path
	if !strings.Contains(path, "/") {
		if _, err := os.Stat(path); err == nil {
			name = "./" + path // a bare name is searched for only in the system's library paths
		}
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	C.dlerror()
	h := C.dlopen(cname, C.RTLD_NOW|C.RTLD_LOCAL)
	if h == nil {
		return nil, fmt.Errorf("loading the CheckerBoard engine library %s: %s", path, C.GoString(C.dlerror()))
	}
	sym := func(s string) unsafe.Pointer {
		cs := C.CString(s)
		defer C.free(unsafe.Pointer(cs))
		return C.dlsym(h, cs)
	}
	l := &dlLibrary{getmoveFn: sym("getmove"), commandFn: sym("enginecommand")}
	// The handle is not closed on failure either: unloading a library
	// that started threads at load (a Go runtime does) is not safe.
	switch {
	case l.getmoveFn == nil:
		return nil, fmt.Errorf("%s is not a CheckerBoard engine library: it does not export getmove", path)
	case l.commandFn == nil:
		return nil, fmt.Errorf("%s is not a CheckerBoard engine library: it does not export enginecommand", path)
	}
	l.call = (*C.struct_cbhost_call)(C.calloc(1, C.sizeof_struct_cbhost_call))
	if l.call == nil {
		return nil, fmt.Errorf("%s: out of memory", path)
	}
	return l, nil
}

func (l *dlLibrary) command(cmd string) (string, bool) {
	c := C.CString(cmd)
	defer C.free(unsafe.Pointer(c))
	r := C.cbhost_command(l.commandFn, c, l.call)
	return C.GoString(&l.call.reply[0]), r != 0
}

func (l *dlLibrary) getmove(b *protocol.CBBoard, color int, t timeArgs, stop <-chan struct{}) (int, string) {
	board := (*protocol.CBBoard)(unsafe.Pointer(&l.call.board[0][0]))
	*board = *b
	l.call.playnow = 0
	finished, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-stop:
			C.cbhost_playnow(l.call)
		case <-finished:
		}
	}()
	r := C.cbhost_getmove(l.getmoveFn, l.call, C.int(color), C.double(t.maxtime), C.int(int32(uint32(t.info))), C.int(int32(uint32(t.moreinfo))))
	close(finished)
	<-watched // no playnow from this call may reach the next one
	*b = *board
	return int(r), C.GoString(&l.call.str[0])
}

func (l *dlLibrary) close() {
	if l.call != nil {
		C.free(unsafe.Pointer(l.call))
		l.call = nil
	}
}
