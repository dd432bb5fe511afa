// record.go writes a match game's PDN record: the match's tags (event,
// round, players, opening, termination, the fault that decided the game)
// and each side's longest move and largest overrun of the time allowed,
// which a resumed match reads back (runner.go).
package match

import (
	"fmt"
	"time"

	"crown/engine/pdn"
	"crown/engine/referee"
)

// Terminations beyond the rules' (board.Reason strings), as the PDN
// Termination tag gives them (referee.Termination's strings).
const (
	EndDatabase = "endgame database"
	EndTime     = "time forfeit"
	EndIllegal  = "illegal move"
	EndFailure  = "engine failure"
)

// record is game index's PDN: r's moves and result with the match's tags.
func record(index int, o Opening, black, white string, r referee.GameResult) *pdn.Game {
	tags := []pdn.Tag{
		{Name: "Event", Value: "crown match"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Round", Value: fmt.Sprint(index + 1)},
		{Name: "Black", Value: black},
		{Name: "White", Value: white},
		{Name: "Opening", Value: o.Name},
		{Name: "Termination", Value: r.Termination.String()},
	}
	if r.Termination.Fault() && r.Err != nil {
		tags = append(tags, pdn.Tag{Name: "Fault", Value: r.Err.Error()})
	}
	for c, name := range []string{"Black", "White"} {
		tags = append(tags, pdn.Tag{Name: name + "MaxMoveMs", Value: ms(r.MaxMove[c])})
		if r.Limited[c] {
			tags = append(tags, pdn.Tag{Name: name + "MaxOverMs", Value: ms(r.MaxOver[c])})
		}
	}
	return pdn.FromRecord(r.Game, r.Result, tags...)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }
