package position

import "math/bits"

// MaxMoves bounds the number of pseudo-legal moves in any position.
const MaxMoves = 256

// Legal move generation.
//
// Trying every move on the board and asking whether the king is then attacked
// is exact but slow. Instead, once per position, shield works out what can
// expose the king at all. In Xiangqi a move that is not the king's own can only
// expose it by
//   - leaving a line through the king: the sole piece between it and an enemy
//     rook or the enemy king (flying general), or one of the two pieces between
//     it and an enemy cannon (one screen is left);
//   - leaving a horse's leg next to the king;
//   - arriving on a line through the king between it and an enemy cannon that
//     had nothing in between: the piece becomes the cannon's screen.
// The first two make the piece "pinned", and its moves are tried on the board;
// the squares of the third are "forbidden" and simply taken out of every other
// piece's destinations. King moves are always tried. In check, only the moves
// that answer it are considered, and tried on the board where they may expose
// the king (see evade.go). Everything else is legal as generated, and at the
// last ply of perft only counted.
//
// That reasoning assumes only rooks, cannons, horses, pawns and the facing king
// can attack the king, which holds whenever the king stands on its own half
// and no enemy king, advisor or elephant does (they never cross the river). A
// position built by hand may break it; ordinary says when, and then every move
// is tried.

// gen collects one side's moves, or only counts them.
type gen struct {
	p    *Position
	c    Color
	list *[MaxMoves]Move // nil: count only
	n    int
	// Moves from the squares in test, and all king moves when testKing, are
	// tried on the board; the others are legal once the squares in forbid
	// are taken out.
	test, forbid bitboard
	testKing     bool
	// evading: c is in check (in an ordinary position) and a move not the
	// king's can answer it only by going to a square of evadeTo (taking a
	// checker, blocking a line or a horse's leg) or being one of evadeFrom
	// (a checking cannon's screen); the others are not even tried.
	evading            bool
	evadeTo, evadeFrom bitboard
	// fast: test and forbid are empty (as in most positions) and c is not
	// in check, so every non-king move generated is legal; bulk: fast, and
	// only counting.
	fast, bulk bool
}

// everywhere is every square: "test every move". (Not more: like every
// bitboard here it holds no bit past the board, which bitboard.has relies on.)
var everywhere = boardMask

// put records the moves from → to (to already excludes c's own pieces). The
// common case, counting at the last ply of perft, is small enough to inline.
func (g *gen) put(from Square, to bitboard) {
	if g.bulk {
		g.n += to.count()
		return
	}
	g.add(from, to)
}

// add is put's general case.
func (g *gen) add(from Square, to bitboard) {
	if !g.fast {
		if g.evading && !g.evadeFrom.has(from) {
			to = to.and(g.evadeTo)
		}
		if g.test.has(from) {
			g.addTested(from, to)
			return
		}
		to = to.andNot(g.forbid)
	}
	g.addAll(from, to)
}

func (g *gen) addAll(from Square, to bitboard) {
	if g.list == nil {
		g.n += to.count()
		return
	}
	for to.lo|to.hi != 0 {
		g.list[uint8(g.n)] = NewMove(from, to.pop())
		g.n++
	}
}

func (g *gen) addTested(from Square, to bitboard) {
	for to.lo|to.hi != 0 {
		t := to.pop()
		if g.p.safeMove(from, t, g.c) {
			if g.list != nil {
				g.list[uint8(g.n)] = NewMove(from, t)
			}
			g.n++
		}
	}
}

// putLines records a rook's or cannon's moves from (f, r): rm along the rank,
// fm along the file, c's own pieces already taken out. In the usual case they
// are counted (inline) or listed straight from the line masks.
func (g *gen) putLines(from Square, f, r uint8, rm, fm uint16) {
	if g.bulk {
		g.n += bits.OnesCount16(rm) + bits.OnesCount16(fm)
		return
	}
	g.addLines(from, f, r, rm, fm)
}

func (g *gen) addLines(from Square, f, r uint8, rm, fm uint16) {
	if !g.fast {
		g.add(from, rankBB(rm, r).or(fileBB(fm, f)))
		return
	}
	base := Square(r) * 9
	for ; rm != 0; rm &= rm - 1 {
		g.list[uint8(g.n)] = NewMove(from, base+Square(bits.TrailingZeros16(rm)))
		g.n++
	}
	for ; fm != 0; fm &= fm - 1 {
		g.list[uint8(g.n)] = NewMove(from, Square(bits.TrailingZeros16(fm))*9+Square(f))
		g.n++
	}
}

// addKing records the king's moves from → to that do not leave it attacked.
// The king is lifted off the board once; then each destination only needs an
// attack test, which ignores whatever stands on the square itself (a piece
// being captured there attacks nothing from it and blocks nothing the king
// would not block).
func (g *gen) addKing(from Square, to bitboard) {
	p, e := g.p, g.c.Other()
	l := &sqLine[uint8(from)]
	pc := p.board[uint8(from)]
	p.board[uint8(from)] = NoPiece
	p.lines[both].flip(l)
	for to.lo|to.hi != 0 {
		t := to.pop()
		if !p.attackedBy(t, e, true) {
			if g.list != nil {
				g.list[uint8(g.n)] = NewMove(from, t)
			}
			g.n++
		}
	}
	p.lines[both].flip(l)
	p.board[uint8(from)] = pc
}

// addPawns records the moves of all c's pawns at once, when g.fast. A pawn
// has at most one move forward, one east and one west, so the moves in each
// direction are as many as their destinations: three shifts of the pawns'
// bitboard find them all.
func (g *gen) addPawns(pawns, own bitboard) {
	fwd, ahead := pawns.shr(9), Square(-9)
	if g.c == Red {
		fwd, ahead = pawns.shl(9).and(boardMask), 9
	}
	crossed := pawns.and(half[g.c.Other()&1])
	east := crossed.andNot(fileMask[8]).shl(1).andNot(own)
	west := crossed.andNot(fileMask[0]).shr(1).andNot(own)
	fwd = fwd.andNot(own)
	if g.list == nil {
		g.n += fwd.count() + east.count() + west.count()
		return
	}
	g.addShifted(fwd, ahead)
	g.addShifted(east, 1)
	g.addShifted(west, -1)
}

// pawnReach returns the points c's pawns may move to and more (every point
// a step forward or sideways from one, crossed the river or not, and past
// the board): one test of it says when none of them can reach a set of
// points, which spares asking each pawn.
func pawnReach(pawns bitboard, c Color) bitboard {
	fwd := pawns.shr(9)
	if c == Red {
		fwd = pawns.shl(9)
	}
	return fwd.or(pawns.shl(1)).or(pawns.shr(1))
}

// addShifted lists the moves to each square of to from the square delta before.
func (g *gen) addShifted(to bitboard, delta Square) {
	for to.lo|to.hi != 0 {
		t := to.pop()
		g.list[uint8(g.n)] = NewMove(t-delta, t)
		g.n++
	}
}

// run generates all of c's moves (the derived state must be synced).
func (g *gen) run() {
	p, c := g.p, g.c
	g.fast = g.test.isEmpty() && g.forbid.isEmpty() && !g.evading
	g.bulk = g.fast && g.list == nil
	all := &p.lines[both]
	ownBB := p.occ[c&1]
	for s := p.kinds(c)[Rook]; s.lo|s.hi != 0; {
		from := s.pop()
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		rm, fm := rookLines(all, f, r)
		ownRank, ownFile := p.colourLines(c, f, r)
		g.putLines(from, f, r, rm&^ownRank, fm&^ownFile)
	}
	for s := p.kinds(c)[Cannon]; s.lo|s.hi != 0; {
		from := s.pop()
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		rm, fm := cannonLines(all, f, r)
		ownRank, ownFile := p.colourLines(c, f, r)
		g.putLines(from, f, r, rm&^ownRank, fm&^ownFile)
	}
	for s := p.kinds(c)[Horse]; s.lo|s.hi != 0; {
		from := s.pop()
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		g.put(from, horseMoves[uint8(from)][horseLegs(all.file[f&15], all.rank[r&15], f, r)&15].andNot(ownBB))
	}
	if pawns := p.kinds(c)[Pawn]; g.fast {
		g.addPawns(pawns, ownBB)
	} else {
		for pawns.lo|pawns.hi != 0 {
			from := pawns.pop()
			g.put(from, pawnMoves[c&1][uint8(from)].andNot(ownBB))
		}
	}
	for s := p.kinds(c)[Advisor]; s.lo|s.hi != 0; {
		from := s.pop()
		g.put(from, advisorMoves[uint8(from)].andNot(ownBB))
	}
	for s := p.kinds(c)[Elephant]; s.lo|s.hi != 0; {
		from := s.pop()
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		g.put(from, elephantMoves[uint8(from)][elephantEyes(all, f, r)].andNot(ownBB))
	}
	for s := p.kinds(c)[King]; s.lo|s.hi != 0; {
		from := s.pop()
		to := kingMoves[uint8(from)].andNot(ownBB)
		if g.testKing {
			g.addKing(from, to)
		} else {
			g.addAll(from, to)
		}
	}
}

// pieceMoves returns the pseudo-legal destinations of the piece on from.
func (p *Position) pieceMoves(from Square) bitboard {
	pc := p.board[uint8(from)]
	c := pc.Color()
	f, r := sqFile[uint8(from)], sqRank[uint8(from)]
	all := &p.lines[both]
	var to bitboard
	switch pc.Kind() {
	case Rook:
		rm, fm := rookLines(all, f, r)
		to = rankBB(rm, r).or(fileBB(fm, f))
	case Cannon:
		rm, fm := cannonLines(all, f, r)
		to = rankBB(rm, r).or(fileBB(fm, f))
	case Horse:
		to = horseMoves[uint8(from)][horseLegs(all.file[f&15], all.rank[r&15], f, r)&15]
	case Pawn:
		to = pawnMoves[c&1][uint8(from)]
	case Advisor:
		to = advisorMoves[uint8(from)]
	case King:
		to = kingMoves[uint8(from)]
	case Elephant:
		to = elephantMoves[uint8(from)][elephantEyes(all, f, r)]
	}
	return to.andNot(p.occ[c&1])
}

// ordinary reports whether the shortcut reasoning above holds for c's king on
// k: it is on the board where kings says, on its own half, and no enemy king,
// advisor or elephant is on that half.
func (p *Position) ordinary(c Color, k Square) bool {
	e := c.Other()
	stray := p.kinds(e)[King].or(p.kinds(e)[Advisor]).or(p.kinds(e)[Elephant])
	return p.board[uint8(k)] == MakePiece(c, King) && half[c&1].has(k) && stray.and(half[c&1]).isEmpty()
}

// shield works out, for c's king on k in an ordinary position, whether it is in
// check and, if not, which of c's pieces are pinned and which squares are
// forbidden (see the comment at the top of the file).
func (p *Position) shield(c Color, k Square) (check bool, pinned, forbid bitboard) {
	e := c.Other()
	b := &p.board
	if !p.kinds(e)[Pawn].and(pawnFrom[e&1][uint8(k)]).isEmpty() {
		return true, pinned, forbid
	}
	for hs := p.kinds(e)[Horse].and(horseFrom[uint8(k)]); hs.lo|hs.hi != 0; {
		leg := horseLegTo(hs.pop(), k)
		switch lp := b[uint8(leg)]; {
		case lp == NoPiece:
			return true, pinned, forbid
		case lp.Color() == c:
			pinned = pinned.or(sqBB[uint8(leg)])
		}
	}

	rook, cannon, king := MakePiece(e, Rook), MakePiece(e, Cannon), MakePiece(e, King)
	f, r := sqFile[uint8(k)], sqRank[uint8(k)]
	all := &p.lines[both]
	fo, ro := uint32(all.file[f&15]), uint32(all.rank[r&15])
	// Only a line from the king holding an enemy rook, cannon or king (which
	// counts as a rook on the file) is worth walking: usually one, the file
	// towards the enemy king.
	sliders := p.kinds(e)[Rook].or(p.kinds(e)[Cannon])
	facing := sliders.or(p.kinds(e)[King])
	rays := &rayMask[uint8(k)]
	// And only if fewer than three pieces stand between the king and the
	// nearest of them: a fourth piece out can neither check nor pin.
	l := shieldLine{c: c, rook: rook, cannon: cannon}
	l.facing = king
	if x := facing.and(rays[dirN]); !x.isEmpty() {
		m := above(fo, r)
		if bits.OnesCount32(below(m, sqRank[uint8(x.lowest())])) < 3 && l.walk(b, m, true, Square(f), 9, r) {
			return true, pinned, forbid
		}
	}
	if x := facing.and(rays[dirS]); !x.isEmpty() {
		m := below(fo, r)
		if bits.OnesCount32(m>>(sqRank[uint8(x.highest())]&31)) < 4 && l.walk(b, m, false, Square(f), 9, r) {
			return true, pinned, forbid
		}
	}
	l.facing = rook
	if x := sliders.and(rays[dirE]); !x.isEmpty() {
		m := above(ro, f)
		if bits.OnesCount32(below(m, sqFile[uint8(x.lowest())])) < 3 && l.walk(b, m, true, Square(r)*9, 1, f) {
			return true, pinned, forbid
		}
	}
	if x := sliders.and(rays[dirW]); !x.isEmpty() {
		m := below(ro, f)
		if bits.OnesCount32(m>>(sqFile[uint8(x.highest())]&31)) < 4 && l.walk(b, m, false, Square(r)*9, 1, f) {
			return true, pinned, forbid
		}
	}
	return false, pinned.or(l.pinned), l.forbid
}

// shieldLine walks the lines from a king for shield.
type shieldLine struct {
	c                    Color
	rook, cannon, facing Piece // the enemy's; facing is its king on a file, else its rook
	pinned, forbid       bitboard
}

// lineCursor reads the pieces along one line out from a point, nearest
// first: m is the line's occupancy beyond the point, walked upwards or
// downwards, bit i standing for the square base + step*i.
type lineCursor struct {
	m          uint32
	up         bool
	base, step Square
}

// next returns the next piece's bit and square; ok is false when there is
// none left.
func (l *lineCursor) next() (bit int, sq Square, ok bool) {
	if l.m == 0 {
		return 0, NoSquare, false
	}
	j := nearest(l.m, l.up)
	l.m &^= 1 << (j & 31)
	return j, l.base + l.step*Square(j), true
}

// nearest returns the lowest bit of m (not 0) when up, else the highest.
func nearest(m uint32, up bool) int {
	if up {
		return bits.TrailingZeros32(m)
	}
	return bits.Len32(m) - 1
}

// walk looks at the first three pieces on one line out from the king: m is
// the line's occupancy beyond the king, walked upwards or downwards; the
// square of bit i is base + step*i and the king is at bit at. It reports a
// check, or adds to pinned and forbid.
func (l *shieldLine) walk(b *[256]Piece, m uint32, up bool, base, step Square, at uint8) bool {
	line := lineCursor{m, up, base, step}
	bit1, sq1, _ := line.next() // the line holds a piece: an enemy one
	pc1 := b[uint8(sq1)]
	if pc1 == l.rook || pc1 == l.facing {
		return true
	}
	if pc1 == l.cannon {
		// Nothing between king and cannon: a piece arriving there screens it.
		lo, hi := min(int(at), bit1), max(int(at), bit1)
		between := uint16(1<<hi - 1<<(lo+1))
		if step == 9 {
			l.forbid = l.forbid.or(fileBB(between, uint8(base)))
		} else {
			l.forbid = l.forbid.or(rankBB(between, uint8(base/9)))
		}
	}
	_, sq2, ok := line.next()
	if !ok {
		return false
	}
	pc2 := b[uint8(sq2)]
	switch {
	case pc2 == l.cannon:
		return true
	case pc2 == l.rook || pc2 == l.facing:
		if pc1.Color() == l.c {
			l.pinned = l.pinned.or(sqBB[uint8(sq1)])
		}
	default:
		// Two screens: either one leaving gives the cannon its shot.
		if _, sq3, ok := line.next(); ok && b[uint8(sq3)] == l.cannon {
			if pc1.Color() == l.c {
				l.pinned = l.pinned.or(sqBB[uint8(sq1)])
			}
			if pc2.Color() == l.c {
				l.pinned = l.pinned.or(sqBB[uint8(sq2)])
			}
		}
	}
	return false
}

// legal generates c's legal moves into list, or only counts them when list is
// nil, and returns their number. The derived state must be synced.
func (p *Position) legal(c Color, list *[MaxMoves]Move) int {
	if k := p.kings[c&1]; k != NoSquare && p.ordinary(c, k) {
		// Most often the position the last move was made in knows whether
		// it checked (lastMoveChecks): in check, shield, which would only
		// find that out, is spared.
		if c == p.side {
			if check, known := p.lastMoveChecks(); known && check {
				if n, ok := p.evade(c, k, list, false); ok {
					return n
				}
			}
		}
		check, pinned, forbid := p.shield(c, k)
		if !check {
			// setup's ordinary case, shield already asked.
			g := gen{p: p, c: c, list: list, test: pinned, forbid: forbid, testKing: true}
			g.run()
			return g.n
		}
		if n, ok := p.evade(c, k, list, false); ok {
			return n
		}
	}
	return p.legalGen(c, list)
}

// legalGen is legal by the general generator: every piece's moves, filtered
// as setup decides. The moves come by kind (run's order: rooks, cannons,
// horses, pawns, advisors, elephants, king), then by origin, then by
// destination, squares ascending.
func (p *Position) legalGen(c Color, list *[MaxMoves]Move) int {
	g := gen{p: p, c: c, list: list}
	g.setup()
	g.run()
	return g.n
}

// setup decides which of g.c's moves must be tried on the board (test,
// testKing) and which squares are forbidden (see the comment at the top of
// the file), for the generators of legal moves: run, capturesAndChecks.
func (g *gen) setup() {
	p, c := g.p, g.c
	switch k := p.kings[c&1]; {
	case k == NoSquare:
		// No king to expose (only hand-built positions): all pseudo-legal
		// moves are legal.
	case !p.ordinary(c, k):
		g.test, g.testKing = everywhere, true
	default:
		check, pinned, forbid := p.shield(c, k)
		if check {
			g.test = everywhere
			// Only moves that could answer the check are considered, and
			// tried only where they may expose the king (see evade.go);
			// when the checks are not ones it handles, all are tried.
			var l evasions
			if p.evasionCandidates(c, k, &l) {
				g.evading = true
				g.evadeTo, g.evadeFrom = l.target, l.screens
				// The screens' moves are tried too: add lets all of
				// them through, those along the line they screen (which
				// keep the check) included.
				g.test, g.forbid = l.exposed.or(l.screens), l.forbid
			}
		} else {
			g.test, g.forbid = pinned, forbid
		}
		g.testKing = true
	}
	g.fast = g.test.isEmpty() && g.forbid.isEmpty() && !g.evading
}

// into runs fill on a [MaxMoves]Move array appended to dst: dst's own spare
// room when it has enough, else a stack buffer copied in.
func into(dst []Move, fill func(*[MaxMoves]Move) int) []Move {
	if n := len(dst); cap(dst)-n >= MaxMoves {
		return dst[:n+fill((*[MaxMoves]Move)(dst[n:n+MaxMoves]))]
	}
	var buf [MaxMoves]Move
	return append(dst, buf[:fill(&buf)]...)
}

// PseudoMoves appends the side to move's pseudo-legal moves (movement rules
// obeyed, own king possibly left attacked) to dst.
func (p *Position) PseudoMoves(dst []Move) []Move { return p.pseudoFor(p.side, dst) }

// PseudoMoveCount returns how many pseudo-legal moves the piece on sq has, for
// its own colour whichever side is to move (the moves from sq PseudoMoves
// would list if that colour were to move); 0 for an empty square.
func (p *Position) PseudoMoveCount(sq Square) int {
	if !sq.Valid() || p.board[uint8(sq)] == NoPiece {
		return 0
	}
	p.sync()
	return p.pieceMoves(sq).count()
}

func (p *Position) pseudoFor(c Color, dst []Move) []Move {
	p.sync()
	return into(dst, func(list *[MaxMoves]Move) int {
		g := gen{p: p, c: c, list: list}
		g.run()
		return g.n
	})
}

// safeMove reports whether the pseudo-legal move from→to by c leaves c's king
// safe (not attacked, not facing the other king). The move is played on the
// board and the occupancy only, which is all the attack test reads besides the
// enemy's piece bitboards, and taken back.
func (p *Position) safeMove(from, to Square, c Color) bool {
	b := &p.board
	all := &p.lines[both]
	pc, cap := b[uint8(from)], b[uint8(to)]
	fl, tl := &sqLine[uint8(from)], &sqLine[uint8(to)]
	b[uint8(to)], b[uint8(from)] = pc, NoPiece
	all.flip(fl)
	var capBB bitboard
	if cap == NoPiece {
		all.flip(tl)
	} else {
		capBB = p.pieces[cap&15]
		p.pieces[cap&15] = capBB.andNot(sqBB[uint8(to)])
	}
	k := p.kings[c&1]
	if pc.Kind() == King {
		k = to
	}
	e := c.Other()
	ok := k == NoSquare || !p.attackedBy(k, e, p.kingTarget(k, e))
	if cap == NoPiece {
		all.flip(tl)
	} else {
		p.pieces[cap&15] = capBB
	}
	all.flip(fl)
	b[uint8(from)], b[uint8(to)] = pc, cap
	return ok
}

// legalFor reports whether the pseudo-legal move m by c leaves c's king safe
// (not attacked, not facing the other king). The position is unchanged.
func (p *Position) legalFor(m Move, c Color) bool {
	p.sync()
	return p.safeMove(m.From(), m.To(), c)
}

// LegalMoves appends the side to move's legal moves to dst. With room for
// MaxMoves more moves in dst it does not allocate. The order of the moves is
// not part of the contract.
func (p *Position) LegalMoves(dst []Move) []Move { return p.LegalMovesFor(p.side, dst) }

// LegalMovesFor appends c's legal moves to dst, as if c were to move.
func (p *Position) LegalMovesFor(c Color, dst []Move) []Move {
	p.sync()
	return into(dst, func(list *[MaxMoves]Move) int { return p.legal(c, list) })
}

// CountLegalMoves returns the number of c's legal moves, as if c were to move,
// without listing them (as fast as generating them, or faster).
func (p *Position) CountLegalMoves(c Color) int {
	p.sync()
	return p.legal(c, nil)
}

// IsPseudoLegal reports whether m obeys the movement rules for the side to move.
func (p *Position) IsPseudoLegal(m Move) bool {
	if m == NoMove || m == NullMove || !m.From().Valid() || !m.To().Valid() {
		return false
	}
	pc := p.board[uint8(m.From())]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	p.sync()
	return p.pieceMoves(m.From()).has(m.To())
}

// IsLegal reports whether m is a legal move for the side to move.
func (p *Position) IsLegal(m Move) bool {
	return p.IsPseudoLegal(m) && p.safeMove(m.From(), m.To(), p.side)
}

// IsMate reports whether the side to move has no legal move. In Xiangqi a
// side without a legal move has lost, in check (将死) or not (困毙).
func (p *Position) IsMate() bool { return !p.HasLegalMove(p.side) }

// IsCheckmate reports whether the side to move is in check with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck(p.side) && p.IsMate() }

// IsStalemate reports whether the side to move is not in check but has no legal move.
func (p *Position) IsStalemate() bool { return !p.InCheck(p.side) && p.IsMate() }
