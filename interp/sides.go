package interp

// Side patterns: each side's labelled moves summed up as its patterns see
// them (SideEnv: labels, counts, grades, the victims it chases and on how
// many moves, the pieces' identities across the cycle), then the book's
// patterns (长将, 长打, 长捉 …: 2011 24.11, 25) evaluated on it.

import (
	"slices"

	"github.com/xqrules/xqrules/facts"
)

// sides builds both sides' environments, red's and black's, in the first
// verdict environment (red as side) and copies them the other way round
// into the second, with the book's patterns evaluated on each.
func (ev *evaluator) sides(moves []labelled) (red, black *SideEnv) {
	s := ev.s
	assignIDs(s, ev.cyc, moves)
	cenv := ev.cycleEnv()
	s.venv[0].Cycle = cenv
	red, black = &s.venv[0].Side, &s.venv[0].Other
	ev.side("red", moves, red)
	ev.side("black", moves, black)
	s.venv[1] = VerdictEnv{Side: *black, Other: *red, Cycle: cenv}
	return red, black
}

func (ev *evaluator) sideRuling(s *SideEnv) SideRuling {
	return SideRuling{Side: s.Name, Labels: s.Labels, Patterns: ev.patternNames(s), Lightest: s.Lightest, Heaviest: s.Heaviest}
}

// patternNames are the names of the patterns that hold for the side.
func (ev *evaluator) patternNames(s *SideEnv) []string {
	names := ev.s.strs[:0]
	for k, p := range ev.b.Patterns {
		if s.Is[k] {
			names = append(names, p.Name)
		}
	}
	out := ev.room.strings(names)
	ev.s.strs = names[:0]
	return out
}

// assignIDs gives every piece an identity that follows it through the
// cycle's moves, and stamps the chases' victims and chasers with it: the
// same rook chased on two moves from two squares is one victim. The
// chasers' ids are carved from the session's buffer.
func assignIDs(s *session, cyc *facts.Cycle, moves []labelled) {
	ids := squareIDs{list: s.squares[:0]}
	defer func() { s.squares = ids.list[:0] }()
	s.ids = s.ids[:0]
	next := 1
	idAt := func(sq string) int {
		if id, ok := ids.get(sq); ok {
			return id
		}
		ids.set(sq, next)
		next++
		return next - 1
	}
	for i := range moves {
		m := &cyc.Moves[i]
		id := idAt(m.From)
		ids.del(m.From)
		ids.set(m.Piece.Square, id)
		for k := range moves[i].chases {
			c := &moves[i].chases[k]
			c.VictimID = idAt(c.Victim.Square)
			from := len(s.ids)
			for _, a := range c.Attackers {
				s.ids = append(s.ids, idAt(a.Square))
			}
			if n := len(s.ids); n > from {
				c.ChaserIDs = s.ids[from:n:n]
			}
		}
	}
}

// squareID is a piece's identity by the square it stands on.
type squareID struct {
	sq string
	id int
}

// squareIDs is a map of squares to ids as a list: the pieces a cycle
// moves and chases are few.
type squareIDs struct{ list []squareID }

func (m *squareIDs) get(sq string) (int, bool) {
	for _, e := range m.list {
		if e.sq == sq {
			return e.id, true
		}
	}
	return 0, false
}

func (m *squareIDs) set(sq string, id int) {
	for i := range m.list {
		if m.list[i].sq == sq {
			m.list[i].id = id
			return
		}
	}
	m.list = append(m.list, squareID{sq, id})
}

func (m *squareIDs) del(sq string) {
	for i := range m.list {
		if m.list[i].sq == sq {
			m.list = slices.Delete(m.list, i, i+1)
			return
		}
	}
}

// side builds one side's environment in *s and evaluates the book's
// patterns on it.
func (ev *evaluator) side(name string, moves []labelled, s *SideEnv) {
	ev.sideFacts(name, s)
	// The side's moves and victims go in the session's buffers (one per
	// side: both sides' environments are in use until the verdict).
	k := 0
	if name == "black" {
		k = 1
	}
	victims := ev.sideMoves(k, moves, s)
	ev.victims(k, moves, s, victims)
	ev.patterns(s)
}

// sideFacts starts the side's environment with what the cycle's facts say
// of it.
func (ev *evaluator) sideFacts(name string, s *SideEnv) {
	*s = SideEnv{Name: name, First: ev.cyc.FirstMover == name, Cycle: ev.cycleEnv()}
	fs := ev.cyc.Red
	if name == "black" {
		fs = ev.cyc.Black
	}
	s.CanVary, s.VaryMove, s.VaryMoveCN, s.CompletesLast, s.Squares, s.Strong = fs.CanVary, fs.VaryMove, fs.VaryMoveCN, fs.CompletesLast, len(fs.Squares), fs.Strong
	recreator := ev.ctx.Recreator
	if recreator == "" {
		recreator = ev.cyc.Moves[len(ev.cyc.Moves)-1].Side
	}
	s.Recreates = recreator == name
	s.Material = materialOf(&ev.cyc.Moves[len(ev.cyc.Moves)-1], name)
}

// sideMoves sums up the side's labelled moves (Labels, Count, Attacks,
// Checks, Lightest, Heaviest, Moves) in s, k's buffers, and returns the
// victims of their chases.
func (ev *evaluator) sideMoves(k int, moves []labelled, s *SideEnv) []Victim {
	b := ev.b
	n := 0
	for i := range moves {
		if moves[i].f.Side == s.Name {
			n++
		}
	}
	labels := ev.s.strs[:0]
	if n > 0 {
		s.Moves = slices.Grow(ev.s.sideMoves[k][:0], n)
	}
	victims := ev.s.victims[k][:0]
	first := true
	for i := range moves {
		lm := &moves[i]
		if lm.f.Side != s.Name {
			continue
		}
		s.N++
		lab := b.Labels[lm.label]
		labels = append(labels, lab.Name)
		s.Count[lm.label]++
		if lab.Attack {
			s.Attacks++
		}
		if lm.f.Check {
			s.Checks++
		}
		if first || lm.grade < s.Lightest {
			s.Lightest = lm.grade
		}
		if first || lm.grade > s.Heaviest {
			s.Heaviest = lm.grade
		}
		first = false
		s.Moves = append(s.Moves, SideMove{})
		sm := &s.Moves[len(s.Moves)-1]
		sm.Ply, sm.ICCS, sm.Label, sm.Tags, sm.Attack = lm.f.Ply, lm.f.ICCS, lab.Name, lm.tags, lab.Attack
		sm.Grade, sm.Chases, sm.F = lm.grade, lm.chases, *lm.f
		if lm.rule != nil {
			sm.Rule = lm.rule.ID
		}
		victims = chased(victims, lm.chases)
	}
	s.Labels, ev.s.strs = ev.room.strings(labels), labels[:0]
	ev.s.sideMoves[k], ev.s.victims[k] = s.Moves, victims
	return victims
}

// chased adds the victims of one move's chases to victims.
func chased(victims []Victim, chases []Chase) []Victim {
	for j := range chases {
		c := &chases[j]
		v := victimByID(victims, c.VictimID)
		if v == nil {
			victims = append(victims, Victim{ID: c.VictimID, Piece: c.Victim, Kind: c.Victim.Kind, Unprotected: true})
			v = &victims[len(victims)-1]
		}
		if !chasedBefore(chases[:j], c.VictimID) {
			v.Moves++ // once a move
		}
		if c.Joint {
			v.Joint = true
		} else {
			v.Single = true
		}
		switch c.Protection {
		case "real":
			v.Protected = true
			v.Unprotected = false
		case "insufficient":
			v.Insufficient = true
			v.Unprotected = false
		}
	}
	return victims
}

// victims completes the side's victims (their chasers, whether every move
// chases them) and keeps them in s, with those chased on every move
// (Perpetual).
func (ev *evaluator) victims(k int, moves []labelled, s *SideEnv, victims []Victim) {
	perpetual := ev.s.perpetual[k][:0]
	for i := range victims {
		v := &victims[i]
		v.Chasers = ev.chasers(s.Name, moves, v.ID)
		v.Every = v.Moves == s.N
		if v.Protected {
			v.Insufficient = false
		}
		if v.Every {
			perpetual = append(perpetual, *v)
		}
	}
	ev.s.perpetual[k] = perpetual
	if len(victims) > 0 {
		s.Victims = victims
	}
	if len(perpetual) > 0 {
		s.Perpetual = perpetual
	}
}

// patterns evaluates the book's patterns on the side (Is). The patterns
// see the side without their own results, as written before any of them
// is evaluated: a copy, boxed once (by value, so that expr reads its
// fields in place).
func (ev *evaluator) patterns(s *SideEnv) {
	var is [maxPatterns]bool
	var env any = *s
	for k, p := range ev.b.Patterns {
		is[k] = ev.run(p.prog, env, &p.Clause, p.when)
	}
	s.Is = is
}

// chasers counts the distinct pieces of side that chase victim id over the
// cycle.
func (ev *evaluator) chasers(side string, moves []labelled, id int) int {
	seen := ev.s.seen[:0]
	for i := range moves {
		lm := &moves[i]
		if lm.f.Side != side {
			continue
		}
		for j := range lm.chases {
			c := &lm.chases[j]
			if c.VictimID != id {
				continue
			}
			for _, a := range c.ChaserIDs {
				if !slices.Contains(seen, a) {
					seen = append(seen, a)
				}
			}
		}
	}
	ev.s.seen = seen[:0]
	return len(seen)
}

// victimByID returns the victim with the id, or nil.
func victimByID(vs []Victim, id int) *Victim {
	for i := range vs {
		if vs[i].ID == id {
			return &vs[i]
		}
	}
	return nil
}

// chasedBefore: one of cs chases the victim with the id.
func chasedBefore(cs []Chase, id int) bool {
	for i := range cs {
		if cs[i].VictimID == id {
			return true
		}
	}
	return false
}
