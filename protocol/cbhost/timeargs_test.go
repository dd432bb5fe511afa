package cbhost

import (
	"errors"
	"math"
	"testing"
	"time"

	"crown/protocol"
)

func TestGetmoveTime(t *testing.T) {
	for _, c := range []struct {
		name string
		lim  protocol.Limits
		want timeArgs
	}{
		{"move time is exact", protocol.Limits{MoveTime: 80 * time.Millisecond}, timeArgs{maxtime: 0.08, info: infoExact}},
		{"infinite", protocol.Limits{Infinite: true, Depth: 5}, timeArgs{maxtime: unboundedSeconds}},
		{"no limit", protocol.Limits{}, timeArgs{maxtime: unboundedSeconds}},
		// 10 s + 0.5 s: inc + (clock-inc)/2.5 = 0.5 + 9.5/2.5 = 4.3 s; units of 1 ms.
		{"clock", protocol.Limits{Time: 10 * time.Second, Inc: 500 * time.Millisecond}, timeArgs{maxtime: 4.3, info: 1 << infoIncrShift, moreinfo: 10000<<16 | 500}},
		{"clock capped by move time", protocol.Limits{Time: 10 * time.Second, MoveTime: time.Second}, timeArgs{maxtime: 1, info: 1 << infoIncrShift, moreinfo: 10000 << 16}},
		// 300 s does not fit 65535 ms: units of 10 ms.
		{"long clock", protocol.Limits{Time: 300 * time.Second, Inc: time.Second}, timeArgs{maxtime: 1 + 299/2.5, info: 2 << infoIncrShift, moreinfo: 30000<<16 | 100}},
		// 2 hours: units of 0.1 s, and 72000 tenths saturate at 65535.
		{"huge clock", protocol.Limits{Time: 2 * time.Hour}, timeArgs{maxtime: 7200 / 2.5, info: 3 << infoIncrShift, moreinfo: 65535 << 16}},
		{"clock below the increment", protocol.Limits{Time: 300 * time.Millisecond, Inc: time.Second}, timeArgs{maxtime: 0.4, info: 1 << infoIncrShift, moreinfo: 300<<16 | 1000}},
		{"clock within the increment", protocol.Limits{Time: 700 * time.Millisecond, Inc: time.Second}, timeArgs{maxtime: 0.7, info: 1 << infoIncrShift, moreinfo: 700<<16 | 1000}},
		{"moves to go", protocol.Limits{Time: 20 * time.Second, MovesToGo: 10}, timeArgs{maxtime: 2, info: 1 << infoIncrShift, moreinfo: 20000 << 16}},
	} {
		got, err := getmoveTime(c.lim)
		if err != nil || math.Abs(got.maxtime-c.want.maxtime) > 1e-9 || got.info != c.want.info || got.moreinfo != c.want.moreinfo {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, err, c.want)
		}
	}
	for _, lim := range []protocol.Limits{{Depth: 8}, {Nodes: 1000}, {Depth: 8, MoveTime: time.Second}} {
		if _, err := getmoveTime(lim); !errors.Is(err, ErrDepthNodes) {
			t.Errorf("%+v: %v, want ErrDepthNodes", lim, err)
		}
	}
}
