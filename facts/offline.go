package facts

// 不能离线 (the victim cannot leave its square; issue 11, issue 24 class 5):
// a piece of the mover that keeps the victim where it is takes part in the
// chase — the victim's every move would expose its king to check or let the
// mover mate at once (pinners), or would land where it is taken at once
// (traps: for an unrooted victim also where a mate comes in) — and would not
// without that piece. With another piece taking part (the attacker), the
// chase is joint (联合捉, joint.go): 2020 参考图39 "车马炮联合捉车", the rook
// "不能离线"; 参考图49 进马退马均使黑方四路炮不能离线.

import "github.com/xqrules/xqrules/position"

// offline: 不能离线 (issue 11): a piece that keeps the victim from leaving
// its square — every move of the victim would expose its king to check or
// let the mover mate at once, and would not without that piece — takes part
// in the chase; the chase is joint when another piece takes part too (the
// attacker is not the pinner): 2020 参考图39 "车马炮联合捉车", the rook "不能离线".
func (b *threatBuild) offline(s *searcher) {
	t := &b.t
	if t.GainAfter <= 0 {
		return
	}
	for _, p := range pinners(s, b.vsq) {
		t.Pinners = append(t.Pinners, describe(&b.par, b.pos, p))
		b.takesPart(p, p)
	}
	if len(t.Pinners) > 0 && countReal(t.Participants) >= 2 {
		t.Joint = true
	}
}

// trapped: trapping is taking part too (issue 24 class 5): the moved piece
// that keeps an unrooted victim from escaping — every square it could flee
// to is covered, or every way out lets a mate in (不能离线) — chases it with
// the capturer (a rooted victim's trapper only renews, as before): 2020
// 参考图39 车三退一, the rook covering the black rook's ways out while the
// cannon takes it over the horse, "车马炮联合捉车"; 参考图49 马七退八, after
// which the cannon d8 may not take the cannon g8 (马八进六 would mate): 不能
// 离线. It reads the victim's protection (the step before).
func (b *threatBuild) trapped(s *searcher) {
	t := &b.t
	if t.GainAfter <= 0 {
		return
	}
	unrooted := t.Protection == "none" || t.Protection == "false"
	t.MovedPieceTraps = traps(s, b.vsq, b.movedTo, unrooted)
	if t.MovedPieceTraps && unrooted {
		b.takesPart(b.movedTo, b.movedTo)
		if countReal(t.Participants) >= 2 {
			t.Joint = true
		}
	}
}

// traps reports whether the mover's piece on by keeps the opponent's piece on
// vsq from escaping: the victim, its side to move, has no legal move to a
// square the mover cannot take it on at once — with mates, none after which
// the mover cannot mate at once by a check either (every way out lets a
// mate in: 不能离线, 2020 参考图49: 进马退马均使黑方四路炮不能离线) — and with
// the piece on by off the board it would have one. A mate the mover has
// whatever the victim does holds nothing (as for pinners). pos is P′ (the mover to move,
// after a null move) and is restored.
func traps(s *searcher, vsq, by position.Square, mates bool) bool {
	pos := s.pos
	if pos.At(by).Kind() == position.King {
		return false
	}
	standing := true // no mate counts
	if mates {
		s.reset()
		standing = s.matesAtOnce(maxPly-3, true)
	}
	pos.Make(position.NullMove) // the victim's side to move
	defer pos.Unmake()
	if pos.InCheck(pos.Side()) || hasFlight(s, vsq, standing) {
		return false
	}
	pc := pos.Probe(by, position.NoPiece)
	free := hasFlight(s, vsq, standing)
	pos.Probe(by, pc)
	return free
}

// hasFlight reports whether the piece on vsq, its side to move, has a legal
// move to a square where the other side cannot take it at once, and after
// which the other side cannot mate at once by a check (unless it can
// whatever the victim does: standing).
func hasFlight(s *searcher, vsq position.Square, standing bool) bool {
	pos := s.pos
	var buf [position.MaxMoves]position.Move
	S := pos.Side().Other()
	for _, m := range pos.LegalMoves(buf[:0]) {
		if m.From() != vsq {
			continue
		}
		pos.Make(m)
		safe := !pos.CanCapture(m.To(), S) && (standing || !s.matesAtOnce(maxPly-3, true))
		pos.Unmake()
		if safe {
			return true
		}
	}
	return false
}

// pinners lists the mover's pieces that keep the victim on vsq from leaving
// its square (不能离线): with the board as it is, every move of the victim
// (the victim's side to move) exposes its king to check or lets the mover
// mate at once by a check; with the piece taken off, one of those moves does
// neither. None when the victim can leave already, has no move at all (a
// horse with its legs held is trapped, not pinned), or its side is in check
// (a check, not a pin, holds it); a mate the mover has at once whatever the
// victim does holds nothing (only the check counts then). pos is P′ (the
// mover to move) and is restored.
func pinners(s *searcher, vsq position.Square) []position.Square {
	pos := s.pos
	S := pos.Side()
	s.reset()
	// A mate the mover has whatever the victim does is no pin: only a mate
	// that the victim's leaving lets in counts.
	standing := s.matesAtOnce(maxPly-3, true)
	pos.Make(position.NullMove) // the victim's side to move
	defer pos.Unmake()
	if pos.InCheck(S.Other()) {
		return nil
	}
	var mb [position.MaxMoves]position.Move
	ms := mb[:0]
	for _, m := range pos.PseudoMoves(mb[:0]) {
		if m.From() == vsq {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return nil
	}
	canLeave := func() bool {
		for _, m := range ms {
			if !pos.IsLegal(m) {
				continue
			}
			if standing {
				return true
			}
			pos.Make(m)
			mated := s.matesAtOnce(maxPly-3, true)
			pos.Unmake()
			if !mated {
				return true
			}
		}
		return false
	}
	if canLeave() {
		return nil
	}
	var out []position.Square
	var pb [16]position.Square
	for _, b := range pos.Pieces(S, pb[:0]) {
		if pos.At(b).Kind() == position.King {
			continue
		}
		pc := pos.Probe(b, position.NoPiece)
		ok := canLeave()
		pos.Probe(b, pc)
		if ok {
			out = append(out, b)
		}
	}
	return out
}
