package position

// HasLegalMove reports whether c has at least one legal move, as if c were to
// move. Unlike CountLegalMoves it stops at the first legal move it finds:
// king steps first (usually some is safe), then — in check, only the
// answers to it (evade.go) — every other piece, the moves that may expose
// the king played on the occupancy and tested (safeMove): exact in every
// position, hand-built ones included. Mate tests ask this of every reply, so
// stopping early matters.
func (p *Position) HasLegalMove(c Color) bool {
	p.sync()
	if p.hasKingStep(c) {
		return true
	}
	if k := p.kings[c&1]; k != NoSquare && p.ordinary(c, k) {
		// In check (as the position the last move was made in most often
		// knows, see legal), shield would only find that out.
		if c == p.side {
			if check, known := p.lastMoveChecks(); known && check {
				if n, ok := p.evade(c, k, nil, true); ok {
					return n > 0
				}
			}
		}
		check, pinned, forbid := p.shield(c, k)
		if !check {
			// As the generator does (see movegen.go): the pinned pieces'
			// moves are tried, the others' are legal unless forbidden.
			return p.hasPieceMove(c, pinned, forbid)
		}
		if n, ok := p.evade(c, k, nil, true); ok {
			return n > 0
		}
	}
	return p.hasPieceMove(c, everywhere, bitboard{})
}

// hasKingStep reports whether some step of c's king is legal (synced). The
// king is lifted off the board once, and each step asked of the attack test
// alone, as addKing does.
func (p *Position) hasKingStep(c Color) bool {
	k := p.kings[c&1]
	if k == NoSquare {
		return false
	}
	to := kingMoves[uint8(k)].andNot(p.occ[c&1])
	if to.isEmpty() {
		return false
	}
	e := c.Other()
	l := &sqLine[uint8(k)]
	pc := p.board[uint8(k)]
	p.board[uint8(k)] = NoPiece
	p.lines[both].flip(l)
	safe := false
	for !to.isEmpty() {
		if !p.attackedBy(to.pop(), e, true) {
			safe = true
			break
		}
	}
	p.lines[both].flip(l)
	p.board[uint8(k)] = pc
	return safe
}

// hasPieceMove reports whether some move of c's pieces other than the king
// is legal (synced): the moves of the pieces in test are tried in turn, the
// others' are legal, all but those to forbid (which are illegal).
func (p *Position) hasPieceMove(c Color, test, forbid bitboard) bool {
	for _, kind := range [...]Kind{Rook, Cannon, Horse, Pawn, Advisor, Elephant} {
		for s := p.kinds(c)[kind]; !s.isEmpty(); {
			from := s.pop()
			to := p.pieceMoves(from).andNot(forbid)
			if !test.has(from) {
				if !to.isEmpty() {
					return true
				}
				continue
			}
			for !to.isEmpty() {
				if p.safeMove(from, to.pop(), c) {
					return true
				}
			}
		}
	}
	return false
}
