// build.go is `crown egdb build`: a database build into a directory (the
// per-user one by default), its pairs solved here or, with a coordinator,
// by its workers (Pairs), under a memory budget, with its progress on the
// command's line and a one-line report. The finished slices are kept, so
// running the same build again resumes it.
package egdbjob

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/cputime"
	"crown/protocol/cluster"
)

// BuildOptions configure Build.
type BuildOptions struct {
	Variant board.Variant // the game's rules
	Dir     string        // "": the per-user directory (egdb.UserDir; egdb.VariantDir for a variant)
	Pieces  int           // largest total piece count
	MemMiB  int           // memory budget
	Threads int           // 0: all cores
	Profile string        // a file for a CPU profile of the build; "": none
	// Cluster reaches the coordinator whose workers solve the pairs; with
	// no URL they are solved here. The files are written here either way.
	Cluster cluster.ConnectOptions
	Bar     egdb.Bar  // the progress line; nil: none
	Out     io.Writer // the report
	Log     zerolog.Logger
}

// Build builds the database and writes what it did to o.Out.
func Build(ctx context.Context, o BuildOptions) error {
	if o.Dir == "" {
		if o.Dir = egdb.VariantDir(egdb.UserDir(), o.Variant); o.Dir == "" {
			return fmt.Errorf("no per-user data directory on this system: give --dir")
		}
		o.Log.Info().Str("dir", o.Dir).Msg("building into the per-user directory")
	}
	stopProfile, err := cputime.StartProfile(o.Profile)
	if err != nil {
		return err
	}
	defer stopProfile()
	// Let the collector work harder rather than exceed the budget: freed
	// solver arrays would otherwise let the heap grow to twice the live size.
	debug.SetMemoryLimit(int64(o.MemMiB) << 20)
	bo := egdb.BuildOptions{Variant: o.Variant, Dir: o.Dir, Pieces: o.Pieces, MemMiB: o.MemMiB, Threads: o.Threads, Log: o.Log}
	cl, err := cluster.Submit(ctx, o.Cluster)
	if err != nil {
		return err
	}
	if cl != nil {
		defer cl.Close()
		bo.Remote = NewPairs(cl)
	}
	return build(ctx, o, bo)
}

// build runs the build with the progress line and reports it.
func build(ctx context.Context, o BuildOptions, bo egdb.BuildOptions) error {
	if o.Bar != nil {
		bo.Progress = egdb.ETA(o.Bar)
	}
	rep, err := egdb.Build(ctx, bo)
	if o.Bar != nil {
		o.Bar.Clear()
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; finished slices are kept, run the same command to resume: %w", err)
		}
		return err
	}
	built := 0
	for _, s := range rep.Slices {
		if s.Built {
			built++
		}
	}
	fmt.Fprintf(o.Out, "%s pieces %d slices %d (built now %d) positions %d size %d bytes (%.1f MiB) time %.1fs\n",
		o.Variant, o.Pieces, len(rep.Slices), built, rep.Positions, rep.Bytes, float64(rep.Bytes)/(1<<20), rep.Elapsed.Seconds())
	return nil
}
