package interp

// Classifying one move: the labels of the books' terms (2011 24: 将 杀 捉
// 兑 献 拦 跟 闲 …) and the moves they treat as 闲 (26.1–26.8, "按闲处理").
// classify takes a move through five steps, each a function below:
//
//  1. runRules: every rule of the book, in its order, on the move's
//     environments (env.go) — a rule with `for` on each threat (offer),
//     the ones that pass being its evidence;
//  2. exempt: the exemption rules that held take away their labels, or the
//     threats (offers) they name from those labels' evidence;
//  3. heaviest: the heaviest label left decides (从重, in the book's label
//     order), the others are tags (捉兼献);
//  4. weigh: the move's grade (26.9 weighs chases: a book's `grade`, else
//     the label's place) and its chases, one per evidence threat of an
//     attack label;
//  5. moveRuling: the move's ruling, less what explain.go puts into words
//     (reasons, targets, arrows).

import (
	"slices"

	"github.com/xqrules/xqrules/facts"
)

// match is a labelling rule that held on a move, with its evidence
// (indices into the move's threats or offers; nil for a move-level rule).
type match struct {
	r        *MoveRule
	evidence []int
	exempted bool
}

// exemptHit is an exemption rule that held on a move, with its evidence.
type exemptHit struct {
	r        *MoveRule
	evidence []int
}

// labelled is a move after classification: what the sides (sides.go) and
// the explanation (explain.go) need of it.
type labelled struct {
	f        *facts.Move
	label    int // index in Labels
	tags     []string
	rule     *MoveRule // the rule that gave the label (nil: the default)
	evidence []int     // that rule's evidence
	grade    int
	exempt   []exemption
	chases   []Chase
}

// exemption is an exemption rule that took labels or evidence off a move,
// with the threats (offers) it took.
type exemption struct {
	r     *MoveRule
	taken []evidenceRef
}

// evidenceRef is threat (offer) j of a move, as forWhat says.
type evidenceRef struct {
	forWhat string
	j       int
}

// classify labels move i of the cycle in *out, and writes its ruling in
// *mr. The evidence lists, exemptions and chases it makes are carved from
// the session's buffers (see session): they live as long as the book's
// ruling; the ruling's lists are kept in its room.
func (ev *evaluator) classify(i int, out *labelled, mr *MoveRuling) {
	s := ev.s
	matches, exempts := ev.runRules(i)
	defer func() { s.matches, s.exempts = matches[:0], exempts[:0] }()
	*out = labelled{f: &ev.cyc.Moves[i]}
	out.exempt = ev.exempt(matches, exempts)
	var tags []string
	out.label, tags = heaviest(ev.b, matches, s.tags[:0])
	chases := ev.weigh(i, matches, out, tags)
	*mr = ev.moveRuling(out, matches, chases)
}

// runRules runs the book's rules on move i: the labelling rules that held
// (matches) and the exemption rules that held, in the book's order, with
// their evidence.
func (ev *evaluator) runRules(i int) ([]match, []exemptHit) {
	s := ev.s
	matches, exempts := s.matches[:0], s.exempts[:0]
	for _, r := range ev.b.Moves {
		var evidence []int
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
			evidence = carve(s.evidence, from)
			held = len(evidence) > 0
		}
		if !held {
			continue
		}
		if r.Label != "" {
			matches = append(matches, match{r: r, evidence: evidence})
		} else {
			exempts = append(exempts, exemptHit{r: r, evidence: evidence})
		}
	}
	return matches, exempts
}

// exempt applies the exemptions to the matches: a move-level one removes
// its labels; one with `for` removes its threats (offers) from the
// evidence of those labels, and a rule left with no evidence no longer
// holds. It returns the exemptions that took something, with what.
func (ev *evaluator) exempt(matches []match, exempts []exemptHit) []exemption {
	s := ev.s
	from := len(s.exemptions)
	for _, x := range exempts {
		hit := false
		takenFrom := len(s.taken)
		for k := range matches {
			mt := &matches[k]
			if mt.exempted || !slices.Contains(x.r.Exempt, mt.r.Label) {
				continue
			}
			if x.r.For == ForMove {
				mt.exempted, hit = true, true
				if mt.r.For != ForMove {
					for _, j := range mt.evidence {
						s.taken = append(s.taken, evidenceRef{mt.r.For, j})
					}
				}
				continue
			}
			if mt.r.For != x.r.For {
				continue
			}
			from := len(s.evidence)
			for _, j := range mt.evidence {
				if slices.Contains(x.evidence, j) {
					hit = true
					s.taken = append(s.taken, evidenceRef{mt.r.For, j})
				} else {
					s.evidence = append(s.evidence, j)
				}
			}
			mt.evidence = carve(s.evidence, from)
			if len(mt.evidence) == 0 {
				mt.exempted = true
			}
		}
		if hit {
			s.exemptions = append(s.exemptions, exemption{r: x.r, taken: carve(s.taken, takenFrom)})
		}
	}
	return carve(s.exemptions, from)
}

// heaviest returns the heaviest label of the matches left (从重: the first
// in the book's label order; the default label when none is left) and the
// others appended to tags.
func heaviest(b *Book, matches []match, tags []string) (label int, _ []string) {
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
	label = b.defaultLabel
	for k := range b.Labels {
		if present[k] {
			label = k
			break
		}
	}
	for k := range b.Labels {
		if present[k] && k != label {
			tags = append(tags, b.Labels[k].Name)
		}
	}
	return label, tags
}

// weigh goes through the matches left, in the book's order: it adds their
// rules' tags to the move's (tags, kept in out.tags), takes the first rule
// of the move's label as the one that gave it (out.rule, out.evidence),
// grades the move (out.grade) and returns the move's chases (out.chases
// carries them to the sides).
//
// Without a grade, an attack label weighs by its place in the order and
// any other label weighs nothing; with one, the move weighs its rules'
// heaviest grade.
func (ev *evaluator) weigh(i int, matches []match, out *labelled, tags []string) []ChaseRuling {
	b, s := ev.b, ev.s
	winner := b.Labels[out.label].Name
	out.grade = 0
	if b.Labels[out.label].Attack {
		out.grade = (len(b.Labels) - out.label) * 10
	}
	gradeSet := false
	chases := s.crs[:0]
	chasesFrom := len(s.chases)
	for _, mt := range matches {
		if mt.exempted {
			continue
		}
		tags = append(tags, mt.r.Tags...)
		if b.Labels[mt.r.label].Attack && mt.r.For == ForThreats {
			chases = ev.chases(i, mt, chases)
		}
		if mt.r.Label != winner {
			continue
		}
		if out.rule == nil {
			out.rule, out.evidence = mt.r, mt.evidence
		}
		for _, g := range ev.grades(i, mt) {
			if !gradeSet || g > out.grade {
				out.grade = g
			}
			gradeSet = true
		}
	}
	out.chases = carve(s.chases, chasesFrom)
	out.tags = ev.room.strings(uniqStrings(tags))
	s.tags, s.crs = tags[:0], chases[:0]
	return ev.room.chaseList(chases)
}

// grades evaluates the grade of a match of the move's label: on the move,
// or on each threat (offer) of its evidence; none without a grade.
func (ev *evaluator) grades(i int, mt match) []int {
	r := mt.r
	if r.gradeProg == nil {
		return nil
	}
	out := ev.s.grades[:0]
	if r.For == ForMove {
		out = append(out, ev.runInt(r.gradeProg, ev.moveEnv(i), &r.Clause, r.grade))
	}
	for _, j := range mt.evidence {
		out = append(out, ev.runInt(r.gradeProg, ev.elemEnv(r.For, i, j), &r.Clause, r.grade))
	}
	ev.s.grades = out
	return out
}

// chases appends to out the chases of an attack-labelled match with `for:
// threats` — one per threat of its evidence, with the grade the rule gives
// it and the pieces by their texts — and keeps each as a Chase in the
// session's buffer, for the sides.
func (ev *evaluator) chases(i int, mt match, out []ChaseRuling) []ChaseRuling {
	b, s := ev.b, ev.s
	m := &ev.cyc.Moves[i]
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
		names := s.strs[:0]
		for k := range by {
			names = append(names, s.pieceText(&by[k]))
		}
		cr.By, s.strs = ev.room.strings(names), names[:0]
		out = append(out, cr)
	}
	return out
}

// moveRuling is move out's ruling: its label, tags, grade, chases, the rule
// that gave the label (or the default's) and the other rules that held.
func (ev *evaluator) moveRuling(out *labelled, matches []match, chases []ChaseRuling) MoveRuling {
	m := out.f
	mr := MoveRuling{Ply: m.Ply, Side: m.Side, Move: m.ICCS, CN: m.CN, Label: ev.b.Labels[out.label].Name,
		Tags: out.tags, Grade: out.grade, Chases: chases}
	if r := out.rule; r != nil {
		mr.Rule, mr.Cite, mr.Status = r.ID, r.Cite, r.Status
	} else {
		mr.Rule, mr.Cite = "(default)", "default_label"
	}
	also := ev.s.strs[:0]
	for _, mt := range matches {
		if !mt.exempted && mt.r != out.rule {
			also = append(also, mt.r.ID)
		}
	}
	mr.Also, ev.s.strs = ev.room.strings(also), also[:0]
	return mr
}

// uniqStrings drops repeats in place, keeping first occurrences in order.
// The lists are a few labels or pieces long: a quadratic scan beats a map.
func uniqStrings(list []string) []string {
	out := list[:0]
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
