package facts

// The king's and the pawn's own chase (2011/2020 26.1 "帅(将)、兵(卒)本身允许
// 长捉"; 26.1.1 "走动帅(将)、兵(卒)后与其它子配合同时产生'捉'…按'捉'处理"):
// KingPawnGainsLast says the threat's gain is the king's or a pawn's own —
// its capture is the line's only one, helped by nothing but checks and the
// pieces that keep the protector from taking back, or it takes last, on the
// victim's square, what an even exchange there left (2020 参考图32: 先等值交换后，
// 帅才能吃马) — so that a book may allow it.

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// kingPawnTakesLast plays the complete exchange on the square of capture c
// (each side taking back with its least valuable piece while it can) and
// reports whether the mover is even or behind until its last capture, which
// is its king's or a pawn's, and ahead after it: a recapture on the square
// after the opponent took back, or — where the exchange there ends even
// with the mover to move — a capture elsewhere by the king or a pawn that
// the exchange made possible (2020 参考图32: the horse trades itself for
// the cannon, the root of the horse f2; only then can the king take that
// horse: 先等值交换后，帅才能吃马). Not when another of the mover's pieces
// could then win as much, nor when the king's or pawn's capture gives
// check. (A first capture by the king or a pawn is 26.1 / 26.1.1's own
// case, as in the line; so is the king or pawn that moved, on movedTo:
// 走动帅(将)、兵(卒)后与其它子配合同时产生捉 → 捉.)
func kingPawnTakesLast(pos *position.Position, par *Params, c position.Move, movedTo position.Square) bool {
	sq, mover := c.To(), pos.Side()
	balance, before := 0, 0
	var last position.Kind
	n := 0
	for m := c; m != position.NoMove; m = cheapestCapture(pos, par, sq) {
		v := pieceValue(par, pos.At(sq), sq)
		if pos.Side() == mover {
			before, last = balance, pos.At(m.From()).Kind()
			if m.From() == movedTo {
				last = position.NoKind
			}
			balance += v
		} else {
			balance -= v
		}
		pos.Make(m)
		n++
	}
	captures := n
	ok := captures >= 3 && balance > 0 && before <= 0 && (last == position.King || last == position.Pawn)
	if !ok && captures >= 2 && balance <= 0 && pos.Side() == mover {
		// The exchange on the square ended even, the mover to move: what
		// can it take now that it could not before the exchange?
		ok = ownTakeAfter(pos, par, balance, movedTo, n)
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	return ok
}

// ownTakeAfter reports whether, after the n plies of an exchange that left
// the mover (to move) at balance, its best capture anywhere is an unmoved
// king's or pawn's that puts it ahead, gives no check, and takes on a
// square no king or pawn of the mover could take on before the exchange; any other piece's capture that would put it
// as far ahead says the gain is not the king's or the pawn's own. A
// capture's worth is the piece taken, less the capturer when the opponent
// can take back. pos is restored.
func ownTakeAfter(pos *position.Position, par *Params, balance int, movedTo position.Square, n int) bool {
	mover := pos.Side()
	var buf [position.MaxMoves]position.Move
	best, bestOwn, bestTo := 0, false, position.NoSquare
	for _, m := range pos.LegalCaptures(buf[:0]) {
		pc := pos.At(m.From())
		w := pieceValue(par, pos.At(m.To()), m.To())
		own := (pc.Kind() == position.King || pc.Kind() == position.Pawn) && m.From() != movedTo && !pos.GivesCheck(m)
		pos.Make(m)
		if pos.CanCapture(m.To(), mover.Other()) {
			w -= pieceValue(par, pc, m.To())
		}
		pos.Unmake()
		if w > best || w == best && !own {
			best, bestOwn, bestTo = w, own, m.To()
		}
	}
	if !bestOwn || balance+best <= 0 {
		return false
	}
	// Before the exchange: could the king or a pawn take there already?
	var undone []position.Move
	for ; n > 0; n-- {
		undone = append(undone, pos.LastMove())
		pos.Unmake()
	}
	defer func() {
		for i := len(undone) - 1; i >= 0; i-- {
			pos.Make(undone[i])
		}
	}()
	for _, m := range pos.LegalCaptures(buf[:0]) {
		pc := pos.At(m.From())
		if (pc.Kind() == position.King || pc.Kind() == position.Pawn) && m.To() == bestTo {
			return false
		}
	}
	return true
}

// cheapestCapture is the side to move's legal capture on sq by its least
// valuable piece (the king last), or NoMove.
func cheapestCapture(pos *position.Position, par *Params, sq position.Square) position.Move {
	var buf [16]position.Move
	best := position.NoMove
	var bestKing bool
	var bestV int
	for _, m := range pos.LegalCapturesInto(buf[:0], sq, pos.Side()) {
		pc := pos.At(m.From())
		king, v := pc.Kind() == position.King, pieceValue(par, pc, m.From())
		if best == position.NoMove || !king && bestKing || king == bestKing && v < bestV {
			best, bestKing, bestV = m, king, v
		}
	}
	return best
}

// kingPawnLast: the gain beyond an even exchange on the victim's square is
// taken only by the king or a pawn, last, on that square: that piece's own
// chase (26.1), not one lent to the others (2020 参考图32). A king taking
// elsewhere at the end (a counter-capture's recapture) is not this.
func (b *threatBuild) kingPawnLast() {
	t, line := &b.t, b.after.line
	t.KingPawnGainsLast = t.GainAfter > 0 && b.lastBefore <= 0 &&
		(b.lastBy == position.King || b.lastBy == position.Pawn)
	if t.GainAfter > 0 && !t.KingPawnGainsLast && len(line) == 1 && line[0].To() == b.vsq {
		// The opponent declines to take back (the line is the capture
		// alone) because the king or a pawn would take its recapturer: the
		// book counts the complete exchange (24.3 通过完整互吃交换后), in which
		// the king's or the pawn's last capture is its own (参考图32).
		t.KingPawnGainsLast = kingPawnTakesLast(b.pos, &b.par, line[0], b.movedTo)
	}
}

// kingPawnOnly: the line's one capture is an unmoved king's or pawn's,
// without check (26.1: 帅(将)、兵(卒)本身允许长捉): the others only force a
// piece onto its square by check, or keep the protector from taking back —
// they pin it or stand in its way (2020 参考图11: 炮6平5 pins the advisor e1,
// 卒捉仕，判闲) — while no other piece attacks the victim, backs the capture
// or keeps the victim from leaving (that is 配合, 26.1.1). It runs after the
// joint chase's and the protection's steps, whose Pinners, Screens and
// MovedPieceTraps it reads.
func (b *threatBuild) kingPawnOnly() {
	t := &b.t
	if t.GainAfter > 0 && !t.KingPawnGainsLast && (b.firstBy == position.King || b.firstBy == position.Pawn) &&
		(t.ViaCheck || (t.OnlyKing || t.OnlyPawn) && len(t.Pinners) == 0 && len(t.Screens) == 0 && !t.MovedPieceTraps &&
			!slices.ContainsFunc(t.Supporters, func(p Piece) bool { return p.Kind != "king" && p.Kind != "pawn" })) {
		t.KingPawnGainsLast = true
	}
}
