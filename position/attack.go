package position

import "math/bits"

// Attack queries. They read the derived state (see Position.sync): the rank
// and file occupancy finds the first and second piece along a line in a few
// bit operations, and the piece bitboards say at once whether a horse or pawn
// of the attacking side stands where it could attack from.

// attacked reports whether a piece of colour by attacks sq by the movement rules
// (pins of the attacker are ignored, as they are for giving check). When sq holds
// the other side's king, by's king facing it on an open file counts (flying
// general, 对脸).
func (p *Position) attacked(sq Square, by Color) bool {
	p.sync()
	return p.attackedBy(sq, by, p.kingTarget(sq, by))
}

// kingTarget reports whether sq holds a king of the side other than by (which
// by's king then attacks along an open file).
func (p *Position) kingTarget(sq Square, by Color) bool {
	t := p.board[uint8(sq)]
	return t.Kind() == King && t.Color() != by
}

// attackedBy is attacked on a synced position, with kingTarget given. It
// reads the board, the line occupancy and by's piece bitboards and
// occupancy; what plays a move on the board to ask it (safeMove, checkAfter,
// addKing) keeps those in step, or, for the other side's occupancy, a
// superset of it.
func (p *Position) attackedBy(sq Square, by Color, kingTarget bool) bool {
	b := &p.board
	f, r := sqFile[uint8(sq)], sqRank[uint8(sq)]
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)

	// Along the rank: the first piece each way may be a rook, the second a
	// cannon. Lines holding no enemy rook or cannon are not walked at all.
	sliders := p.kinds(by)[Rook].or(p.kinds(by)[Cannon])
	if !sliders.and(rankMask[r&15]).isEmpty() {
		rbase := Square(r) * 9
		ro := uint32(p.lines[both].rank[r&15])
		if m := above(ro, f); m != 0 {
			if b[uint8(rbase+Square(bits.TrailingZeros32(m)))] == rook {
				return true
			}
			if m &= m - 1; m != 0 && b[uint8(rbase+Square(bits.TrailingZeros32(m)))] == cannon {
				return true
			}
		}
		if m := below(ro, f); m != 0 {
			i := bits.Len32(m) - 1
			if b[uint8(rbase+Square(i))] == rook {
				return true
			}
			if m &^= 1 << (i & 31); m != 0 && b[uint8(rbase+Square(bits.Len32(m)-1))] == cannon {
				return true
			}
		}
	}
	// Along the file, where by's king counts as a rook against a king.
	king, fileSliders := rook, sliders
	if kingTarget {
		king = MakePiece(by, King)
		fileSliders = sliders.or(p.kinds(by)[King])
	}
	if !fileSliders.and(fileMask[f&15]).isEmpty() {
		fo := uint32(p.lines[both].file[f&15])
		fbase := Square(f)
		if m := above(fo, r); m != 0 {
			pc := b[uint8(fbase+9*Square(bits.TrailingZeros32(m)))]
			if pc == rook || pc == king {
				return true
			}
			if m &= m - 1; m != 0 && b[uint8(fbase+9*Square(bits.TrailingZeros32(m)))] == cannon {
				return true
			}
		}
		if m := below(fo, r); m != 0 {
			i := bits.Len32(m) - 1
			if pc := b[uint8(fbase+9*Square(i))]; pc == rook || pc == king {
				return true
			}
			if m &^= 1 << (i & 31); m != 0 && b[uint8(fbase+9*Square(bits.Len32(m)-1))] == cannon {
				return true
			}
		}
	}

	// The other pieces attack only from the points around sq (nearSq): most
	// often by has none of them there, and one test says so.
	if p.occ[by&1].andNot(sliders).and(nearSq[uint8(sq)]).isEmpty() {
		return false
	}
	for hs := p.kinds(by)[Horse].and(horseFrom[uint8(sq)]); !hs.isEmpty(); {
		if h := hs.pop(); b[uint8(horseLegTo(h, sq))] == NoPiece {
			return true
		}
	}
	if !p.kinds(by)[Pawn].and(pawnFrom[by&1][uint8(sq)]).isEmpty() {
		return true
	}
	// Kings, advisors and elephants never leave their own half, so they reach
	// only squares there; the bitboard tests make that cost next to nothing.
	if !p.kinds(by)[King].and(kingMoves[uint8(sq)]).isEmpty() ||
		!p.kinds(by)[Advisor].and(advisorMoves[uint8(sq)]).isEmpty() {
		return true
	}
	elephant := MakePiece(by, Elephant)
	if !p.kinds(by)[Elephant].and(elephantReach[uint8(sq)]).isEmpty() {
		for _, st := range elephantSteps[uint8(sq)].list() {
			if b[uint8(st.to)] == elephant && b[uint8(st.block)] == NoPiece {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether c's king is attacked (or faces the other king).
// For the side to move, the position the last move was made in usually
// knows already (see lastMoveChecks).
func (p *Position) InCheck(c Color) bool {
	k := p.kings[c&1]
	if k == NoSquare {
		return false
	}
	if c == p.side {
		if check, known := p.lastMoveChecks(); known {
			return check
		}
	}
	return p.attacked(k, c.Other())
}

// Attackers returns the squares of c's pieces that attack sq by the movement
// rules, whatever stands on sq and ignoring whether moving the attacker would
// expose c's own king (use LegalCapturesOf for that). For a square holding the
// other side's king this is the set of checking pieces.
//
// The order is fixed: rooks and the facing king, then cannons, along the file
// north and south and the rank east and west; then horses and pawns by square;
// then king, advisors and elephants.
func (p *Position) Attackers(sq Square, c Color) []Square {
	return p.AttackersInto(nil, sq, c)
}

// AttackersInto appends Attackers(sq, c) to dst and returns it. With room in
// dst (an attacker set never exceeds 16 squares) it does not allocate.
func (p *Position) AttackersInto(dst []Square, sq Square, c Color) []Square {
	p.sync()
	b := &p.board
	f, r := sqFile[uint8(sq)], sqRank[uint8(sq)]
	rook, cannon := MakePiece(c, Rook), MakePiece(c, Cannon)
	kingTarget := p.kingTarget(sq, c)
	king := rook
	if kingTarget {
		king = MakePiece(c, King)
	}
	// Along each line, the first piece met may be a rook (or the facing king,
	// on the file), the second a cannon. Lines with neither are not walked.
	all := &p.lines[both]
	fo, ro := uint32(all.file[f&15]), uint32(all.rank[r&15])
	sliders := p.kinds(c)[Rook].or(p.kinds(c)[Cannon])
	fileSliders := sliders
	if kingTarget {
		fileSliders = fileSliders.or(p.kinds(c)[King])
	}
	rays := &rayMask[uint8(sq)]
	if !fileSliders.and(rays[dirN]).isEmpty() {
		dst = lineAttackers(dst, b, above(fo, r), true, Square(f), 9, rook, king, cannon)
	}
	if !fileSliders.and(rays[dirS]).isEmpty() {
		dst = lineAttackers(dst, b, below(fo, r), false, Square(f), 9, rook, king, cannon)
	}
	if !sliders.and(rays[dirE]).isEmpty() {
		dst = lineAttackers(dst, b, above(ro, f), true, Square(r)*9, 1, rook, rook, cannon)
	}
	if !sliders.and(rays[dirW]).isEmpty() {
		dst = lineAttackers(dst, b, below(ro, f), false, Square(r)*9, 1, rook, rook, cannon)
	}
	for hs := p.kinds(c)[Horse].and(horseFrom[uint8(sq)]); !hs.isEmpty(); {
		if h := hs.pop(); b[uint8(horseLegTo(h, sq))] == NoPiece {
			dst = append(dst, h)
		}
	}
	for ps := p.kinds(c)[Pawn].and(pawnFrom[c&1][uint8(sq)]); !ps.isEmpty(); {
		dst = append(dst, ps.pop())
	}
	if !p.kinds(c)[King].and(kingMoves[uint8(sq)]).isEmpty() {
		for _, st := range kingSteps[uint8(sq)].list() {
			// A king next to sq on its file was already listed as facing it.
			if b[uint8(st.to)] == MakePiece(c, King) && !(kingTarget && sqFile[uint8(st.to)] == f) {
				dst = append(dst, st.to)
			}
		}
	}
	if !p.kinds(c)[Advisor].and(advisorMoves[uint8(sq)]).isEmpty() {
		for _, st := range advisorSteps[uint8(sq)].list() {
			if b[uint8(st.to)] == MakePiece(c, Advisor) {
				dst = append(dst, st.to)
			}
		}
	}
	if !p.kinds(c)[Elephant].and(elephantReach[uint8(sq)]).isEmpty() {
		for _, st := range elephantSteps[uint8(sq)].list() {
			if b[uint8(st.to)] == MakePiece(c, Elephant) && b[uint8(st.block)] == NoPiece {
				dst = append(dst, st.to)
			}
		}
	}
	return dst
}

// lineAttackers appends the attackers along one line: m is the line's
// occupancy beyond the target, walked upwards or downwards, the square of bit
// i being base + step*i. The first piece attacks if it is rook or facing, the
// second if it is cannon.
func lineAttackers(dst []Square, b *[256]Piece, m uint32, up bool, base, step Square, rook, facing, cannon Piece) []Square {
	if m == 0 {
		return dst
	}
	i := bits.TrailingZeros32(m)
	if !up {
		i = bits.Len32(m) - 1
	}
	if s := base + step*Square(i); b[uint8(s)] == rook || b[uint8(s)] == facing {
		dst = append(dst, s) // and a cannon behind may use it as its screen
	}
	if m &^= 1 << (i & 31); m == 0 {
		return dst
	}
	i = bits.TrailingZeros32(m)
	if !up {
		i = bits.Len32(m) - 1
	}
	if s := base + step*Square(i); b[uint8(s)] == cannon {
		dst = append(dst, s)
	}
	return dst
}

// Checkers returns the squares of the pieces giving check to c's king
// (including the other king when the two face each other).
func (p *Position) Checkers(c Color) []Square {
	if p.kings[c] == NoSquare {
		return nil
	}
	return p.Attackers(p.kings[c], c.Other())
}

// CheckersInto appends Checkers(c) to dst and returns it.
func (p *Position) CheckersInto(dst []Square, c Color) []Square {
	if p.kings[c] == NoSquare {
		return dst
	}
	return p.AttackersInto(dst, p.kings[c], c.Other())
}

// LegalCapturesOf returns c's legal moves that capture on sq (whatever side is
// to move): every one of them is a move c could really play, pins, screens and
// the flying general included. sq must hold a piece of the other colour.
// The moves come in the order of Attackers.
func (p *Position) LegalCapturesOf(sq Square, c Color) []Move {
	return p.LegalCapturesInto(nil, sq, c)
}

// LegalCapturesInto appends LegalCapturesOf(sq, c) to dst and returns it. With
// room in dst (16 moves) it does not allocate.
func (p *Position) LegalCapturesInto(dst []Move, sq Square, c Color) []Move {
	pc := p.board[uint8(sq)]
	if pc == NoPiece || pc.Color() == c {
		return dst
	}
	var buf [16]Square
	for _, from := range p.AttackersInto(buf[:0], sq, c) {
		if p.board[uint8(from)].Kind() == King && pc.Kind() == King {
			continue // facing kings: not a capture, the position is already illegal
		}
		if p.safeMove(from, sq, c) {
			dst = append(dst, NewMove(from, sq))
		}
	}
	return dst
}

// CanCapture reports whether c has a legal move capturing on sq.
func (p *Position) CanCapture(sq Square, c Color) bool {
	pc := p.board[uint8(sq)]
	if pc == NoPiece || pc.Color() == c {
		return false
	}
	var buf [16]Square
	for _, from := range p.AttackersInto(buf[:0], sq, c) {
		if !(p.board[uint8(from)].Kind() == King && pc.Kind() == King) && p.safeMove(from, sq, c) {
			return true
		}
	}
	return false
}

// Pinned returns c's pieces (other than the king) whose removal from the board
// would leave c's king attacked: pieces shielding it from a rook, a cannon's
// screen count, a horse's leg or the other king. Such a piece may still have
// legal moves along the line it guards. Only pieces on the king's rank or file
// or diagonally next to it are considered (no other piece can shield it), so
// when c is already in check they are those that do not give a checking
// cannon its screen. Squares come in order.
func (p *Position) Pinned(c Color) []Square {
	return p.PinnedInto(nil, c)
}

// PinnedInto appends Pinned(c) to dst and returns it.
func (p *Position) PinnedInto(dst []Square, c Color) []Square {
	k := p.kings[c&1]
	if k == NoSquare {
		return dst
	}
	p.sync()
	near := lineMask[uint8(k)].or(diagonals[uint8(k)]).and(p.occ[c&1]).andNot(p.kinds(c)[King])
	if p.ordinary(c, k) {
		// Not in check, the generator's pins are exactly these pieces.
		if check, pinned, _ := p.shield(c, k); !check {
			for pinned = pinned.and(near); pinned.lo|pinned.hi != 0; {
				dst = append(dst, pinned.pop())
			}
			return dst
		}
	}
	e := c.Other()
	kingTarget := p.kingTarget(k, e)
	for near.lo|near.hi != 0 {
		sq := near.pop()
		l := &sqLine[uint8(sq)]
		pc := p.board[uint8(sq)]
		// Lift the piece off the board and the occupancy (the attack test reads
		// no bitboard of c's pieces), ask, and put it back.
		p.board[uint8(sq)] = NoPiece
		p.lines[both].flip(l)
		exposed := p.attackedBy(k, e, kingTarget)
		p.board[uint8(sq)] = pc
		p.lines[both].flip(l)
		if exposed {
			dst = append(dst, sq)
		}
	}
	return dst
}
