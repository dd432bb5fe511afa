// commands.go holds what `crown egdb probe`, `verify` and `info` print: a
// position's value with the value of every move and the database's move,
// a verification's summary, and the table of slices with their sizes and
// win/loss/draw counts.
package egdb

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"crown/engine/board"
	"crown/engine/progress"
)

// ValueWord is the word for a database value +1, 0, -1.
func ValueWord(v int) string {
	switch v {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return "draw"
}

// WriteProbe looks p up in the database of dir (OpenUser, with a block
// cache of cacheMiB) and writes its value, every move's value and the
// database's move to w.
func WriteProbe(w io.Writer, p *board.Position, dir string, cacheMiB int) error {
	db, _, err := OpenUser(p.Variant, dir, cacheMiB)
	if err != nil {
		return err
	}
	defer db.Close()
	v, ok := db.Value(p)
	if !ok {
		if err := db.Err(); err != nil {
			return err
		}
		return fmt.Errorf("%d pieces: not in this %d-piece database", p.Total(), db.MaxPieces())
	}
	note := ""
	if p.HasCapture() {
		note = " (capture pending: value found by playing the captures)"
	}
	fmt.Fprintf(w, "%s %s%s\n", p.FEN(), ValueWord(v), note)
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	for _, m := range ml.Slice() {
		c := p.Play(m)
		cv, _ := db.Value(&c)
		fmt.Fprintf(w, "  %-10s %s\n", m.PathString(), ValueWord(-cv))
	}
	if ch, ok := db.RootMove(p, nil); ok {
		fmt.Fprintf(w, "best %s (%d of %d moves keep the value)\n", ch.Move.PathString(), ch.Keep, ml.N)
	}
	return db.Err()
}

// VerifyCommand verifies the database as `crown egdb verify` does: the
// process's memory limit set to the budget, the progress on bar, the
// summary on w.
func VerifyCommand(ctx context.Context, w io.Writer, o VerifyOptions, bar Bar) error {
	// Let the collector work harder rather than exceed the budget.
	debug.SetMemoryLimit(int64(o.MemMiB) << 20)
	bar = progress.Or(bar)
	o.Progress = ETA(bar)
	rep, err := Verify(ctx, o)
	bar.Clear()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "ok: %d slices up to %d pieces, %d positions checked against their successors, %.1fs\n",
		rep.Slices, rep.MaxPieces, rep.Positions, rep.Elapsed.Seconds())
	return nil
}

// WriteInfo writes the table of the slices of dir ("": the embedded
// database of variant v) with their sizes and win/loss/draw counts, and the
// totals with the game the slices are of.
func WriteInfo(w io.Writer, v board.Variant, dir string) error {
	describe := func() ([]Info, int, board.Variant, error) { return DescribeDefault(v) }
	if dir != "" {
		describe = func() ([]Info, int, board.Variant, error) { return Describe(dir) }
	}
	infos, maxN, game, err := describe()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%-6s %14s %8s %12s %12s %12s %12s\n", "slice", "positions", "blocks", "bytes", "win", "loss", "draw")
	var pos uint64
	var size int64
	for _, s := range infos {
		fmt.Fprintf(w, "%-6s %14d %8d %12d %12d %12d %12d\n", s.Material.Name(), s.Positions, s.Blocks, s.Bytes, s.Stats.Win, s.Stats.Loss, s.Stats.Draw)
		pos += s.Positions
		size += s.Bytes
	}
	fmt.Fprintf(w, "%s, complete up to %d pieces; %d slices, %d positions (Black to move), %d bytes (%.1f MiB), %.1f positions/byte\n",
		game, maxN, len(infos), pos, size, float64(size)/(1<<20), float64(pos)/float64(max(size, 1)))
	return nil
}
