package facts

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// describe names the piece on sq for evidence.
func describe(par *Params, pos *position.Position, sq position.Square) Piece {
	pc := pos.At(sq)
	if pc == position.NoPiece {
		return Piece{Square: sq.String()}
	}
	return Piece{
		Kind:    pc.Kind().String(),
		CN:      pc.Chinese(),
		Side:    pc.Color().String(),
		Square:  sq.String(),
		Crossed: pc.Kind() == position.Pawn && position.Crossed(pc.Color(), sq),
		Value:   pieceValue(par, pc, sq),
	}
}

// context is what a move's facts need beyond the move itself.
type context struct {
	// prev is the opponent's move just before this one (in a cycle, the last
	// move of the period for the first ply), and beforePrev the position
	// before it (nil when unknown).
	prev       position.Move
	beforePrev *position.Position
	// memo is shared by the searches of one cycle (nil: a private one).
	memo *memo
}

// analyzeMove computes the facts of m played in pos (the side to move's move).
// pos is restored before it returns.
func analyzeMove(pos *position.Position, m position.Move, ctx context, par Params) Move {
	s := newSearcher(pos, par, ctx.memo)
	S := pos.Side()
	O := S.Other()
	from, to := m.From(), m.To()
	mover := pos.At(from)

	mf := Move{
		Side:         S.String(),
		ICCS:         m.String(),
		CN:           position.Chinese{}.Encode(pos, m),
		WXF:          position.WXF{}.Encode(pos, m),
		From:         from.String(),
		AnswersCheck: pos.InCheck(S),
		KingMoved:    mover.Kind() == position.King,
		PawnMoved:    mover.Kind() == position.Pawn,
	}
	if cap := pos.At(to); cap != position.NoPiece {
		mf.Captured = describe(&par, pos, to)
	}

	if par.Detail == DetailBasic {
		pos.Make(m)
		basicAfter(&mf, pos, to, &par)
		pos.Unmake()
		return mf
	}

	// Before the move, mover to move: could it already mate? (What it could
	// already win is asked below, of the pieces threatened after the move.)
	mtBefore := s.mateThreat()
	// The opponent's mate threat before the move (it passing the mover's
	// turn), asked only where a capture's newness turns on it (解杀).
	var mtOpp struct{ checked, exists bool }
	// Was the moved piece itself chased before the move (避捉)?
	// (The opponent's gains here are the previous ply's "after", remembered.)
	pos.Make(position.NullMove)
	if g, _ := s.gainsAll().at(from); g.ok && g.gain > 0 {
		mf.MovedWasThreatened, mf.MovedThreatGain = true, g.gain
	}
	pos.Unmake()
	pinnedBefore := pos.Pinned(O)

	pos.Make(m)
	defer pos.Unmake()
	basicAfter(&mf, pos, to, &par)

	// Offers: the opponent really is to move now.
	if par.Skip&SkipOffers == 0 {
		mf.Offers = offers(s, m)
	}
	mf.Block, mf.Blocked = blocks(s, to)

	// The mover moving again: pass the opponent's turn.
	pos.Make(position.NullMove)
	mf.MateThreat = s.mateThreat()
	mf.MateThreat.LineCN = chineseOfICCS(pos, mf.MateThreat.Line)
	mf.MateThreat.Before = mtBefore.Exists
	if mf.MateThreat.Exists && (mtBefore.Exists || mf.AnswersCheck) && ctx.beforePrev != nil {
		// 自毙: the opponent's own previous move made the threat. Never
		// when it stood before that move already.
		bp := ctx.beforePrev
		bp.Make(position.NullMove) // the mover to move, before the opponent's move
		mtPrev := newSearcher(bp, par, s.memo).mateThreat()
		bp.Unmake()
		switch {
		case mtPrev.Exists:
		case mf.AnswersCheck:
			// In check the mover could mate nobody, so "stood before this
			// move" says nothing. The check made the threat (2020 图13: 红方
			// 车五平六将军，造成黑方车5平6有杀，属红方自毙) when every answer
			// to it leaves the threat standing; where another answer would
			// not, this answer adds it (图19: 炮2平4 应将后增加了黑马退6的杀着 — 杀).
			pos.Unmake() // the null move
			pos.Unmake() // m
			mf.MateThreatSelfInflicted = threatensWhateverTheAnswer(s)
			pos.Make(m)
			pos.Make(position.NullMove)
		default:
			// It stood before this move but not before the opponent's.
			mf.MateThreatSelfInflicted = true
		}
	}
	pinnedNow := pos.Pinned(O)
	afterAll := s.gainsAll()
	// Before the move, mover to move: what could it already win through
	// the pieces it threatens now (they stand where they stood: the move
	// took none of them), and how were they protected?
	var want [position.NumSquares]bool
	// The chase pieces of each victim after the move, where they stood
	// before it: the "before" keeps the same chase's pieces (see
	// baselineLine).
	var keep [position.NumSquares]chasePieces
	for _, e := range afterAll {
		want[e.sq] = true
		if e.r.gain > 0 {
			k := chaseOf(pos, e.sq)
			for i, q := range k.sq[:k.n] {
				if q == to {
					k.sq[i] = from
				}
			}
			keep[e.sq] = k
		}
	}
	pos.Unmake() // the null move
	pos.Unmake() // m
	s.keepFor = &keep
	before := s.gainsFor(&want)
	// Newness on the line's own balance (issue 24 class 1): a line that
	// lost the moved piece before the victim fell — it stood en prise and
	// the opponent took it in answer to the line's check — counts that
	// loss: the piece was lost inside the line, not "anyway" (2020 参考图18
	// 车4平2: the rook d2 that 仕五进六 took while answering 炮4平5's check
	// is safe on b2, and the 抽 of the rook e8 now wins: 伏抽车，判捉).
	var rescued [position.NumSquares]bool
	if mf.MovedWasThreatened && !mf.AnswersCheck {
		for i := range before {
			e := &before[i]
			a, ok := afterAll.at(e.sq)
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
				rescued[e.sq] = true
			}
		}
	}
	s.keepFor = nil
	// 解杀: the captures of the victim that each let the opponent mate (a
	// standing mate threat the capture does not lift), for the victims whose
	// gain did not grow otherwise (see lifted).
	var matedBefore [position.NumSquares]bool
	for _, e := range before {
		a, ok := afterAll.at(e.sq)
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
		_, matedBefore[e.sq] = capturesLetMate(s, e.sq)
	}
	var oldProtect [position.NumSquares]string
	for _, e := range before {
		if e.sq != to && (e.r.gain > 0 || e.r.direct) {
			oldProtect[e.sq] = protectionKind(s, e.sq, O)
		}
	}
	pos.Make(m)
	pos.Make(position.NullMove)
	var ob [16]position.Square
	victims := pos.Pieces(O, ob[:0])
	n := 0
	for _, e := range afterAll {
		if pos.At(e.sq).Kind() != position.King {
			n++
		}
	}
	if n > 0 {
		mf.Threats = make([]Threat, 0, n)
	}
	for _, sq := range victims {
		after, ok := afterAll.at(sq)
		if !ok || pos.At(sq).Kind() == position.King {
			continue
		}
		b, _ := before.at(sq)
		lifted := false
		if matedBefore[sq] {
			_, all := capturesLetMate(s, sq)
			lifted = !all
		}
		mf.Threats = append(mf.Threats, threat(s, m, sq, after, b, oldProtect[sq], pinnedBefore, pinnedNow, newness{lifted, rescued[sq]}))
		if after.gain > 0 && s.cut {
			mf.Cut = true
		}
	}
	pos.Unmake() // the null move

	if ctx.prev != position.NoMove && ctx.prev != position.NullMove {
		mf.Follow, mf.Followed = follows(s, m, ctx.prev, mf.Threats)
	}
	if mf.AnswersCheck && ctx.beforePrev != nil {
		acrossCheck(s, &mf, m, ctx)
	}
	mf.Cut = mf.Cut || mf.MateThreat.Cut
	return mf
}

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

// threatensWhateverTheAnswer reports whether the side to move, in check,
// threatens mate after each of its answers to the check.
func threatensWhateverTheAnswer(s *searcher) bool {
	pos := s.pos
	for _, a := range pos.LegalMoves(nil) {
		pos.Make(a)
		pos.Make(position.NullMove)
		mt := s.mateThreat()
		pos.Unmake()
		pos.Unmake()
		if !mt.Exists {
			return false
		}
	}
	return true
}

// basicAfter fills in what needs no search, in the position after the move
// (the opponent to move): the moved piece, check, mate, material.
func basicAfter(mf *Move, pos *position.Position, to position.Square, par *Params) {
	O := pos.Side()
	mf.Piece = describe(par, pos, to)
	checkers := pos.Checkers(O)
	mf.Check = len(checkers) > 0
	for _, c := range checkers {
		mf.Checkers = append(mf.Checkers, describe(par, pos, c))
	}
	mf.DiscoveredCheck = mf.Check && !slices.Contains(checkers, to)
	mf.DoubleCheck = len(checkers) >= 2
	mf.Mate = !pos.HasLegalMove(O)
	mf.Stalemate = mf.Mate && !mf.Check

	var buf [16]position.Square
	for _, sq := range pos.Pieces(position.Red, buf[:0]) {
		addMaterial(par, pos, sq, &mf.MaterialRed, &mf.StrongRed, &mf.AttackingRed)
	}
	for _, sq := range pos.Pieces(position.Black, buf[:0]) {
		addMaterial(par, pos, sq, &mf.MaterialBlack, &mf.StrongBlack, &mf.AttackingBlack)
	}
}

func addMaterial(par *Params, pos *position.Position, sq position.Square, material, strong, attacking *int) {
	pc := pos.At(sq)
	*material += pieceValue(par, pc, sq)
	switch pc.Kind() {
	case position.Rook, position.Horse, position.Cannon:
		*strong++
		*attacking++
	case position.Pawn:
		if position.Crossed(pc.Color(), sq) {
			*attacking++
		}
	}
}

// newness is what a move's "before" says of one victim beyond its gains
// (issue 24 class 1): lifted — every capture of the victim let the opponent
// mate before the move, and now one does not (解杀); rescued — the line
// before lost the moved piece inside it, which now counts against it.
type newness struct{ lifted, rescued bool }

// threat builds the facts of one victim; the side to move is the mover (after
// a null move), pos is P′.
func threat(s *searcher, m position.Move, vsq position.Square, after, before gainResult,
	oldProtection string, pinnedBefore, pinnedNow []position.Square, nw newness) Threat {
	pos := s.pos
	par := &s.par
	S := pos.Side()
	victim := pos.At(vsq)
	t := Threat{
		Victim:            describe(par, pos, vsq),
		HasAfter:          true,
		GainAfter:         clampGain(after.gain, pieceValue(par, victim, vsq)),
		HasBefore:         before.ok,
		GainBefore:        clampGain(before.gain, pieceValue(par, victim, vsq)),
		LineGainAfter:     after.raw,
		LineGainBefore:    before.raw,
		ViaCheck:          after.viaCheck,
		Direct:            after.direct,
		MatedAfterCapture: after.matedAll,
		Line:              iccsLine(after.line),
		LineCN:            chineseLine(pos, after.line),
	}
	t.ChaseGainAfter = clampGain(after.kept, pieceValue(par, victim, vsq))
	t.ChaseGainBefore = clampGain(before.kept, pieceValue(par, victim, vsq))
	if !before.ok {
		t.GainBefore, t.ChaseGainBefore = 0, 0
	}
	t.New = t.GainAfter > 0 && (!before.ok || t.ChaseGainBefore < t.ChaseGainAfter)
	// 解杀还捉: before the move every capture of the victim let the
	// opponent mate (24.2 杀: its standing threat stood after the capture),
	// and now one does not — the capture was worth nothing before
	// (2020 参考图35 车4平6: 解杀后形成炮捉车，判捉).
	lifted := nw.lifted && t.GainAfter > 0 && !t.New
	t.New = t.New || lifted
	// grewOnly: the gain grew only once the chase's own pieces are kept
	// (the move shielded or rescued a piece of the chase); the gain
	// against the board's baseline did not.
	grewOnly := t.New && before.ok && t.GainBefore >= t.GainAfter
	t.DirectBefore = before.ok && before.direct

	var capBuf [16]position.Move
	caps := pos.LegalCapturesInto(capBuf[:0], vsq, S)
	movedTo := m.To()
	// Whether each attacker wins alone, and with whose help, matters to
	// Joint only, which needs a gain without checks; otherwise only whether
	// the moved piece helps or blocks (MovedPieceTakesPart) is asked.
	only := position.NoSquare
	if !(t.GainAfter > 0 && !t.ViaCheck) {
		only = movedTo
	}
	if len(caps) > 0 {
		t.Attackers = make([]Piece, 0, len(caps))
	}
	singleWins, helped, helpedAny := false, false, false
	var partners []position.Square // pieces without which a capture does not win (not screens)
	for _, c := range caps {
		a := c.From()
		ap := pos.At(a)
		t.Attackers = append(t.Attackers, describe(par, pos, a))
		if pos.GivesCheck(c) {
			t.CaptureChecks = true
			pos.Make(c)
			for _, k := range pos.Checkers(pos.Side()) {
				if k != c.To() {
					t.CaptureDiscoversCheck = true
				}
			}
			pos.Unmake()
		}
		if a == movedTo {
			t.MovedPieceAttacks = true
		}
		if ap.Kind() == victim.Kind() {
			t.SameKind = true
		}
		// Could the attacker win material alone: take, and lose at most
		// itself to a recapture — also without the other attackers, which
		// may be what makes its capture possible or safe (a rook that is a
		// cannon's screen and keeps the king from taking back: 车炮联合捉)?
		alone, helpers, blockers := winsAlone(s, c, vsq, only)
		if ap.Kind() == position.Cannon && (alone || len(helpers) > 0 || len(blockers) > 0) {
			// The screen of a cannon's capture that wins: the cannon is
			// the one that chases (the screen is not a co-attacker of
			// this capture, even when it attacks the victim too).
			var sb [16]position.Square
			for _, b := range pos.Pieces(S, sb[:0]) {
				if between(a, vsq, b) && !slices.ContainsFunc(t.Screens, func(p Piece) bool { return p.Square == b.String() }) {
					t.Screens = append(t.Screens, describe(par, pos, b))
				}
			}
		}
		singleWins = singleWins || alone
		helpedAny = helpedAny || len(helpers) > 0
		for _, h := range helpers {
			// A cannon's screen is no partner — the cannon is the one
			// attacker, whoever placed the screen — unless the screen
			// attacks the victim too: a rook in front of its cannon is
			// the books' 车炮联合捉 (2020 图10, 图27, 图28).
			if ap.Kind() == position.Cannon && between(a, vsq, h) && !attacks(caps, h) {
				continue
			}
			helped = true
			if !slices.Contains(partners, h) {
				partners = append(partners, h)
			}
		}
		if slices.Contains(helpers, movedTo) || slices.Contains(blockers, movedTo) {
			t.MovedPieceTakesPart = true // e.g. it pins the protector or cuts it off
			// It screens the victim from its protector — unless its help
			// is the check the capture uncovers (抽: the protector may not
			// take back while the king is in check), which is a check.
			if !checksAfter(pos, c, movedTo) {
				t.MovedPieceScreens = true
			}
		}
		if ap.Kind() == position.Cannon && between(a, vsq, movedTo) {
			t.MovedPieceScreens = true // the cannon fires over it
		}
		var backBuf [16]position.Move
		for _, back := range pos.LegalCapturesInto(backBuf[:0], a, S.Other()) {
			if back.From() == vsq {
				t.MutualReach = true
			}
		}
	}
	// Supporters: who can take next on the square after a capture and a
	// recapture (x-ray backing: a cannon behind the rook on the file).
	supporting := map[position.Square]bool{}
	backers(pos, vsq, S, caps, func(b position.Square) {
		if supporting[b] {
			return
		}
		supporting[b] = true
		t.Supporters = append(t.Supporters, describe(par, pos, b))
		if b == movedTo {
			t.MovedPieceTakesPart = true
			t.MovedPieceCaptures = true
		}
	})
	t.KingAttacker, t.PawnAttacker = false, false
	t.OnlyKing, t.OnlyPawn = len(caps) > 0, len(caps) > 0
	for _, a := range t.Attackers {
		t.KingAttacker = t.KingAttacker || a.Kind == "king"
		t.PawnAttacker = t.PawnAttacker || a.Kind == "pawn"
		t.OnlyKing = t.OnlyKing && a.Kind == "king"
		t.OnlyPawn = t.OnlyPawn && a.Kind == "pawn"
	}
	// Participants: the mover's pieces that move in the line, less a move
	// that only answers a check (it takes nothing: the advisor that blocks
	// the opponent's check in the exchange's tail does not help to win);
	// Wins: what they take.
	origin := map[position.Square]position.Square{} // where a moved piece started
	listed := map[position.Square]bool{}            // by starting square
	n := 0
	balance := 0                             // the mover's material balance along the line so far
	lastBefore, lastBy := 0, position.NoKind // before the mover's last capture, and its capturer
	exchangedOn := false                     // the mover has captured on the victim's square
	firstBy := position.NoKind               // the king or pawn whose capture is the line's only one (see below)
	// recapOnly: pieces (by starting square) whose only moves in the line
	// take back on the victim's square after the mover's first capture
	// there — the second attacker of an exchange (少根), no partner.
	recapOnly := map[position.Square]bool{}
	for i, lm := range after.line {
		capture := pos.At(lm.To()) != position.NoPiece
		if i%2 == 0 {
			o, ok := origin[lm.From()]
			if !ok {
				o = lm.From()
			}
			_, seen := recapOnly[o]
			recap := capture && lm.To() == vsq && exchangedOn
			recapOnly[o] = recap && (!seen || recapOnly[o])
		}
		if capture {
			v := pieceValue(par, pos.At(lm.To()), lm.To())
			if i%2 == 0 {
				lastBefore, lastBy = balance, pos.At(lm.From()).Kind()
				firstBy = position.NoKind
				o, ok := origin[lm.From()]
				switch {
				case lm.From() == movedTo && !ok || ok && o == movedTo:
					// the king or pawn that moved takes last: its move
					// and the others' chase together (26.1.1 按捉)
					lastBy = position.NoKind
				case len(t.Wins) == 0 && !pos.GivesCheck(lm):
					// the line's first capture (after checks only, or
					// none): the king's or pawn's own where nothing but
					// the pieces that keep the protector from taking
					// back, or a check that forces a piece onto its
					// square, helps it (decided below)
					firstBy, lastBy = lastBy, position.NoKind
				case lm.To() != vsq || !exchangedOn:
					// not a recapture on the victim's square after an
					// exchange there
					lastBy = position.NoKind
				}
				exchangedOn = exchangedOn || lm.To() == vsq
				balance += v
			} else {
				balance -= v
			}
		}
		if i%2 == 0 && capture {
			t.Wins = append(t.Wins, describe(par, pos, lm.To()))
		}
		if i%2 == 0 {
			// follow a piece that moved earlier in the line back to its start
			orig, moved := origin[lm.From()]
			if !moved {
				orig = lm.From()
			}
			delete(origin, lm.From())
			origin[lm.To()] = orig
			if !listed[orig] && (capture || !pos.InCheck(S)) {
				listed[orig] = true
				p := describe(par, pos, lm.From())
				p.Square = orig.String()
				t.Participants = append(t.Participants, p)
			}
		}
		pos.Make(lm)
		n++
		if i%2 == 0 {
			// A piece that gives check in the line (a discovered check: 抽)
			// takes part, though it does not move.
			for _, k := range pos.Checkers(S.Other()) {
				orig, moved := origin[k]
				if !moved {
					orig = k
				}
				if !listed[orig] {
					listed[orig] = true
					p := describe(par, pos, k)
					p.Square = orig.String()
					t.Participants = append(t.Participants, p)
				}
			}
		}
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	// The gain beyond an even exchange on the victim's square is taken only
	// by the king or a pawn, last, on that square: that piece's own chase
	// (26.1), not one lent to the others (2020 参考图32). A king taking
	// elsewhere at the end (a counter-capture's recapture) is not this.
	t.KingPawnGainsLast = t.GainAfter > 0 && lastBefore <= 0 &&
		(lastBy == position.King || lastBy == position.Pawn)
	if t.GainAfter > 0 && !t.KingPawnGainsLast && len(after.line) == 1 && after.line[0].To() == vsq {
		// The opponent declines to take back (the line is the capture
		// alone) because the king or a pawn would take its recapturer: the
		// book counts the complete exchange (24.3 通过完整互吃交换后), in which
		// the king's or the pawn's last capture is its own (参考图32).
		t.KingPawnGainsLast = kingPawnTakesLast(pos, par, after.line[0], movedTo)
	}
	// The pieces that moved in the line are named by their starting squares
	// (in P′, before the line).
	for _, p := range t.Participants {
		if p.Kind == "king" {
			t.NeedsKing = true
		}
	}
	// Joint (联合捉): the exchange wins, no single attacker would win alone
	// (taking and losing itself to a recapture), and two or more of the
	// mover's pieces bear on it — both attacking, or one backing the other's
	// capture in the line, or one making the capture possible or safe (a
	// screen, a piece that pins the protector or keeps it from taking back).
	// A piece that only stands in the protector's way is no partner: the
	// books' joint chases are pieces attacking together (车炮, 马炮联合捉),
	// and 2020 图3 rules 相五退三, whose rook wins the horse only because
	// the unmoved advisor e1 cuts the rook h1 off, 长捉无根子, not joint.
	//
	// issue 11 reading: joint follows from the pieces that take part — two
	// or more move or give check in the winning line, or a capture wins
	// only with a partner that is not a cannon's screen (a piece that pins
	// the protector or keeps it from taking back). Pieces that would only
	// take back later in an exchange (supporters, a second attacker) make
	// the victim 少根 (24.15: 作为根的子少于对方捉的子), not the chase joint:
	// 2020 图26 rules 车六退三, whose horse takes the 少根 炮 with the rook
	// behind it, 捉少根子.
	// Two of the mover's pieces on one line through the victim, one behind
	// the other — an attacker and a piece that attacks too or takes back
	// after it (a rook in front of its cannon, a cannon behind its rook):
	// the books' 车炮联合捉 (2020 图10 "车炮联合捉子", 图27, 图28). Pieces
	// bearing on the victim from different lines make it 少根 instead
	// (图26 车六退三: the horse takes, the rook beside the cannon backs it:
	// 捉少根子).
	battery := false
	for _, c := range caps {
		a := c.From()
		for _, b := range t.Attackers {
			battery = battery || inLine(a, vsq, b.Square, &partners)
		}
		for _, b := range t.Supporters {
			battery = battery || inLine(a, vsq, b.Square, &partners)
		}
	}
	// The pieces that move or give check in the line, less those that only
	// take back on the victim's square (counted before the battery's
	// partners join the participants).
	movers := 0
	for _, p := range t.Participants {
		if q, ok := position.ParseSquare(p.Square); p.Kind != "" && !(ok && recapOnly[q]) {
			movers++
		}
	}
	t.NeedsSeveral = t.GainAfter > 0 && !t.ViaCheck && !singleWins &&
		(len(t.Attackers) >= 2 || len(t.Supporters) > 0 || countReal(t.Participants) >= 2 || helpedAny)
	if t.NeedsSeveral && len(t.Attackers) >= 2 {
		t.Dispensable = dispensable(s, vsq, t.Attackers)
	}
	// Partners take part only when no attacker wins alone (one that does
	// needs nobody: the chase is its own).
	if !singleWins {
		for _, h := range partners {
			if !listed[h] {
				listed[h] = true
				t.Participants = append(t.Participants, describe(par, pos, h))
			}
		}
	}
	// A battery is the books' 车炮联合 only where no other piece bears on
	// the victim from another line; with one, the pieces make it 少根
	// (2020 参考图49 车3平2: the rook b5 with the cannon b2 behind it and
	// the horse d5, 捉少根子). Nor does a piece that only takes back on the
	// victim's square make the chase joint (see above).
	if battery {
		for _, b := range t.Attackers {
			if q, ok := position.ParseSquare(b.Square); ok && !slices.Contains(partners, q) {
				battery = false
			}
		}
		for _, b := range t.Supporters {
			if q, ok := position.ParseSquare(b.Square); ok && !slices.Contains(partners, q) {
				battery = false
			}
		}
	}
	t.Joint = t.GainAfter > 0 && !singleWins && (movers >= 2 || helped || battery)
	// 不能离线 (issue 11): a piece that keeps the victim from leaving its
	// square — every move of the victim would expose its king to check or
	// let the mover mate at once, and would not without that piece — takes
	// part in the chase; the chase is joint when another piece takes part
	// too (the attacker is not the pinner): 2020 参考图39 "车马炮联合捉车",
	// the rook "不能离线".
	if t.GainAfter > 0 {
		for _, p := range pinners(s, vsq) {
			d := describe(par, pos, p)
			t.Pinners = append(t.Pinners, d)
			if !listed[p] {
				listed[p] = true
				t.Participants = append(t.Participants, d)
			}
		}
		if len(t.Pinners) > 0 && countReal(t.Participants) >= 2 {
			t.Joint = true
		}
	}
	var rootMates []position.Move
	t.Protection, t.ProtectionWhy, t.Protectors, t.HiddenRoot, rootMates = protection(s, vsq, S.Other())
	if len(rootMates) > 0 {
		t.RootMates = iccsLine(rootMates)
	}
	if t.Protection == "real" && t.GainAfter > 0 && t.Direct && !t.ViaCheck {
		t.Protection = "insufficient"
		t.ProtectionWhy = "the exchange still loses material for its side"
	}
	// Trapping is taking part too (issue 24 class 5): the moved piece that
	// keeps an unrooted victim from escaping — every square it could flee
	// to is covered, or every way out lets a mate in (不能离线) — chases it
	// with the capturer (a rooted victim's trapper only renews, as before): 2020 参考图39 车三退一, the rook
	// covering the black rook's ways out while the cannon takes it over the
	// horse, "车马炮联合捉车"; 参考图49 马七退八, after which the cannon d8
	// may not take the cannon g8 (马八进六 would mate): 不能离线.
	if t.GainAfter > 0 {
		unrooted := t.Protection == "none" || t.Protection == "false"
		t.MovedPieceTraps = traps(s, vsq, movedTo, unrooted)
		if t.MovedPieceTraps && unrooted {
			if !listed[movedTo] {
				listed[movedTo] = true
				t.Participants = append(t.Participants, describe(par, pos, movedTo))
			}
			if countReal(t.Participants) >= 2 {
				t.Joint = true
			}
		}
	}
	// The line's one capture is an unmoved king's or pawn's, without check
	// (26.1: 帅(将)、兵(卒)本身允许长捉): the others only force a piece onto
	// its square by check, or keep the protector from taking back — they
	// pin it or stand in its way (2020 参考图11: 炮6平5 pins the advisor e1,
	// 卒捉仕，判闲) — while no other piece attacks the victim, backs the
	// capture or keeps the victim from leaving (that is 配合, 26.1.1).
	if t.GainAfter > 0 && !t.KingPawnGainsLast && (firstBy == position.King || firstBy == position.Pawn) &&
		(t.ViaCheck || (t.OnlyKing || t.OnlyPawn) && len(t.Pinners) == 0 && len(t.Screens) == 0 && !t.MovedPieceTraps &&
			!slices.ContainsFunc(t.Supporters, func(p Piece) bool { return p.Kind != "king" && p.Kind != "pawn" })) {
		t.KingPawnGainsLast = true
	}

	t.RootKeptGain = t.GainAfter
	if (t.Protection == "none" || t.Protection == "false") && t.Direct && !t.MatedAfterCapture {
		if g, ok := s.rootKeptGain(vsq); ok {
			t.RootKeptGain = max(t.GainAfter, clampGain(g, pieceValue(par, victim, vsq)))
		}
	}

	checks := checksIn(pos, after.line, movedTo)
	t.MovedPieceTakesPart = t.MovedPieceTakesPart || t.MovedPieceAttacks || movesIn(after.line, movedTo) || checks
	t.MovedPieceCaptures = t.MovedPieceCaptures || t.MovedPieceAttacks || movesIn(after.line, movedTo)
	t.MovedPieceChecks = checks
	// A capture of the victim that was not possible before is a new attack
	// even when the gain did not grow (a line by checks won as much
	// before): its cause is what the move did to the attackers' lines.
	directNew := t.GainAfter > 0 && t.Direct && !t.DirectBefore
	switch {
	case !t.New && !directNew:
		t.Cause = "unrelated"
	case lifted && !directNew:
		t.Cause = "lifted"
	case grewOnly && nw.rescued && !directNew:
		t.Cause = "rescued"
	case grewOnly && !directNew:
		t.Cause = "shielded"
	case t.MovedPieceAttacks || (t.New && len(after.line) > 0 && after.line[0].From() == movedTo):
		t.Cause = "moved"
	case !t.New:
		t.Cause = causeOf(pos, m, vsq, caps, oldProtection, t.Protection, pinnedBefore, pinnedNow)
	case t.ViaCheck:
		t.Cause = "check"
	default:
		t.Cause = causeOf(pos, m, vsq, caps, oldProtection, t.Protection, pinnedBefore, pinnedNow)
		switch {
		case t.Cause == "indirect" && movesIn(after.line, movedTo):
			t.Cause = "moved" // the moved piece takes part later in the line
		case t.Cause == "indirect" && checks:
			t.Cause = "check" // it gives a (discovered) check in the line: 抽
		}
	}
	return t
}

// checksAfter reports whether the mover's piece on sq gives check once the
// capture c is played (a check c uncovers, or c's own). pos is restored.
func checksAfter(pos *position.Position, c position.Move, sq position.Square) bool {
	mover := pos.Side()
	pos.Make(c)
	defer pos.Unmake()
	return slices.Contains(pos.Checkers(mover.Other()), sq)
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

// winsAlone reports whether the capture c of the victim on vsq wins material
// by itself: the victim is worth more than the capturer loses to a recapture,
// with the board as it is and with each other piece of the mover taken off
// (unless taking it off exposes the mover's king). helpers are the pieces
// without which c does not win by working with the capturer (a cannon's
// screen, a piece that pins the protector or keeps it from taking back by
// attacking the square); blockers the pieces without which c does not win
// only because they stand in a protector's way (拦: its line, its horse's
// leg, its elephant's eye). Both nil when c does not win even with them.
//
// only (NoSquare: every piece) limits the pieces taken off to that one: the
// caller wants to know about it alone (alone then says only that it is no
// helper).
func winsAlone(s *searcher, c position.Move, vsq, only position.Square) (alone bool, helpers, blockers []position.Square) {
	pos := s.pos
	par := &s.par
	S := pos.Side()
	a := c.From()
	ap, victim := pos.At(a), pos.At(vsq)
	// wins reports whether c wins material; shield: c became illegal only
	// because it would expose the mover's king.
	wins := func() (ok, shield bool) {
		if !pos.IsLegal(c) {
			return false, pos.IsPseudoLegal(c)
		}
		loss := 0
		pos.Make(c)
		if pos.CanCapture(vsq, S.Other()) {
			loss = pieceValue(par, ap, vsq)
		}
		pos.Unmake()
		return pieceValue(par, victim, vsq)-loss > 0, false
	}
	if ok, _ := wins(); !ok {
		return false, nil, nil
	}
	var pb [16]position.Square
	for _, b := range pos.Pieces(S, pb[:0]) {
		if b == a || pos.At(b).Kind() == position.King || (only != position.NoSquare && b != only) {
			continue
		}
		pc := pos.Probe(b, position.NoPiece)
		ok, shield := wins()
		cuts := !ok && !shield && cutsOff(pos, c, vsq, b)
		pos.Probe(b, pc)
		switch {
		case cuts:
			blockers = append(blockers, b)
		case !ok && !shield:
			helpers = append(helpers, b)
		}
	}
	return len(helpers) == 0, helpers, blockers
}

// dispensable returns the attackers of the victim on vsq that the victim
// itself attacks (it could take them first) and without which the side to
// move still wins material in the exchange on the victim's square (its own
// complete exchange, ownExchange, with that attacker off the board): the
// victim stays 少根 without them — its roots are still fewer than the
// pieces that take it (24.15) — so taking one of them back does not defuse
// the threat (issue 24 item 2: 2020 参考图49 车3平2 — the horse b6 can take
// the horse d5, but the rook b5 and the cannon b2 behind it still win the
// horse against its one root: 捉少根子; 参考图50, without the cannon, and
// 图21 车四退二 need the horse they can trade with: 兑). pos is restored.
func dispensable(s *searcher, vsq position.Square, attackers []Piece) []Piece {
	pos := s.pos
	V := pos.Side().Other()
	var out []Piece
	var ab [16]position.Square
	// Its own bounded searches, which leave the caller's count and cut as
	// they were; a search cut short reports nothing.
	nodes, cut := s.nodes, s.cut
	defer func() { s.nodes, s.cut = nodes, cut }()
	for _, a := range attackers {
		sq, ok := position.ParseSquare(a.Square)
		if !ok || !slices.Contains(pos.AttackersInto(ab[:0], sq, V), vsq) {
			continue
		}
		s.nodes, s.cut = 0, false
		pc := pos.Probe(sq, position.NoPiece)
		v := s.ownExchange(vsq)
		pos.Probe(sq, pc)
		if !s.cut && v > 0 && v < mateScore/2 {
			out = append(out, a)
		}
	}
	return out
}

// cutsOff reports whether, with the square b empty, the capture c of the
// victim on vsq is legal and every recapture on vsq comes from a protector
// whose way to vsq runs through b (the line of a rook, cannon or king, the
// leg of a horse, the eye of an elephant): a piece standing there only cuts
// the protector off (拦), it does not attack with the capturer. pos is
// restored.
func cutsOff(pos *position.Position, c position.Move, vsq, b position.Square) bool {
	if !pos.IsLegal(c) {
		return false
	}
	pos.Make(c)
	defer pos.Unmake()
	var buf [16]position.Move
	recs := pos.LegalCapturesInto(buf[:0], vsq, pos.Side())
	for _, r := range recs {
		p := r.From()
		if !between(p, vsq, b) && horseLeg(pos, p, vsq) != b && elephantEye(pos, p, vsq) != b {
			return false
		}
	}
	return len(recs) > 0
}

// inLine reports whether the attacker on a and the piece on b (an ICCS
// square) stand on one rank or file with the victim on v, one behind the
// other; if so, both are added to partners.
func inLine(a, v position.Square, b string, partners *[]position.Square) bool {
	bs, ok := position.ParseSquare(b)
	if !ok || bs == a || !(between(bs, v, a) || between(a, v, bs)) {
		return false
	}
	for _, q := range [2]position.Square{a, bs} {
		if !slices.Contains(*partners, q) {
			*partners = append(*partners, q)
		}
	}
	return true
}

// attacks reports whether one of the captures caps starts on sq.
func attacks(caps []position.Move, sq position.Square) bool {
	for _, c := range caps {
		if c.From() == sq {
			return true
		}
	}
	return false
}

func countReal(ps []Piece) int {
	n := 0
	for _, p := range ps {
		if p.Kind != "" {
			n++
		}
	}
	return n
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

// between reports whether x lies strictly between a and b on a rank or file.
func between(a, b, x position.Square) bool {
	if a.File() == b.File() && x.File() == a.File() {
		lo, hi := min(a.Rank(), b.Rank()), max(a.Rank(), b.Rank())
		return x.Rank() > lo && x.Rank() < hi
	}
	if a.Rank() == b.Rank() && x.Rank() == a.Rank() {
		lo, hi := min(a.File(), b.File()), max(a.File(), b.File())
		return x.File() > lo && x.File() < hi
	}
	return false
}

// horseLeg returns the leg square of a horse on a jumping to b, or NoSquare.
func horseLeg(pos *position.Position, a, b position.Square) position.Square {
	if pos.At(a).Kind() != position.Horse {
		return position.NoSquare
	}
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	switch {
	case abs(dr) == 2 && abs(df) == 1:
		return position.SquareAt(a.File(), a.Rank()+dr/2)
	case abs(df) == 2 && abs(dr) == 1:
		return position.SquareAt(a.File()+df/2, a.Rank())
	}
	return position.NoSquare
}

// elephantEye returns the eye (象眼) of an elephant on a stepping to b, or NoSquare.
func elephantEye(pos *position.Position, a, b position.Square) position.Square {
	if pos.At(a).Kind() != position.Elephant || abs(b.File()-a.File()) != 2 || abs(b.Rank()-a.Rank()) != 2 {
		return position.NoSquare
	}
	return position.SquareAt((a.File()+b.File())/2, (a.Rank()+b.Rank())/2)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// clampGain keeps mate scores out of material figures: a line that ends in
// mating the other side is reported as winning at least the victim.
func clampGain(g, victimValue int) int {
	if g > mateScore/2 {
		return max(victimValue, 1)
	}
	if g < -mateScore/2 {
		return -mateScore
	}
	return g
}

// protection classifies how the piece on vsq (of side V) is protected against
// the other side A: "none", "real", "false" (假根: a protector that cannot
// really take back) — the caller upgrades real to "insufficient" when the
// exchange still loses. Recaptures that get V mated at once do not count;
// when they alone make the root false (no capture is left unanswered for
// another reason), mates lists the checks that mate after them (every one,
// sorted, each once).
func protection(s *searcher, vsq position.Square, V position.Color) (kind, why string, protectors []Piece, hidden bool, mates []position.Move) {
	return protect(s, vsq, V, true)
}

// protectionKind is protection's kind alone (the protectors go undescribed).
func protectionKind(s *searcher, vsq position.Square, V position.Color) string {
	kind, _, _, _, _ := protect(s, vsq, V, false)
	return kind
}

// protect is protection, with the protectors described only when asked.
func protect(s *searcher, vsq position.Square, V position.Color, describeProtectors bool) (kind, why string, protectors []Piece, hidden bool, mates []position.Move) {
	pos := s.pos
	par := &s.par
	A := V.Other()
	if pos.Side() != A {
		// The attacker takes first and the protector's recapture is then
		// checked for a mate by the attacker: the attacker must be the side
		// to move, or the mate would be looked for the wrong way round.
		pos.Make(position.NullMove)
		defer pos.Unmake()
	}
	s.reset() // its own bounded search: results must not depend on earlier calls
	var geoBuf [16]position.Square
	geo := pos.AttackersInto(geoBuf[:0], vsq, V)
	if describeProtectors && len(geo) > 0 {
		protectors = make([]Piece, len(geo))
		for i, g := range geo {
			protectors[i] = describe(par, pos, g)
		}
	}
	var capBuf [16]position.Move
	caps := pos.LegalCapturesInto(capBuf[:0], vsq, A)
	if len(caps) == 0 {
		if len(geo) == 0 {
			return "none", "", protectors, false, nil
		}
		pinned := pos.Pinned(V)
		for _, g := range geo {
			if !slices.Contains(pinned, g) {
				return "real", "", protectors, false, nil
			}
		}
		return "false", "every protector is pinned", protectors, false, nil
	}
	answered := true
	// byMates: every capture left unanswered is so only because each of its
	// recaptures gets mated at once (none is pinned or cut off).
	byMates := true
	for _, c := range caps {
		pos.Make(c)
		var recBuf [16]position.Move
		rec := pos.LegalCapturesInto(recBuf[:0], vsq, V)
		ok := false
		var cm []position.Move
		for _, r := range rec {
			if !slices.Contains(geo, r.From()) {
				hidden = true
			}
			pos.Make(r)
			mated := s.matesAtOnce(maxPly-3, true)
			if mated {
				cm = s.matingChecks(maxPly-3, cm)
			}
			pos.Unmake()
			if !mated {
				ok = true
				break
			}
			if why == "" {
				why = "recapturing with " + r.From().String() + " gets mated at once"
			}
		}
		if !ok {
			answered = false
			byMates = byMates && len(rec) > 0
			mates = append(mates, cm...)
			if len(rec) == 0 && why == "" {
				still := pos.Attackers(vsq, V)
				switch {
				case len(geo) == 0:
				case anyIn(geo, still):
					why = "protector " + geo[0].String() + " cannot recapture: it would expose its king (pinned or facing kings)"
				default:
					why = "the capture " + c.String() + " cuts the protector " + geo[0].String() + " off"
				}
			}
		}
		pos.Unmake()
	}
	switch {
	case answered && (len(geo) > 0 || hidden):
		return "real", "", protectors, hidden, nil
	case len(geo) > 0 || hidden:
		if !byMates {
			mates = nil
		}
		slices.SortFunc(mates, func(a, b position.Move) int { return cmpString(a.String(), b.String()) })
		return "false", why, protectors, hidden, slices.Compact(mates)
	}
	return "none", "", protectors, hidden, nil
}

func anyIn(a, b []position.Square) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// offers lists the mover's pieces the opponent can take at once after the
// move (the opponent to move in pos); an offer is new when the piece could not
// be taken at its square before the move, and newly mutual when the move has
// made a capture possible both ways: the piece can now take back a taker it
// could not take before (issue 11 class 3c: a move that frees a horse's leg
// offers an exchange).
func offers(s *searcher, m position.Move) []Offer {
	pos := s.pos
	par := &s.par
	O := pos.Side()
	S := O.Other()
	var out []Offer
	var sb [16]position.Square
	for _, wsq := range pos.Pieces(S, sb[:0]) {
		w := pos.At(wsq)
		if w.Kind() == position.King {
			continue
		}
		var capBuf [16]position.Move
		caps := pos.LegalCapturesInto(capBuf[:0], wsq, O)
		if len(caps) == 0 {
			continue
		}
		of := Offer{Piece: describe(par, pos, wsq), Moved: wsq == m.To()}
		// Was it capturable before? Undo the move and ask at its old square.
		oldSq := wsq
		if of.Moved {
			oldSq = m.From()
		}
		pos.Unmake()
		of.New = !pos.CanCapture(oldSq, O)
		// Could the piece take each taker back before the move (a taker
		// stands where it stood)? See NewMutual.
		var backBefore [16]bool
		for i, c := range caps {
			if i >= len(backBefore) {
				break
			}
			var bb [16]position.Move
			for _, back := range pos.LegalCapturesInto(bb[:0], c.From(), S) {
				if back.From() == oldSq {
					backBefore[i] = true
				}
			}
		}
		pos.Make(m)
		of.Protection = protectionKind(s, wsq, S)
		for i, c := range caps {
			tk := Taker{Piece: describe(par, pos, c.From())}
			tk.SameKind = pos.At(c.From()).Kind() == w.Kind()
			var backBuf [16]position.Move
			for _, back := range pos.LegalCapturesInto(backBuf[:0], c.From(), S) {
				if back.From() == wsq {
					tk.MutualReach = true
				}
			}
			if tk.MutualReach && i < len(backBefore) && !backBefore[i] {
				of.NewMutual = true
			}
			// What taking costs, on the square and anywhere (takeNet).
			net, mated, line := takeNet(s, c, wsq, pieceValue(par, w, wsq))
			tk.Net, tk.MatedAtOnce, tk.Line = net, mated, iccsLine(line)
			if !tk.MatedAtOnce && tk.Net >= 0 {
				of.FreeTake = true
			}
			of.SameKindTaker = of.SameKindTaker || tk.SameKind
			of.Takers = append(of.Takers, tk)
		}
		out = append(out, of)
	}
	return out
}

// blocks reports the enemy pieces whose moves the piece now on to shortens
// (拦): their pseudo-legal destinations with to occupied, against to empty.
// Only a piece near to (see far) can be concerned: a rook's or cannon's line
// through to runs along its file or rank, a horse's leg and an elephant's eye
// are next to it, and the other pieces' destinations depend only on where
// their own side stands.
func blocks(s *searcher, to position.Square) (bool, []Piece) {
	pos := s.pos // the opponent is to move
	var buf, nearby [16]position.Square
	var with [16]int
	n := 0
	for _, from := range pos.Pieces(pos.Side(), buf[:0]) {
		if !far(from, to) {
			nearby[n], with[n] = from, pos.PseudoMoveCount(from)
			n++
		}
	}
	pc := pos.Probe(to, position.NoPiece)
	var shortened [16]bool
	for i, from := range nearby[:n] {
		shortened[i] = with[i] < pos.PseudoMoveCount(from)
	}
	pos.Probe(to, pc)
	var out []Piece
	for i, from := range nearby[:n] {
		if shortened[i] {
			out = append(out, describe(&s.par, pos, from))
		}
	}
	slices.SortFunc(out, func(a, b Piece) int { return cmpString(a.Square, b.Square) })
	return len(out) > 0, out
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// follows (跟): after m the moved piece attacks the enemy piece that moved just
// before (prev), that piece is protected, and the attack wins nothing.
func follows(s *searcher, m, prev position.Move, threats []Threat) (bool, []Piece) {
	pos := s.pos
	u := prev.To()
	pc := pos.At(u)
	if pc == position.NoPiece || pc.Color() == pos.At(m.To()).Color() || pc.Kind() == position.King {
		return false, nil
	}
	attacks := false
	var capBuf [16]position.Move
	for _, c := range pos.LegalCapturesInto(capBuf[:0], u, pos.At(m.To()).Color()) {
		if c.From() == m.To() {
			attacks = true
		}
	}
	if !attacks {
		return false, nil
	}
	for _, t := range threats {
		if t.Victim.Square == u.String() && t.GainAfter > 0 {
			return false, nil
		}
	}
	kind := protectionKind(s, u, pc.Color())
	if kind != "real" {
		return false, nil
	}
	return true, []Piece{describe(&s.par, pos, u)}
}

// chineseOfICCS is chineseLine of a line kept in ICCS (nil for none).
func chineseOfICCS(pos *position.Position, line []string) []string {
	if len(line) == 0 {
		return nil
	}
	ms, err := position.ParseMoves(pos, line)
	if err != nil {
		return nil // the line came from pos's own legal moves; cannot happen
	}
	return chineseLine(pos, ms)
}

func chineseLine(pos *position.Position, line []position.Move) []string {
	out := make([]string, 0, len(line))
	n := 0
	for _, m := range line {
		out = append(out, position.Chinese{}.Encode(pos, m))
		pos.Make(m)
		n++
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	return out
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
