package position

// attacked reports whether a piece of colour by attacks sq by the movement rules
// (pins of the attacker are ignored, as they are for giving check). When sq holds
// the other side's king, by's king facing it on an open file counts (flying
// general, 对脸).
func (p *Position) attacked(sq Square, by Color) bool {
	b := &p.board
	rook, cannon, king := MakePiece(by, Rook), MakePiece(by, Cannon), MakePiece(by, King)
	target := b[sq]
	kingTarget := target != NoPiece && target.Kind() == King && target.Color() != by
	for d := 0; d < 4; d++ {
		ray := rays[sq][d]
		i := 0
		for ; i < len(ray); i++ {
			if pc := b[ray[i]]; pc != NoPiece {
				if pc == rook || (pc == king && kingTarget && d <= dirS) {
					return true
				}
				break
			}
		}
		for i++; i < len(ray); i++ {
			if pc := b[ray[i]]; pc != NoPiece {
				if pc == cannon {
					return true
				}
				break
			}
		}
	}
	horse := MakePiece(by, Horse)
	for _, st := range horseAttackers[sq] {
		if b[st.to] == horse && b[st.block] == NoPiece {
			return true
		}
	}
	pawn := MakePiece(by, Pawn)
	for _, from := range pawnAttackers[by][sq] {
		if b[from] == pawn {
			return true
		}
	}
	for _, from := range kingSteps[sq] {
		if b[from] == king {
			return true
		}
	}
	advisor := MakePiece(by, Advisor)
	for _, from := range advisorSteps[sq] {
		if b[from] == advisor {
			return true
		}
	}
	elephant := MakePiece(by, Elephant)
	for _, st := range elephantSteps[sq] {
		if b[st.to] == elephant && b[st.block] == NoPiece {
			return true
		}
	}
	return false
}

// InCheck reports whether c's king is attacked (or faces the other king).
func (p *Position) InCheck(c Color) bool {
	k := p.kings[c]
	return k != NoSquare && p.attacked(k, c.Other())
}

// Attackers returns the squares of c's pieces that attack sq by the movement
// rules, whatever stands on sq and ignoring whether moving the attacker would
// expose c's own king (use LegalCapturesOf for that). For a square holding the
// other side's king this is the set of checking pieces.
func (p *Position) Attackers(sq Square, c Color) []Square {
	return p.AttackersInto(nil, sq, c)
}

// AttackersInto appends Attackers(sq, c) to dst.
func (p *Position) AttackersInto(dst []Square, sq Square, c Color) []Square {
	out := dst
	b := &p.board
	target := b[sq]
	kingTarget := target != NoPiece && target.Kind() == King && target.Color() != c
	for d := 0; d < 4; d++ {
		ray := rays[sq][d]
		i := 0
		for ; i < len(ray); i++ {
			if pc := b[ray[i]]; pc != NoPiece {
				if pc == MakePiece(c, Rook) || (pc == MakePiece(c, King) && kingTarget && d <= dirS) {
					out = append(out, ray[i])
				}
				break
			}
		}
		for i++; i < len(ray); i++ {
			if pc := b[ray[i]]; pc != NoPiece {
				if pc == MakePiece(c, Cannon) {
					out = append(out, ray[i])
				}
				break
			}
		}
	}
	for _, st := range horseAttackers[sq] {
		if b[st.to] == MakePiece(c, Horse) && b[st.block] == NoPiece {
			out = append(out, st.to)
		}
	}
	for _, from := range pawnAttackers[c][sq] {
		if b[from] == MakePiece(c, Pawn) {
			out = append(out, from)
		}
	}
	for _, from := range kingSteps[sq] {
		if b[from] == MakePiece(c, King) && !(kingTarget && from.File() == sq.File()) {
			out = append(out, from)
		}
	}
	for _, from := range advisorSteps[sq] {
		if b[from] == MakePiece(c, Advisor) {
			out = append(out, from)
		}
	}
	for _, st := range elephantSteps[sq] {
		if b[st.to] == MakePiece(c, Elephant) && b[st.block] == NoPiece {
			out = append(out, st.to)
		}
	}
	return out
}

// Checkers returns the squares of the pieces giving check to c's king
// (including the other king when the two face each other).
func (p *Position) Checkers(c Color) []Square {
	if p.kings[c] == NoSquare {
		return nil
	}
	return p.Attackers(p.kings[c], c.Other())
}

// LegalCapturesOf returns c's legal moves that capture on sq (whatever side is
// to move): every one of them is a move c could really play, pins, screens and
// the flying general included. sq must hold a piece of the other colour.
func (p *Position) LegalCapturesOf(sq Square, c Color) []Move {
	return p.LegalCapturesInto(nil, sq, c)
}

// LegalCapturesInto appends LegalCapturesOf(sq, c) to dst.
func (p *Position) LegalCapturesInto(dst []Move, sq Square, c Color) []Move {
	pc := p.board[sq]
	if pc == NoPiece || pc.Color() == c {
		return dst
	}
	out := dst
	for _, from := range p.Attackers(sq, c) {
		if p.board[from].Kind() == King && pc.Kind() == King {
			continue // facing kings: not a capture, the position is already illegal
		}
		m := NewMove(from, sq)
		if p.legalFor(m, c) {
			out = append(out, m)
		}
	}
	return out
}

// CanCapture reports whether c has a legal move capturing on sq.
func (p *Position) CanCapture(sq Square, c Color) bool {
	return len(p.LegalCapturesOf(sq, c)) > 0
}

// Pinned returns c's pieces (other than the king) whose removal from the board
// would leave c's king attacked: pieces shielding it from a rook, a cannon's
// screen count, a horse's leg or the other king. Such a piece may still have
// legal moves along the line it guards.
func (p *Position) Pinned(c Color) []Square {
	k := p.kings[c]
	if k == NoSquare {
		return nil
	}
	var out []Square
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == NoPiece || pc.Color() != c || pc.Kind() == King {
			continue
		}
		if !sameLine(sq, k) && !diagNeighbour[k][sq] {
			continue
		}
		p.board[sq] = NoPiece
		if p.attacked(k, c.Other()) {
			out = append(out, sq)
		}
		p.board[sq] = pc
	}
	return out
}

func sameLine(a, b Square) bool { return a.File() == b.File() || a.Rank() == b.Rank() }
