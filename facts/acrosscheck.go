package facts

// A move that answers a check, measured against the position before that
// check (从捉到捉 across the check, 1999 29.2 "上一着尚不存在" read as "before
// the check"; 自己造成 / 自毙, 2020 参考图22): while in check the mover could
// win nothing, so "before the move" says nothing of a chase that stood before
// the check (GainBeforeCheck, StoodBeforeCheck), and a threat that exists
// only because the checking move took the victim's root away is the
// opponent's own doing (SelfInflicted).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// acrossCheck looks at the threats of a move that answers a check from the
// position before the opponent's checking move (the mover to move there):
// while in check the mover could win nothing, so "before the move" says
// nothing about a chase that stood before the check: GainBeforeCheck is
// what the victim (where it stood, the checking piece aside) was worth to
// the mover there, for a book to compare (从捉到捉 across the check). A
// threat that exists only
// because the checking move took the victim's root away is SelfInflicted
// (自己造成, 2020 参考图22: removing one's own protection by giving check):
// the victim was rooted before the check and could not be won, and is not
// rooted now.
func acrossCheck(s *searcher, mf *Move, m position.Move, ctx context) {
	bp := ctx.beforePrev
	checker := ctx.prev.To()
	from, _ := position.ParseSquare(mf.From)
	bp.Make(position.NullMove) // the mover to move, before the check
	defer bp.Unmake()
	bs := newSearcher(bp, s.par, s.memo)
	for i := range mf.Threats {
		t := &mf.Threats[i]
		sq, ok := position.ParseSquare(t.Victim.Square)
		if !ok || sq == checker || t.GainAfter <= 0 {
			continue
		}
		if pc := bp.At(sq); pc.Kind().String() != t.Victim.Kind || pc.Color() == bp.Side() {
			continue // not the same piece there before the check
		}
		var want [position.NumSquares]bool
		want[sq] = true
		g, _ := bs.gainsFor(&want).at(sq)
		gain := 0
		if g.ok {
			gain = clampGain(g.gain, t.Victim.Value)
		}
		t.HasBeforeCheck, t.GainBeforeCheck = g.ok, gain
		// The victim could be won before the check: the chase stood. Its
		// gain may have grown since, but where it can be taken outright
		// now and no piece takes part in the capture that did not before
		// (the same attackers and backers on the same squares; the moved
		// piece is asked below), the growth is the checking move's own
		// doing — what the opponent could take back elsewhere, or the
		// root its check took away — not the answer's (从捉到捉 across
		// the check; 自己造成, 2020 参考图22).
		if g.ok && gain > 0 && (gain >= t.GainAfter || t.Direct && samePartsBeforeCheck(bp, sq, t, m.To(), mf.KingMoved)) {
			// The answer lets a standing threat resume unless the moved
			// piece takes a part in its capture now that it did not take
			// before the check (解将兼捉: from its new square it attacks
			// the victim, backs a capture or is a cannon's screen for it
			// — the roles chaseOf finds, so that before and after are
			// measured alike). Moving or checking in the line is not
			// counted (a king that steps aside may have to step again
			// there; a piece that checked in the line before the check
			// cannot be told from one that did not), nor is keeping the
			// victim from escaping (MovedPieceTraps), which adds nothing to
			// a gain that stood already: a blocking piece often does it by
			// the check's geometry alone (2020 参考图6, 士5退4). The king's
			// own attack is its own chase (26.1), not a new part.
			part := !mf.KingMoved && (t.MovedPieceAttacks || t.MovedPieceScreens ||
				slices.ContainsFunc(t.Supporters, func(p Piece) bool { return p.Square == mf.Piece.Square }))
			if part {
				k := chaseOf(bp, sq)
				part = !slices.Contains(k.sq[:k.n], from)
			}
			t.StoodBeforeCheck = !part
		}
		if gain <= 0 && t.Protection != "real" && protectionKind(bs, sq, bp.Side().Other()) == "real" &&
			rootedAfterAnyway(bs, m, sq) {
			t.SelfInflicted = true
		}
	}
}

// samePartsBeforeCheck reports whether every attacker and backer of the
// threat t now (its squares in the position after the answer) other than
// the moved piece (now on to; acrossCheck asks what it does, unless it is
// the king, which counts like any other piece) took part in
// capturing the victim on sq before the check (bp: that position, the
// mover to move): no piece joined the chase across the check — not a king
// that moved (it attacks from a new square), nor a piece the king's or
// the blocker's move uncovered (走动帅造成其他子作打).
func samePartsBeforeCheck(bp *position.Position, sq position.Square, t *Threat, to position.Square, kingMoved bool) bool {
	k := chaseOf(bp, sq)
	before := k.sq[:k.n]
	in := func(p Piece) bool {
		q, ok := position.ParseSquare(p.Square)
		return ok && (q == to && !kingMoved || slices.Contains(before, q))
	}
	for _, p := range t.Attackers {
		if !in(p) {
			return false
		}
	}
	for _, p := range t.Supporters {
		if !in(p) {
			return false
		}
	}
	return true
}

// rootedAfterAnyway reports whether the victim on sq would still be rooted
// had the mover played m before the opponent's check (bs: that position,
// the mover to move): only then did the check take the root away (自毙).
// A move that takes the root away itself — it was the screen of the
// victim's cannon root, which the check also moved (2020 参考图47: 炮三平五
// leaves g2, over which black's cannon rooted the cannon g1) — makes its
// chase itself. An m not legal there counts as rooted. bs is restored.
func rootedAfterAnyway(bs *searcher, m position.Move, sq position.Square) bool {
	pos := bs.pos
	if m == position.NoMove || !pos.IsLegal(m) {
		return true
	}
	V := pos.Side().Other()
	pos.Make(m)
	pos.Make(position.NullMove)
	rooted := protectionKind(bs, sq, V) == "real"
	pos.Unmake()
	pos.Unmake()
	return rooted
}
