package interp

// A book's ruling on one cycle, stage by stage. The cycle's facts were
// computed under the book's params (judge.go); the ruling then builds the
// environments predicates see (env.go), classifies each move (classify.go),
// sums up each side and evaluates its patterns (sides.go), tries the
// verdict rows (verdict.go) and puts it all into words (explain.go): each
// stage once, in that order, for every move.

import (
	"fmt"

	"github.com/xqrules/xqrules/facts"
)

// evaluator evaluates one book on one cycle.
type evaluator struct {
	b    *Book
	cyc  *facts.Cycle
	ctx  Context
	s    *session
	envs *envSet
	room room // the ruling's lists (room.go)
	err  error
}

// Rule judges a cycle whose facts were computed with the book's params.
// It returns a *RuleError when a rule cannot be evaluated on it. The
// reasons are left for Explain (Ruling.Explain), which renders them on cyc:
// it must not change until then.
func (b *Book) Rule(cyc *facts.Cycle, ctx Context) (Ruling, error) {
	s := newSession()
	defer s.done()
	return b.rule(s, cyc, ctx)
}

// rule is Rule on the session of the books that rule on the cycle.
func (b *Book) rule(s *session, cyc *facts.Cycle, ctx Context) (Ruling, error) {
	ev := &evaluator{b: b, cyc: cyc, ctx: ctx, s: s, room: room{moves: len(cyc.Moves)}}
	r := Ruling{Ruleset: b.ID, Title: b.Title.ZH}
	if r.Title == "" {
		r.Title = b.Title.EN
	}
	if len(cyc.Moves) == 0 {
		r.Verdict = NoCycle
		return r, nil
	}
	ev.envSet()

	moves := s.clear(len(cyc.Moves))
	r.Moves = make([]MoveRuling, len(cyc.Moves))
	for i := range cyc.Moves {
		ev.classify(i, &moves[i], &r.Moves[i])
		if ev.err != nil {
			return Ruling{}, ev.err
		}
	}

	red, black := ev.sides(moves)
	if ev.err != nil {
		return Ruling{}, ev.err
	}
	// The sides and the params, the ruling's own, in one allocation.
	own := &struct {
		sides  [2]SideRuling
		params facts.Params
	}{sides: [2]SideRuling{ev.sideRuling(red), ev.sideRuling(black)}, params: b.Params}
	r.Sides, r.Params = own.sides[:], &own.params

	row, side, other := ev.verdict(&r)
	if ev.err != nil {
		return Ruling{}, ev.err
	}

	for i := range moves {
		ev.explainMove(i, &moves[i], &r.Moves[i])
	}
	ev.explainVerdict(&r, row, side, other)

	s.notes = ev.notes(s.notes)
	r.Notes = ev.room.strings(s.notes)
	return r, nil
}

// notes appends to the verdict's notes what the ruling should say of the
// cycle itself: a position not repeated as often as the book rules at, a
// search that was cut.
func (ev *evaluator) notes(notes []string) []string {
	cyc := ev.cyc
	if cyc.Occurrences > 0 && cyc.Occurrences < ev.b.Repetitions {
		notes = append(notes, ev.s.occurrenceNote(cyc.Occurrences, ev.b.Repetitions))
	}
	for i := range cyc.Moves {
		if m := &cyc.Moves[i]; m.Cut {
			notes = append(notes, fmt.Sprintf("ply %d: a fact search hit its node limit; its answer is a bound", m.Ply))
		}
	}
	return notes
}
