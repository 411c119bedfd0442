package interp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqrules/xqrules/facts"
)

// Rule judges a cycle whose facts were computed with the book's params.
// It returns a *RuleError when a rule cannot be evaluated on it.
func (b *Book) Rule(cyc *facts.Cycle, ctx Context) (Ruling, error) {
	s := newSession()
	return b.rule(s, cyc, ctx)
}

func (b *Book) rule(s *session, cyc *facts.Cycle, ctx Context) (Ruling, error) {
	ev := &evaluator{b: b, cyc: cyc, ctx: ctx, s: s}
	r := Ruling{Ruleset: b.ID, Title: b.Title.ZH}
	if r.Title == "" {
		r.Title = b.Title.EN
	}
	if len(cyc.Moves) == 0 {
		r.Verdict = NoCycle
		return r, nil
	}
	moves := append(s.moves[:0], make([]labelled, len(cyc.Moves))...)
	s.moves, s.chases = moves, s.chases[:0]
	r.Moves = make([]MoveRuling, len(cyc.Moves))
	for i := range cyc.Moves {
		ev.classify(i, &moves[i], &r.Moves[i])
		if ev.err != nil {
			return Ruling{}, ev.err
		}
	}
	assignIDs(s, cyc, moves)

	// The sides are built in the first verdict environment (red as side),
	// and copied the other way round into the second.
	cenv := ev.cycleEnv()
	s.venv[0].Cycle = cenv
	red, black := &s.venv[0].Side, &s.venv[0].Other
	ev.side("red", moves, red)
	ev.side("black", moves, black)
	if ev.err != nil {
		return Ruling{}, ev.err
	}
	r.Sides = []SideRuling{ev.sideRuling(red), ev.sideRuling(black)}
	s.venv[1] = VerdictEnv{Side: *black, Other: *red, Cycle: cenv}
	var rb, br any = s.venv[0], s.venv[1] // by value, as the moves' environments
	r.Verdict, r.Clause, r.Row = Draw, "", ""
	decided := false
	for _, row := range b.Verdict {
		forRed := ev.run(row.prog, rb, &row.Clause, row.when)
		forBlack := ev.run(row.prog, br, &row.Clause, row.when)
		if ev.err != nil {
			return Ruling{}, ev.err
		}
		if !forRed && !forBlack {
			continue
		}
		decided = true
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
			r.Notes = append(r.Notes, fmt.Sprintf("row %s holds for both sides, so neither is singled out: draw", row.ID))
		case row.Then == SideMustVary:
			r.Verdict = mustVary(side.Name)
		case row.Then == OtherMustVary:
			r.Verdict = mustVary(other.Name)
		}
		if !s.quiet {
			sp, op := r.Sides[0].Patterns, r.Sides[1].Patterns
			if side != red {
				sp, op = op, sp
			}
			data := &s.vdata
			*data = verdictData{Side: *side, Other: *other, Cycle: cenv, SidePatterns: sp, OtherPatterns: op}
			r.Reason = s.render(row.tmpl, data)
		}
		break
	}
	if !decided {
		r.Notes = append(r.Notes, "no verdict row holds: draw by default")
	}
	if cyc.Occurrences > 0 && cyc.Occurrences < b.Repetitions {
		r.Notes = append(r.Notes, "the position occurred "+strconv.Itoa(cyc.Occurrences)+" times; the book rules at "+strconv.Itoa(b.Repetitions))
	}
	for i := range cyc.Moves {
		if m := &cyc.Moves[i]; m.Cut {
			r.Notes = append(r.Notes, fmt.Sprintf("ply %d: a fact search hit its node limit; its answer is a bound", m.Ply))
		}
	}
	p := b.Params
	r.Params = &p
	return r, nil
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

func patternNames(b *Book, s *SideEnv) []string {
	var out []string
	for k, p := range b.Patterns {
		if s.Is[k] {
			out = append(out, p.Name)
		}
	}
	return out
}
