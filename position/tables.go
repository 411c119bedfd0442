package position

import "math/bits"

// Precomputed geometry. Everything the generator needs about "where can a piece
// of this kind go from here, and what can block it" is looked up, never
// recomputed, and comes as a bitboard so that a whole piece's moves are
// filtered (own pieces, forbidden squares) and counted with a few word
// operations instead of a loop over destinations.

// bitboard is a set of squares: square sq is bit sq of lo for sq < 64 and bit
// sq-64 of hi otherwise. A rank is 9 consecutive bits (rank 7 straddles the two
// words), a file every ninth bit.
type bitboard struct{ lo, hi uint64 }

func (b bitboard) and(o bitboard) bitboard    { return bitboard{b.lo & o.lo, b.hi & o.hi} }
func (b bitboard) or(o bitboard) bitboard     { return bitboard{b.lo | o.lo, b.hi | o.hi} }
func (b bitboard) andNot(o bitboard) bitboard { return bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b bitboard) xor(o bitboard) bitboard    { return bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b bitboard) isEmpty() bool              { return b.lo|b.hi == 0 }
func (b bitboard) count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// has reports whether sq is in b, by a shift of the word holding it (no
// table to read). A square off the board (NoSquare too, as uint8 255) reads
// a bit past the board, which no bitboard holds.
func (b bitboard) has(sq Square) bool {
	w := b.lo
	if uint8(sq) >= 64 {
		w = b.hi
	}
	return w>>(uint8(sq)&63)&1 != 0
}

// shl and shr move every square n places up or down (0 < n < 64).
func (b bitboard) shl(n uint) bitboard { return bitboard{b.lo << n, b.hi<<n | b.lo>>(64-n)} }
func (b bitboard) shr(n uint) bitboard { return bitboard{b.lo>>n | b.hi<<(64-n), b.hi >> n} }

// pop removes the lowest square from b, which must not be empty, and returns it.
func (b *bitboard) pop() Square {
	if b.lo != 0 {
		sq := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return Square(sq)
	}
	sq := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return Square(64 + sq)
}

// lowest and highest return the lowest and the highest square of b, which
// must not be empty.
func (b bitboard) lowest() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(64 + bits.TrailingZeros64(b.hi))
}

func (b bitboard) highest() Square {
	if b.hi != 0 {
		return Square(64 + bits.Len64(b.hi) - 1)
	}
	return Square(bits.Len64(b.lo) - 1)
}

// rankBB returns the squares of rank r whose files are the bits of m (nine
// at most). Rank r starts at bit 9r: ranks 0 to 6 lie in lo, rank 7
// straddles the words, ranks 8 and 9 lie in hi. The shift counts are masked
// so that the compiler needs no code for counts of 64 or more (which Go
// defines as giving 0): the branch and the masks keep them below 64, and
// x >> 1 >> (63-n) is x >> (64-n) for n < 64, 0 at n = 0.
func rankBB(m uint16, r uint8) bitboard {
	n := uint(r) * 9
	if n < 64 {
		return bitboard{uint64(m) << (n & 63), uint64(m) >> 1 >> ((63 - n) & 63)}
	}
	return bitboard{0, uint64(m) << ((n - 64) & 63)}
}

// fileBB returns the squares of file f whose ranks are the bits of m: those
// of file a moved up by f places (as rankBB's shifts, f < 9).
func fileBB(m uint16, f uint8) bitboard {
	b := fileSpread[m&0x3FF]
	n := uint(f)
	return bitboard{b.lo << (n & 63), b.hi<<(n&63) | b.lo>>1>>((63-n)&63)}
}

// above and below return the bits of a line's occupancy o above and below
// bit i (i < 16): the points beyond a point on the line, one way or the
// other. The shift counts are masked as rankBB's are.
func above(o uint32, i uint8) uint32 {
	j := uint(i+1) & 31
	return o >> j << j
}

func below(o uint32, i uint8) uint32 { return o & (1<<(uint(i)&31) - 1) }

// slide is what a rook and a cannon reach along one line from a point, given
// the line's occupancy: rook = the empty points up to and including the first
// piece each way; cannon = the empty points before the first piece (its
// screen), plus the next piece beyond the screen. Both include pieces of
// either colour; the caller removes its own.
type slide struct{ rook, cannon uint16 }

// rookLines and cannonLines return what a rook or a cannon on (f, r) reaches
// given the occupancy all: along the rank (bits are files) and along the file
// (bits are ranks).
func rookLines(all *occupancy, f, r uint8) (rank, file uint16) {
	return rookRank[f&15][all.rank[r&15]&0x1FF], rookFile[r&15][all.file[f&15]&0x3FF]
}

func cannonLines(all *occupancy, f, r uint8) (rank, file uint16) {
	return cannonRank[f&15][all.rank[r&15]&0x1FF], cannonFile[r&15][all.file[f&15]&0x3FF]
}

// Tables indexed by square have 256 entries and are indexed with uint8(sq),
// which the compiler knows to be in range: no bounds checks in the inner loops.
// Only the first NumSquares entries are filled.
var (
	// boardMask is the 90 squares of the board.
	boardMask = bitboard{^uint64(0), 1<<(NumSquares-64) - 1}

	sqFile, sqRank [256]uint8
	sqBB           [256]bitboard
	// sqLine[sq]: sq's place in an occupancy (see occupancy.flip).
	sqLine [256]lineBits
	// rookRank[f][occ] and cannonRank[f][occ]: a slide along a 9-point rank
	// from file f, occ being the rank's occupancy; rookFile[r][occ] and
	// cannonFile[r][occ] along a 10-point file from rank r. Rook and cannon are
	// apart because a generator reads one kind at a time. The outer dimension
	// is 16 so that indexing with f&15 or r&15 needs no bounds check.
	rookRank, cannonRank [16][1 << 9]uint16
	rookFile, cannonFile [16][1 << 10]uint16
	// rayMask[sq][dir]: the squares from sq outwards in direction dir.
	rayMask [256][4]bitboard
	// fileMask[f] and rankMask[r]: the squares of a file and of a rank.
	fileMask, rankMask [16]bitboard
	// fileSpread[m]: the squares of file a whose ranks are the bits of m.
	fileSpread [1 << 10]bitboard

	// kingMoves and advisorMoves stay inside the palace the square belongs to,
	// and are symmetric: a king or advisor on a reaches b iff one on b reaches a.
	kingMoves    [256]bitboard
	advisorMoves [256]bitboard
	// kingSteps and advisorSteps are the same points in a fixed direction order
	// (north, south, east, west; NE, SE, NW, SW), which Attackers reports in.
	kingSteps    [256]stepList
	advisorSteps [256]stepList
	// elephantSteps stay on the square's own side of the river; block is the eye
	// (象眼). elephantReach is the same points as a set.
	elephantSteps [256]stepList
	elephantReach [256]bitboard
	// elephantMoves[sq][eyes]: the elephant's destinations when the eyes set
	// in eyes are occupied (see elephantEyes).
	elephantMoves [256][16]bitboard
	// horseMoves[sq][legs]: the horse's destinations when the legs (马腿) set in
	// legs are occupied: bit 0 south, 1 west, 2 north, 3 east (see horseLegs).
	horseMoves [256][16]bitboard
	// horseFrom[sq]: the squares from which a horse could attack sq, legs aside;
	// horseLegTo gives the leg.
	horseFrom [256]bitboard
	// pawnMoves[color][sq]: a pawn's moves (forward; sideways once across the
	// river). pawnFrom[color][sq]: where a pawn of color attacks sq from.
	pawnMoves [2][256]bitboard
	pawnFrom  [2][256]bitboard
	// nearSq[sq]: the points from which a horse, pawn, king, advisor or
	// elephant of either colour could attack sq (legs and eyes aside).
	nearSq [256]bitboard
	// half[color]: the points on color's side of the river.
	half [2]bitboard
	// lineMask[sq]: the points on sq's rank and file, sq excluded;
	// diagonals[sq]: its diagonal neighbours. A piece can only shield a king
	// on those.
	lineMask  [256]bitboard
	diagonals [256]bitboard
	// horseLegDelta[to-from+19]: the leg of a horse jump from→to, as an offset
	// from from; the eight jumps have distinct square differences. (Indexed
	// with uint8, only the first 39 entries are read.)
	horseLegDelta [256]int8
)

// lineBits is a square's place in an occupancy: on rank r it is bit
// fileBit, on file f bit rankBit.
type lineBits struct {
	f, r             uint8
	fileBit, rankBit uint16
}

// stepList is up to four single moves with the point each needs empty (block
// is NoSquare when none).
type stepList struct {
	n     uint8
	steps [4]step
}

type step struct{ to, block Square }

func (l *stepList) add(to, block Square) {
	l.steps[l.n] = step{to, block}
	l.n++
}

func (l *stepList) list() []step { return l.steps[:l.n] }

// horseLegTo returns the leg a horse on from needs empty to reach to.
func horseLegTo(from, to Square) Square { return from + Square(horseLegDelta[uint8(to-from+19)]) }

// horseLegs returns the occupancy pattern of sq's four orthogonal neighbours
// as horseMoves indexes it, read from the rank and file occupancy (bit 0 of a
// shifted line is the point before sq, bit 2 the point after; points off the
// board read as empty, and no jump over them exists).
func horseLegs(fileOcc, rankOcc uint16, f, r uint8) uint8 {
	v := uint8(uint32(fileOcc)<<1>>(r&31)) & 5
	h := uint8(uint32(rankOcc)<<1>>(f&31)) & 5
	return v | h<<1
}

// Directions: north (towards Black), south, east (towards file i), west.
const (
	dirN = iota
	dirS
	dirE
	dirW
)

// elephantEyes returns the occupancy of the four diagonal neighbours of
// (f, r) as elephantMoves indexes it: bit 0 south-west, 1 north-west, 2
// south-east, 3 north-east. Read from the ranks above and below (bit 0 of a
// shifted rank is file f-1, bit 2 file f+1); points off the board read as
// empty, and no step over them exists.
func elephantEyes(all *occupancy, f, r uint8) uint8 {
	below := uint8(uint32(all.rank[(r-1)&15])<<1>>(f&31)) & 5
	above := uint8(uint32(all.rank[(r+1)&15])<<1>>(f&31)) & 5
	return (below | above<<1) & 15
}

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

func palaceAt(f, r int) bool {
	return f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

// redHalf reports whether rank r is on Red's side of the river.
func redHalf(r int) bool { return r <= 4 }

// lineSlide computes the slide from point i of an n-point line with occupancy occ.
func lineSlide(i, n int, occ uint16) slide {
	var s slide
	for _, d := range [2]int{1, -1} {
		j := i + d
		for ; j >= 0 && j < n && occ>>j&1 == 0; j += d {
			s.rook |= 1 << j
			s.cannon |= 1 << j
		}
		if j < 0 || j >= n {
			continue
		}
		s.rook |= 1 << j // the first piece: a rook's capture, a cannon's screen
		for j += d; j >= 0 && j < n; j += d {
			if occ>>j&1 != 0 {
				s.cannon |= 1 << j
				break
			}
		}
	}
	return s
}

func init() {
	for sq := Square(0); sq < NumSquares; sq++ {
		sqFile[sq], sqRank[sq] = uint8(sq.File()), uint8(sq.Rank())
		sqLine[sq] = lineBits{uint8(sq.File()), uint8(sq.Rank()), 1 << sq.File(), 1 << sq.Rank()}
		if sq < 64 {
			sqBB[sq].lo = 1 << sq
		} else {
			sqBB[sq].hi = 1 << (sq - 64)
		}
	}
	for f := 0; f < 9; f++ {
		for occ := range rookRank[f] {
			s := lineSlide(f, 9, uint16(occ))
			rookRank[f][occ], cannonRank[f][occ] = s.rook, s.cannon
		}
	}
	for r := 0; r < 10; r++ {
		for occ := range rookFile[r] {
			s := lineSlide(r, 10, uint16(occ))
			rookFile[r][occ], cannonFile[r][occ] = s.rook, s.cannon
		}
	}
	for m := range fileSpread {
		for r := 0; r < 10; r++ {
			if m>>r&1 != 0 {
				fileSpread[m] = fileSpread[m].or(sqBB[SquareAt(0, r)])
			}
		}
	}
	for d := range horseLegDelta {
		horseLegDelta[d] = -128
	}
	for _, hv := range [8][4]int{
		{1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1},
		{2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0},
	} {
		horseLegDelta[hv[1]*9+hv[0]+19] = int8(hv[3]*9 + hv[2])
	}

	for sq := Square(0); sq < NumSquares; sq++ {
		f, r := sq.File(), sq.Rank()
		for d, dv := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			for nf, nr := f+dv[0], r+dv[1]; onBoard(nf, nr); nf, nr = nf+dv[0], nr+dv[1] {
				rayMask[sq][d] = rayMask[sq][d].or(sqBB[SquareAt(nf, nr)])
			}
		}
		fileMask[f] = fileMask[f].or(sqBB[sq])
		rankMask[r] = rankMask[r].or(sqBB[sq])
		if redHalf(r) {
			half[Red] = half[Red].or(sqBB[sq])
		} else {
			half[Black] = half[Black].or(sqBB[sq])
		}
		for o := Square(0); o < NumSquares; o++ {
			if o != sq && (o.File() == f || o.Rank() == r) {
				lineMask[sq] = lineMask[sq].or(sqBB[o])
			}
		}
		for _, dv := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			nf, nr := f+dv[0], r+dv[1]
			if onBoard(nf, nr) && palaceAt(nf, nr) && palaceAt(f, r) && redHalf(nr) == redHalf(r) {
				kingSteps[sq].add(SquareAt(nf, nr), NoSquare)
				kingMoves[sq] = kingMoves[sq].or(sqBB[SquareAt(nf, nr)])
			}
		}
		for _, dv := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			nf, nr := f+dv[0], r+dv[1]
			if !onBoard(nf, nr) {
				continue
			}
			diagonals[sq] = diagonals[sq].or(sqBB[SquareAt(nf, nr)])
			if palaceAt(nf, nr) && palaceAt(f, r) && redHalf(nr) == redHalf(r) {
				advisorSteps[sq].add(SquareAt(nf, nr), NoSquare)
				advisorMoves[sq] = advisorMoves[sq].or(sqBB[SquareAt(nf, nr)])
			}
			ef, er := f+2*dv[0], r+2*dv[1]
			if onBoard(ef, er) && redHalf(er) == redHalf(r) {
				elephantSteps[sq].add(SquareAt(ef, er), SquareAt(nf, nr))
				elephantReach[sq] = elephantReach[sq].or(sqBB[SquareAt(ef, er)])
			}
		}
		// eyeDir[i]: the diagonal neighbour that is bit i of elephantEyes.
		eyeDir := [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
		for eyes := range elephantMoves[sq] {
			for i, ev := range eyeDir {
				ef, er := f+2*ev[0], r+2*ev[1]
				if eyes>>i&1 == 0 && onBoard(ef, er) && redHalf(er) == redHalf(r) {
					elephantMoves[sq][eyes] = elephantMoves[sq][eyes].or(sqBB[SquareAt(ef, er)])
				}
			}
		}
		// legDir[i]: the neighbour that is leg bit i of horseLegs.
		legDir := [4][2]int{{0, -1}, {-1, 0}, {0, 1}, {1, 0}}
		for legs := range horseMoves[sq] {
			for i, lv := range legDir {
				if legs>>i&1 != 0 {
					continue
				}
				// Two jumps over this leg: two forward along lv, one to each side.
				for _, side := range [2]int{1, -1} {
					nf, nr := f+2*lv[0]+side*lv[1], r+2*lv[1]+side*lv[0]
					if onBoard(nf, nr) {
						horseMoves[sq][legs] = horseMoves[sq][legs].or(sqBB[SquareAt(nf, nr)])
					}
				}
			}
		}
		for c := Red; c <= Black; c++ {
			fwd := 1
			crossed := r >= 5
			if c == Black {
				fwd, crossed = -1, r <= 4
			}
			if onBoard(f, r+fwd) {
				pawnMoves[c][sq] = pawnMoves[c][sq].or(sqBB[SquareAt(f, r+fwd)])
			}
			if crossed {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						pawnMoves[c][sq] = pawnMoves[c][sq].or(sqBB[SquareAt(f+df, r)])
					}
				}
			}
		}
	}
	for from := Square(0); from < NumSquares; from++ {
		for t := horseMoves[from][0]; !t.isEmpty(); {
			to := t.pop()
			horseFrom[to] = horseFrom[to].or(sqBB[from])
		}
		for c := Red; c <= Black; c++ {
			for t := pawnMoves[c][from]; !t.isEmpty(); {
				to := t.pop()
				pawnFrom[c][to] = pawnFrom[c][to].or(sqBB[from])
			}
		}
	}
	for sq := Square(0); sq < NumSquares; sq++ {
		nearSq[sq] = horseFrom[sq].or(pawnFrom[Red][sq]).or(pawnFrom[Black][sq]).
			or(kingMoves[sq]).or(advisorMoves[sq]).or(elephantReach[sq])
	}
	initHorseChecks()
}
