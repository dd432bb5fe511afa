// options.go passes crown's engine options (the Hub parameters hash,
// threads, book, book-file, egdb-dir, egdb-cache, egdb-pieces,
// egdb-policy) to the library as the CheckerBoard commands it knows them
// by (set hashsize, searchthreads, book, bookfile, dbpath, dbmbytes,
// max_dbpieces, enable_wld). Only options that changed are sent, so the
// library keeps its own defaults for the rest. Options the API has no
// command for (evaluator, network, search switches) are refused.
package cbhost

import (
	"fmt"
	"slices"
	"strconv"

	"crown/engine/search"
	"crown/protocol"
)

// cbCommands are the `set` commands that take o from sent to o.
func cbCommands(sent, o protocol.Options) ([]string, error) {
	switch {
	case o.Evaluator != sent.Evaluator:
		return nil, fmt.Errorf("evaluator %q: a CheckerBoard engine has no evaluator option", o.Evaluator)
	case o.NetFile != sent.NetFile:
		return nil, fmt.Errorf("net-file %q: a CheckerBoard engine has no network option", o.NetFile)
	case o.SearchTrial != sent.SearchTrial || o.Algorithm != sent.Algorithm:
		return nil, fmt.Errorf("search switches are crown's own: a CheckerBoard engine has none")
	case o.BookPlies != sent.BookPlies || o.BookSeed != sent.BookSeed:
		return nil, fmt.Errorf("book plies and book seed are crown's own: the CheckerBoard API sets only the book level and file")
	}
	var cmds []string
	num := func(name string, old, v int) {
		if v != old {
			cmds = append(cmds, "set "+name+" "+strconv.Itoa(v))
		}
	}
	text := func(name, old, v string) {
		if v != old {
			cmds = append(cmds, "set "+name+" "+v)
		}
	}
	num("hashsize", sent.HashMB, o.HashMB)
	num("searchthreads", sent.Threads, o.Threads)
	if o.Book != sent.Book {
		level := slices.Index(protocol.BookPolicies, o.Book)
		if level < 0 {
			return nil, fmt.Errorf("book %q: want one of %v", o.Book, protocol.BookPolicies)
		}
		num("book", -1, level) // CheckerBoard's levels 0-3 are the policies in order
	}
	text("bookfile", sent.BookFile, o.BookFile)
	text("dbpath", sent.EGDBDir, o.EGDBDir)
	num("dbmbytes", sent.EGDBCacheMB, o.EGDBCacheMB)
	num("max_dbpieces", sent.EGDBMaxPieces, o.EGDBMaxPieces)
	if on := o.EGDBPolicy != search.EGDBOff; on != (sent.EGDBPolicy != search.EGDBOff) {
		wld := 0
		if on {
			wld = 1
		}
		num("enable_wld", -1, wld)
	}
	return cmds, nil
}
