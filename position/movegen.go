package position

// MaxMoves bounds the number of pseudo-legal moves in any position.
const MaxMoves = 256

// PseudoMoves appends the side to move's pseudo-legal moves (movement rules
// obeyed, own king possibly left attacked) to dst.
func (p *Position) PseudoMoves(dst []Move) []Move { return p.pseudoFor(p.side, dst) }

func (p *Position) pseudoFor(c Color, dst []Move) []Move {
	b := &p.board
	for from := Square(0); from < NumSquares; from++ {
		pc := b[from]
		if pc == NoPiece || pc.Color() != c {
			continue
		}
		switch pc.Kind() {
		case Rook:
			for d := 0; d < 4; d++ {
				for _, to := range rays[from][d] {
					t := b[to]
					if t == NoPiece {
						dst = append(dst, NewMove(from, to))
						continue
					}
					if t.Color() != c {
						dst = append(dst, NewMove(from, to))
					}
					break
				}
			}
		case Cannon:
			for d := 0; d < 4; d++ {
				ray := rays[from][d]
				i := 0
				for ; i < len(ray); i++ {
					if b[ray[i]] != NoPiece {
						break
					}
					dst = append(dst, NewMove(from, ray[i]))
				}
				for i++; i < len(ray); i++ {
					if t := b[ray[i]]; t != NoPiece {
						if t.Color() != c {
							dst = append(dst, NewMove(from, ray[i]))
						}
						break
					}
				}
			}
		case Horse:
			for _, st := range horseSteps[from] {
				if b[st.block] == NoPiece {
					if t := b[st.to]; t == NoPiece || t.Color() != c {
						dst = append(dst, NewMove(from, st.to))
					}
				}
			}
		case Pawn:
			for _, to := range pawnSteps[c][from] {
				if t := b[to]; t == NoPiece || t.Color() != c {
					dst = append(dst, NewMove(from, to))
				}
			}
		case King:
			for _, to := range kingSteps[from] {
				if t := b[to]; t == NoPiece || t.Color() != c {
					dst = append(dst, NewMove(from, to))
				}
			}
		case Advisor:
			for _, to := range advisorSteps[from] {
				if t := b[to]; t == NoPiece || t.Color() != c {
					dst = append(dst, NewMove(from, to))
				}
			}
		case Elephant:
			for _, st := range elephantSteps[from] {
				if b[st.block] == NoPiece {
					if t := b[st.to]; t == NoPiece || t.Color() != c {
						dst = append(dst, NewMove(from, st.to))
					}
				}
			}
		}
	}
	return dst
}

// legalFor reports whether the pseudo-legal move m by c leaves c's king safe
// (not attacked, not facing the other king). The board is restored.
func (p *Position) legalFor(m Move, c Color) bool {
	from, to := m.From(), m.To()
	pc, cap := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, NoPiece
	k := p.kings[c]
	if pc.Kind() == King {
		k = to
	}
	ok := k == NoSquare || !p.attacked(k, c.Other())
	p.board[from], p.board[to] = pc, cap
	return ok
}

// LegalMoves appends the side to move's legal moves to dst.
func (p *Position) LegalMoves(dst []Move) []Move { return p.LegalMovesFor(p.side, dst) }

// LegalMovesFor appends c's legal moves to dst, as if c were to move.
func (p *Position) LegalMovesFor(c Color, dst []Move) []Move {
	start := len(dst)
	dst = p.pseudoFor(c, dst)
	k := p.kings[c]
	if k == NoSquare {
		return dst // no king to expose: only hand-built positions get here
	}
	checked := p.attacked(k, c.Other())
	kf, kr := k.File(), k.Rank()
	n := start
	for _, m := range dst[start:] {
		from, to := m.From(), m.To()
		// Only a move that touches a line through the king, uncovers a horse
		// leg next to it, or moves the king itself can expose it.
		if checked || from == k || from.File() == kf || from.Rank() == kr ||
			to.File() == kf || to.Rank() == kr || diagNeighbour[k][from] {
			if !p.legalFor(m, c) {
				continue
			}
		}
		dst[n] = m
		n++
	}
	return dst[:n]
}

// IsPseudoLegal reports whether m obeys the movement rules for the side to move.
func (p *Position) IsPseudoLegal(m Move) bool {
	if m == NoMove || m == NullMove || !m.From().Valid() || !m.To().Valid() {
		return false
	}
	pc := p.board[m.From()]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	var buf [MaxMoves]Move
	for _, x := range p.pseudoFor(p.side, buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// IsLegal reports whether m is a legal move for the side to move.
func (p *Position) IsLegal(m Move) bool {
	return p.IsPseudoLegal(m) && p.legalFor(m, p.side)
}

// HasLegalMove reports whether c has at least one legal move.
func (p *Position) HasLegalMove(c Color) bool {
	var buf [MaxMoves]Move
	return len(p.LegalMovesFor(c, buf[:0])) > 0
}

// IsMate reports whether the side to move has no legal move. In Xiangqi a
// side without a legal move has lost, in check (将死) or not (困毙).
func (p *Position) IsMate() bool { return !p.HasLegalMove(p.side) }

// IsCheckmate reports whether the side to move is in check with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck(p.side) && p.IsMate() }

// IsStalemate reports whether the side to move is not in check but has no legal move.
func (p *Position) IsStalemate() bool { return !p.InCheck(p.side) && p.IsMate() }
