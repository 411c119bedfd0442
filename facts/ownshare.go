package facts

// The mover's share (2011 24.3 得子, under the board reading): what a line
// through a victim wins for that victim's sake, and not what the mover
// could win elsewhere anyway (ownShare: seed 001 (一)无关联, 不能把甲乙两块棋
// 混在一起计算子力价值的得失), measured against what the mover wins without
// the victim (moverElsewhere) and by the victim's own complete exchange
// (ownExchange); and a capture by a root that keeps the pieces it protects
// (rootKeptGain: 做根子捉子, 2011 26.5; issue 24 class 3).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

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
