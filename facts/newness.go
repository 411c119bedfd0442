package facts

// Newness (从没捉到捉; 1999 29.2 "捉产生于刚走的这着棋，上一着尚不存在"; 2011/2020
// 24.3, 26.1.1 "走动后其它子产生新的'捉'"): a threat is the move's own only
// when the mover could not win as much through the victim before the move,
// the mover to move (从捉到捉 without change is no new chase). The "before"
// keeps the chase's own pieces where they stood (a chaser lost anyway is the
// capture's cost), counts a moved piece the line before lost inside it
// (rescued, 2020 参考图18), and reads a capture that let the opponent mate
// before the move as worth nothing (lifted, 解杀还捉, 2020 参考图35). Cause
// then says how the move made the threat: its piece attacks, it uncovered a
// line, became a screen, took the victim's root away or pinned it, or the
// gain comes from a check.

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// newness is what a move's "before" says of one victim beyond its gains
// (issue 24 class 1): lifted — every capture of the victim let the opponent
// mate before the move, and now one does not (解杀); rescued — the line
// before lost the moved piece inside it, which now counts against it.
type newness struct{ lifted, rescued bool }

// beforeMove is what the position before the move (the mover to move) says
// of the victims the mover threatens after it.
type beforeMove struct {
	// gains: what the mover could win through each victim, the chase's
	// pieces after the move kept where they stood before it.
	gains gains
	// rescued: the line lost the moved piece inside it (see newness).
	rescued [position.NumSquares]bool
	// matedBefore: every capture of the victim let the opponent mate (解杀;
	// asked only where the gain did not grow otherwise, see lifted).
	matedBefore [position.NumSquares]bool
	// protection: the victim's protection before the move (for Cause:
	// "unrooted", "pinned").
	protection [position.NumSquares]string
}

// measure fills in bf for the move m of mf, in the position before it (pos,
// the mover to move): after are the move's threats (gainsAll after it),
// want their victims and keep their chases' pieces where they stood (see
// keptChase). pos is restored.
func (bf *beforeMove) measure(s *searcher, mf *Move, m position.Move, after gains, want *[position.NumSquares]bool, keep *[position.NumSquares]chasePieces) {
	s.keepFor = keep
	bf.gains = s.gainsFor(want)
	bf.rescue(s, mf, m.From(), after, keep)
	s.keepFor = nil
	bf.mateLifted(s, mf, after)
	O := s.pos.Side().Other()
	for _, e := range bf.gains {
		if e.sq != m.To() && (e.r.gain > 0 || e.r.direct) {
			bf.protection[e.sq] = protectionKind(s, e.sq, O)
		}
	}
}

// keptChase marks the victims the mover threatens after the move (want) and
// keeps, for each it wins material through, the chase's pieces where they
// stood before the move (the moved piece back on its square): the "before"
// keeps the same chase's pieces (see baselineLine). Under
// SkipBeforeWithoutGain only the victims it wins material through are
// wanted: a threat that wins nothing is not new and its Cause is
// "unrelated" whatever stood before. pos is after the move (the mover to
// move).
func keptChase(pos *position.Position, m position.Move, after gains, skip Skip, want *[position.NumSquares]bool, keep *[position.NumSquares]chasePieces) {
	for _, e := range after {
		want[e.sq] = e.r.gain > 0 || skip&SkipBeforeWithoutGain == 0
		if e.r.gain > 0 {
			k := chaseOf(pos, e.sq)
			for i, q := range k.sq[:k.n] {
				if q == m.To() {
					k.sq[i] = m.From()
				}
			}
			keep[e.sq] = k
		}
	}
}

// rescue: newness on the line's own balance (issue 24 class 1): a line that
// lost the moved piece (from) before the victim fell — it stood en prise and
// the opponent took it in answer to the line's check — counts that loss:
// the piece was lost inside the line, not "anyway" (2020 参考图18 车4平2: the
// rook d2 that 仕五进六 took while answering 炮4平5's check is safe on b2,
// and the 抽 of the rook e8 now wins: 伏抽车，判捉).
func (bf *beforeMove) rescue(s *searcher, mf *Move, from position.Square, after gains, keep *[position.NumSquares]chasePieces) {
	if !mf.MovedWasThreatened || mf.AnswersCheck {
		return
	}
	for i := range bf.gains {
		e := &bf.gains[i]
		a, ok := after.at(e.sq)
		if !ok || a.gain <= 0 || !lostInLine(e.r.line, e.sq, from) {
			continue
		}
		k := keep[e.sq]
		k.add(from)
		keep[e.sq] = k
		base, taken := s.baselineLine(e.sq, true)
		kept := s.clampPawnTrade(e.r.line, e.r.raw+base, taken)
		if kept < e.r.kept {
			e.r.kept = kept
			bf.rescued[e.sq] = true
		}
	}
}

// mateLifted: 解杀 — the captures of the victim that each let the opponent
// mate (a standing mate threat the capture does not lift), for the victims
// whose gain did not grow otherwise (see lifted). The opponent's mate
// threat before the move (it passing the mover's turn) is asked only where
// a capture's newness turns on it.
func (bf *beforeMove) mateLifted(s *searcher, mf *Move, after gains) {
	pos := s.pos
	var mtOpp struct{ checked, exists bool }
	for _, e := range bf.gains {
		a, ok := after.at(e.sq)
		if mf.AnswersCheck || !ok || a.gain <= 0 || !e.r.ok || !e.r.direct || e.r.kept < a.kept {
			continue
		}
		if !mtOpp.checked {
			mtOpp.checked = true
			pos.Make(position.NullMove)
			mtOpp.exists = s.mateThreat().Exists
			pos.Unmake()
		}
		if !mtOpp.exists {
			break
		}
		_, bf.matedBefore[e.sq] = capturesLetMate(s, e.sq)
	}
}

// cause says how the move m made the threat (Threat.Cause), once the
// threat's other parts are known; checks: the moved piece gives check in
// the line. A capture of the victim that was not possible before is a new
// attack even when the gain did not grow (a line by checks won as much
// before): its cause is what the move did to the attackers' lines.
func (b *threatBuild) cause(m position.Move, oldProtection string, pinnedBefore, pinnedNow []position.Square, rescued, checks bool) {
	t, line, movedTo := &b.t, b.after.line, b.movedTo
	directNew := t.GainAfter > 0 && t.Direct && !t.DirectBefore
	switch {
	case !t.New && !directNew:
		t.Cause = "unrelated"
	case b.lifted && !directNew:
		t.Cause = "lifted"
	case b.grewOnly && rescued && !directNew:
		t.Cause = "rescued"
	case b.grewOnly && !directNew:
		t.Cause = "shielded"
	case t.MovedPieceAttacks || (t.New && len(line) > 0 && line[0].From() == movedTo):
		t.Cause = "moved"
	case !t.New:
		t.Cause = causeOf(b.pos, m, b.vsq, b.caps(), oldProtection, t.Protection, pinnedBefore, pinnedNow)
	case t.ViaCheck:
		t.Cause = "check"
	default:
		t.Cause = causeOf(b.pos, m, b.vsq, b.caps(), oldProtection, t.Protection, pinnedBefore, pinnedNow)
		switch {
		case t.Cause == "indirect" && movesIn(line, movedTo):
			t.Cause = "moved" // the moved piece takes part later in the line
		case t.Cause == "indirect" && checks:
			t.Cause = "check" // it gives a (discovered) check in the line: 抽
		}
	}
}

// causeOf tells how the move m made a threat on vsq that its own piece does
// not carry: a line it uncovered, a cannon screen it became, or the victim's
// protection it removed.
func causeOf(pos *position.Position, m position.Move, vsq position.Square, caps []position.Move,
	oldProtection, newProtection string, pinnedBefore, pinnedNow []position.Square) string {
	from, to := m.From(), m.To()
	for _, c := range caps {
		a := c.From()
		if between(a, vsq, from) || horseLeg(pos, a, vsq) == from || elephantEye(pos, a, vsq) == from {
			return "discovered"
		}
		if between(a, vsq, to) && pos.At(a).Kind() == position.Cannon {
			return "screen"
		}
	}
	if (oldProtection == "real" || oldProtection == "insufficient") && newProtection != oldProtection {
		for _, p := range pinnedNow {
			if !slices.Contains(pinnedBefore, p) {
				return "pinned"
			}
		}
		return "unrooted"
	}
	// The balance changed, but through nothing the move did to the victim's
	// lines: e.g. the exchange's tail changed elsewhere.
	return "indirect"
}

// lostInLine reports whether, in line (the mover's move first), the
// opponent takes the mover's piece on sq before the mover's first capture
// of the victim on vsq (the victim followed as it moves): before it the
// opponent only answers the line's checks, so the piece is lost inside the
// line.
func lostInLine(line []position.Move, vsq, sq position.Square) bool {
	for i, lm := range line {
		switch {
		case i%2 == 0 && lm.To() == vsq:
			return false
		case i%2 == 1 && lm.To() == sq:
			return true
		case i%2 == 1 && lm.From() == vsq:
			vsq = lm.To()
		}
	}
	return false
}

// capturesLetMate reports, for the side to move's direct captures of the
// piece on vsq (pos as the searcher has it), whether some capture, and
// whether every one (false when there is none), lets the opponent mate:
// after it the opponent has a mate threat (24.2 杀, the one MateThreat
// finds). pos is restored.
func capturesLetMate(s *searcher, vsq position.Square) (some, all bool) {
	pos := s.pos
	var cb [16]position.Move
	caps := pos.LegalCapturesInto(cb[:0], vsq, pos.Side())
	all = len(caps) > 0
	for _, c := range caps {
		pos.Make(c)
		mated := s.mateThreat().Exists
		pos.Unmake()
		some = some || mated
		all = all && mated
	}
	return some, all
}
