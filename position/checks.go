package position

// Captures and checks: the moves an exchange search looks at.
//
// LegalCaptures and LegalQuietChecks generate only the moves asked for, with
// the legality machinery of the full generator (gen.setup: pinned pieces'
// moves tried on the board, forbidden screen squares taken out, king moves
// tried). GivesCheck answers for one move without playing it.
//
// Whether a move of side c checks the other king K is decided from a
// checkInfo, worked out once per position (and cached, see Position.checks).
// When c does not attack K already (the normal case: c is to move), a move
// from→to by a piece of kind k checks K if and only if
//   - the piece attacks K from to: to is one of checkSq[k], the squares a
//     piece of that kind attacks K from with the board as it is (leaving from
//     empty changes nothing there but for the exceptions below), or
//   - to is an empty square between K and a cannon of c with nothing in
//     between (to becomes the cannon's screen; these squares are in every
//     checkSq), or
//   - from is "special": moving the piece away may uncover an attack (the
//     only piece between K and a rook of c, or c's king on the file; one of
//     the two pieces between K and a cannon of c; the leg of a horse of c
//     aimed at K; the eye of an elephant of c aimed at K), or the piece is a
//     cannon with nothing between it and K (it may move along that line
//     and keep nothing in between, which checkSq, counting from as a piece,
//     would get wrong). For those few pieces GivesCheck plays the move on
//     the board and asks the attack test; LegalQuietChecks, which asks for
//     all their quiet moves at once, reasons about them instead (see
//     specialChecks).
// Why nothing else can give check: with no attack on K before the move, a
// line attack needs a line from K to change; vacating from changes the count
// on one line by one, which uncovers a rook or a two-screen cannon only in the
// special cases; occupying to adds a piece, which helps only a cannon with no
// screen yet; a horse or an elephant is only ever helped by a leg or an eye
// leaving, and pawns, advisors and kings need nothing empty. A move that
// uncovers the kings' file is illegal for the mover, so never a check.
//
// When c does attack K already (a hypothetical position, after a null move),
// a move may also block or lift its own attack; every move is then tried on
// the board.

// checkInfo is what the check tests need to know about the side to move's
// attacks on the other king, for one position.
type checkInfo struct {
	key   uint64 // the position's key
	valid bool
	// checking: the side to move attacks the other king already; special
	// is then every square.
	checking bool
	ksq      Square // the other side's king, or NoSquare (no move checks)
	// checkSq[k]: the squares from which a piece of the side to move of
	// kind k attacks ksq, plus the cannon-screen squares (see above).
	checkSq [8]bitboard
	// special: the squares whose piece's moves are tried on the board;
	// uncover: those of them whose piece uncovers an attack on ksq by
	// leaving the line from ksq it stands on, or by leaving at all (a leg,
	// an eye).
	special, uncover bitboard
}

// horseChecks[k][eyes]: the squares from which a horse attacks k when the
// four diagonal neighbours of k set in eyes (elephantEyes' bit order) are
// occupied; those are the horses' legs. Built by tables.go's init, after
// horseFrom.
var horseChecks [256][16]bitboard

func initHorseChecks() {
	for k := Square(0); k < NumSquares; k++ {
		for hs := horseFrom[k]; !hs.isEmpty(); {
			h := hs.pop()
			leg := horseLegTo(h, k)
			bit := 0
			if leg.File() > k.File() {
				bit += 2
			}
			if leg.Rank() > k.Rank() {
				bit++
			}
			for eyes := range horseChecks[k] {
				if eyes>>bit&1 == 0 {
					horseChecks[k][eyes] = horseChecks[k][eyes].or(sqBB[h])
				}
			}
		}
	}
}

// checkInfo returns the side to move's check information, from the cache when
// it holds this position's. The derived state is synced.
func (p *Position) checkInfo() *checkInfo {
	p.sync()
	ci := &p.checks[len(p.hist)&7]
	if !ci.valid || ci.key != p.key {
		p.computeCheckInfo(ci)
	}
	return ci
}

// cachedCheckInfo returns checkInfo's answer when the cache holds it (and
// the derived state is synced), else nil. It is small enough to inline,
// which spares GivesCheck, asked of move after move in one position, a call.
func (p *Position) cachedCheckInfo() *checkInfo {
	ci := &p.checks[len(p.hist)&7]
	if !ci.valid || ci.key != p.key || !p.cached || p.cacheKey != p.key {
		return nil
	}
	return ci
}

// computeCheckInfo fills ci for the position as it is (synced). Every field
// is set (checkSq only where it is read: with a king to check, not checking).
func (p *Position) computeCheckInfo(ci *checkInfo) {
	c := p.side
	k := p.kings[c.Other()&1]
	ci.key, ci.valid, ci.ksq = p.key, true, k
	ci.checking, ci.special, ci.uncover = false, bitboard{}, bitboard{}
	if k == NoSquare {
		return
	}
	b := &p.board
	all := &p.lines[both]
	f, r := sqFile[uint8(k)], sqRank[uint8(k)]

	// Horses, elephants, pawns, advisors and the king: attacks that only a
	// leg or an eye can block, from points next to k or a horse's jump or
	// an elephant's step away (nearSq), where the side to move most often
	// has no piece at all.
	eyes := elephantEyes(all, f, r)
	hc := horseChecks[uint8(k)][eyes&15]
	ec := elephantMoves[uint8(k)][eyes&15]
	pc := pawnFrom[c&1][uint8(k)]
	ac := advisorMoves[uint8(k)]
	kc := kingMoves[uint8(k)]
	if !p.occ[c&1].and(nearSq[uint8(k)]).isEmpty() {
		horses := p.kinds(c)[Horse]
		if !horses.and(hc).isEmpty() ||
			!p.kinds(c)[Elephant].and(ec).isEmpty() ||
			!p.kinds(c)[Pawn].and(pc).isEmpty() ||
			!p.kinds(c)[Advisor].and(ac).isEmpty() ||
			!p.kinds(c)[King].and(kc).isEmpty() {
			ci.checking, ci.special = true, everywhere
			return
		}
		// Horses whose leg is taken: by a piece of the side to move, that
		// piece may uncover them.
		for hs := horses.and(horseFrom[uint8(k)]); hs.lo|hs.hi != 0; {
			leg := horseLegTo(hs.pop(), k)
			if b[uint8(leg)].Color() == c {
				ci.uncover = ci.uncover.or(sqBB[uint8(leg)])
			}
		}
		for es := p.kinds(c)[Elephant].and(elephantReach[uint8(k)]); es.lo|es.hi != 0; {
			eye := Square((int(es.pop()) + int(k)) / 2)
			if b[uint8(eye)].Color() == c {
				ci.uncover = ci.uncover.or(sqBB[uint8(eye)])
			}
		}
	}

	// Lines: the rook reach from k (empty points up to the first piece each
	// way) and the points with exactly one piece between them and k, found
	// by looking the slide up again with the first pieces taken away.
	ro, fo := all.rank[r&15]&0x1FF, all.file[f&15]&0x3FF
	rm1, fm1 := rookRank[f&15][ro], rookFile[r&15][fo]
	rm2, fm2 := rookRank[f&15][ro&^rm1], rookFile[r&15][fo&^fm1]
	fileSq := fileBB(fm1, f)
	rookSq := rankBB(rm1, r).or(fileSq)
	cannonSq := rankBB(rm2&^rm1, r).or(fileBB(fm2&^fm1, f))

	// Walk the lines that hold a rook or cannon of the side to move (or its
	// king, on the file): checks, uncoverable pieces, screen squares.
	l := checkLine{
		p: p, c: c, k: k,
		rook: MakePiece(c, Rook), cannon: MakePiece(c, Cannon),
	}
	sliders := p.kinds(c)[Rook].or(p.kinds(c)[Cannon])
	rays := &rayMask[uint8(k)]
	l.facing = MakePiece(c, King)
	fileSliders := sliders.or(p.kinds(c)[King])
	check := false
	if !fileSliders.and(rays[dirN]).isEmpty() {
		check = l.walk(above(uint32(fo), r), true, Square(f), 9, dirN)
	}
	if !fileSliders.and(rays[dirS]).isEmpty() {
		check = l.walk(below(uint32(fo), r), false, Square(f), 9, dirS) || check
	}
	l.facing = l.rook
	if !sliders.and(rays[dirE]).isEmpty() {
		check = l.walk(above(uint32(ro), f), true, Square(r)*9, 1, dirE) || check
	}
	if !sliders.and(rays[dirW]).isEmpty() {
		check = l.walk(below(uint32(ro), f), false, Square(r)*9, 1, dirW) || check
	}
	if check {
		ci.checking, ci.special = true, everywhere
		return
	}
	ci.uncover = ci.uncover.or(l.uncover)
	ci.special = ci.uncover.or(l.special)

	s := l.screen
	ci.checkSq[King] = kc.or(fileSq).or(s)
	ci.checkSq[Advisor] = ac.or(s)
	ci.checkSq[Elephant] = ec.or(s)
	ci.checkSq[Horse] = hc.or(s)
	ci.checkSq[Rook] = rookSq.or(s)
	ci.checkSq[Cannon] = cannonSq.or(s)
	ci.checkSq[Pawn] = pc.or(s)
}

// checkLine walks the lines out from the other king for computeCheckInfo.
type checkLine struct {
	p                    *Position
	c                    Color // the side to move, the attacker
	k                    Square
	rook, cannon, facing Piece // the side to move's; facing is its king on a file, else its rook
	// special and uncover as in checkInfo (special here only the cannons
	// with nothing before the king); screen: the screen squares.
	special, uncover, screen bitboard
}

// walk looks at the first three pieces on one line out from the king: m is
// the line's occupancy beyond the king, walked upwards or downwards, the
// square of bit i being base + step*i, in direction dir from the king. It
// reports an attack on the king, or adds to special and screen.
func (l *checkLine) walk(m uint32, up bool, base, step Square, dir int) bool {
	b := &l.p.board
	line := lineCursor{m, up, base, step}
	_, sq1, ok := line.next()
	if !ok {
		return false
	}
	pc1 := b[uint8(sq1)]
	if pc1 == l.rook || pc1 == l.facing {
		return true
	}
	if pc1 == l.cannon {
		// The points between it and the king make a screen; and it may
		// move along the line keeping nothing in between.
		ray := &rayMask[uint8(l.k)]
		l.screen = l.screen.or(ray[dir&3].andNot(rayMask[uint8(sq1)][dir&3]).andNot(sqBB[uint8(sq1)]))
		l.special = l.special.or(sqBB[uint8(sq1)])
	}
	_, sq2, ok := line.next()
	if !ok {
		return false
	}
	pc2 := b[uint8(sq2)]
	if pc2 == l.cannon {
		return true
	}
	// Not a switch: the second piece may be a rook (or the king) behind the
	// first and a screen of a cannon behind it at once.
	if (pc2 == l.rook || pc2 == l.facing) && pc1.Color() == l.c {
		l.uncover = l.uncover.or(sqBB[uint8(sq1)])
	}
	if _, sq3, ok := line.next(); ok && b[uint8(sq3)] == l.cannon {
		if pc1.Color() == l.c {
			l.uncover = l.uncover.or(sqBB[uint8(sq1)])
		}
		if pc2.Color() == l.c {
			l.uncover = l.uncover.or(sqBB[uint8(sq2)])
		}
	}
	return false
}

// checkAfter reports whether the pseudo-legal move from→to of the piece on
// from leaves the other side's king on k (k != to) attacked. The move is
// played on the board, the occupancy and the moved piece's bitboards only
// (all the attack test reads), and taken back.
func (p *Position) checkAfter(from, to, k Square) bool {
	b := &p.board
	all := &p.lines[both]
	pc, cap := b[uint8(from)], b[uint8(to)]
	fl, tl := &sqLine[uint8(from)], &sqLine[uint8(to)]
	fromTo := sqBB[uint8(from)].or(sqBB[uint8(to)])
	b[uint8(to)], b[uint8(from)] = pc, NoPiece
	all.flip(fl)
	if cap == NoPiece {
		all.flip(tl)
	}
	c := pc.Color()
	p.pieces[pc&15] = p.pieces[pc&15].xor(fromTo)
	p.occ[c&1] = p.occ[c&1].xor(fromTo)
	check := p.attackedBy(k, c, true)
	p.occ[c&1] = p.occ[c&1].xor(fromTo)
	p.pieces[pc&15] = p.pieces[pc&15].xor(fromTo)
	if cap == NoPiece {
		all.flip(tl)
	}
	all.flip(fl)
	b[uint8(from)], b[uint8(to)] = pc, cap
	return check
}

// checking returns the squares of to (pseudo-legal destinations of the piece
// on from) to which moving gives check, each tried by checkAfter.
func (p *Position) checking(from Square, to bitboard, k Square) bitboard {
	var out bitboard
	for to.lo|to.hi != 0 {
		t := to.pop()
		if t != k && p.checkAfter(from, t, k) {
			out = out.or(sqBB[uint8(t)])
		}
	}
	return out
}

// GivesCheck reports whether the move m, which must be legal for the side to
// move, leaves the opponent's king attacked: exactly what Make(m), then
// InCheck(opponent), then Unmake would say, without playing the move (a capture
// of the king gives no check: there is no king left). A null move gives check
// when the side to move attacks the opponent's king already.
//
// The first call in a position plays the move on the board and asks the
// attack test (most positions are asked about one move only); the second
// works out where checks can come from (a few dozen table lookups, kept
// for the position), which makes each call after that one table lookup for
// almost every move.
func (p *Position) GivesCheck(m Move) bool {
	ci := p.cachedCheckInfo()
	if ci == nil {
		if m != NullMove && p.probed != p.key {
			return p.givesCheckOnce(m)
		}
		ci = p.checkInfo()
	}
	if m == NullMove {
		return ci.checking
	}
	from, to := m.From(), m.To()
	if ci.ksq == NoSquare || to == ci.ksq {
		return false
	}
	if !ci.special.has(from) {
		return ci.checkSq[p.board[uint8(from)]&7].has(to)
	}
	return p.checkAfter(from, to, ci.ksq)
}

// givesCheckOnce is GivesCheck of a move (not the null move) in a position
// it has not been asked of yet, with no check information cached: the move
// played on the board (checkAfter), a fifth of the cost of working the
// information out. The position is marked (probed), so that the next move
// asked works it out.
func (p *Position) givesCheckOnce(m Move) bool {
	p.sync()
	p.probed = p.key
	k := p.kings[p.side.Other()&1]
	from, to := m.From(), m.To()
	if k == NoSquare || to == k {
		return false
	}
	return p.checkAfter(from, to, k)
}

// lastMoveChecks reports whether the last move made left the side to move
// in check, as GivesCheck said or would have said of it before it was made,
// from the check information of the position it was made in when that is
// still cached. known is false when it is not, when the board is not that
// position with the move played (it was written since: the keys tell), and
// when GivesCheck would have played the move on the board to tell (a
// special piece's capture, or a position where the mover attacked the king
// already). A search asks InCheck at every node, whose parent has usually
// worked out its check information to generate the move.
//
// GivesCheck's reasoning holds for any pseudo-legal move, legal or not: it
// is about the mover's attacks on the other king, whatever the mover's own
// king suffers (a piece leaving the file between the kings uncovers the
// mover's king, which is special then).
func (p *Position) lastMoveChecks() (check, known bool) {
	n := len(p.hist) - 1
	if n < 0 {
		return false, false
	}
	u := &p.hist[n]
	ci := &p.checks[n&7]
	if !ci.valid || ci.key != u.key {
		return false, false
	}
	key := u.key ^ zobristSide
	if u.move == NullMove {
		return ci.checking, p.key == key
	}
	from, to := u.move.From(), u.move.To()
	pc := p.board[uint8(to)]
	key ^= zobristPiece[pc&15][uint8(from)&127] ^ zobristPiece[pc&15][uint8(to)&127]
	if u.captured != NoPiece {
		key ^= zobristPiece[u.captured&15][uint8(to)&127]
	}
	switch {
	case p.key != key:
		return false, false
	case ci.ksq == NoSquare || to == ci.ksq:
		return false, true
	case !ci.special.has(from):
		return ci.checkSq[pc&7].has(to), true
	case !ci.checking && u.captured == NoPiece:
		return ci.specialChecks(from, pc.Kind(), pc.Color(), sqBB[uint8(to)]).has(to), true
	}
	return false, false
}

// LegalCaptures appends every legal capture of the side to move to dst: the
// same moves as the captures among LegalMoves (a capture of the king
// included, in a position where the side not to move is in check), generated
// without the others. With room for MaxMoves more moves in dst it does not
// allocate. The order of the moves is not part of the contract.
func (p *Position) LegalCaptures(dst []Move) []Move {
	p.sync()
	return into(dst, func(list *[MaxMoves]Move) int {
		g := gen{p: p, c: p.side, list: list}
		g.setup()
		g.capturesAndChecks(nil, true)
		return g.n
	})
}

// LegalQuietChecks appends to dst every legal move of the side to move that
// captures nothing and leaves the opponent's king attacked: the same moves as
// the non-captures among LegalMoves for which GivesCheck holds (direct checks,
// discovered checks by a rook, cannon or horse uncovered, a piece arriving
// between a cannon and the king as its screen), generated without the others.
// With room for MaxMoves more moves in dst it does not allocate. The order of
// the moves is not part of the contract.
func (p *Position) LegalQuietChecks(dst []Move) []Move {
	ci := p.checkInfo()
	if ci.ksq == NoSquare {
		return dst
	}
	return into(dst, func(list *[MaxMoves]Move) int {
		g := gen{p: p, c: p.side, list: list}
		g.setup()
		g.capturesAndChecks(ci, false)
		return g.n
	})
}

// LegalCapturesAndQuietChecks appends LegalCaptures, then LegalQuietChecks,
// to dst, working out pins and screens once for both, and each piece's moves
// once for both; it returns the moves and how many of the appended ones are
// captures. With room for MaxMoves more moves in dst it does not allocate.
func (p *Position) LegalCapturesAndQuietChecks(dst []Move) ([]Move, int) {
	ci := p.checkInfo()
	if ci.ksq == NoSquare {
		ci = nil
	}
	caps := 0
	out := into(dst, func(list *[MaxMoves]Move) int {
		g := gen{p: p, c: p.side, list: list}
		g.setup()
		if ci != nil && p.occ[g.c&1].count() > len(pendingChecks{}.from) {
			// More pieces than pendingChecks holds (a position built by
			// hand): the captures, then the checks, in two passes.
			g.capturesAndChecks(nil, true)
			caps = g.n
			g.capturesAndChecks(ci, false)
			return g.n
		}
		caps = g.capturesAndChecks(ci, true)
		return g.n
	})
	return out, caps
}

// pendingChecks holds the quiet moves that may check, piece by piece, while
// capturesAndChecks lists the captures (Position.pending, so that it is not
// cleared at every call).
type pendingChecks struct {
	n    int
	from [16]Square
	kind [16]Kind
	to   [16]bitboard
}

// capturesAndChecks generates g.c's legal captures, when caps, then its
// legal quiet checks when given ci (the side to move's check information,
// with a king to check; nil: none), g set up, and returns the number of
// captures. One pass over the pieces finds both, each piece's moves worked
// out once; when there are captures to list first, a piece's quiet moves
// that may check wait in a pendingChecks (so the side may have no more
// pieces than it holds) until they are all listed. The moves come by kind
// (rooks, cannons, horses, pawns, advisors, elephants, king), then by origin,
// as run's do.
func (g *gen) capturesAndChecks(ci *checkInfo, caps bool) int {
	p, c := g.p, g.c
	e := c.Other()
	all := &p.lines[both]
	enemyBB := p.occ[e&1]
	empty := boardMask.andNot(p.occ[0].or(p.occ[1]))
	pend := &p.pending
	pend.n = 0
	checks := ci != nil
	// Each piece is first asked whether it could check from any square it
	// reaches on an empty board (most cannot): only then are its quiet
	// moves looked at. The rook and cannon loops differ only in their table
	// and stay apart: one loop over both kinds costs 1 % of the facts' work.
	for s := p.kinds(c)[Rook]; s.lo|s.hi != 0; {
		from := s.pop()
		may := checks && ci.mayCheck(from, Rook, lineMask[uint8(from)])
		if !caps && !may {
			continue
		}
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		rm, fm := rookLines(all, f, r)
		if caps {
			er, ef := p.colourLines(e, f, r)
			if cr, cf := rm&er, fm&ef; cr|cf != 0 {
				g.addLines(from, f, r, cr, cf)
			}
		}
		if may {
			g.quiet(ci, pend, caps, from, Rook, rankBB(rm, r).or(fileBB(fm, f)).and(empty))
		}
	}
	for s := p.kinds(c)[Cannon]; s.lo|s.hi != 0; {
		from := s.pop()
		may := checks && ci.mayCheck(from, Cannon, lineMask[uint8(from)])
		if !caps && !may {
			continue
		}
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		rm, fm := cannonLines(all, f, r)
		if caps {
			er, ef := p.colourLines(e, f, r)
			if cr, cf := rm&er, fm&ef; cr|cf != 0 {
				g.addLines(from, f, r, cr, cf)
			}
		}
		if may {
			g.quiet(ci, pend, caps, from, Cannon, rankBB(rm, r).or(fileBB(fm, f)).and(empty))
		}
	}
	for s := p.kinds(c)[Horse]; s.lo|s.hi != 0; {
		from := s.pop()
		may := checks && ci.mayCheck(from, Horse, horseMoves[uint8(from)][0])
		if !caps && !may {
			continue
		}
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		to := horseMoves[uint8(from)][horseLegs(all.file[f&15], all.rank[r&15], f, r)&15]
		if x := to.and(enemyBB); caps && !x.isEmpty() {
			g.add(from, x)
		}
		if may {
			g.quiet(ci, pend, caps, from, Horse, to.and(empty))
		}
	}
	// Most often no pawn reaches an enemy piece or a check square, and none
	// is special: then none is asked.
	pawns, wanted := p.kinds(c)[Pawn], bitboard{}
	if caps {
		wanted = enemyBB
	}
	if checks {
		wanted = wanted.or(ci.checkSq[Pawn])
	}
	if pawnReach(pawns, c).and(wanted).isEmpty() && (!checks || ci.special.and(pawns).isEmpty()) {
		pawns = bitboard{}
	}
	for s := pawns; s.lo|s.hi != 0; {
		from := s.pop()
		to := pawnMoves[c&1][uint8(from)]
		if x := to.and(enemyBB); caps && !x.isEmpty() {
			g.add(from, x)
		}
		if checks && ci.mayCheck(from, Pawn, to) {
			g.quiet(ci, pend, caps, from, Pawn, to.and(empty))
		}
	}
	for s := p.kinds(c)[Advisor]; s.lo|s.hi != 0; {
		from := s.pop()
		to := advisorMoves[uint8(from)]
		if x := to.and(enemyBB); caps && !x.isEmpty() {
			g.add(from, x)
		}
		if checks && ci.mayCheck(from, Advisor, to) {
			g.quiet(ci, pend, caps, from, Advisor, to.and(empty))
		}
	}
	for s := p.kinds(c)[Elephant]; s.lo|s.hi != 0; {
		from := s.pop()
		may := checks && ci.mayCheck(from, Elephant, elephantReach[uint8(from)])
		if !caps && !may {
			continue
		}
		f, r := sqFile[uint8(from)], sqRank[uint8(from)]
		to := elephantMoves[uint8(from)][elephantEyes(all, f, r)]
		if x := to.and(enemyBB); caps && !x.isEmpty() {
			g.add(from, x)
		}
		if may {
			g.quiet(ci, pend, caps, from, Elephant, to.and(empty))
		}
	}
	for s := p.kinds(c)[King]; s.lo|s.hi != 0; {
		from := s.pop()
		to := kingMoves[uint8(from)]
		if x := to.and(enemyBB); caps && !x.isEmpty() {
			g.addKingMoves(from, x)
		}
		if checks && ci.mayCheck(from, King, to) {
			g.quiet(ci, pend, caps, from, King, to.and(empty))
		}
	}
	n := g.n
	for i := range pend.n {
		g.addChecks(ci, pend.from[i&15], pend.kind[i&15], pend.to[i&15])
	}
	return n
}

// quiet records the quiet moves from → to of a piece of kind k that give
// check, at once (nothing to wait for) or after the captures (wait).
func (g *gen) quiet(ci *checkInfo, pend *pendingChecks, wait bool, from Square, k Kind, to bitboard) {
	if !wait {
		g.addChecks(ci, from, k, to)
		return
	}
	i := pend.n & 15
	pend.from[i], pend.kind[i], pend.to[i] = from, k, to
	pend.n++
}

// mayCheck reports whether a piece of kind k on from, reaching at most the
// squares of reach, may have a quiet move that checks: it is special, or
// one of those squares is a check square for its kind.
func (ci *checkInfo) mayCheck(from Square, k Kind, reach bitboard) bool {
	return ci.special.has(from) || !reach.and(ci.checkSq[k&7]).isEmpty()
}

// addChecks records the legal moves among the quiet moves from → to of a
// piece of kind k that give check.
func (g *gen) addChecks(ci *checkInfo, from Square, k Kind, to bitboard) {
	switch {
	case !ci.special.has(from):
		to = to.and(ci.checkSq[k&7])
	case ci.checking:
		to = g.p.checking(from, to, ci.ksq)
	default:
		to = ci.specialChecks(from, k, g.c, to)
	}
	if to.isEmpty() {
		return
	}
	if k == King {
		g.addKingMoves(from, to)
		return
	}
	g.add(from, to)
}

// specialChecks returns the squares of to, empty squares that the piece of
// kind k and colour c on the special square from can move to, to which
// moving gives check, when c does not attack the king already.
//
// Vacating from changes the occupancy of one line from the king at most (a
// leg or an eye is on none), the line L from the king through from; arriving
// on to changes the lines through to. So:
//   - Moving along L (a slide or a step; a quiet move passes no piece) keeps
//     the order of the pieces on L, which attacked nothing along it before.
//     The piece can then only check from to as a pawn or a king does, by
//     standing next to the king: horses, elephants and advisors attack from
//     no point of the king's rank or file, and never move along a line.
//   - Moving off L, or from a leg or an eye, uncovers an attack exactly when
//     from is in uncover, whatever to is (to cannot block L again, nor be
//     the leg or eye left). Otherwise the check can only be the piece's own
//     from to, or to becoming a cannon's screen on another line from the
//     king, and checkSq has both right there: from is on no line from the
//     king through to (only L goes through from), nor is it the leg of a
//     horse's jump to the king from to (a leg is next to the horse; from
//     is a horse jump away) or the eye of an elephant's.
func (ci *checkInfo) specialChecks(from Square, k Kind, c Color, to bitboard) bitboard {
	ksq := ci.ksq
	var line bitboard
	switch {
	case sqFile[uint8(from)] == sqFile[uint8(ksq)]:
		line = fileMask[sqFile[uint8(ksq)]&15]
	case sqRank[uint8(from)] == sqRank[uint8(ksq)]:
		line = rankMask[sqRank[uint8(ksq)]&15]
	}
	out := to.andNot(line)
	if !ci.uncover.has(from) {
		out = out.and(ci.checkSq[k&7])
	}
	switch along := to.and(line); k {
	case Pawn:
		out = out.or(along.and(pawnFrom[c&1][uint8(ksq)]))
	case King:
		out = out.or(along.and(kingMoves[uint8(ksq)]))
	}
	return out
}

// addKingMoves records the king's moves from → to, tried on the board when
// the generator tries king moves.
func (g *gen) addKingMoves(from Square, to bitboard) {
	if g.testKing {
		g.addKing(from, to)
	} else {
		g.addAll(from, to)
	}
}
