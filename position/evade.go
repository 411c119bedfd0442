package position

// Moves out of check.
//
// When c's king is in check (in an ordinary position, see movegen.go) a move
// other than the king's answers a check only if it
//   - takes the checker, or
//   - goes between the king and a checking rook, cannon or facing king (for a
//     cannon: to an empty point; a piece taking the cannon's screen is a
//     screen again), or onto a checking horse's leg, or
//   - is a checking cannon's screen (c's own piece) leaving the line between
//     the cannon and the king (moving along it, it is still the screen).
// A move that answers every check must answer each, so with several checkers
// the candidates are the moves that do so for every one of them.
//
// So evade finds the checkers once (evasionCandidates: the lines through the
// king, the horses and pawns aimed at it, as Attackers would in an ordinary
// position), which gives the points a move must go to; then each of c's
// pieces is asked only for its moves to those points, after a one-operation
// test that it can reach any (most cannot), and a screen for its moves off
// the cannon's line. A candidate answers every check; it can still expose
// the king in the two ways only that any move but the king's can (see
// movegen.go; a capture leaves its square occupied): by leaving a line from
// the king that holds an enemy rook, cannon or (on the file) king, or the
// leg of an enemy horse aimed at the king; or by arriving between the king
// and an enemy cannon with nothing in between, as its screen, which always
// checks. Leaving a line exposes the king only as shield's pins do (the
// first piece out, with an enemy rook or facing king second; either of the
// first two, with an enemy cannon third; one further out leaves two
// between). So the moves of those pieces and of the pieces on the legs
// ("exposed") are tried on the board (safeMove), where pins and the flying
// general are decided; the other pieces' moves, a checking cannon's screen
// moving off its line among them, are legal unless they go to one of those
// screen squares ("forbid"). The answer is exact. The king's steps are tried as addKing
// does, less those along a checking line, which stay attacked (see
// lineCheck).
//
// Going backwards from each point to the pieces that reach it (the rooks and
// cannons along its lines, the horses, pawns, advisors and elephants that can
// step there) was tried first: it found the same candidates at more cost (a
// point on a line costs as much as a piece, and a check line has several),
// and then needed sorting. Forwards, the moves come in the general generator's order
// (legalGen) by construction: by kind as run goes (rooks, cannons, horses,
// pawns, advisors, elephants, then the king), then by origin, then by
// destination, squares ascending.
//
// Positions that are not ordinary, with more than four checkers or with more
// than one king of c are left to the general generator.

// evasions is what evasionCandidates finds: where a piece must go to answer
// the check, and the screens of checking cannons (c's own pieces) with where
// each may go (off the line it screens, answering every other check).
type evasions struct {
	target    bitboard
	kingSkip  bitboard // king steps known to stay attacked
	screens   bitboard
	screenSq  [4]Square
	screenDst [4]bitboard
	// exposed: the squares whose piece's moves are tried on the board (the
	// pieces whose leaving a line from the king exposes it, see exposedOn,
	// and the legs of the enemy horses aimed at it);
	// forbid: the empty points between the king and an enemy cannon with
	// nothing in between, where arriving makes a check.
	exposed, forbid bitboard
}

// screenDests returns the destinations to try for the screen on from, which
// must be one of screens (the entries past the screens are never reached).
func (l *evasions) screenDests(from Square) bitboard {
	for i, s := range l.screenSq {
		if s == from {
			return l.screenDst[i]
		}
	}
	return bitboard{}
}

// betweenLine returns the points strictly between a and b, which share a rank
// or a file.
func betweenLine(a, b Square) bitboard {
	if a > b {
		a, b = b, a
	}
	if sqFile[uint8(a)] == sqFile[uint8(b)] {
		return rayMask[uint8(a)][dirN].and(rayMask[uint8(b)][dirS])
	}
	return rayMask[uint8(a)][dirE].and(rayMask[uint8(b)][dirW])
}

// checkers is what evasionCandidates gathers about each check.
type checkers struct {
	n int
	// to[i]: the points a move must go to to answer check i; line[i]: the
	// points between a checking cannon and the king; screen[i]: that
	// cannon's screen when it is c's own piece (else NoSquare).
	to, line [4]bitboard
	screen   [4]Square
	screens  bitboard
	// kingSkip: king steps along the line of a checking rook, cannon or
	// facing king, which stay attacked (see lineCheck).
	kingSkip bitboard
	// forbid: as in evasions.
	forbid bitboard
}

// add records a check answered only by going to one of to; false when there
// are too many checks to record.
func (cs *checkers) add(to bitboard) bool {
	if cs.n == len(cs.to) {
		return false
	}
	cs.to[cs.n], cs.line[cs.n], cs.screen[cs.n] = to, bitboard{}, NoSquare
	cs.n++
	return true
}

// lineCheck records the check, if any, along one line out from the king on
// k: q1 and q2 are the first and second piece on it (NoSquare when fewer),
// axis the squares of its rank or file. A rook or the facing king checks from
// q1 (the latter on a file only), a cannon from q2 with q1 its screen. A king
// step along that line other than taking the checker (or a cannon's screen)
// stays attacked: towards the checker nothing new stands between, away from
// it the king's own square is left empty.
func (cs *checkers) lineCheck(p *Position, c Color, k, q1, q2 Square, axis bitboard, file bool) bool {
	if q1 == NoSquare {
		return true
	}
	e := c.Other()
	b := &p.board
	if b[uint8(q1)] == MakePiece(e, Cannon) {
		cs.forbid = cs.forbid.or(betweenLine(q1, k))
	}
	if pc := b[uint8(q1)]; pc == MakePiece(e, Rook) || (file && pc == MakePiece(e, King)) {
		if !cs.add(sqBB[uint8(q1)].or(betweenLine(q1, k))) {
			return false
		}
		cs.kingSkip = cs.kingSkip.or(kingMoves[uint8(k)].and(axis).andNot(sqBB[uint8(q1)]))
	}
	if q2 == NoSquare || b[uint8(q2)] != MakePiece(e, Cannon) {
		return true
	}
	bl := betweenLine(q2, k)
	// A piece taking the screen is the screen again.
	if !cs.add(sqBB[uint8(q2)].or(bl.andNot(sqBB[uint8(q1)]))) {
		return false
	}
	cs.line[cs.n-1] = bl
	if b[uint8(q1)].Color() == c {
		cs.screen[cs.n-1] = q1
		cs.screens = cs.screens.or(sqBB[uint8(q1)])
	}
	// (The cannon itself is never next to the king: its screen is between.)
	cs.kingSkip = cs.kingSkip.or(kingMoves[uint8(k)].and(axis).andNot(sqBB[uint8(q1)]))
	return true
}

// firstThree returns the first three pieces along one line out from the
// king (NoSquare when fewer): m, up, base and step as for lineCursor.
func firstThree(m uint32, up bool, base, step Square) (q [3]Square) {
	line := lineCursor{m, up, base, step}
	for i := range q {
		_, q[i], _ = line.next()
	}
	return q
}

// exposedOn returns c's pieces among q, the first three pieces along a line
// out from c's king, whose leaving the line would expose the king, as
// shield's pins: the first when the second is an enemy rook (or facing, the
// enemy king on a file), either of the first two when the third is an enemy
// cannon. A piece further out leaves at least two between the king and
// whatever is beyond it. (In check these may be a checking cannon's screen,
// or a rook's or the king's shield behind a checking rook; the move must
// answer the check as well, which evade sees to.)
func exposedOn(b *[256]Piece, q [3]Square, c Color, facing Piece) bitboard {
	var out bitboard
	if q[1] == NoSquare {
		return out
	}
	e := c.Other()
	if pc := b[uint8(q[1])]; (pc == MakePiece(e, Rook) || pc == facing) && b[uint8(q[0])].Color() == c {
		out = out.or(sqBB[uint8(q[0])])
	}
	if q[2] != NoSquare && b[uint8(q[2])] == MakePiece(e, Cannon) {
		for _, s := range q[:2] {
			if b[uint8(s)].Color() == c {
				out = out.or(sqBB[uint8(s)])
			}
		}
	}
	return out
}

// evasionCandidates works out, for c's king on k in check in an ordinary
// position, where c's pieces must go to answer the check (see evasions). It
// reports false when the position is not one it handles (no checker found,
// more than four, or c has more than one king): the caller then uses the
// general generator.
//
// In an ordinary position only the enemy's rooks, cannons and the facing king
// along the lines through k, its horses and its pawns can check; they are
// found here as Attackers finds them, each with what it asks for.
func (p *Position) evasionCandidates(c Color, k Square, l *evasions) bool {
	if p.kinds(c)[King].count() != 1 {
		return false
	}
	e := c.Other()
	b := &p.board
	var cs checkers
	var exposed bitboard
	for hs := p.kinds(e)[Horse].and(horseFrom[uint8(k)]); hs.lo|hs.hi != 0; {
		h := hs.pop()
		leg := horseLegTo(h, k)
		exposed = exposed.or(sqBB[uint8(leg)])
		if b[uint8(leg)] == NoPiece && !cs.add(sqBB[uint8(h)].or(sqBB[uint8(leg)])) {
			return false
		}
	}
	for ps := p.kinds(e)[Pawn].and(pawnFrom[e&1][uint8(k)]); ps.lo|ps.hi != 0; {
		if !cs.add(sqBB[uint8(ps.pop())]) {
			return false
		}
	}
	// The first three pieces along each line out from the king, read from
	// the occupancy as attackedBy does: the first two tell the check, all
	// three the pieces exposing the king by leaving. Lines with no enemy
	// rook, cannon or (on the file) king are not looked at.
	rook, facing := MakePiece(e, Rook), MakePiece(e, King)
	sliders := p.kinds(e)[Rook].or(p.kinds(e)[Cannon])
	fileSliders := sliders.or(p.kinds(e)[King])
	f, r := sqFile[uint8(k)], sqRank[uint8(k)]
	all := &p.lines[both]
	fo, ro := uint32(all.file[f&15]), uint32(all.rank[r&15])
	fm, rm := fileMask[f&15], rankMask[r&15]
	rays := &rayMask[uint8(k)]
	if !fileSliders.and(rays[dirN]).isEmpty() {
		q := firstThree(above(fo, r), true, Square(f), 9)
		exposed = exposed.or(exposedOn(b, q, c, facing))
		if !cs.lineCheck(p, c, k, q[0], q[1], fm, true) {
			return false
		}
	}
	if !fileSliders.and(rays[dirS]).isEmpty() {
		q := firstThree(below(fo, r), false, Square(f), 9)
		exposed = exposed.or(exposedOn(b, q, c, facing))
		if !cs.lineCheck(p, c, k, q[0], q[1], fm, true) {
			return false
		}
	}
	if !sliders.and(rays[dirE]).isEmpty() {
		q := firstThree(above(ro, f), true, Square(r)*9, 1)
		exposed = exposed.or(exposedOn(b, q, c, rook))
		if !cs.lineCheck(p, c, k, q[0], q[1], rm, false) {
			return false
		}
	}
	if !sliders.and(rays[dirW]).isEmpty() {
		q := firstThree(below(ro, f), false, Square(r)*9, 1)
		exposed = exposed.or(exposedOn(b, q, c, rook))
		if !cs.lineCheck(p, c, k, q[0], q[1], rm, false) {
			return false
		}
	}
	n := cs.n
	if n == 0 {
		return false
	}
	target := cs.to[0]
	for i := 1; i < n; i++ {
		target = target.and(cs.to[i])
	}
	to, line, screen, screens := &cs.to, &cs.line, &cs.screen, cs.screens
	l.kingSkip = cs.kingSkip

	l.target = target
	l.screens = screens
	l.exposed, l.forbid = exposed, cs.forbid
	// The screens' moves: off the line of the cannon they screen, and
	// answering every other check.
	j := 0
	for ss := screens; ss.lo|ss.hi != 0; j++ {
		s := ss.pop()
		d := p.pieceMoves(s)
		for i := range n {
			if screen[i] == s {
				d = d.andNot(line[i])
			} else {
				d = d.and(to[i])
			}
		}
		l.screenSq[j], l.screenDst[j] = s, d
	}
	return true
}

// evade generates c's legal moves (into list, or only counts them when list
// is nil) when c's king on k is in check in an ordinary position, in
// legalGen's order; with first, it stops at the first legal move other than
// the king's (and tries no king move: HasLegalMove has). ok is false when
// evasionCandidates declines.
func (p *Position) evade(c Color, k Square, list *[MaxMoves]Move, first bool) (n int, ok bool) {
	var l evasions
	if !p.evasionCandidates(c, k, &l) {
		return 0, false
	}
	target := l.target
	all := &p.lines[both]
	// Most often no checking cannon has c's piece for its screen.
	screens := !l.screens.isEmpty()
	// Each kind in run's order, each piece by square: the piece's moves
	// masked to target (a quick test first: most pieces reach none of it;
	// target, empty points and checkers, holds none of c's pieces). The
	// rook and cannon loops differ only in their table and stay apart: one
	// loop over both kinds costs 1 % of the facts' work (measured twice).
	for s := p.kinds(c)[Rook]; s.lo|s.hi != 0; {
		from := s.pop()
		var d bitboard
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		} else if !target.and(lineMask[uint8(from)]).isEmpty() {
			f, r := sqFile[uint8(from)], sqRank[uint8(from)]
			rm, fm := rookLines(all, f, r)
			d = rankBB(rm, r).or(fileBB(fm, f)).and(target)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	for s := p.kinds(c)[Cannon]; s.lo|s.hi != 0; {
		from := s.pop()
		var d bitboard
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		} else if !target.and(lineMask[uint8(from)]).isEmpty() {
			f, r := sqFile[uint8(from)], sqRank[uint8(from)]
			rm, fm := cannonLines(all, f, r)
			d = rankBB(rm, r).or(fileBB(fm, f)).and(target)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	for s := p.kinds(c)[Horse]; s.lo|s.hi != 0; {
		from := s.pop()
		var d bitboard
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		} else if d = horseMoves[uint8(from)][0].and(target); !d.isEmpty() {
			f, r := sqFile[uint8(from)], sqRank[uint8(from)]
			d = horseMoves[uint8(from)][horseLegs(all.file[f&15], all.rank[r&15], f, r)&15].and(target)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	// Most often no pawn reaches target, and none is a screen.
	pawns := p.kinds(c)[Pawn]
	if pawnReach(pawns, c).and(target).isEmpty() && (!screens || l.screens.and(pawns).isEmpty()) {
		pawns = bitboard{}
	}
	for s := pawns; s.lo|s.hi != 0; {
		from := s.pop()
		d := pawnMoves[c&1][uint8(from)].and(target)
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	for s := p.kinds(c)[Advisor]; s.lo|s.hi != 0; {
		from := s.pop()
		d := advisorMoves[uint8(from)].and(target)
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	for s := p.kinds(c)[Elephant]; s.lo|s.hi != 0; {
		from := s.pop()
		var d bitboard
		if screens && l.screens.has(from) {
			d = l.screenDests(from)
		} else if d = elephantReach[uint8(from)].and(target); !d.isEmpty() {
			f, r := sqFile[uint8(from)], sqRank[uint8(from)]
			d = elephantMoves[uint8(from)][elephantEyes(all, f, r)].and(target)
		}
		if d.lo|d.hi != 0 {
			if n = p.tryEvasions(c, from, d, &l, list, n); first && n > 0 {
				return n, true
			}
		}
	}
	if first {
		return n, true
	}
	g := gen{p: p, c: c, list: list, n: n}
	g.addKing(k, kingMoves[uint8(k)].andNot(p.occ[c&1]).andNot(l.kingSkip))
	return g.n, true
}

// tryEvasions records the legal moves from → d (answers to the check)
// after the n already in list (or counts them, list nil): those of an
// exposed piece are played on the board, the others are legal unless
// forbidden.
func (p *Position) tryEvasions(c Color, from Square, d bitboard, l *evasions, list *[MaxMoves]Move, n int) int {
	d = d.andNot(l.forbid)
	tested := l.exposed.has(from)
	for d.lo|d.hi != 0 {
		t := d.pop()
		if !tested || p.safeMove(from, t, c) {
			if list != nil {
				list[uint8(n)] = NewMove(from, t)
			}
			n++
		}
	}
	return n
}
