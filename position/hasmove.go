package position

// HasLegalMove reports whether c has at least one legal move, as if c were to
// move. Unlike CountLegalMoves it stops at the first legal move it finds:
// king steps first (usually some is safe), then — in check, only the
// answers to it (evade.go) — every other piece, each move played on the
// occupancy and tested (safeMove): exact in every position, hand-built ones
// included. Mate tests ask this of every reply, so stopping early matters.
func (p *Position) HasLegalMove(c Color) bool {
	p.sync()
	if p.hasKingStep(c) {
		return true
	}
	if k := p.kings[c&1]; k != NoSquare && p.ordinary(c, k) {
		if check, _, _ := p.shield(c, k); check {
			if n, ok := p.evade(c, k, nil, true); ok {
				return n > 0
			}
		}
	}
	return p.hasPieceMove(c)
}

// hasKingStep reports whether some step of c's king is legal (synced).
func (p *Position) hasKingStep(c Color) bool {
	k := p.kings[c&1]
	if k == NoSquare {
		return false
	}
	for to := kingMoves[uint8(k)].andNot(p.occ[c&1]); !to.isEmpty(); {
		if p.safeMove(k, to.pop(), c) {
			return true
		}
	}
	return false
}

// hasPieceMove reports whether some move of c's pieces other than the king
// is legal, trying them all in turn (synced).
func (p *Position) hasPieceMove(c Color) bool {
	for _, kind := range [...]Kind{Rook, Cannon, Horse, Pawn, Advisor, Elephant} {
		for s := p.pieces[MakePiece(c, kind)&15]; !s.isEmpty(); {
			from := s.pop()
			for to := p.pieceMoves(from); !to.isEmpty(); {
				if p.safeMove(from, to.pop(), c) {
					return true
				}
			}
		}
	}
	return false
}
