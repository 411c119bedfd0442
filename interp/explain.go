package interp

// Explaining a ruling — its last stage, once the moves are classified, the
// sides summed up and the verdict found: what each move's ruling and the
// verdict say in words. A move's exemptions name the pieces they took, its
// label's evidence its targets and (for threats) the attacks a report draws
// as arrows, and the rule's reason template is rendered on the move's facts
// and evidence (text/template, compiled at load: compile.go); the deciding
// verdict row's reason on the two sides. The lists are made as the book
// rules; the templates are rendered when an output asks for the texts
// (Explain), on what the ruling kept for it. JudgeVerdicts (a quiet
// session) keeps nothing: every Reason is empty but a default label's.

import (
	"fmt"
	"slices"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/xqrules/xqrules/facts"
)

// explainMove puts move i's ruling into words: its exemptions' targets,
// its label's targets and attacks, and its reason. The lists are built in
// the session's scratch and kept in the ruling's room.
func (ev *evaluator) explainMove(i int, lm *labelled, mr *MoveRuling) {
	b, s, m := ev.b, ev.s, lm.f
	exempted := s.exempted[:0]
	for _, x := range lm.exempt {
		rec := Exemption{Rule: x.r.ID, Cite: x.r.Cite, Labels: x.r.Exempt}
		targets := s.strs[:0]
		for _, t := range x.taken {
			targets = s.appendTargets(targets, m, t.forWhat, t.j)
		}
		rec.Targets, s.strs = ev.room.strings(uniqStrings(targets)), targets[:0]
		exempted = append(exempted, rec)
	}
	mr.Exempted, s.exempted = ev.room.exemptionList(exempted), exempted[:0]
	r := lm.rule
	if r == nil {
		// No rule gave a label: say so rather than leave the label unexplained.
		if lm.label == b.defaultLabel {
			mr.Reason = b.defaultReason
		} else {
			mr.Reason = defaultReason(b.ID, mr.Label)
		}
		return
	}
	targets := s.appendTargets(s.strs[:0], m, r.For, lm.evidence...)
	mr.Targets, s.strs = ev.room.strings(targets), targets[:0]
	if r.For == ForThreats {
		attacks := s.evidenceAttacks(s.attacks[:0], m, lm.evidence)
		mr.Attacks, s.attacks = ev.room.attackList(attacks), attacks[:0]
	}
	if !s.quiet && r.tmpl != nil {
		// The reason is rendered when it is asked for (Explain).
		mr.rule, mr.evidence = r, ev.room.intList(lm.evidence)
	}
}

// explainVerdict leaves for Explain what it needs to put the ruling's
// reasons into words: the cycle's facts the moves' reasons are rendered on
// and the sides the deciding row's reason sees (its side first), their
// victims kept in the ruling's room. A row whose reason may read a side's
// moves (SideEnv.Moves, with their chases: in the session's scratch until
// the next book) is rendered at once instead.
func (ev *evaluator) explainVerdict(r *Ruling, row *VerdictRow, side, other *SideEnv) {
	s := ev.s
	if s.quiet {
		return
	}
	var u *unexplained
	for i := range r.Moves {
		if r.Moves[i].rule != nil {
			u = &unexplained{cyc: ev.cyc}
			break
		}
	}
	if row == nil || row.tmpl == nil {
		r.unexplained = u
		return
	}
	sp, op := r.Sides[0].Patterns, r.Sides[1].Patterns
	if side.Name != "red" {
		sp, op = op, sp
	}
	data := verdictData{Side: *side, Other: *other, Cycle: s.venv[0].Cycle, SidePatterns: sp, OtherPatterns: op}
	if row.tmpl.readsSideMoves {
		s.vdata = data
		r.Reason = s.render(row.tmpl, &s.vdata)
		r.unexplained = u
		return
	}
	if u == nil {
		u = &unexplained{cyc: ev.cyc}
	}
	// Its labels and patterns are the ruling's already (room.go); the
	// moves it does not read are not kept.
	for _, sd := range []*SideEnv{&data.Side, &data.Other} {
		sd.Moves = nil
		sd.Victims, sd.Perpetual = ev.room.victimList(sd.Victims), ev.room.victimList(sd.Perpetual)
	}
	u.row, u.verdict = row, data
	r.unexplained = u
}

// unexplained is what a ruling keeps for Explain: the cycle's facts, on
// which the moves' reasons not yet in words are rendered, and the deciding
// verdict row with the data its reason is rendered on (row nil: in words
// already, or none).
type unexplained struct {
	cyc     *facts.Cycle
	row     *VerdictRow
	verdict verdictData
}

// defaultReason is the reason of a move that no rule of book gives a
// label.
func defaultReason(book, label string) string {
	return "no rule of " + book + " gives this move a label: " + label + " by default"
}

// appendTargets appends the pieces threats (offers) idx of m are about.
func (s *session) appendTargets(out []string, m *facts.Move, forWhat string, idx ...int) []string {
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

// evidenceAttacks appends to out the arrows of threats idx of m: each
// attacker (or, without one, each participant) to the victim; a chase won
// through checks is drawn along its line (lineAttacks). Threats without
// attackers or participants have none.
func (s *session) evidenceAttacks(out []Attack, m *facts.Move, idx []int) []Attack {
	n := 0
	for _, j := range idx {
		t := &m.Threats[j]
		n += max(len(t.Attackers), len(t.Participants))
	}
	if n == 0 {
		return out
	}
	for _, j := range idx {
		t := &m.Threats[j]
		if t.ViaCheck && len(t.Attackers) == 0 && len(t.Line) > 0 {
			out = s.lineAttacks(out, t)
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
	return out
}

// lineAttacks appends to out a chase won through checks drawn as the
// mover's moves of its line (every other move, the mover's first), up to
// the capture of the victim: a straight arrow from a piece to the victim
// would cross the pieces the check moves or screens.
func (s *session) lineAttacks(out []Attack, t *facts.Threat) []Attack {
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

// Explain puts the reasons of rulings into words: each move's, its rule's
// reason template rendered on the move's facts and the label's evidence,
// and the verdict's, the deciding row's template rendered on the two
// sides. Judge, JudgeInTurn, JudgeWith and Book.Rule leave them for
// Explain, so that a caller that prints no text (a tally of verdicts, a
// benchmark of the judgement) does not pay for it: an output that shows
// reasons calls Explain first. (A default label's reason, and a verdict
// row's that reads the sides' moves, are in words already.) Rulings on one
// cycle share the texts they have in common; a ruling explained before,
// or one of JudgeVerdicts, which renders no text, is left as it is. The
// facts the rulings were made on must not change until then.
func Explain(rulings []Ruling) {
	var s *session
	for k := range rulings {
		if rulings[k].unexplained == nil {
			continue
		}
		if s == nil {
			s = newSession()
			defer s.done()
		}
		s.explain(&rulings[k])
	}
}

// Explain puts r's reasons into words, as Explain does for several.
func (r *Ruling) Explain() {
	if r.unexplained == nil {
		return
	}
	s := newSession()
	defer s.done()
	s.explain(r)
}

// explain renders the reasons r left for Explain.
func (s *session) explain(r *Ruling) {
	u := r.unexplained
	for i := range r.Moves {
		mr := &r.Moves[i]
		if mr.rule != nil {
			mr.Reason = s.reason(u.cyc, mr.rule, i, mr.evidence, mr.Label)
			mr.rule, mr.evidence = nil, nil
		}
	}
	if u.row != nil {
		r.Reason = s.render(u.row.tmpl, &u.verdict)
	}
	r.unexplained = nil
}

// reasonKey is a reason rendered: the template, the cycle's facts, the
// move, its evidence and the label; books that share all of them share the
// text.
type reasonKey struct {
	t    *reasonTmpl
	cyc  *facts.Cycle
	move int
	// evidence: bit j is threat (offer) j; evidence lists are ascending.
	evidence uint64
	label    string
}

// reason renders rule r's reason on move of cyc with its evidence and
// label, once per template, move, evidence and label for all the books
// that share them.
func (s *session) reason(cyc *facts.Cycle, r *MoveRule, move int, evidence []int, label string) string {
	k := reasonKey{t: r.tmpl, cyc: cyc, move: move, label: label}
	cache := true
	for _, j := range evidence {
		if j >= 64 {
			cache = false // not seen in practice; render without the cache
			break
		}
		k.evidence |= 1 << j
	}
	if cache {
		if t, ok := s.reasons[k]; ok {
			return t
		}
	}
	m := &cyc.Moves[move]
	data := &s.rdata
	*data = reasonData{Move: *m, Label: label}
	switch r.For {
	case ForThreats:
		threats := picked(s.rthreats, m.Threats, evidence)
		s.rthreats = threats
		if len(threats) > 0 {
			data.Threats = threats
			data.Threat = data.Threats[0]
			data.Back = counterOf(&data.Threat, m)
		}
	case ForOffers:
		offers := picked(s.roffers, m.Offers, evidence)
		s.roffers = offers
		if len(offers) > 0 {
			data.Offers = offers
			data.Offer = data.Offers[0]
		}
	}
	t := s.render(r.tmpl, data)
	if cache {
		s.reasons[k] = t
	}
	return t
}

// picked is src[j] for each j of idx, in dst's room (from its start).
func picked[T any](dst, src []T, idx []int) []T {
	dst = dst[:0]
	for _, j := range idx {
		dst = append(dst, src[j])
	}
	return dst
}

// render runs a reason template on data (a pointer to its data type); a
// failure, which the load-time check makes unlikely, is shown in the text
// rather than lost. Runs of white space become one space, and the ends are
// trimmed, so a template may be written over several YAML lines. The text
// is written in the session's buffer, reused from reason to reason.
func (s *session) render(t *reasonTmpl, data any) string {
	if t == nil {
		return ""
	}
	s.buf.Reset()
	if err := t.t.Execute(&s.buf, data); err != nil {
		return fmt.Sprintf("(reason unavailable: %v)", err)
	}
	return oneSpaced(s.buf.Bytes())
}

// oneSpaced is strings.Join(strings.Fields(string(b)), " ") made in one
// string: every run of white space becomes one space, none at the ends.
func oneSpaced(b []byte) string {
	var out strings.Builder
	out.Grow(len(b))
	space := false
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if unicode.IsSpace(r) {
			space = true
		} else {
			if space && out.Len() > 0 {
				out.WriteByte(' ')
			}
			space = false
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.String()
}

// reasonData is what a move rule's reason template sees: the move's facts
// (embedded: .Piece, .ICCS, .CN, .Check, .Checkers, .MateThreat …) and the
// rule's evidence — the first threat or offer that made it hold, and all of
// them.
type reasonData struct {
	facts.Move
	Threat  facts.Threat
	Threats []facts.Threat
	Back    Counter
	Offer   facts.Offer
	Offers  []facts.Offer
	Label   string
}

// verdictData is what a verdict row's reason template sees.
type verdictData struct {
	Side  SideEnv
	Other SideEnv
	Cycle CycleEnv
	// Patterns that hold for each side, by display name.
	SidePatterns, OtherPatterns []string
}

var protectionZH = map[string]string{"none": "无根", "real": "有根", "false": "假根", "insufficient": "少根"}

var templateFuncs = template.FuncMap{
	// piece: "车 i9".
	"piece": func(p facts.Piece) string { return pieceText(p) },
	// pieces: "车 i9, 马 h6".
	"pieces": func(ps []facts.Piece) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			parts[i] = pieceText(p)
		}
		return strings.Join(parts, ", ")
	},
	// takers: the pieces that can take an offered piece.
	"takers": func(ts []facts.Taker) string {
		parts := make([]string, len(ts))
		for i, t := range ts {
			parts[i] = pieceText(t.Piece)
		}
		return strings.Join(parts, ", ")
	},
	// prot: a protection in the books' words (无根 有根 假根 少根).
	"prot": func(s string) string {
		if z, ok := protectionZH[s]; ok {
			return z
		}
		return s
	},
	// line: a line of moves, space separated.
	"line": func(l []string) string { return strings.Join(l, " ") },
	// side: 红方 / 黑方.
	"side": func(s string) string {
		if s == "red" {
			return "红方"
		}
		if s == "black" {
			return "黑方"
		}
		return s
	},
	// labels: a side's labels joined (捉 闲 捉 闲).
	"labels": func(l []string) string { return strings.Join(l, " ") },
	"join":   strings.Join,
	// victims: the pieces a side chases.
	"victims": func(vs []Victim) string {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = pieceText(v.Piece)
		}
		return strings.Join(parts, ", ")
	},
}

func pieceText(p facts.Piece) string {
	if p.CN == "" && p.Square == "" {
		return "?"
	}
	if p.CN == "" {
		return p.Square
	}
	return p.CN + " " + p.Square
}
