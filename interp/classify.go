package interp

import (
	"slices"

	"github.com/xqrules/xqrules/facts"
)

// evaluator evaluates one book on one cycle.
type evaluator struct {
	b    *Book
	cyc  *facts.Cycle
	ctx  Context
	s    *session
	envs *envSet
	err  error
}

// run evaluates predicate p on env (an environment, by pointer); an error
// stops the book's ruling (ev.err), naming the clause and where its
// expression is written.
func (ev *evaluator) run(p *pred, env any, cl *Clause, src exprSrc) bool {
	if ev.err != nil || p == nil {
		return false
	}
	v, err := p.runBool(&ev.s.vm, env)
	if err != nil {
		ev.fail(err, cl, src)
	}
	return v
}

// runAt is run for move-level environments: p on move (elem -1) or its
// threat or offer elem (forWhat), once for all the books that use it on the
// same set of facts (the result is kept in the set).
func (ev *evaluator) runAt(p *pred, forWhat string, move, elem int, cl *Clause, src *exprSrc) bool {
	if ev.err != nil || p == nil {
		return false
	}
	set := ev.envSet()
	at := predAt{p: p, move: move, elem: elem}
	if v, ok := set.results[at]; ok {
		return v
	}
	var env any
	if forWhat == ForMove {
		env = ev.moveEnv(move)
	} else {
		env = ev.elemEnv(forWhat, move, elem)
	}
	v := ev.run(p, env, cl, *src)
	if ev.err == nil {
		set.results[at] = v
	}
	return v
}

// runInt evaluates a grade on env.
func (ev *evaluator) runInt(p *pred, env any, cl *Clause, src exprSrc) int {
	if ev.err != nil || p == nil {
		return 0
	}
	v, err := p.runInt(&ev.s.vm, env)
	if err != nil {
		ev.fail(err, cl, src)
	}
	return v
}

// fail records that an expression could not be evaluated.
func (ev *evaluator) fail(err error, cl *Clause, src exprSrc) {
	ev.err = &RuleError{Book: ev.b.ID, Err: src.f.errorAt(src.locate(0), cl.ID, CodeExpr, "cannot be evaluated: %v", err)}
}

// match is a labelling rule that held on a move, with its evidence
// (indices into the move's threats or offers; nil for a move-level rule).
type match struct {
	r        *MoveRule
	evidence []int
	exempted bool
}

// labelled is a move after classification.
type labelled struct {
	f      *facts.Move
	label  int // index in Labels
	tags   []string
	rule   *MoveRule
	grade  int
	exempt []Exemption
	chases []Chase
}

func materialOf(m *facts.Move, side string) Material {
	if side == "red" {
		return Material{Total: m.MaterialRed, Strong: m.StrongRed, Attacking: m.AttackingRed}
	}
	return Material{Total: m.MaterialBlack, Strong: m.StrongBlack, Attacking: m.AttackingBlack}
}

func otherSide(s string) string {
	if s == "red" {
		return "black"
	}
	return "red"
}

func (ev *evaluator) cycleEnv() CycleEnv {
	return CycleEnv{Plies: ev.cyc.Plies, FirstMover: ev.cyc.FirstMover, Occurrences: ev.cyc.Occurrences,
		Repetitions: ev.b.Repetitions, Simple: ev.cyc.Simple}
}

// counterOf finds the victim of t taking back one of its attackers, from
// the move's offers (the attackers the opponent can take at once).
func counterOf(t *facts.Threat, m *facts.Move) Counter {
	var best Counter
	for _, o := range m.Offers {
		isAttacker := false
		for _, a := range t.Attackers {
			if a.Square == o.Piece.Square {
				isAttacker = true
			}
		}
		if !isAttacker {
			continue
		}
		for _, tk := range o.Takers {
			if tk.Piece.Square != t.Victim.Square {
				continue
			}
			c := Counter{Exists: true, Piece: o.Piece, Protection: o.Protection, SameKind: tk.SameKind,
				MatedAtOnce: tk.MatedAtOnce, Net: tk.Net, Free: !tk.MatedAtOnce && tk.Net >= 0}
			if !best.Exists || (c.Free && !best.Free) || (c.Free == best.Free && c.Net > best.Net) {
				best = c
			}
		}
	}
	return best
}

// exemptHit is an exemption rule that held on a move, with its evidence.
type exemptHit struct {
	r        *MoveRule
	evidence []int
}

// classify labels move i of the cycle in *out, and writes its ruling in
// *mr. The evidence lists and chases it makes are carved from the
// session's buffers (see session): they live as long as the book's ruling.
func (ev *evaluator) classify(i int, out *labelled, mr *MoveRuling) {
	b, s := ev.b, ev.s
	m := &ev.cyc.Moves[i]

	matches, exempts := s.matches[:0], s.exempts[:0]
	defer func() { s.matches, s.exempts = matches[:0], exempts[:0] }()
	s.evidence = s.evidence[:0]
	for _, r := range b.Moves {
		var ev2 []int
		held := false
		if r.For == ForMove {
			held = ev.runAt(r.prog, ForMove, i, -1, &r.Clause, &r.when)
		} else {
			from := len(s.evidence)
			for j := range ev.elems(r.For, i) {
				if ev.runAt(r.prog, r.For, i, j, &r.Clause, &r.when) {
					s.evidence = append(s.evidence, j)
				}
			}
			ev2 = s.carve(from)
			held = len(ev2) > 0
		}
		if !held {
			continue
		}
		if r.Label != "" {
			matches = append(matches, match{r: r, evidence: ev2})
		} else {
			exempts = append(exempts, exemptHit{r: r, evidence: ev2})
		}
	}

	*out = labelled{f: m}
	// Exemptions: a move-level one removes its labels; one with `for` removes
	// its threats (offers) from the evidence of those labels, and a rule left
	// with no evidence no longer holds.
	for _, x := range exempts {
		rec := Exemption{Rule: x.r.ID, Cite: x.r.Cite, Labels: x.r.Exempt}
		hit := false
		for k := range matches {
			mt := &matches[k]
			if mt.exempted || !contains(x.r.Exempt, mt.r.Label) {
				continue
			}
			if x.r.For == ForMove {
				mt.exempted, hit = true, true
				rec.Targets = s.appendTargets(rec.Targets, m, mt.r.For, mt.evidence...)
				continue
			}
			if mt.r.For != x.r.For {
				continue
			}
			from := len(s.evidence)
			for _, j := range mt.evidence {
				if containsInt(x.evidence, j) {
					hit = true
					rec.Targets = s.appendTargets(rec.Targets, m, mt.r.For, j)
				} else {
					s.evidence = append(s.evidence, j)
				}
			}
			mt.evidence = s.carve(from)
			if len(mt.evidence) == 0 {
				mt.exempted = true
			}
		}
		if hit {
			rec.Targets = uniqStrings(rec.Targets)
			out.exempt = append(out.exempt, rec)
		}
	}

	// The heaviest remaining label decides (从重); the others are tags.
	var presentBuf [maxLabels]bool
	present := presentBuf[:]
	if len(b.Labels) > maxLabels {
		present = make([]bool, len(b.Labels))
	}
	for _, mt := range matches {
		if !mt.exempted {
			present[mt.r.label] = true
		}
	}
	out.label = b.defaultLabel
	for k := range b.Labels {
		if present[k] {
			out.label = k
			break
		}
	}
	for k := range b.Labels {
		if present[k] && k != out.label {
			out.tags = append(out.tags, b.Labels[k].Name)
		}
	}
	winner := b.Labels[out.label].Name
	// Without a grade, an attack label weighs by its place in the order
	// and any other label weighs nothing.
	out.grade = 0
	if b.Labels[out.label].Attack {
		out.grade = (len(b.Labels) - out.label) * 10
	}
	gradeSet := false
	var evidence []int
	var chaseOut []ChaseRuling
	chasesFrom := len(s.chases)
	for _, mt := range matches {
		if mt.exempted {
			continue
		}
		out.tags = append(out.tags, mt.r.Tags...)
		attack := b.Labels[mt.r.label].Attack
		if attack && mt.r.For == ForThreats {
			for _, j := range mt.evidence {
				s.chases = append(s.chases, Chase{Threat: m.Threats[j], Rule: mt.r.ID, Label: mt.r.Label})
				t := &m.Threats[j]
				g := (len(b.Labels) - mt.r.label) * 10
				if mt.r.gradeProg != nil {
					g = ev.runInt(mt.r.gradeProg, ev.elemEnv(mt.r.For, i, j), &mt.r.Clause, mt.r.grade)
				}
				cr := ChaseRuling{Victim: s.pieceText(&t.Victim), Kind: chaseKind(t), Joint: t.Joint, Rule: mt.r.ID, Grade: g}
				if t.Victim.Kind != "rook" {
					for k := range t.Wins {
						if t.Wins[k].Kind == "rook" {
							cr.Wins = s.pieceText(&t.Wins[k])
							break
						}
					}
				}
				by := t.Participants
				if len(by) == 0 {
					by = t.Attackers
				}
				for k := range by {
					cr.By = append(cr.By, s.pieceText(&by[k]))
				}
				chaseOut = append(chaseOut, cr)
			}
		}
		if mt.r.Label != winner {
			continue
		}
		if out.rule == nil {
			out.rule = mt.r
			evidence = mt.evidence
		}
		if mt.r.gradeProg != nil {
			if mt.r.For == ForMove {
				g := ev.runInt(mt.r.gradeProg, ev.moveEnv(i), &mt.r.Clause, mt.r.grade)
				if !gradeSet || g > out.grade {
					out.grade = g
				}
				gradeSet = true
			} else {
				for _, j := range mt.evidence {
					g := ev.runInt(mt.r.gradeProg, ev.elemEnv(mt.r.For, i, j), &mt.r.Clause, mt.r.grade)
					if !gradeSet || g > out.grade {
						out.grade = g
					}
					gradeSet = true
				}
			}
		}
	}
	if n := len(s.chases); n > chasesFrom {
		out.chases = s.chases[chasesFrom:n:n]
	}
	out.tags = uniqStrings(out.tags)

	*mr = MoveRuling{Ply: m.Ply, Side: m.Side, Move: m.ICCS, CN: m.CN, Label: winner, Tags: out.tags,
		Grade: out.grade, Exempted: out.exempt, Chases: chaseOut}
	if out.rule != nil {
		r := out.rule
		mr.Rule, mr.Cite, mr.Status = r.ID, r.Cite, r.Status
		mr.Targets = s.appendTargets(nil, m, r.For, evidence...)
		if r.For == ForThreats {
			mr.Attacks = s.evidenceAttacks(m, evidence)
		}
		if !s.quiet {
			mr.Reason = ev.reason(r, i, evidence, winner)
		}
	}
	if out.rule == nil {
		// No rule gave a label: say so rather than leave the label unexplained.
		mr.Rule, mr.Cite = "(default)", "default_label"
		if out.label == b.defaultLabel {
			mr.Reason = b.defaultReason
		} else {
			mr.Reason = defaultReason(b.ID, winner)
		}
	}
	for _, mt := range matches {
		if !mt.exempted && mt.r != out.rule {
			mr.Also = append(mr.Also, mt.r.ID)
		}
	}
}

// defaultReason is the reason of a move that no rule of book gives a
// label.
func defaultReason(book, label string) string {
	return "no rule of " + book + " gives this move a label: " + label + " by default"
}

// appendTargets appends the pieces threats (offers) idx of m are about.
func (s *session) appendTargets(out []string, m *facts.Move, forWhat string, idx ...int) []string {
	if out == nil && len(idx) > 0 && forWhat != ForMove {
		out = make([]string, 0, len(idx))
	}
	for _, j := range idx {
		switch forWhat {
		case ForThreats:
			out = append(out, s.pieceText(&m.Threats[j].Victim))
		case ForOffers:
			out = append(out, s.pieceText(&m.Offers[j].Piece))
		}
	}
	return out
}

func (s *session) evidenceAttacks(m *facts.Move, idx []int) []Attack {
	n := 0
	for _, j := range idx {
		t := &m.Threats[j]
		n += max(len(t.Attackers), len(t.Participants))
	}
	if n == 0 {
		return nil
	}
	out := make([]Attack, 0, n)
	for _, j := range idx {
		t := &m.Threats[j]
		if t.ViaCheck && len(t.Attackers) == 0 && len(t.Line) > 0 {
			out = append(out, s.lineAttacks(t)...)
			continue
		}
		by := t.Attackers
		if len(by) == 0 {
			by = t.Participants
		}
		for k := range by {
			a := &by[k]
			at := Attack{Attacker: s.pieceText(a), Victim: s.pieceText(&t.Victim), From: a.Square, To: t.Victim.Square}
			if !slices.Contains(out, at) {
				out = append(out, at)
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// lineAttacks draws a chase won through checks as the mover's moves of its
// line (every other move, the mover's first), up to the capture of the
// victim: a straight arrow from a piece to the victim would cross the
// pieces the check moves or screens.
func (s *session) lineAttacks(t *facts.Threat) []Attack {
	var out []Attack
	on := map[string]string{} // square → the participant standing there now
	for k := range t.Participants {
		p := &t.Participants[k]
		on[p.Square] = s.pieceText(p)
	}
	for i := 0; i < len(t.Line); i += 2 {
		mv := t.Line[i]
		if len(mv) < 4 {
			break
		}
		at := Attack{From: mv[:2], To: mv[2:4], Step: i/2 + 1, Attacker: on[mv[:2]]}
		on[at.To] = at.Attacker
		if at.To == t.Victim.Square {
			at.Victim = s.pieceText(&t.Victim)
			out = append(out, at)
			break
		}
		out = append(out, at)
	}
	return out
}

func containsInt(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// uniqStrings drops repeats, keeping first occurrences in order. The lists
// are a few labels or pieces long: a quadratic scan beats a map.
func uniqStrings(list []string) []string {
	if len(list) < 2 {
		return list
	}
	out := list[:0:0]
	for i, s := range list {
		if !slices.Contains(list[:i], s) {
			out = append(out, s)
		}
	}
	return out
}

// reasonKey is a reason rendered: the template, the set of facts, the
// move, its evidence and the label; books that share all of them share the
// text.
type reasonKey struct {
	t    *reasonTmpl
	envs *envSet
	move int
	// evidence: bit j is threat (offer) j; evidence lists are ascending.
	evidence uint64
	label    string
}

// reason renders a move rule's reason, once per template, move, evidence
// and label for all the books that share them.
func (ev *evaluator) reason(r *MoveRule, move int, evidence []int, label string) string {
	if r.tmpl == nil {
		return ""
	}
	k := reasonKey{t: r.tmpl, envs: ev.envs, move: move, label: label}
	cache := true
	for _, j := range evidence {
		if j >= 64 {
			cache = false // not seen in practice; render without the cache
			break
		}
		k.evidence |= 1 << j
	}
	if cache {
		if s, ok := ev.s.reasons[k]; ok {
			return s
		}
	}
	m := &ev.cyc.Moves[move]
	data := &ev.s.rdata
	*data = reasonData{Move: *m, Label: label}
	switch r.For {
	case ForThreats:
		threats := picked(ev.s.rthreats, m.Threats, evidence)
		ev.s.rthreats = threats
		if len(threats) > 0 {
			data.Threats = threats
			data.Threat = data.Threats[0]
			data.Back = counterOf(&data.Threat, m)
		}
	case ForOffers:
		offers := picked(ev.s.roffers, m.Offers, evidence)
		ev.s.roffers = offers
		if len(offers) > 0 {
			data.Offers = offers
			data.Offer = data.Offers[0]
		}
	}
	s := ev.s.render(r.tmpl, data)
	if cache {
		ev.s.reasons[k] = s
	}
	return s
}

// picked is src[j] for each j of idx, in dst's room (from its start).
func picked[T any](dst, src []T, idx []int) []T {
	dst = dst[:0]
	for _, j := range idx {
		dst = append(dst, src[j])
	}
	return dst
}
