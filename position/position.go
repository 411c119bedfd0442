package position

// Position is a board, the side to move, and the history of moves made on it
// (so that Unmake can take them back and repetitions can be found).
//
// A Position is not safe for concurrent use, not even by queries only (they
// may rebuild the cache below, and try moves on the board); Clone one per
// goroutine.
type Position struct {
	// board has 256 entries so that indexing it with uint8(sq) needs no
	// bounds check; only the first NumSquares are squares.
	board [256]Piece
	kings [2]Square
	side  Color
	key   uint64
	hist  []undo
	// start is the key of the position the history starts from.
	startKey uint64

	// The generator's view of the board, derived from it: which squares each
	// piece stands on, and the occupancy of every rank and file. It is a
	// cache, valid while cached is set and cacheKey equals key. Make and
	// Unmake keep it up to date; code that writes board directly (the FEN
	// reader, Probe, Place) changes key with it, so the next query sees a
	// stale cache and rebuilds it (see sync). Code that changes board without
	// changing key must clear cached.
	pieces [16]bitboard // indexed by Piece; pieces[NoPiece] stays empty (see kinds)
	occ    [2]bitboard  // each colour's pieces
	// lines[both] is everyone's pieces rank by rank and file by file: what
	// the rook and cannon tables are indexed by. lines[Red] is Red's; Black's
	// are everyone's less Red's (see colourLines), which spares Make and
	// Unmake half the updates for Black's moves. lines[Black] stays empty.
	lines    [3]occupancy
	cacheKey uint64
	cached   bool

	// checks caches what GivesCheck and LegalQuietChecks need to know about
	// the opponent's king (see checkInfo), one entry per ply modulo its
	// length so that a search asking at a node, then below it, then at the
	// node again finds the node's entry still there (and a node finds its
	// parent's, see lastMoveChecks). An entry is valid for the position
	// whose key it holds; rebuild drops them all.
	checks [8]checkInfo
	// probed is the key of the position GivesCheck last answered for by
	// playing the move (see there).
	probed uint64
	// pending is capturesAndChecks' scratch.
	pending pendingChecks
}

// occupancy is a set of pieces as rank and file bit masks: bit f of rank[r]
// and bit r of file[f] are set when (f, r) is occupied. The arrays have 16
// entries so that indexing with r&15 needs no bounds check.
type occupancy struct {
	rank [16]uint16
	file [16]uint16
}

// kinds returns c's piece bitboards, indexed by kind: the hot code reads a
// side's kinds at constant offsets from there.
func (p *Position) kinds(c Color) *[8]bitboard {
	i := 8 * int(c&1)
	return (*[8]bitboard)(p.pieces[i : i+8])
}

// both indexes Position.lines for the pieces of both colours.
const both = 2

// flip toggles in o the square whose place l gives (sqLine).
func (o *occupancy) flip(l *lineBits) {
	o.rank[l.r&15] ^= l.fileBit
	o.file[l.f&15] ^= l.rankBit
}

// undo is what Unmake needs to restore a move, plus the key before the move
// (which is also the repetition history).
type undo struct {
	move     Move
	captured Piece
	key      uint64
}

// zobristPiece[pc][sq] is the key of pc on sq. Its rows have 128 entries so
// that a move's squares (seven bits each) index them without a bounds check;
// only the first NumSquares are filled.
var (
	zobristPiece [16][128]uint64
	zobristSide  uint64
)

func init() {
	// splitmix64 with a fixed seed: keys are stable across runs and builds.
	s := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range zobristPiece {
		for sq := range NumSquares {
			zobristPiece[p][sq] = next()
		}
	}
	zobristSide = next()
}

// At returns the piece on sq.
func (p *Position) At(sq Square) Piece { return p.board[uint8(sq)] }

// Board returns a copy of the board.
func (p *Position) Board() [NumSquares]Piece { return [NumSquares]Piece(p.board[:NumSquares]) }

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// Key returns the Zobrist key of the position (pieces and side to move).
func (p *Position) Key() uint64 { return p.key }

// King returns the square of c's king, or NoSquare when c has none (a
// position built by hand, or one where a hypothetical move took the king).
func (p *Position) King(c Color) Square { return p.kings[c] }

// Ply returns the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.hist) }

// Clone returns an independent copy, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.hist = append(make([]undo, 0, cap(p.hist)), p.hist...)
	return &q
}

// CopyFrom makes p a copy of q, as Clone does, in p's own memory: the
// history is copied into p's room for one (grown when it is short), so
// that p can be reused for copy after copy.
func (p *Position) CopyFrom(q *Position) {
	h := p.hist[:0]
	*p = *q
	p.hist = append(h, q.hist...)
}

// Equal reports whether two positions have the same pieces and side to move
// (history is ignored).
func (p *Position) Equal(q *Position) bool {
	return p.board == q.board && p.side == q.side
}

// LastMove returns the last move made, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}

// LastCaptured returns the piece captured by the last move (NoPiece if none).
func (p *Position) LastCaptured() Piece {
	if len(p.hist) == 0 {
		return NoPiece
	}
	return p.hist[len(p.hist)-1].captured
}

func (p *Position) computeKey() uint64 {
	var k uint64
	for sq, pc := range p.board[:NumSquares] {
		if pc != NoPiece {
			k ^= zobristPiece[pc][sq]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}

// sync makes the derived state (pieces, occ, lines) match the board,
// rebuilding it if the board may have been written behind its back. Every
// exported method that reads the derived state calls it first; the internal
// ones (legal, attackedBy, safeMove, ...) assume it.
func (p *Position) sync() {
	if !p.cached || p.cacheKey != p.key {
		p.rebuild()
	}
}

func (p *Position) rebuild() {
	p.pieces = [16]bitboard{}
	p.occ = [2]bitboard{}
	p.lines = [3]occupancy{}
	for sq := Square(0); sq < NumSquares; sq++ {
		if pc := p.board[uint8(sq)]; pc != NoPiece {
			p.pieces[pc&15] = p.pieces[pc&15].or(sqBB[uint8(sq)])
			p.occ[pc.Color()&1] = p.occ[pc.Color()&1].or(sqBB[uint8(sq)])
			if pc.Color() == Red {
				p.lines[Red].flip(&sqLine[uint8(sq)])
			}
			p.lines[both].flip(&sqLine[uint8(sq)])
		}
	}
	p.cacheKey, p.cached = p.key, true
	for i := range p.checks {
		p.checks[i].valid = false
	}
}

// toggle adds pc on sq to the derived state, or takes it off (NoPiece:
// nothing to do).
func (p *Position) toggle(sq Square, pc Piece) {
	if pc == NoPiece {
		return
	}
	l := &sqLine[uint8(sq)]
	p.pieces[pc&15] = p.pieces[pc&15].xor(sqBB[uint8(sq)])
	p.occ[pc.Color()&1] = p.occ[pc.Color()&1].xor(sqBB[uint8(sq)])
	if pc.Color() == Red {
		p.lines[Red].flip(l)
	}
	p.lines[both].flip(l)
}

// colourLines returns c's pieces on rank r (bits are files) and on file f
// (bits are ranks).
func (p *Position) colourLines(c Color, f, r uint8) (rank, file uint16) {
	red, all := &p.lines[Red], &p.lines[both]
	rank, file = red.rank[r&15], red.file[f&15]
	if c != Red {
		rank ^= all.rank[r&15]
		file ^= all.file[f&15]
	}
	return rank, file
}

// Make plays m, which must be pseudo-legal for the side to move (use IsLegal or
// LegalMoves to check). NullMove passes the turn.
func (p *Position) Make(m Move) {
	p.sync()
	u := undo{move: m, key: p.key}
	key := p.key ^ zobristSide
	if m != NullMove {
		from, to := uint8(m&0x7F), uint8(m>>7&0x7F)
		pc, cap := p.board[from], p.board[to]
		u.captured = cap
		key ^= zobristPiece[pc&15][from] ^ zobristPiece[pc&15][to]
		fl, tl := &sqLine[from], &sqLine[to]
		c := pc.Color()
		fromTo := sqBB[uint8(from)].or(sqBB[uint8(to)])
		p.pieces[pc&15] = p.pieces[pc&15].xor(fromTo)
		p.occ[c&1] = p.occ[c&1].xor(fromTo)
		if c == Red {
			p.lines[Red].flip(fl)
			p.lines[Red].flip(tl)
		}
		p.lines[both].flip(fl)
		if cap != NoPiece {
			key ^= zobristPiece[cap&15][to]
			p.pieces[cap&15] = p.pieces[cap&15].xor(sqBB[uint8(to)])
			p.occ[cap.Color()&1] = p.occ[cap.Color()&1].xor(sqBB[uint8(to)])
			if cap.Color() == Red {
				p.lines[Red].flip(tl)
			}
			if cap.Kind() == King {
				p.kings[cap.Color()&1] = NoSquare
			}
		} else {
			p.lines[both].flip(tl)
		}
		p.board[to] = pc
		p.board[from] = NoPiece
		if pc.Kind() == King {
			p.kings[c&1] = Square(to)
		}
	}
	p.side ^= 1
	p.key = key
	p.cacheKey = key
	p.hist = append(p.hist, u)
}

// Unmake takes back the last move made.
func (p *Position) Unmake() {
	p.sync()
	n := len(p.hist) - 1
	u := p.hist[n]
	p.hist = p.hist[:n]
	p.side ^= 1
	p.key = u.key
	p.cacheKey = u.key
	if u.move == NullMove {
		return
	}
	from, to := uint8(u.move&0x7F), uint8(u.move>>7&0x7F)
	pc, cap := p.board[to], u.captured
	fl, tl := &sqLine[from], &sqLine[to]
	p.board[from] = pc
	p.board[to] = cap
	c := pc.Color()
	fromTo := sqBB[uint8(from)].or(sqBB[uint8(to)])
	p.pieces[pc&15] = p.pieces[pc&15].xor(fromTo)
	p.occ[c&1] = p.occ[c&1].xor(fromTo)
	if c == Red {
		p.lines[Red].flip(fl)
		p.lines[Red].flip(tl)
	}
	p.lines[both].flip(fl)
	if cap != NoPiece {
		p.pieces[cap&15] = p.pieces[cap&15].xor(sqBB[uint8(to)])
		p.occ[cap.Color()&1] = p.occ[cap.Color()&1].xor(sqBB[uint8(to)])
		if cap.Color() == Red {
			p.lines[Red].flip(tl)
		}
		if cap.Kind() == King {
			p.kings[cap.Color()&1] = Square(to)
		}
	} else {
		p.lines[both].flip(tl)
	}
	if pc.Kind() == King {
		p.kings[c&1] = Square(from)
	}
}

// Keys returns the keys of every position from the start of the history to the
// current one, in order (len = Ply()+1).
func (p *Position) Keys() []uint64 {
	keys := make([]uint64, 0, len(p.hist)+1)
	for _, u := range p.hist {
		keys = append(keys, u.key)
	}
	return append(keys, p.key)
}

// Moves returns the moves made since the position was set up.
func (p *Position) Moves() []Move {
	ms := make([]Move, len(p.hist))
	for i, u := range p.hist {
		ms[i] = u.move
	}
	return ms
}

// ResetHistory forgets the moves made so far: the current position becomes the
// start of the history.
func (p *Position) ResetHistory() {
	p.hist = p.hist[:0]
	p.startKey = p.key
}

// Material counts each side's pieces by kind.
func (p *Position) Material() (m [2][8]int) {
	for _, pc := range p.board[:NumSquares] {
		if pc != NoPiece {
			m[pc.Color()][pc.Kind()]++
		}
	}
	return m
}

// Place puts pc on sq (NoPiece clears it), for building positions by hand. The
// key is updated; the history is cleared, as the position is a new one. Call
// Validate afterwards if the result must be a legal setup.
func (p *Position) Place(sq Square, pc Piece) {
	if old := p.board[uint8(sq)]; old != NoPiece && old.Kind() == King && p.kings[old.Color()] == sq {
		p.kings[old.Color()] = NoSquare
	}
	p.board[uint8(sq)] = pc
	if pc.Kind() == King {
		p.kings[pc.Color()] = sq
	}
	p.key = p.computeKey()
	p.cached = false
	p.ResetHistory()
}

// SetSide sets the side to move (clearing the history).
func (p *Position) SetSide(c Color) {
	p.side = c
	p.key = p.computeKey()
	p.ResetHistory()
}

// Empty returns a position with no pieces, Red to move.
func Empty() *Position {
	p := &Position{kings: [2]Square{NoSquare, NoSquare}, hist: make([]undo, 0, 64)}
	p.key = p.computeKey()
	p.startKey = p.key
	return p
}
