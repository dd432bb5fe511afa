// sizeflags.go reads the size flags of every command through
// engine/search's bounds (sizes.go), the rule the Hub, CheckerBoard and
// match specs apply too: `type:"threads"` is a searcher's threads (1 to
// search.MaxThreads), `type:"workers"` games, jobs or threads run at once
// (0: one per core, up to search.MaxThreads), `type:"hash"` a
// transposition table in MiB (1 to what the machine can hold),
// `type:"cache"` an endgame database's block cache in MiB (0 for the
// default, up to what the machine can hold: unchecked, 100000000 ended in
// the Go runtime's fatal "out of memory"). A value out
// of range stops the command before it allocates anything, with the flag
// named: "--hash: must be at least 1 MiB, got -5". kong takes a word
// starting with '-' for a flag; these flags take the next word as their
// value whatever it looks like, so a negative number is reported as one.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/alecthomas/kong"

	"crown/engine/search"
)

// sizeMappers registers the size flag types with kong.
func sizeMappers() []kong.Option {
	return []kong.Option{
		kong.NamedMapper("threads", sizeMapper(search.CheckThreads)),
		kong.NamedMapper("workers", sizeMapper(search.CheckWorkers)),
		kong.NamedMapper("hash", sizeMapper(search.CheckHashMiB)),
		kong.NamedMapper("cache", sizeMapper(checkCacheMiB)),
	}
}

// sizeMapper decodes a whole number into an int field and checks it.
type sizeMapper func(int) error

// Decode implements kong.Mapper. kong prefixes errors with the flag.
func (check sizeMapper) Decode(ctx *kong.DecodeContext, target reflect.Value) error {
	tok := ctx.Scan.Pop()
	if tok.IsEOL() {
		return errors.New("missing value")
	}
	text := tok.String()
	n, err := strconv.Atoi(text)
	if err != nil {
		return fmt.Errorf("want a whole number, got %q", text)
	}
	if err := check(n); err != nil {
		return err
	}
	target.SetInt(int64(n))
	return nil
}

// checkCacheMiB says whether a database block cache of mib MiB may be
// asked for: 0 (the database's default) or a table size CheckHashMiB allows.
func checkCacheMiB(mib int) error {
	if mib < 0 {
		return fmt.Errorf("must be 0 (the default) or more, got %d", mib)
	}
	if mib == 0 {
		return nil
	}
	return search.CheckHashMiB(mib)
}
