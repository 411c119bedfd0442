package facts

// The square reading of a capture's rest (Params.ChaseExchange =
// ChaseSquare): what the opponent wins back after a capture is scoped to
// the capture's own exchange — the victim's square and those of the pieces
// the capturing piece rooted or screened (restZone: 2011 26.5 做根子捉子,
// 被牵子捉子; 2020 图12, 图23), and every square either side then captures on
// (the complete exchange, 完整互吃交换) — and so is its baseline
// (zoneBaseline).

import (
	"github.com/xqrules/xqrules/position"
)

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
