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
// the candidates are the moves that do so for every one of them. Instead of
// running the generator over every piece and masking, evade goes from those
// points backwards: which of c's pieces can move to each of them (the rooks
// and the cannons along its lines, a cannon moving to an empty point as a
// rook does; the horses whose leg is free, the pawns, the advisors, the
// elephants whose eye is free), plus every move of a screen. Each candidate
// is then tried on the board (safeMove): pins, screens made by the move and
// the flying general are all decided there, so the answer is exact.
//
// The moves come in the general generator's order (legalGen): by kind as run
// goes (rooks, cannons, horses, pawns, advisors, elephants, then the king),
// then by origin, then by destination. So the backward step only finds which
// pieces can answer; their moves are then listed forwards, kind by kind and
// piece by piece, each piece's destinations masked to the points found.

// evasions is what evasionCandidates finds: for each kind, the squares of c's
// pieces that may answer the check, and the points they must go to.
type evasions struct {
	from   [8]bitboard // by kind
	target bitboard    // where a piece not a screen must go
	// The screens of checking cannons (c's own pieces) and where each may
	// go: off the line it screens, answering every other check.
	screens   bitboard
	screenSq  [4]Square
	screenDst [4]bitboard
}

// dests returns the destinations to try for c's piece on from.
func (l *evasions) dests(p *Position, from Square) bitboard {
	if l.screens.has(from) {
		for i, s := range l.screenSq {
			if s == from {
				return l.screenDst[i]
			}
		}
	}
	return p.pieceMoves(from).and(l.target)
}

// evasionOrder is the kinds in run's order, the king left out.
var evasionOrder = [...]Kind{Rook, Cannon, Horse, Pawn, Advisor, Elephant}

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

// evasionCandidates collects into l the moves other than the king's that may
// answer the check to c's king on k (ordinary position, c in check). It
// reports false, with l untouched, when the position is not one it handles
// (no checker found, or c has more than one king): the caller then uses the
// general generator.
func (p *Position) evasionCandidates(c Color, k Square, l *evasions) bool {
	e := c.Other()
	var buf [16]Square
	checkers := p.AttackersInto(buf[:0], k, e)
	if len(checkers) == 0 || len(checkers) > 4 || p.pieces[MakePiece(c, King)&15].count() != 1 {
		return false
	}
	b := &p.board
	all := p.occ[0].or(p.occ[1])
	own := p.occ[c&1]
	// For each checker: to[i], the points a move must go to to answer it;
	// line[i], the points between it and the king; screen[i], its screen
	// when that is c's own piece (else NoSquare).
	var to, line [4]bitboard
	var screen [4]Square
	target := boardMask
	var screens bitboard
	for i, q := range checkers {
		t := sqBB[uint8(q)]
		screen[i] = NoSquare
		switch b[q].Kind() {
		case Horse:
			t = t.or(sqBB[uint8(horseLegTo(q, k))])
		case Rook, King:
			t = t.or(betweenLine(q, k))
		case Cannon:
			bl := betweenLine(q, k)
			line[i] = bl
			t = t.or(bl.andNot(all))
			if s := bl.and(own); !s.isEmpty() {
				screen[i] = s.lowest()
				screens = screens.or(s)
			}
		}
		to[i] = t
		target = target.and(t)
	}

	l.target = target
	l.screens = screens

	// The pieces that can move to each point of target (the screens aside).
	rooks := p.pieces[MakePiece(c, Rook)&15].andNot(screens)
	cannons := p.pieces[MakePiece(c, Cannon)&15].andNot(screens)
	horses := p.pieces[MakePiece(c, Horse)&15].andNot(screens)
	pawns := p.pieces[MakePiece(c, Pawn)&15].andNot(screens)
	advisors := p.pieces[MakePiece(c, Advisor)&15].andNot(screens)
	elephants := p.pieces[MakePiece(c, Elephant)&15].andNot(screens)
	lines := &p.lines[both]
	for ts := target; ts.lo|ts.hi != 0; {
		t := ts.pop()
		f, r := sqFile[uint8(t)], sqRank[uint8(t)]
		if !rooks.or(cannons).and(lineMask[uint8(t)]).isEmpty() {
			rm, fm := rookLines(lines, f, r)
			reach := rankBB(rm, r).or(fileBB(fm, f))
			l.from[Rook] = l.from[Rook].or(reach.and(rooks))
			if b[t] != NoPiece {
				cm, cf := cannonLines(lines, f, r)
				reach = rankBB(cm, r).or(fileBB(cf, f))
			}
			l.from[Cannon] = l.from[Cannon].or(reach.and(cannons))
		}
		for hs := horses.and(horseFrom[uint8(t)]); hs.lo|hs.hi != 0; {
			if h := hs.pop(); b[horseLegTo(h, t)] == NoPiece {
				l.from[Horse] = l.from[Horse].or(sqBB[uint8(h)])
			}
		}
		l.from[Pawn] = l.from[Pawn].or(pawns.and(pawnFrom[c&1][uint8(t)]))
		l.from[Advisor] = l.from[Advisor].or(advisors.and(advisorMoves[uint8(t)]))
		// An elephant's eye is checked when its moves are listed.
		l.from[Elephant] = l.from[Elephant].or(elephants.and(elephantReach[uint8(t)]))
	}

	// The screens' moves: off the line of the cannon they screen, and
	// answering every other check.
	n := 0
	for ss := screens; ss.lo|ss.hi != 0; n++ {
		s := ss.pop()
		d := p.pieceMoves(s)
		for i := range checkers {
			if screen[i] == s {
				d = d.andNot(line[i])
			} else {
				d = d.and(to[i])
			}
		}
		l.screenSq[n], l.screenDst[n] = s, d
		kind := b[s].Kind()
		l.from[kind&7] = l.from[kind&7].or(sqBB[uint8(s)])
	}
	for ; n < len(l.screenSq); n++ {
		l.screenSq[n] = NoSquare
	}
	return true
}

// evade generates c's legal moves (into list, or only counts them when list
// is nil) when c's king on k is in check in an ordinary position, in
// legalGen's order; ok is false when evasionCandidates declines.
func (p *Position) evade(c Color, k Square, list *[MaxMoves]Move) (n int, ok bool) {
	var l evasions
	if !p.evasionCandidates(c, k, &l) {
		return 0, false
	}
	for _, kind := range evasionOrder {
		for fs := l.from[kind]; fs.lo|fs.hi != 0; {
			from := fs.pop()
			for to := l.dests(p, from); to.lo|to.hi != 0; {
				t := to.pop()
				if p.safeMove(from, t, c) {
					if list != nil {
						list[uint8(n)] = NewMove(from, t)
					}
					n++
				}
			}
		}
	}
	g := gen{p: p, c: c, list: list, n: n}
	g.addKing(k, kingMoves[uint8(k)].andNot(p.occ[c&1]))
	return g.n, true
}

// hasEvasion reports whether c, in check in an ordinary position with its king
// on k, has a legal move other than the king's (the caller has tried those);
// ok is false when evasionCandidates declines.
func (p *Position) hasEvasion(c Color, k Square) (has, ok bool) {
	var l evasions
	if !p.evasionCandidates(c, k, &l) {
		return false, false
	}
	for _, kind := range evasionOrder {
		for fs := l.from[kind]; fs.lo|fs.hi != 0; {
			from := fs.pop()
			for to := l.dests(p, from); to.lo|to.hi != 0; {
				if p.safeMove(from, to.pop(), c) {
					return true, true
				}
			}
		}
	}
	return false, true
}
