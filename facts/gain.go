package facts

// What a side can win through one enemy piece (the raw material of 捉, 2011
// 24.3 得子): the best material balance of a line whose first capture is
// that piece, possibly after checks (抽吃, 连将吃子), the opponent answering
// checks with any legal move and stopping the exchange when it suits it —
// the one-victim search here (gainViaChecks, gainSearch, afterCheck) —
// less what the opponent could win anyway had the mover passed (the
// baseline, baseline.go), not counting what the mover could win elsewhere
// anyway (ownShare, ownshare.go, under the board reading), and with the
// pawn-trade rule applied (26.7, pawnclamp.go). Under Params.ChaseExchange
// square, what the opponent wins back is scoped to the capture's own
// exchange and so is the baseline (chasesquare.go). gainAll (gainall.go)
// searches the check lines once for every victim; the one-victim search
// finds the line a victim's gain is shown by. TestFiguresFacts checks every
// 捉 of the 2020 figures, TestPawnTradeClause the pawn rule,
// TestMemoOrderIndependent that the shared search answers as the one-victim
// search does.

import (
	"github.com/xqrules/xqrules/position"
)

// gainResult is the outcome of a gain search against one victim.
type gainResult struct {
	ok       bool // some line takes the victim
	gain     int
	raw      int // the line's own balance: gain before the baseline and the pawn clamp
	line     []position.Move
	viaCheck bool
	matedAll bool // every direct capture of the victim gets the mover mated at once
	direct   bool // the victim can be taken outright
	clamped  bool // the pawn clamp took the gain away (gainViaChecks)
	// found is the line's balance as the search found it, before
	// ownShare (see there): what gainsAll's shared search compares.
	found int
	// kept is gain with the chase's own pieces kept out of the baseline
	// (baselineLine with keep): not written off as lost anyway. Where no
	// line was worked out (gain <= 0) it is gain, which is at least kept.
	kept int
}

// gainVia finds the best material balance the side to move can force by a
// line whose first capture is the piece on target, possibly after up to
// par.GainChecks checks (抽吃, 连将吃子); the opponent answers checks with any
// legal move and may stop the exchange when it suits it.
func (s *searcher) gainVia(target position.Square) gainResult {
	return s.gainViaChecks(target, s.par.GainChecks, noFloor, noCeil)
}

// gainViaChecks is gainVia with its own budget of checks before the capture,
// and a floor for the search (see gainSearch): with one, it reports a line
// only if one is worth more than the floor (before the baseline and the pawn
// clamp), and then the same line as without. ceil (noCeil: none) is a value
// no line reaches (one more than the best, which gainAll has found): the
// search, which never gets there, finds the same line, but the answers to a
// check need be searched only up to it (gainSearch's ceil), and the root's
// checks only until a line worth the best is settled (settled).
func (s *searcher) gainViaChecks(target position.Square, checks, floor, ceil int) gainResult {
	s.reset()
	var r gainResult
	if s.par.PawnTradeNoGain && s.par.ChaseExchange == ChaseBoard {
		// Equal lines are told apart by the pawn clamp (see tieBreak),
		// which reads what the board baseline's line takes.
		_, taken := s.baselineLine(target, false)
		s.tie = &tieBreak{taken: taken}
	}
	g, ok := s.gainSearch(target, checks, 0, &r, floor, ceil)
	s.tie = nil
	r.ok = ok
	if ok {
		r.line = s.line(0) // the baseline's search overwrites the PV
		r.found = g
		if s.par.ChaseExchange == ChaseBoard && g > 0 && len(r.line) > 0 && r.line[0].To() == target {
			g = s.ownShare(target, g)
		}
		base, taken := s.baselineLine(target, false)
		kbase, ktaken := s.baselineLine(target, true)
		r.raw = g
		if s.par.ChaseExchange == ChaseSquare && len(r.line) > 0 && r.line[0].To() == target {
			// The baseline is in the capture's rest: the line's own
			// balance is without it, and what it takes is lost anyway
			// all the same (the pawn clamp).
			_, others := s.restZone(r.line[0])
			var zb int
			zb, taken = s.zoneBaselineLine(0, r.line[0], others)
			r.raw = g - zb
		}
		g += base
		s.pvLen[0] = len(r.line)
		copy(s.pv[0][:], r.line)
		r.gain = g
		r.line = s.line(0)
		if len(r.line) > 0 && r.line[0].To() != target {
			r.viaCheck = true
		}
		r.gain = s.clampPawnTrade(r.line, r.gain, taken)
		r.clamped = r.gain != g
		r.kept = s.clampPawnTrade(r.line, r.raw+kbase, ktaken)
		if s.par.ChaseExchange == ChaseSquare {
			r.kept = r.gain // the square reading scopes its own baseline
		}
	}
	return r
}

// gainSearch: side to move S has not yet taken the target. ok=false when no
// line takes it. stats (at the root only) records direct-capture facts.
// Only a line worth more than floor (noFloor: any) can matter to the caller:
// below the root, what cannot beat it (or the best line found here) is not
// searched and is reported as no line; the best line and its value are the
// same as without the floor. Past ceil (noCeil: none) the caller does not
// care how much more a line wins (see gainAll's ceilings): once one reaches
// it the search stops, its value then a lower bound.
func (s *searcher) gainSearch(target position.Square, checks, ply int, stats *gainResult, floor, ceil int) (int, bool) {
	s.pvLen[ply] = ply
	if !s.tick() || ply >= maxPly-4 {
		return 0, false
	}
	moves, checking := s.legalAndChecks(checks > 0)
	var c lineChoice
	matedAll, anyDirect := true, false
	// The direct captures of the target first, so that on equal balance
	// the direct line is the one reported (ties must not depend on the
	// order moves are generated in, or mirrored boards differ).
	for _, m := range moves {
		if m.To() != target {
			continue
		}
		anyDirect = true
		v, ok, escaped := s.directLine(target, m, ply, floor, &c)
		matedAll = matedAll && !escaped
		if ok {
			s.offer(&c, ply, m, v)
		}
		if c.found && c.best >= ceil {
			return c.best, true
		}
	}
	// Then the checks (checkLine asks nothing of other moves, nor of any
	// without checks left), in the order of the legal moves.
	for _, m := range checking {
		if m.To() == target {
			continue
		}
		if ply == 0 && s.settled(&c, ceil) {
			break
		}
		v, ok := s.checkLine(target, m, checks, ply, floor, ceil, &c)
		if ok {
			s.offer(&c, ply, m, v)
		}
		if c.found && c.best >= ceil {
			return c.best, true
		}
		if s.cut {
			break
		}
	}
	if ply == 0 && stats != nil {
		stats.direct = anyDirect
		stats.matedAll = anyDirect && matedAll
	}
	return c.best, c.found
}

// lineChoice is the best line a gain search has found at a node: its
// balance, and, once known, whether the pawn clamp takes it away (see
// tieBreak). The line itself is in pv.
type lineChoice struct {
	best                  int
	found, known, clamped bool
}

// offer puts the line through m at ply, worth v, left in pv[ply+1], to
// the mover's choice c: a better line is taken, an equal one is told apart
// by the pawn clamp when the search does that (tieBreak).
func (s *searcher) offer(c *lineChoice, ply int, m position.Move, v int) {
	switch {
	case !c.found || v > c.best:
		c.best, c.found, c.known = v, true, false
		s.setPV(ply, m)
	case v == c.best && s.tie != nil:
		c.known, c.clamped = s.tieBreak(ply, m, c.known, c.clamped, true)
	}
}

// settled reports, at the root of a gain search whose ceil is one more than
// the best line there is (gainViaChecks), whether the line chosen (c) can
// no longer change: it is worth ceil-1, which no other line beats, and no
// line worth as much would be told apart from it — there is no tie-break,
// or the pawn clamp leaves it standing, which the mover prefers anyway
// (tieBreak). The root's remaining checks then need no search: the line
// and its value are those the whole search reports.
func (s *searcher) settled(c *lineChoice, ceil int) bool {
	if ceil == noCeil || !c.found || c.best != ceil-1 {
		return false
	}
	if s.tie == nil {
		return true
	}
	if !c.known {
		c.known, c.clamped = true, s.lineClamped(0)
	}
	return !c.clamped
}

// directLine is the balance of the direct capture m of the victim on
// target, at ply of a gain search: the victim less what the opponent wins
// back in the exchange that follows (less the rest's baseline under
// ChaseSquare), or less mateScore when it mates at once (at the root: a
// fact, 细则7). ok is false when, below the root, the line cannot matter:
// it is no better than the floor or the best line found here (c). escaped:
// it was searched and does not get the mover mated at once.
func (s *searcher) directLine(target position.Square, m position.Move, ply, floor int, c *lineChoice) (v int, ok, escaped bool) {
	v = s.value(s.pos.At(target), target)
	square := s.par.ChaseExchange == ChaseSquare
	z, base := s.squareRest(ply, m, square)
	// Taking without check wins at most the victim (the opponent may
	// stop) — under the square reading plus the zone's baseline, which the
	// rest gives back (it is the zone's exchange, at least 0, less base):
	// below the root, skip what cannot matter. At the root every capture is
	// tried (its facts: mated at once or not).
	if ply > 0 && floor != noFloor && v+base <= floor && !s.givesCheck(m) {
		return 0, false, false
	}
	// Below the root a line no better than the floor, or than the best
	// line found here (or, telling ties apart, worse than it), changes
	// nothing: the exchange is asked only whether the opponent wins back
	// less than that allows.
	lim := noFloor
	if ply > 0 {
		lim = floor
		if b := c.best; c.found {
			if s.tie != nil {
				b--
			}
			lim = max(lim, b)
		}
	}
	s.pos.Make(m)
	var rest int
	escaped = true
	switch {
	case ply == 0 && s.opponentMatesInOne(ply+1):
		rest, escaped = mateScore, false
	case square:
		rest = s.zoneExchange(ply+1, z) - base
	case lim != noFloor:
		rest = s.exchangeBelow(ply+1, v-lim)
	default:
		rest = s.exchange(ply + 1)
	}
	s.pos.Unmake()
	if rest == noExchange {
		return 0, false, escaped // worth no more than lim
	}
	return v - rest, true, escaped
}

// checkLine is the balance of the line through the victim on target that
// starts with the check m at ply of a gain search (with checks left): what
// m takes, and then the least the opponent's answers leave (afterCheck). ok
// is false when m is no such line (a capture, not of the blocker) or the
// line does not beat the floor, or the best line found here (c).
//
// The checks before the victim falls take nothing: a capture with check is
// a first capture of its own (its victim's threat), or the victim's gain
// would borrow another piece's (and an exchange of rooks with check would
// read as a chase of whatever follows) — except the checking piece taking
// the piece that has just blocked its check: the check goes on (连续将军得子,
// 2020 图3 车7平8), and the blocker is won on the way.
func (s *searcher) checkLine(target position.Square, m position.Move, checks, ply, floor, ceil int, c *lineChoice) (int, bool) {
	gained := 0
	if s.pos.At(m.To()) != position.NoPiece {
		if !s.takesBlocker(m, ply) {
			return 0, false
		}
		gained = s.value(s.pos.At(m.To()), m.To())
	}
	fl := floor
	if c.found && c.best > fl {
		fl = c.best // a line must beat the best one found here
		if s.tie != nil {
			fl-- // or equal it (see tieBreak)
		}
	}
	if ply == 0 && s.rootLineBelow(m, target, fl) {
		return 0, false // the shared search has shown it cannot
	}
	if fl != noFloor {
		fl -= gained
	}
	cl := ceil
	if cl != noCeil {
		cl -= gained
	}
	s.checker[ply] = m.To()
	s.path[ply] = m
	s.pos.Make(m)
	v, ok := s.afterCheck(target, checks-1, ply+1, fl, cl)
	s.pos.Unmake()
	return gained + v, ok
}

// takesBlocker reports whether the capture m, at ply of a gain search's
// check line, is the piece that moved to give the last check taking the
// piece that answered it by blocking.
func (s *searcher) takesBlocker(m position.Move, ply int) bool {
	return ply >= 2 && m.From() == s.checker[ply-2] && m.To() == s.pos.LastMove().To() &&
		s.pos.At(m.To()).Kind() != position.King
}

// afterCheck: the opponent answers a check; S's line stands only if it takes
// the target against every answer. Returns S's balance from here.
// A line worth no more than floor (noFloor: none) is reported as no line;
// past ceil (noCeil: none) the value is only a lower bound. After the first
// answer the others are searched only up to the least found so far.
func (s *searcher) afterCheck(target position.Square, checks, ply int, floor, ceil int) (int, bool) {
	s.pvLen[ply] = ply
	all := s.legalView()
	if len(all) == 0 {
		return 0, false // a mate, not a gain through the target
	}
	// Captures first, the most valuable first (the other answers as they
	// were generated): on an equal balance the answer that takes (the
	// checking pawn, say) is the one reported, whatever order the moves
	// were generated in. It is the defender's better answer when balances
	// tie: a line in which the mover gives a pawn for a piece is no gain
	// under 26.7, and the clamp reads the reported line (a mirrored or
	// colour-swapped board must not pick the other answer).
	replies := s.capturesBeforeQuiet(ply, all) // deeper plies use their own buffers
	worst, found := 0, false
	known, clamped := false, false // see gainSearch
	for _, r := range replies {
		t := target
		if r.From() == target {
			t = r.To()
		}
		lost := 0
		if cap := s.pos.At(r.To()); cap != position.NoPiece {
			lost = s.value(cap, r.To())
		}
		cf := floor
		if cf != noFloor {
			cf += lost
		}
		cl := ceil
		if found && worst < cl {
			cl = worst
			if s.tie != nil {
				cl++ // a line equal to the least must be told apart too (tieBreak)
			}
		}
		if cl != noCeil {
			cl += lost
		}
		s.path[ply] = r
		s.pos.Make(r)
		v, ok := s.gainSearch(t, checks, ply+1, nil, cf, cl)
		s.pos.Unmake()
		if !ok || (cf != noFloor && v <= cf) {
			return 0, false // the line fails, or cannot beat the floor
		}
		v -= lost
		if !found || v < worst {
			worst, found = v, true
			s.setPV(ply, r)
			known = false
		} else if v == worst && s.tie != nil {
			known, clamped = s.tieBreak(ply, r, known, clamped, false)
		}
		if s.cut {
			return 0, false
		}
	}
	return worst, found
}
