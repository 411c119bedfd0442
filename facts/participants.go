package facts

// The winning line's parts (2011/2020 24.3 捉 "运用连续照将或连续交换的手段";
// 24.11 长捉 "一子或数子"): the mover's pieces that take part in the best line
// through the victim — they move in it, or give check in it without moving
// (a discovered check: 抽) — named by the squares they start from
// (Participants), and what they take (Wins, the victim first). A move that
// only answers a check in the line takes nothing and is no part (the
// advisor that blocks the opponent's check in the exchange's tail does not
// help to win). Walking the line also finds what the king's or pawn's own
// chase (26.1, kingpawn.go) and the joint chase (联合捉, joint.go) ask: who
// took last, and who only took back on the victim's square.

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// lineWalk is the state of lineParts' walk along the line.
type lineWalk struct {
	origin      map[position.Square]position.Square // where a moved piece started
	balance     int                                 // the mover's material balance along the line so far
	exchangedOn bool                                // the mover has captured on the victim's square
}

// lineParts walks the winning line: Participants, Wins, NeedsKing, and for
// the later steps the pieces that only take back on the victim's square
// (recapOnly: the second attacker of an exchange, 少根, no partner), the
// balance before the mover's last capture and its capturer (lastBefore,
// lastBy), and the king or pawn whose capture is the line's only one
// (firstBy). pos is restored.
func (b *threatBuild) lineParts() {
	pos := b.pos
	w := lineWalk{origin: map[position.Square]position.Square{}}
	n := 0
	for i, lm := range b.after.line {
		capture := pos.At(lm.To()) != position.NoPiece
		switch {
		case i%2 == 0:
			b.moverMove(lm, capture, &w)
		case capture:
			w.balance -= pieceValue(&b.par, pos.At(lm.To()), lm.To())
		}
		pos.Make(lm)
		n++
		if i%2 == 0 {
			// A piece that gives check in the line (a discovered check: 抽)
			// takes part, though it does not move.
			for _, k := range pos.Checkers(b.S.Other()) {
				orig, moved := w.origin[k]
				if !moved {
					orig = k
				}
				b.takesPart(orig, k)
			}
		}
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	// The pieces that moved in the line are named by their starting squares
	// (in P′, before the line).
	for _, p := range b.t.Participants {
		if p.Kind == "king" {
			b.t.NeedsKing = true
		}
	}
}

// moverMove is the walk's step over the mover's move lm (a capture or not),
// in the position before it.
func (b *threatBuild) moverMove(lm position.Move, capture bool, w *lineWalk) {
	o, ok := w.origin[lm.From()]
	if !ok {
		o = lm.From()
	}
	recap := capture && lm.To() == b.vsq && w.exchangedOn
	b.recapOnly[o] = recap && (!b.recapSeen[o] || b.recapOnly[o])
	b.recapSeen[o] = true
	if capture {
		b.moverCapture(lm, w)
		b.t.Wins = append(b.t.Wins, describe(&b.par, b.pos, lm.To()))
	}
	// follow a piece that moved earlier in the line back to its start
	orig, moved := w.origin[lm.From()]
	if !moved {
		orig = lm.From()
	}
	delete(w.origin, lm.From())
	w.origin[lm.To()] = orig
	if !b.listed[orig] && (capture || !b.pos.InCheck(b.S)) {
		b.takesPart(orig, lm.From())
	}
}

// moverCapture counts the mover's capture lm in the balance and notes who
// takes last (lastBy) or alone (firstBy) for the king's or pawn's own chase.
func (b *threatBuild) moverCapture(lm position.Move, w *lineWalk) {
	pos := b.pos
	v := pieceValue(&b.par, pos.At(lm.To()), lm.To())
	b.lastBefore, b.lastBy = w.balance, pos.At(lm.From()).Kind()
	b.firstBy = position.NoKind
	o, ok := w.origin[lm.From()]
	switch {
	case lm.From() == b.movedTo && !ok || ok && o == b.movedTo:
		// the king or pawn that moved takes last: its move
		// and the others' chase together (26.1.1 按捉)
		b.lastBy = position.NoKind
	case len(b.t.Wins) == 0 && !pos.GivesCheck(lm):
		// the line's first capture (after checks only, or
		// none): the king's or pawn's own where nothing but
		// the pieces that keep the protector from taking
		// back, or a check that forces a piece onto its
		// square, helps it (kingPawnOnly decides)
		b.firstBy, b.lastBy = b.lastBy, position.NoKind
	case lm.To() != b.vsq || !w.exchangedOn:
		// not a recapture on the victim's square after an
		// exchange there
		b.lastBy = position.NoKind
	}
	w.exchangedOn = w.exchangedOn || lm.To() == b.vsq
	w.balance += v
}

// takesPart lists the piece now on sq, which started on orig, as a
// Participant (once, by its starting square), unless it is listed already.
func (b *threatBuild) takesPart(orig, sq position.Square) {
	if b.listed[orig] {
		return
	}
	b.listed[orig] = true
	p := describe(&b.par, b.pos, sq)
	p.Square = orig.String()
	b.t.Participants = append(b.t.Participants, p)
}

// movesIn reports whether the piece standing on sq (before the line) moves in
// the mover's part of the line (even plies), following it as it moves.
func movesIn(line []position.Move, sq position.Square) bool {
	for i, m := range line {
		if i%2 == 0 && m.From() == sq {
			return true
		}
		if m.From() == sq { // the opponent's piece cannot start on the mover's square
			return false
		}
		if i%2 == 1 && m.To() == sq {
			return false // taken
		}
	}
	return false
}

// checksIn reports whether the piece standing on sq (before the line) gives
// check after one of the mover's moves in the line, following it as it moves:
// a rook whose line opens when a cannon takes with discovered check (抽) takes
// part in the line without moving in it. pos is restored.
func checksIn(pos *position.Position, line []position.Move, sq position.Square) bool {
	found := false
	n := 0
	for i, m := range line {
		if i%2 == 1 && m.To() == sq {
			break // taken
		}
		if i%2 == 0 && m.From() == sq {
			sq = m.To()
		}
		mover := pos.Side()
		pos.Make(m)
		n++
		if i%2 == 0 && slices.Contains(pos.Checkers(mover.Other()), sq) {
			found = true
			break
		}
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	return found
}
