package interp

// The verdict: the book's rows (2011 25.x and 26.9: who must vary, or a
// draw) tried in order on the two sides' environments, red as `side` and
// then black; the first row that holds decides. A row that holds for both
// sides singles out neither: a draw.

import (
	"fmt"
	"strings"
)

// verdict tries the book's rows and writes the verdict in r, with the
// deciding row's clause (any note goes in the session's notes); it returns that row (nil when none
// holds: a draw by default) and the sides it held for side against other.
func (ev *evaluator) verdict(r *Ruling) (row *VerdictRow, side, other *SideEnv) {
	s := ev.s
	red, black := &s.venv[0].Side, &s.venv[0].Other
	var rb, br any = s.venv[0], s.venv[1] // by value, as the moves' environments
	r.Verdict, r.Clause, r.Row = Draw, "", ""
	for _, row := range ev.b.Verdict {
		forRed := ev.run(row.prog, rb, &row.Clause, row.when)
		forBlack := ev.run(row.prog, br, &row.Clause, row.when)
		if ev.err != nil {
			return nil, nil, nil
		}
		if !forRed && !forBlack {
			continue
		}
		r.Row, r.Clause = row.ID, row.Cite
		r.Weighed = strings.Contains(row.when.text, "Lightest") || strings.Contains(row.when.text, "Heaviest")
		side, other := red, black
		if !forRed {
			side, other = black, red
		}
		switch {
		case row.Then == Draw:
			r.Verdict = Draw
		case forRed && forBlack:
			r.Verdict = Draw
			s.notes = append(s.notes, fmt.Sprintf("row %s holds for both sides, so neither is singled out: draw", row.ID))
		case row.Then == SideMustVary:
			r.Verdict = mustVary(side.Name)
		case row.Then == OtherMustVary:
			r.Verdict = mustVary(other.Name)
		}
		return row, side, other
	}
	s.notes = append(s.notes, "no verdict row holds: draw by default")
	return nil, nil, nil
}

// mustVary is the verdict that side must vary.
func mustVary(side string) string {
	switch side {
	case "red":
		return RedMustVary
	case "black":
		return BlackMustVary
	}
	return side + "-must-vary"
}
