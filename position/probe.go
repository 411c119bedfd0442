package position

// Probe replaces the piece on sq by pc for a hypothetical question ("could a
// protector recapture if an enemy piece stood here?") and returns the piece
// that was there. Unlike Place it keeps the history, so a probe can be undone
// exactly by probing the old piece back. The key is kept up to date, and so
// is the generator's derived state when it was (probes come in pairs, each
// followed by a query or two: rebuilding it twice per pair would cost more
// than the queries).
func (p *Position) Probe(sq Square, pc Piece) Piece {
	old := p.board[uint8(sq)]
	derived := p.cached && p.cacheKey == p.key
	if derived {
		p.toggle(sq, old)
		p.toggle(sq, pc)
	}
	if old != NoPiece {
		p.key ^= zobristPiece[old][sq]
		if old.Kind() == King && p.kings[old.Color()] == sq {
			p.kings[old.Color()] = NoSquare
		}
	}
	p.board[uint8(sq)] = pc
	if pc != NoPiece {
		p.key ^= zobristPiece[pc][sq]
		if pc.Kind() == King {
			p.kings[pc.Color()] = sq
		}
	}
	if derived {
		p.cacheKey = p.key
	}
	return old
}

// Pieces appends the squares of c's pieces to dst, in square order.
func (p *Position) Pieces(c Color, dst []Square) []Square {
	p.sync()
	for b := p.occ[c&1]; !b.isEmpty(); {
		dst = append(dst, b.pop())
	}
	return dst
}

// Crossed reports whether a pawn of colour c on sq has crossed the river.
func Crossed(c Color, sq Square) bool {
	if c == Red {
		return sq.Rank() >= 5
	}
	return sq.Rank() <= 4
}
