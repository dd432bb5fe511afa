package cbhost

import (
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/search"
	"crown/protocol"
)

func TestConfigureSendsChangedOptions(t *testing.T) {
	f := &fakeLib{unhandled: []string{"set searchthreads"}}
	s := newSearcher(f, "fake.so", zerolog.Nop())
	o := protocol.DefaultOptions()
	if err := s.Configure(o); err != nil || len(f.cmds) != 0 {
		t.Fatalf("the defaults: %v, sent %q", err, f.cmds)
	}
	o.HashMB, o.Threads, o.Book, o.BookFile = 32, 2, "off", "/b/book"
	o.EGDBDir, o.EGDBCacheMB, o.EGDBMaxPieces, o.EGDBPolicy = "/db", 128, 6, search.EGDBOff
	if err := s.Configure(o); err != nil {
		t.Fatalf("an unhandled option must not fail: %v", err)
	}
	want := []string{"set hashsize 32", "set searchthreads 2", "set book 0", "set bookfile /b/book", "set dbpath /db",
		"set dbmbytes 128", "set max_dbpieces 6", "set enable_wld 0"}
	if !slices.Equal(f.cmds, want) {
		t.Errorf("sent %q, want %q", f.cmds, want)
	}
	f.cmds = nil
	o.EGDBPolicy, o.Book = search.EGDBKimCho, "weighted"
	if err := s.Configure(o); err != nil || !slices.Equal(f.cmds, []string{"set book 2", "set enable_wld 1"}) {
		t.Errorf("second change: %v, sent %q", err, f.cmds)
	}
	f.cmds = nil
	for _, bad := range []protocol.Options{
		func() protocol.Options { b := o; b.Evaluator = "nn"; return b }(),
		func() protocol.Options { b := o; b.NetFile = "x.net"; b.HashMB = 8; return b }(),
		func() protocol.Options { b := o; b.SearchTrial = "noprobcut"; return b }(),
	} {
		if err := s.Configure(bad); err == nil || !strings.Contains(err.Error(), "CheckerBoard") {
			t.Errorf("%+v: %v, want a refusal", bad, err)
		}
	}
	if len(f.cmds) != 0 {
		t.Errorf("a refused configuration sent %q", f.cmds)
	}
}
