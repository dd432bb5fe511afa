// clock_test.go tests timed games through the API: the clock's checks,
// the mover charged and the increment added, a side losing on time, crown
// thinking on its own clock, and taking back a move turning the clock off.
package gui

import (
	"encoding/json"
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	c := newClient(t)
	c.refuse("/api/clock", `{"base_ms":500}`, 400, "base_ms")
	c.refuse("/api/clock", `{"base_ms":60000,"inc_ms":-1}`, 400, "inc_ms")
	st := c.post("/api/clock", `{"base_ms":1000,"inc_ms":200}`)
	if st.Clock == nil || st.Clock.Running != "B" || st.Clock.BlackMS > 1000 || st.Clock.WhiteMS != 1000 {
		t.Fatalf("clock set: %+v", st.Clock)
	}
	time.Sleep(50 * time.Millisecond)
	st = c.post("/api/move", `{"move":"11-15"}`)
	// Black used 50 ms or more and got 200 back.
	if st.Clock.Running != "W" || st.Clock.BlackMS > 1150 || st.Clock.BlackMS < 900 {
		t.Errorf("after Black's move: %+v", st.Clock)
	}
	time.Sleep(1100 * time.Millisecond)
	st = c.state()
	if !st.Over || st.Result != "1-0" || st.Status != "White ran out of time" || st.Clock.Running != "" || st.Clock.WhiteMS != 0 {
		t.Errorf("after White's time ran out: over %v %q %q %+v", st.Over, st.Result, st.Status, st.Clock)
	}
	c.refuse("/api/move", `{"move":"22-18"}`, 422, "over")
	c.refuse("/api/go", `{}`, 409, "over")
	// Undo takes the result back and the clock away.
	st = c.post("/api/undo", "")
	if st.Over || st.Clock != nil {
		t.Errorf("after undo: over %v clock %+v", st.Over, st.Clock)
	}
}

func TestClockCrownThinks(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	c.post("/api/new", `{"from":"fen","fen":"B:W18,19,22,26,31:B3,7,10,12,14"}`)
	c.post("/api/clock", `{"base_ms":3000,"inc_ms":100}`)
	c.post("/api/go", `{"evaluator":"material","movetime_ms":60000}`) // the clock, not the move time, bounds it
	var st stateView
	for st.Cur != 1 { // the stream starts with the state at its opening
		json.Unmarshal(s.next(t, "state", 5*time.Second).data, &st)
	}
	if st.Cur != 1 || st.Clock == nil || st.Clock.Running != "W" || st.Clock.BlackMS <= 0 || st.Clock.BlackMS > 3100 || st.Clock.WhiteMS > 3000 {
		t.Errorf("after crown's move on its clock: cur %d clock %+v", st.Cur, st.Clock)
	}
	waitIdle(t, c.srv, 2*time.Second)
}
