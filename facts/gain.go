package facts

// What a side can win through one enemy piece (the raw material of 捉): the
// best material balance of a line whose first capture is that piece,
// possibly after checks (抽吃, 连将吃子), the opponent answering checks with
// any legal move and stopping the exchange when it suits it; less what the
// opponent could win anyway had the mover passed (the baseline), not
// counting what the mover could win elsewhere anyway (ownShare, under the
// board reading), and with the pawn-trade rule applied (26.7). Under Params.ChaseExchange square, what
// the opponent wins back is scoped to the capture's own exchange (restZone)
// and so is the baseline (zoneBaseline). gainAll searches the check lines once
// for every victim. TestFiguresFacts checks every 捉 of the 2020 figures,
// TestPawnTradeClause the pawn rule, TestMemoOrderIndependent that the
// shared search answers as the one-victim search does.

import (
	"cmp"
	"slices"

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
// check need be searched only up to it (gainSearch's ceil).
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
	moves := s.legal(ply)
	var c lineChoice
	matedAll, anyDirect := true, false
	// Two passes: the direct captures of the target first, so that on equal
	// balance the direct line is the one reported (ties must not depend on
	// the order moves are generated in, or mirrored boards differ).
	for pass := 0; pass < 2; pass++ {
		for _, m := range moves {
			if (m.To() == target) != (pass == 0) {
				continue
			}
			if m.To() == target {
				anyDirect = true
				v, ok, escaped := s.directLine(target, m, ply, floor, &c)
				matedAll = matedAll && !escaped
				if ok {
					s.offer(&c, ply, m, v)
				}
			} else {
				v, ok := s.checkLine(target, m, checks, ply, floor, ceil, &c)
				if ok {
					s.offer(&c, ply, m, v)
				}
			}
			if c.found && c.best >= ceil {
				return c.best, true
			}
			if s.cut && pass == 1 {
				break
			}
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

// directLine is the balance of the direct capture m of the victim on
// target, at ply of a gain search: the victim less what the opponent wins
// back in the exchange that follows (less the rest's baseline under
// ChaseSquare), or less mateScore when it mates at once (at the root: a
// fact, 细则7). ok is false when, below the root, the line cannot matter:
// it is no better than the floor or the best line found here (c). escaped:
// it was searched and does not get the mover mated at once.
func (s *searcher) directLine(target position.Square, m position.Move, ply, floor int, c *lineChoice) (v int, ok, escaped bool) {
	v = s.value(s.pos.At(target), target)
	// Taking without check wins at most the victim (the opponent may
	// stop): below the root, skip what cannot matter. At the root every
	// capture is tried (its facts: mated at once or not).
	if ply > 0 && floor != noFloor && v <= floor && !s.givesCheck(m) {
		return 0, false, false
	}
	square := s.par.ChaseExchange == ChaseSquare
	z, base := s.squareRest(ply, m, square)
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
// starts with the check m at ply of a gain search: what m takes, and then
// the least the opponent's answers leave (afterCheck). ok is false when m
// is no such check or the line does not beat the floor, or the best line
// found here (c).
//
// The checks before the victim falls take nothing: a capture with check is
// a first capture of its own (its victim's threat), or the victim's gain
// would borrow another piece's (and an exchange of rooks with check would
// read as a chase of whatever follows) — except the checking piece taking
// the piece that has just blocked its check: the check goes on (连续将军得子,
// 2020 图3 车7平8), and the blocker is won on the way.
func (s *searcher) checkLine(target position.Square, m position.Move, checks, ply, floor, ceil int, c *lineChoice) (int, bool) {
	if checks <= 0 {
		return 0, false
	}
	gained := 0
	if s.pos.At(m.To()) != position.NoPiece {
		if !s.takesBlocker(m, ply) {
			return 0, false
		}
		gained = s.value(s.pos.At(m.To()), m.To())
	}
	if !s.givesCheck(m) {
		return 0, false
	}
	fl := floor
	if c.found && c.best > fl {
		fl = c.best // a line must beat the best one found here
		if s.tie != nil {
			fl-- // or equal it (see tieBreak)
		}
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

// ownShare is what a direct line through the victim on target, whose
// balance the search found to be g (> 0), wins for the victim's sake: the
// mover's gains elsewhere that it could make anyway, without the victim's
// exchange, are not the victim's (seed 001 (一)无关联: 不能把甲乙两块棋混在一
// 起计算子力价值的得失) — neither taken in the line nor as the threat that
// keeps the opponent from taking back (a recapture it declines because the
// mover would then win elsewhere what it can win anyway). The baseline does
// this for what the opponent wins anyway; this is the mover's side.
//
// The victim's share is its own complete exchange (ownExchange), or the
// whole line's balance less the best the mover could win anyway by taking
// another piece (moverElsewhere), whichever is more, and never more than g:
// a gain elsewhere that the victim's exchange made possible (it took a root,
// opened a line: 2020 图4, 以炮换马多得一卒) is the victim's, one that was
// there anyway is not.
func (s *searcher) ownShare(target position.Square, g int) int {
	if s.pos.InCheck(s.pos.Side()) {
		return g // no passing out of check: nothing is won "anyway"
	}
	anyway := s.moverElsewhere(target)
	if anyway <= 0 {
		return g
	}
	own := s.ownExchange(target)
	return min(g, max(own, g-anyway))
}

// moverElsewhere is the best balance the side to move can win by a direct
// capture of an enemy piece other than the one on target (the king aside),
// measured as the line through a victim is (the capture, then the exchange
// search), with the victim spared (qsc's spared: the mover does not take
// it where it stands): what it wins anyway, without touching that victim —
// a line that comes round to the victim (two pieces of one root: take one,
// and the other falls) is the victim's too. 0 if none wins. A capture after
// which the opponent mates at once does not count.
func (s *searcher) moverElsewhere(target position.Square) int {
	best := 0
	var cb [position.MaxMoves]position.Move
	release := s.spare(target)
	defer release()
	for _, c := range s.pos.LegalCaptures(cb[:0]) {
		to := c.To()
		pc := s.pos.At(to)
		if to == target || pc.Kind() == position.King {
			continue
		}
		v := s.value(pc, to)
		if v <= best {
			continue // the opponent may stop: it wins at most the piece
		}
		s.pos.Make(c)
		if !s.opponentMatesInOne(1) {
			best = max(best, v-s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, position.NoSquare, 1))
		}
		s.pos.Unmake()
	}
	return best
}

// ownExchange is the best balance of a capture of the piece on target by the
// side to move, in the victim's own complete exchange: either side takes on
// the victim's square and on the squares the other has captured on (the
// complete exchange on each), by the checks of the exchange search, and
// elsewhere only by a capture it did not have before the victim was taken:
// one the exchange made possible (a line it opened, a root it took, a piece
// it brought into play: seed 000 第53讲 图3, where 车七进五 takes the
// elephant and, the rook gone from the cannon's rank, 炮九平三 takes the
// crossed rook). A capture either side had anyway is not part of it: what
// the opponent wins anyway is the baseline's, what the mover wins anyway is
// not the victim's. A capture after which the opponent mates at once does
// not count. noFloor when the mover is in check (no null move to ask the
// opponent's captures; ownShare does not ask) or has no such capture.
func (s *searcher) ownExchange(target position.Square) int {
	best := noFloor
	mover := s.pos.Side()
	if s.pos.InCheck(mover) {
		return best
	}
	var cb, rb, ob [position.MaxMoves]position.Move
	saved, side, savedCaps, savedOpp, savedOwn := s.zone, s.zoneSide, s.rootCaps, s.oppCaps, s.ownRoot
	s.rootCaps = s.pos.LegalCaptures(rb[:0])
	s.pos.Make(position.NullMove)
	s.oppCaps = s.pos.LegalCaptures(ob[:0])
	s.pos.Unmake()
	s.ownRoot, s.zoneSide = true, mover
	for _, c := range s.pos.LegalCapturesInto(cb[:0], target, mover) {
		v := s.value(s.pos.At(target), target)
		s.zone = zone{}
		s.zone.add(target)
		s.pos.Make(c)
		if !s.opponentMatesInOne(1) {
			v -= s.qs(zoneSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, 1)
			best = max(best, v)
		}
		s.pos.Unmake()
	}
	s.zone, s.zoneSide, s.rootCaps, s.oppCaps, s.ownRoot = saved, side, savedCaps, savedOpp, savedOwn
	return best
}

// rootKeptGain is the best balance of a direct capture of the piece on
// target by the side to move (no check before it) with a piece that protects
// some of the mover's other pieces (the king aside) where they stand — it
// attacks their squares by its own movement, as restZone's 做根子 — when the
// opponent does not take those pieces where they stand in the exchange that
// follows (qsc's spared squares): what the root's leaving loses is not the
// capture's (issue 24 class 3). The board baseline is added as in
// gainViaChecks. ok is false when no capture by such a root exists, the
// mover is in check, or every such capture gets it mated at once.
func (s *searcher) rootKeptGain(target position.Square) (int, bool) {
	mover := s.pos.Side()
	if s.pos.InCheck(mover) {
		return 0, false
	}
	var cb [16]position.Move
	var pb, ab [16]position.Square
	best, found := 0, false
	// Its own bounded search, which leaves the caller's count and cut as
	// they were; a search cut short reports nothing.
	nodes, cut := s.nodes, s.cut
	defer func() { s.nodes, s.cut = nodes, cut }()
	s.reset()
	pieces := s.pos.Pieces(mover, pb[:0])
	for _, c := range s.pos.LegalCapturesInto(cb[:0], target, mover) {
		from := c.From()
		if s.pos.At(from).Kind() == position.King {
			continue
		}
		var rooted []position.Square
		for _, q := range pieces {
			if q == from || s.pos.At(q).Kind() == position.King {
				continue
			}
			if slices.Contains(s.pos.AttackersInto(ab[:0], q, mover), from) {
				rooted = append(rooted, q)
			}
		}
		if len(rooted) == 0 {
			continue
		}
		v := s.value(s.pos.At(target), target)
		s.pos.Make(c)
		if !s.opponentMatesInOne(1) {
			release := s.spare(rooted...)
			v -= s.qs(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, 1)
			release()
			if !found || v > best {
				best, found = v, true
			}
		}
		s.pos.Unmake()
	}
	if !found || s.cut {
		return 0, false
	}
	base, _ := s.baselineLine(target, false)
	return best + base, true
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
	replies := s.legal(ply) // deeper plies use their own buffers
	if len(replies) == 0 {
		return 0, false // a mate, not a gain through the target
	}
	// Captures first, the most valuable first (the other answers as they
	// were generated): on an equal balance the answer that takes (the
	// checking pawn, say) is the one reported, whatever order the moves
	// were generated in. It is the defender's better answer when balances
	// tie: a line in which the mover gives a pawn for a piece is no gain
	// under 26.7, and the clamp reads the reported line (a mirrored or
	// colour-swapped board must not pick the other answer).
	s.capturesBeforeQuiet(replies)
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

// tieBreak is the state of a gain search that tells equal lines apart
// (gainViaChecks, under the pawn clamp and the board reading): two lines
// worth the same material are not worth the same to the mover when the pawn
// clamp (26.7) takes one's gain away and not the other's. Of equal lines the
// mover, at its choices (gainSearch), takes one the clamp leaves standing,
// and the defender, at its answers to a check (afterCheck), one the clamp
// takes away — each side's better line, whatever order the moves were
// generated in (a mirrored or colour-swapped board must report the same).
// Only the gain search's own choices are weighed this way: within the
// exchange search (qsc) the clamp is not weighed (sortCaptures orders equal
// captures, and of equal answers to a check a capture, else the quiet
// answer with the longest line, is kept).
type tieBreak struct {
	taken []position.Square // the board baseline's (clampPawnTrade's anyway)
	line  [maxPly]position.Move
}

// tieBreak compares, at ply, the line through m, whose balance equals the
// best line's (left in pv[ply]), with that line, for the mover (mover) or
// the defender: it keeps the one the side prefers (see the type), the best
// on equal terms. known and clamped say whether the best line's clamp is
// known and what it is; it returns them for the line kept.
func (s *searcher) tieBreak(ply int, m position.Move, known, clamped, mover bool) (bool, bool) {
	if !known {
		clamped = s.lineClamped(ply)
	}
	if clamped != mover {
		return true, clamped // the best line is already the side's choice
	}
	var saved [maxPly]position.Move
	n := copy(saved[:], s.pv[ply][ply:s.pvLen[ply]])
	savedLen := s.pvLen[ply]
	s.setPV(ply, m)
	if c := s.lineClamped(ply); c != mover {
		return true, c
	}
	copy(s.pv[ply][ply:], saved[:n])
	s.pvLen[ply] = savedLen
	return true, clamped
}

// lineClamped reports whether the pawn clamp takes away the gain of the
// line from the gain search's root that reaches ply by s.path and goes on
// by pv[ply].
func (s *searcher) lineClamped(ply int) bool {
	line := append(append(s.tie.line[:0], s.path[:ply]...), s.pv[ply][ply:s.pvLen[ply]]...)
	for range ply {
		s.pos.Unmake()
	}
	clamped := s.clampPawnTrade(line, 1, s.tie.taken) == 0
	for _, m := range s.path[:ply] {
		s.pos.Make(m)
	}
	return clamped
}

// clampPawnTrade applies the floating pawn value (1999 25.3, 2011 26.7): a
// line in which one side gives only pawns for other pieces, or the other way
// round, is no gain — except a pawn given up (with check) to win a rook.
// The pawns given are those traded in the exchange: a pawn of the mover's
// that moves in the line (the capturing pawn, one given with check), or one
// taken back on a square the mover has captured on; a pawn the opponent
// grabs elsewhere meanwhile is not traded (its value is in the balance all
// the same). One pawn given with check that wins two pieces, neither a
// rook, is no gain: 一兵换取数子…均不算得子 (1999 25.3; 2011 26.7 keeps only
// the rook as the exception) — inferred; the alternative would count any
// pawn given with check as the rook's exception does.
//
// The rule holds both ways (issue 24 item 2; inferred): a line that loses
// (gain < 0) only because the mover takes pawns and the opponent takes
// other pieces for them, none a rook, is no loss — the opponent's piece won
// for a pawn is no 得子 either. A root that grabs an unrooted pawn and
// leaves the piece it guarded (2020 图22, 参考图46: 捉) is then even; a
// root that takes an advisor and loses a horse (参考图28: 得不偿失) is not.
// The pawns must be the mover's only gain and it must give no pawn back.
//
// The mover's pieces in anyway (the baseline's line takes them whatever the
// mover does) are not given for anything, unless they take part in the line:
// a pawn won while the opponent takes an elephant it could have taken anyway
// is a pawn won (2020 图8), a pawn taken by a rook that is then lost is a rook
// given for a pawn even if the rook was lost anyway (图16: 避抽后 the rook's
// capture becomes a chase).
func (s *searcher) clampPawnTrade(line []position.Move, gain int, anyway []position.Square) int {
	if !s.par.PawnTradeNoGain || gain == 0 || gain < -mateScore/2 || len(line) == 0 {
		return gain
	}
	var lost, won [2]int // [pawns, others]
	rookWon, rookLost := false, false
	mover := s.pos.Side()
	var moved [position.NumSquares]bool // the mover's pieces that move in the line, by origin
	var taken [position.NumSquares]bool // squares the mover has captured on (the exchange's squares)
	// The pieces lost anyway, by kind: a piece the line loses stands for
	// one of them if it is of the same kind, whichever of two equal pieces
	// each search happened to take (two advisors a pawn can take: the
	// choice must not decide the clamp, or a mirrored board would differ).
	var anywayKinds [position.Pawn + 1]int
	for _, q := range anyway {
		anywayKinds[s.pos.At(q).Kind()]++
	}
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square) {
		if cap != position.NoPiece {
			i := 1
			if cap.Kind() == position.Pawn {
				i = 0
			}
			switch {
			case side == mover:
				won[i]++
				rookWon = rookWon || cap.Kind() == position.Rook
				taken[m.To()] = true
			case i == 0 && !moved[capOrigin] && !taken[m.To()]:
				// A pawn the opponent grabs elsewhere is not given in
				// the exchange (26.7 speaks of the pawns traded: the
				// capturing pawn, pawns recaptured on its squares).
			case moved[capOrigin] || anywayKinds[cap.Kind()] == 0:
				lost[i]++
				rookLost = rookLost || cap.Kind() == position.Rook
			default:
				anywayKinds[cap.Kind()]-- // lost anyway
			}
		}
		if side == mover {
			moved[fromOrigin] = true
		}
	})
	if gain < 0 {
		// The opponent's side of the same rule: it wins pieces for the
		// pawns the mover takes, which is no 得子 either (一兵换取数子…
		// 不算得子) — unless it wins a rook (the exception above, seen
		// from its side). So the line is no loss for the mover.
		if won[0] > 0 && won[1] == 0 && lost[0] == 0 && lost[1] > 0 && !rookLost {
			return 0
		}
		return gain
	}
	pawnsForPieces := lost[0] > 0 && lost[1] == 0 && won[1] > 0 && !rookWon
	piecesForPawns := won[0] > 0 && won[1] == 0 && lost[1] > 0
	if pawnsForPieces || piecesForPawns {
		return 0
	}
	return gain
}

// frame is one ply's scratch for the shared gain search, kept in the
// searcher rather than on the stack: the recursion would otherwise carry
// a few kilobytes per ply, and the stack grows and shrinks with it.
type frame struct {
	sub       targets
	fl, cl    floors
	alive, sw [position.NumSquares]bool
	// want: gainAll's victims still wanted (see its ceil).
	want [position.NumSquares]bool
	// vict: the child node's victims (see gainAll).
	vict [16]position.Square
}

// frame returns ply's scratch, made on first use.
func (s *searcher) frame(ply int) *frame {
	if s.frames[ply] == nil {
		s.frames[ply] = new(frame)
	}
	return s.frames[ply]
}

// floors holds, per square, a value a line must beat (noFloor: none), or
// as ceilings a value beyond which a line's worth does not matter (noCeil:
// none).
type floors [position.NumSquares]int

const (
	noFloor = -1 << 40
	noCeil  = 1 << 40
)

// targets holds, per square of the opponent's pieces (in the coordinates of
// the node), the best balance of a line whose first capture is that piece.
type targets struct {
	val [position.NumSquares]int
	ok  [position.NumSquares]bool
}

// gainAll is gainSearch for every opponent piece at once: the check lines
// (抽吃, 连将吃子), which are the expensive part, are searched once and
// shared by all victims. Values are before the baseline and the pawn clamp.
//
// want (nil: every piece) names the victims the caller still needs, in the
// coordinates of this node: the others are not searched and come back not ok.
//
// vict lists the squares of the opponent's pieces (the victims, the king
// included) at this node: everything per square (out, want, floor) is read
// and written at those squares only.
//
// floor (nil: none) says, per victim in this node's coordinates, what a line
// must beat to matter: the root already has that much through the victim
// (a direct capture, or another line). A line worth no more is reported as
// no line — the root's result is the same either way — so a capture that
// cannot beat it (it gives no check, so the opponent may stop: it wins at
// most the victim) is not searched.
//
// ceil (nil: none) says, per victim, a balance beyond which the caller does
// not care how much more a line wins: the answer to a check that it is
// searched under must do no better for the victim than another answer did
// already (the caller takes the least over the answers). Once a victim has
// a line worth its ceiling, its other lines are not searched, and the node
// returns when every victim wanted has one; such a victim's value is then
// only a lower bound, at or above its ceiling.
func (s *searcher) gainAll(checks, ply int, out *targets, root *[position.NumSquares]gainResult, want *[position.NumSquares]bool, floor, ceil *floors, vict []position.Square) {
	*out = targets{}
	if !s.tick() || ply >= maxPly-4 {
		return
	}
	f := s.frame(ply)
	n := allNode{out: out, want: want, floor: floor, ceil: ceil}
	if ceil != nil {
		n.track(&f.want, vict)
	}
	// The captures, then (within the budget) the quiet checks: a capture
	// with check is a first capture of its own, unless it takes the piece
	// that blocked the last check (see gainSearch).
	moves, nCaps := s.capturesAndChecks(ply, checks > 0)
	s.bufs[ply] = moves
	for i, m := range moves {
		to := m.To()
		// The checking piece that takes the piece blocking its check, with
		// check again, also goes on as a check (see gainSearch).
		goOn := i < nCaps && checks > 0 && s.takesBlocker(m, ply) && s.givesCheck(m)
		if i < nCaps && n.wants(to) && s.pos.At(to).Kind() != position.King &&
			(floor == nil || s.value(s.pos.At(to), to) > floor[to] || s.givesCheck(m)) {
			if s.allCapture(m, ply, &n, root) && n.wanted == 0 {
				return
			}
		}
		if i < nCaps && !goOn {
			continue
		}
		gained := 0
		if i < nCaps {
			gained = s.value(s.pos.At(to), to)
		}
		s.allCheckLine(m, gained, checks, ply, f, &n, vict)
		if s.cut || (ceil != nil && n.wanted == 0) {
			return
		}
	}
}

// allNode is gainAll's state at a node: the victims' lines found (out), the
// victims still wanted (want, nil: all), their floors and ceilings (nil:
// none) and, with ceilings, how many wanted victims are not yet at theirs.
type allNode struct {
	out         *targets
	want        *[position.NumSquares]bool
	floor, ceil *floors
	wanted      int
}

// track makes lw the node's own copy of the victims of vict it wants, to
// drop each as it reaches its ceiling.
func (n *allNode) track(lw *[position.NumSquares]bool, vict []position.Square) {
	*lw = [position.NumSquares]bool{}
	for _, q := range vict {
		if n.want == nil || n.want[q] {
			lw[q] = true
			n.wanted++
		}
	}
	n.want = lw
}

// wants reports whether the victim on q is still wanted.
func (n *allNode) wants(q position.Square) bool { return n.want == nil || n.want[q] }

// floorOf is what a line through the victim on q must beat here: its floor,
// or the best line through it found here.
func (n *allNode) floorOf(q position.Square) int {
	fl := noFloor
	if n.floor != nil {
		fl = n.floor[q]
	}
	if n.out.ok[q] && n.out.val[q] > fl {
		fl = n.out.val[q]
	}
	return fl
}

// reached reports whether victim q, wanted, now has a line at its ceiling,
// and drops it from the victims wanted if so.
func (n *allNode) reached(q position.Square) bool {
	if n.ceil == nil || !n.want[q] || !n.out.ok[q] || n.out.val[q] < n.ceil[q] {
		return false
	}
	n.want[q] = false
	n.wanted--
	return true
}

// offer records a line worth v through the victim on q, if it is the best
// found here, and reports whether the victim has reached its ceiling.
func (n *allNode) offer(q position.Square, v int) bool {
	if n.out.ok[q] && v <= n.out.val[q] {
		return false
	}
	n.out.val[q], n.out.ok[q] = v, true
	return n.reached(q)
}

// allCapture is gainAll's direct capture m at ply: the victim less what
// the opponent wins back (exchange, asked only below what could matter),
// or less mateScore if the opponent mates at once (a fact of the root's
// captures, kept in root). It reports whether the victim has reached its
// ceiling.
func (s *searcher) allCapture(m position.Move, ply int, n *allNode, root *[position.NumSquares]gainResult) bool {
	to := m.To()
	v := s.value(s.pos.At(to), to)
	square := s.par.ChaseExchange == ChaseSquare
	z, base := s.squareRest(ply, m, square)
	s.pos.Make(m)
	// "Gets mated at once" is a fact about the mover's first capture
	// (细则7); deeper in a line the exchange search sees checks and their
	// answers itself.
	mated := ply == 0 && s.opponentMatesInOne(ply+1)
	// Only a balance above the floor, or above what another capture of
	// the victim has found here, matters.
	fl := n.floorOf(to)
	rest := mateScore
	switch {
	case mated:
	case square:
		// The same rest as gainSearch's, bounded as exchangeBelow is: at
		// least v - fl reads as noExchange.
		if rest = s.zoneExchange(ply+1, z) - base; fl != noFloor && rest >= v-fl {
			rest = noExchange
		}
	case fl != noFloor:
		// The exchange is asked only whether the opponent wins back less
		// than v - fl (exact when it does).
		rest = s.exchangeBelow(ply+1, v-fl)
	default:
		rest = s.exchange(ply + 1)
	}
	s.pos.Unmake()
	if root != nil {
		r := &root[to]
		if !r.direct {
			r.matedAll = true
		}
		r.direct = true
		r.matedAll = r.matedAll && mated
	}
	return rest != noExchange && n.offer(to, v-rest)
}

// allCheckLine is gainAll's check m at ply, taking gained on the way: the
// lines through every victim but the one it takes, searched under the
// answers (afterCheckAll) against the node's floors and ceilings less what
// the check takes, and recorded in n.
func (s *searcher) allCheckLine(m position.Move, gained, checks, ply int, f *frame, n *allNode, vict []position.Square) {
	to := m.To()
	// What a line under this check must beat: the floor, or what this
	// node already has through the victim; less what the check takes.
	// The ceilings too are less what the check takes.
	cf, cc := &f.fl, &f.cl
	var cceil *floors
	if n.ceil != nil {
		cceil = cc
	}
	cv := f.vict[:0] // the victims after the check: less the one it takes
	for _, q := range vict {
		if q == to {
			continue
		}
		cv = append(cv, q)
		fl := n.floorOf(q)
		if fl != noFloor {
			fl -= gained
		}
		cf[q] = fl
		if n.ceil != nil {
			cc[q] = noCeil
			if n.ceil[q] != noCeil {
				cc[q] = n.ceil[q] - gained
			}
		}
	}
	sub := &f.sub
	s.checker[ply] = to
	s.pos.Make(m)
	s.afterCheckAll(checks-1, ply+1, sub, n.want, cf, cceil, cv)
	s.pos.Unmake()
	for _, q := range cv {
		if sub.ok[q] {
			n.offer(q, gained+sub.val[q])
		}
	}
}

// afterCheckAll: the opponent answers a check; a victim's line stands only if
// it survives every answer (values in the coordinates before the answer).
// want (nil: all) and vict as for gainAll, floor as for gainAll but not nil,
// ceil as for gainAll (nil: none). The answers that take something come
// first: they refute most lines, and once no line survives the search stops.
// Under each answer after the first, a victim's lines are searched only up to
// the least the answers so far leave it (or its ceiling, if less): more
// cannot change the least.
func (s *searcher) afterCheckAll(checks, ply int, out *targets, want *[position.NumSquares]bool, floor, ceil *floors, vict []position.Square) {
	*out = targets{}
	replies := s.legal(ply) // deeper plies use their own buffers
	if len(replies) == 0 {
		return // a mate, not a gain through a piece
	}
	s.capturesFirst(replies)
	f := s.frame(ply)
	alive := &f.alive
	if want != nil {
		*alive = *want
	} else {
		for q := range alive {
			alive[q] = true
		}
	}
	first := true
	for _, r := range replies {
		lost := 0
		if cap := s.pos.At(r.To()); cap != position.NoPiece {
			lost = s.value(cap, r.To())
		}
		// The victims still alive, in the coordinates after the answer.
		sw := &f.sw
		*sw = *alive
		sw[r.To()], sw[r.From()] = alive[r.From()], false
		// The victims and their floors after the answer (the answering
		// piece moved): a line must now beat the floors by what the answer
		// took.
		sf, sc := &f.fl, &f.cl
		var sceil *floors
		if ceil != nil || !first {
			sceil = sc
		}
		cv := f.vict[:0]
		for _, q := range vict {
			fl := floor[q]
			if fl != noFloor {
				fl += lost
			}
			cl := noCeil
			if sceil != nil {
				if ceil != nil {
					cl = ceil[q]
				}
				if !first && out.ok[q] && out.val[q] < cl {
					cl = out.val[q]
				}
				if cl != noCeil {
					cl += lost
				}
			}
			if q == r.From() {
				q = r.To()
			}
			cv = append(cv, q)
			sf[q] = fl
			sc[q] = cl
		}
		sub := &f.sub
		s.pos.Make(r)
		s.gainAll(checks, ply+1, sub, nil, sw, sf, sceil, cv)
		s.pos.Unmake()
		// Map the answer's moved piece back to its square before the answer;
		// in those coordinates the answer's destination holds no victim.
		sub.val[r.From()], sub.ok[r.From()] = sub.val[r.To()], sub.ok[r.To()]
		sub.ok[r.To()] = false
		for _, q := range vict {
			if first {
				out.val[q], out.ok[q] = sub.val[q]-lost, sub.ok[q] && alive[q]
				continue
			}
			if !sub.ok[q] {
				out.ok[q] = false
			} else if out.ok[q] && sub.val[q]-lost < out.val[q] {
				out.val[q] = sub.val[q] - lost
			}
		}
		first = false
		if s.cut {
			*out = targets{}
			return
		}
		// A line must survive every answer: once none does, the other
		// answers cannot bring one back.
		any := false
		for _, q := range vict {
			alive[q] = out.ok[q]
			any = any || alive[q]
		}
		if !any {
			return
		}
	}
}

// gainsAll returns, for every opponent piece, what gainVia would: one shared
// search for all victims, then the baseline, the pawn clamp and the line
// (by gainVia, only where the balance is positive and evidence is needed).
//
// The result is remembered per position (do not modify it): the "after" of
// one ply is where the next ply asks whether its moved piece was chased.
func (s *searcher) gainsAll() gains {
	k := s.pos.Key()
	if g, ok := s.memo.gains[k]; ok {
		return g
	}
	g, cut := s.searchGains(nil)
	if !cut {
		s.memo.gains[k] = g
	}
	return g
}

// gains is what gainsAll finds: the opponent's pieces with a line, by
// square (in square order).
type gains []gainAt

type gainAt struct {
	sq position.Square
	r  gainResult
}

// at returns the result for the piece on sq (ok false: none).
func (g gains) at(sq position.Square) (gainResult, bool) {
	for i := range g {
		if g[i].sq == sq {
			return g[i].r, true
		}
	}
	return gainResult{}, false
}

// gainsFor is gainsAll for the opponent's pieces on the squares want names
// only (the others come back without a line): the same results for those,
// searched for less, and not remembered.
func (s *searcher) gainsFor(want *[position.NumSquares]bool) gains {
	g, _ := s.searchGains(want)
	return g
}

func (s *searcher) searchGains(want *[position.NumSquares]bool) (gains, bool) {
	s.reset()
	var t targets
	var root [position.NumSquares]gainResult
	var vb [16]position.Square
	s.gainAll(s.par.GainChecks, 0, &t, &root, want, nil, nil, s.pos.Pieces(s.pos.Side().Other(), vb[:0]))
	cut := s.cut
	n := 0
	for _, ok := range t.ok {
		if ok {
			n++
		}
	}
	out := make(gains, 0, n)
	for q := range t.ok {
		if !t.ok[q] {
			continue
		}
		sq := position.Square(q)
		r := root[q]
		r.ok, r.raw = true, t.val[q]
		r.gain = r.raw + s.baseline(sq)
		r.kept = r.gain
		cut = cut || s.cut
		// A pawn's losing line is worked out too: the pawn clamp may make
		// it even (a piece given for the pawn, clampPawnTrade).
		if r.gain > 0 || r.gain < 0 && r.gain > -mateScore/2 && s.par.PawnTradeNoGain && s.pos.At(sq).Kind() == position.Pawn {
			// The line as evidence: most threats are plain captures, so try
			// without checks first and search the check lines only if the
			// shared search found more than that.
			full := s.gainViaChecks(sq, 0, noFloor, noCeil)
			if !full.ok || full.found < t.val[q] || full.clamped {
				// The line is one worth what the shared search found:
				// the search for it need look at no line worth less (and
				// should it find none, it looks again at them all).
				full = s.gainViaChecks(sq, s.par.GainChecks, t.val[q]-1, t.val[q]+1)
				if !full.ok {
					full = s.gainVia(sq)
				}
			}
			cut = cut || s.cut
			if full.ok {
				full.direct, full.matedAll = r.direct, r.matedAll
				r = full
			}
		}
		out = append(out, gainAt{sq, r})
	}
	return out, cut
}

// baseline is what the opponent could win if the mover passed instead of
// going for the victim on target. Gains are measured against standing still:
// what the opponent could win anyway (a piece already en prise elsewhere) is
// not the victim's doing, while what the capture itself leaves hanging (the
// captor was a root: 做根子捉子) is. The victim stands aside in the
// opponent's line: its own threats do not count (taking it ends them, which
// is defence, not gain), and the mover may not take it, or the threat would
// be counted on both sides and cancel itself out against an unrelated part
// of the board (seed 001 (一)无关联: "不能把甲乙两块棋混在一起计算子力价值的得失").
// The search is remembered per position and victim.
func (s *searcher) baseline(target position.Square) int {
	v, _ := s.baselineLine(target, false)
	return v
}

// baselineLine is baseline with what the opponent takes in its line: the
// squares (in the position before the null move) of the mover's pieces
// taken, which a line through the victim loses anyway.
//
// With keep, the chase's own pieces — the mover's pieces that can take the
// victim or back a capture, and the screens its cannons among them fire
// over (chaseOf) — are kept out
// of what the opponent wins anyway: the opponent's line does not take them
// where they stand (qsc's spared squares). The mover's own hanging chaser
// is not written off: a piece the chase needs that is lost after the
// capture is the capture's cost, not something lost anyway — the mover, to
// move, could have saved it instead (issue 11 class 3a: a move that shields
// or rescues its hanging chaser makes 新增得子). A hanging piece that takes
// no part in the chase stays written off (seed 001 (一)无关联). The pieces
// kept are the chase's as the board shows it (chaseOf), not which of two
// equal lines a search reports (a mirrored board must read the same) —
// unless s.keepFor names them for the victim: a move's "before" keeps the
// pieces of the chase after the move, where they stood before it (a piece
// that saves itself and takes no part in the chase after the move is not
// the chase's: issue 11 class 3d).
// Keeping only takes moves away from the opponent, so the baseline with
// keep is never more than without. gainViaChecks reports both: the gain
// (without) and kept (with), which Threat.New compares.
func (s *searcher) baselineLine(target position.Square, keep bool) (int, []position.Square) {
	if s.par.ChaseExchange == ChaseSquare {
		// The rest counts no capture elsewhere, so there is nothing to take
		// back here: each capture's rest carries its own baseline, scoped
		// as it is (zoneBaseline).
		return 0, nil
	}
	var spare chasePieces
	if keep {
		if s.keepFor != nil {
			spare = s.keepFor[target]
		} else {
			spare = chaseOf(s.pos, target)
		}
	}
	s.pos.Make(position.NullMove)
	vk := victimKey{s.pos.Key(), target, spare.hash()}
	e, ok := s.memo.baselines[vk]
	if !ok {
		release := s.spare(spare.sq[:spare.n]...)
		e.v = s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, target, 1)
		release()
		e.taken = s.takenIn(s.line(1))
		if !s.cut {
			s.memo.baselines[vk] = e
		}
	}
	base, taken := e.v, e.taken
	s.pos.Unmake()
	if base > mateScore/2 || base < 0 {
		return 0, nil // passing loses to mate, or the opponent is in check: no material baseline
	}
	return base, taken
}

// spare marks the pieces on sq as spared in qsc (see there) until the
// returned release is called.
func (s *searcher) spare(sq ...position.Square) (release func()) {
	for _, q := range sq {
		s.spared[q] = true
	}
	s.nSpared = len(sq)
	return func() {
		for _, q := range sq {
			s.spared[q] = false
		}
		s.nSpared = 0
	}
}

// takenIn returns the squares, in the position now, of the pieces of the side
// not to move that the side to move takes in line (followed as they move).
func (s *searcher) takenIn(line []position.Move) []position.Square {
	var out []position.Square
	victims := s.pos.Side().Other()
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, _ position.Square) {
		if cap != position.NoPiece && cap.Color() == victims {
			out = append(out, capOrigin)
		}
	})
	return out
}

// walkLine plays line from the position now and back, calling visit before
// each move with the side moving, the piece it takes (NoPiece if none), and
// the squares, in the position now, the taken piece and the moving piece
// started the line on (pieces are followed as they move).
func (s *searcher) walkLine(line []position.Move, visit func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square)) {
	var origin [position.NumSquares]position.Square
	for q := range origin {
		origin[q] = position.Square(q)
	}
	n := 0
	for _, m := range line {
		visit(m, s.pos.Side(), s.pos.At(m.To()), origin[m.To()], origin[m.From()])
		origin[m.To()] = origin[m.From()]
		s.pos.Make(m)
		n++
	}
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
}

// chasePieces are the side to move's pieces that take part in a chase of
// one victim: those that can take it, those that back a capture, and the
// screens its cannons among them fire over (the mover's own pieces only).
type chasePieces struct {
	sq [8]position.Square
	n  int
}

func (c *chasePieces) add(q position.Square) {
	if c.n < len(c.sq) && !slices.Contains(c.sq[:c.n], q) {
		c.sq[c.n] = q
		c.n++
	}
}

// hash identifies the set (0: none) for the baselines' memo.
func (c chasePieces) hash() uint64 {
	if c.n == 0 {
		return 0
	}
	sq := c.sq[:c.n]
	slices.Sort(sq)
	h := uint64(1)
	for _, q := range sq {
		h = h*131 + uint64(q) + 1
	}
	return h
}

// chaseOf returns the chase pieces of the victim on target, the side to move
// being the chaser.
func chaseOf(pos *position.Position, target position.Square) chasePieces {
	var out chasePieces
	S := pos.Side()
	var cb [16]position.Move
	caps := pos.LegalCapturesInto(cb[:0], target, S)
	for _, c := range caps {
		addCapturer(pos, &out, c.From(), target)
	}
	// The pieces that back a capture: they take next on the victim's square
	// after a first capture and a recapture (a cannon behind the rook, a
	// horse guarding the square: Threat.Supporters), and their screens. A
	// backing piece that would be lost before its turn is the chase's cost
	// as the capturer is (2020 图27: the cannon that escapes the horse and
	// still backs its rook's capture makes the joint chase pay: 车炮联合捉子).
	backers(pos, target, S, caps, func(b position.Square) { addCapturer(pos, &out, b, target) })
	return out
}

// backers calls back with the square of each of S's pieces that can take on
// target after one of S's captures caps and the opponent's recapture — a
// piece backing the capture (Threat.Supporters) — while that line is on the
// board (a square may come more than once).
func backers(pos *position.Position, target position.Square, S position.Color, caps []position.Move, back func(position.Square)) {
	for _, c := range caps {
		pos.Make(c)
		var rb [16]position.Move
		for _, r := range pos.LegalCapturesInto(rb[:0], target, S.Other()) {
			pos.Make(r)
			var sb [16]position.Move
			for _, c2 := range pos.LegalCapturesInto(sb[:0], target, S) {
				if c2.From() != c.From() {
					back(c2.From())
				}
			}
			pos.Unmake()
		}
		pos.Unmake()
	}
}

// addCapturer adds the piece on a, which can take on target, and the screen
// it fires over if it is a cannon and the screen is its side's.
func addCapturer(pos *position.Position, out *chasePieces, a, target position.Square) {
	out.add(a)
	if pos.At(a).Kind() == position.Cannon {
		if sc := screenOf(pos, a, target); sc != position.NoSquare && pos.At(sc).Color() == pos.At(a).Color() {
			out.add(sc)
		}
	}
}

// screenOf returns the square of the one piece between a and b on a rank or
// file (a cannon's screen), or NoSquare.
func screenOf(pos *position.Position, a, b position.Square) position.Square {
	out := position.NoSquare
	df, dr := cmp.Compare(b.File(), a.File()), cmp.Compare(b.Rank(), a.Rank())
	if df != 0 && dr != 0 {
		return position.NoSquare
	}
	for f, r := a.File()+df, a.Rank()+dr; f != b.File() || r != b.Rank(); f, r = f+df, r+dr {
		q := position.SquareAt(f, r)
		if pos.At(q) != position.NoPiece {
			if out != position.NoSquare {
				return position.NoSquare
			}
			out = q
		}
	}
	return out
}

// zoneKey: a position, a zone, and the square of a piece standing aside
// (NoSquare: none), for the memo of ChaseSquare's searches.
type zoneKey struct {
	key   uint64
	z     zone
	aside position.Square
}

// squareRest is what the square reading (ChaseSquare) needs before the
// capture m at ply: the zone its exchange may take back on, and the
// baseline of the other pieces the capture puts in play (0 and an empty
// zone under the board reading).
func (s *searcher) squareRest(ply int, m position.Move, square bool) (zone, int) {
	if !square {
		return zone{}, 0
	}
	z, others := s.restZone(m)
	return z, s.zoneBaseline(ply, m, others)
}

// restZone returns, before the side to move's capture m, the squares whose
// exchanges the capture's rest counts under ChaseSquare (z: the victim's
// square and the others) and the others alone: the squares of the mover's
// pieces (the king aside, which legality guards) that
//   - the capturing piece protects before the capture — 做根子捉子: it
//     attacks their square by its own movement, as it would take an enemy
//     piece standing there (26.5 "做根子捉子…得不偿失者，按闲"; 参考图28;
//     2020 图12, where the rook g7, root of the attacked cannon h7, does not
//     chase the pawn g9 until the cannon leaves);
//   - or the opponent attacks after the capture through the square the
//     capturing piece left — 被牵子捉子: it stood on the line between an
//     enemy rook, cannon or king and the piece, or on the leg of an enemy
//     horse or the eye of an enemy elephant that attacks it (26.5; 2020
//     图23: 黑炮进退虽可打马、打相，但要丢车，被牵子捉子，交换结果得不偿失，判闲).
//
// What the opponent can win on those squares after the capture is the
// capture's cost, less what it could win on them anyway (zoneBaseline). A
// piece already en prise elsewhere, and one the capture leaves en prise
// without being its root or its screen, is not the capture's cost: 24.3
// voids a gain only by mate at once and counts a protected victim by the
// complete exchange on it.
func (s *searcher) restZone(m position.Move) (z, others zone) {
	side, from := s.pos.Side(), m.From()
	var pb, ab [16]position.Square
	pieces := s.pos.Pieces(side, pb[:0])
	for _, q := range pieces {
		if q == from || s.pos.At(q).Kind() == position.King {
			continue
		}
		for _, a := range s.pos.AttackersInto(ab[:0], q, side) {
			if a == from {
				others.add(q)
				break
			}
		}
	}
	s.pos.Make(m)
	for _, q := range pieces {
		if q == from || others.has(q) || s.pos.At(q).Kind() == position.King {
			continue
		}
		for _, a := range s.pos.AttackersInto(ab[:0], q, side.Other()) {
			if through(a, q, from) {
				others.add(q)
				break
			}
		}
	}
	s.pos.Unmake()
	z = others
	z.add(m.To())
	return z, others
}

// through reports whether an attack from a on q passes over sq: sq lies
// between them on a rank or file, or is the leg of a horse's or the eye of
// an elephant's move from a to q.
func through(a, q, sq position.Square) bool {
	af, ar, qf, qr, sf, sr := a.File(), a.Rank(), q.File(), q.Rank(), sq.File(), sq.Rank()
	between := func(x, lo, hi int) bool { return min(lo, hi) < x && x < max(lo, hi) }
	switch df, dr := qf-af, qr-ar; {
	case df == 0 && dr != 0:
		return sf == af && between(sr, ar, qr)
	case dr == 0 && df != 0:
		return sr == ar && between(sf, af, qf)
	case (df == 2 || df == -2) && (dr == 2 || dr == -2):
		return sf == af+df/2 && sr == ar+dr/2 // an elephant's eye
	case df == 2 || df == -2:
		return sf == af+df/2 && sr == ar // a horse's leg
	case dr == 2 || dr == -2:
		return sf == af && sr == ar+dr/2
	}
	return false
}

// zoneBaseline is what the opponent could win on the squares of others
// (restZone's), and by the checks of the exchange search, had the mover
// passed instead of capturing by m: the victim stands aside as in baseline.
// Under ChaseSquare the baseline is scoped as the rest is, so that it gives
// back only what the rest counted: a piece en prise elsewhere is in neither.
// As in baseline, a capturing piece the opponent could win anyway (by the
// checks) is not the capture's cost: whether such a chaser's move makes a
// new chase is issue 11's class 3, not this measure's (2020 图9: the horse
// c2's chase of the cannon b0 stands before 马二进三 — a 兑, not a new 捉 —
// only if the baseline keeps the horse c2 lost anyway by 炮7平4's check).
// ply is the capture's; the search runs in pv[ply+1].
func (s *searcher) zoneBaseline(ply int, m position.Move, others zone) int {
	v, _ := s.zoneBaselineLine(ply, m, others)
	return v
}

// zoneBaselineLine is zoneBaseline with the squares of the mover's pieces
// the opponent takes in its line (as baselineLine's: lost anyway, for the
// pawn clamp).
func (s *searcher) zoneBaselineLine(ply int, m position.Move, others zone) (int, []position.Square) {
	if s.pos.InCheck(s.pos.Side()) {
		return 0, nil // no passing out of check
	}
	s.pos.Make(position.NullMove)
	k := zoneKey{s.pos.Key(), others, m.To()}
	e, ok := s.memo.zoneBase[k]
	if !ok {
		saved, side := s.zone, s.zoneSide
		s.zone, s.zoneSide = others, s.pos.Side()
		e.v = s.qsc(zoneSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, m.To(), ply+1)
		s.zone, s.zoneSide = saved, side
		if e.v > mateScore/2 || e.v < 0 {
			e.v = 0 // passing loses to mate: no material baseline
		} else if e.v > 0 {
			e.taken = s.takenIn(s.line(ply + 1))
		}
		if !s.cut {
			s.memo.zoneBase[k] = e
		}
	}
	s.pos.Unmake()
	return e.v, e.taken
}

// zoneExchange is exchange for ChaseSquare: what the side to move (the
// opponent, after a capture) wins by the exchange on the squares of z (see
// zoneSquare), and by the checks of the exchange search. Its line is left in
// pv[ply].
func (s *searcher) zoneExchange(ply int, z zone) int {
	k := zoneKey{s.pos.Key(), z, position.NoSquare}
	if e, ok := s.memo.zoneEx[k]; ok {
		s.pvLen[ply] = ply + copy(s.pv[ply][ply:], s.memo.slab[e.off:e.off+e.n])
		return e.v
	}
	saved, side := s.zone, s.zoneSide
	s.zone, s.zoneSide = z, s.pos.Side()
	v := s.qs(zoneSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, ply)
	s.zone, s.zoneSide = saved, side
	if !s.cut {
		off := len(s.memo.slab)
		s.memo.slab = append(s.memo.slab, s.pv[ply][ply:s.pvLen[ply]]...)
		s.memo.zoneEx[k] = exchangeEntry{v, int32(off), int32(len(s.memo.slab) - off)}
	}
	return v
}
