package facts

// Mate in one by any move, without listing every move: a move that gives
// no check mates only if it takes away the last square the opponent's king
// can step to (a refuge) or the last move of a piece far from the king that
// stays legal whatever the mover does (a witness). mayMateInOne answers
// "no mate" from the checks and those few moves; only if one may mate is the
// legal-move list searched. TestLeavesRefugeExact, TestEscapesExact and
// TestMayMateInOneExact check the filters against every move of thousands
// of positions.

import (
	"math/bits"
	"slices"

	"github.com/xqrules/xqrules/position"
)

// mayMateInOne reports whether the side to move may have a mate in one by
// any move; false only when it surely has none, found without listing its
// moves: when the opponent has two witnesses with zones apart (see
// escapes), a move that gives no check can leave it without a legal move
// only by touching both zones, so going from one to the other — the few
// such moves and the checks are all that is tried. (mateInOne then looks
// again in the order of the legal moves, for the first mate, with e — the
// escapes worked out here, their checks in the buffer of ply+1.) The buffers
// of ply and the plies after it must be free.
func (s *searcher) mayMateInOne(ply int, e *escapes) bool {
	e.init(s, false, ply+1)
	s.farWitnesses(e)
	if e.nz < 2 {
		return true
	}
	mates := func(m position.Move) bool {
		// Cut short: let the full search say.
		return !s.tick() || s.mates(m)
	}
	checks := s.checks(ply + 1)
	e.checks, e.checksKnown = checks, true
	for _, m := range checks {
		if mates(m) {
			return true
		}
	}
	side := s.pos.Side()
	var za, zb [8]position.Square
	for i := range 2 {
		for _, a := range e.zones[i].squares(za[:0]) {
			if s.pos.At(a) == position.NoPiece || s.pos.At(a).Color() != side {
				continue
			}
			for _, b := range e.zones[1-i].squares(zb[:0]) {
				m := position.NewMove(a, b)
				if !s.pos.IsLegal(m) || s.pos.At(b).Kind() == position.King ||
					slices.Contains(checks, m) || leavesRefuge(e.refuges[:e.nr], m) {
					continue
				}
				if mates(m) {
					return true
				}
			}
		}
	}
	return false
}

// matingChecks appends to dst every check of the side to move after which
// the opponent has no legal move (the mates in one by a check).
func (s *searcher) matingChecks(ply int, dst []position.Move) []position.Move {
	return s.mating(s.checks(ply), true, true, ply, nil, dst)
}

// mating appends to dst the moves of the side to move after which the
// opponent has no legal move: the first only, unless all.
//
// Long lists (every move, for a mate or stalemate in one by any move) are
// first filtered by what the opponent could play now (see escapes): a move
// that surely leaves it one of those moves mates nothing and is not played.
// checks: every move of the list gives check (the witnesses, which need a
// move that does not, are not asked). ply is the list's own; the plies
// after it are free.
func (s *searcher) mating(moves []position.Move, all, checks bool, ply int, e *escapes, dst []position.Move) []position.Move {
	if e == nil && len(moves) >= refugeMinMoves {
		e = new(escapes)
		e.init(s, checks, ply+1)
	}
	for _, m := range moves {
		if !s.tick() {
			break
		}
		if len(moves) >= refugeMinMoves && e.leaves(s, m) {
			continue
		}
		if s.mates(m) {
			dst = append(dst, m)
			if !all {
				break
			}
		}
	}
	return dst
}

// refugeMinMoves: below this many moves, mating plays them all (working out
// the refuges would cost more than it saves).
const refugeMinMoves = 8

// escapes is what the opponent (the side not to move) could play if it were
// its turn now, as much of it as mating's filter needs: the squares its king
// could step to (refuges, see leavesRefuge), and up to two moves of its other
// pieces far from its king (witnesses), with the squares each depends on.
//
// A witness x, a piece's move from a to b with both squares far (see far)
// from the opponent's king and the opponent not in check, stays legal after a
// move m that gives no check and whose squares are off x's zone — a, b, the
// horse's leg or the elephant's eye on the way: x is as pseudo-legal after m
// as now, and a move whose squares are far from the king cannot change
// whether it is attacked (the argument of leavesRefuge), so after m and x the
// king is as safe as after m alone, which gives no check.
type escapes struct {
	king    position.Square
	refuges [4]position.Square
	nr      int
	// witnessed: the witnesses have been looked for (when first needed).
	witnessed bool
	witness   [2]position.Move
	zones     [2]zone
	nz        int
	// The side to move's checks (when first needed: a witness is left only
	// by a move that gives none), found in the buffer of ply; checking:
	// every move asked about gives check.
	checking    bool
	checksKnown bool
	checks      []position.Move
	ply         int
}

// zone is a set of squares.
type zone [2]uint64

func (z *zone) add(sq position.Square) { z[sq>>6] |= 1 << (sq & 63) }

func (z *zone) has(sq position.Square) bool { return z[sq>>6]&(1<<(sq&63)) != 0 }

func (z *zone) disjoint(o *zone) bool { return z[0]&o[0] == 0 && z[1]&o[1] == 0 }

// squares appends z's squares to dst.
func (z *zone) squares(dst []position.Square) []position.Square {
	for w, bb := range z {
		for ; bb != 0; bb &= bb - 1 {
			dst = append(dst, position.Square(w*64+bits.TrailingZeros64(bb)))
		}
	}
	return dst
}

// init works out the refuges of the opponent's king; see escapes for
// checking and ply.
func (e *escapes) init(s *searcher, checking bool, ply int) {
	*e = escapes{king: s.pos.King(s.pos.Side().Other()), checking: checking, ply: ply}
	e.nr = s.kingRefuges(&e.refuges)
}

// leaves reports whether m, a legal move of the side to move, surely leaves
// the opponent a legal move.
func (e *escapes) leaves(s *searcher, m position.Move) bool {
	if leavesRefuge(e.refuges[:e.nr], m) {
		return true
	}
	if e.checking {
		return false
	}
	if !e.witnessed {
		s.farWitnesses(e)
	}
	if e.witnessLeft(m) < 0 {
		return false
	}
	if !e.checksKnown {
		e.checks, e.checksKnown = s.checks(e.ply), true
	}
	return !slices.Contains(e.checks, m)
}

// witnessLeft returns the index of a witness whose zone m's squares are off
// (-1: none).
func (e *escapes) witnessLeft(m position.Move) int {
	for i := range e.nz {
		if !e.zones[i].has(m.From()) && !e.zones[i].has(m.To()) {
			return i
		}
	}
	return -1
}

// witnessSteps are the short moves tried as witnesses, by kind: a step, a
// horse's move with its leg, an elephant's with its eye (df, dr, then the
// square on the way, 0 0 for none). Advisors never stand far from their king.
var witnessSteps = [...][][4]int{
	position.Rook:     {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Cannon:   {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Pawn:     {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Horse:    {{1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1}, {2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0}},
	position.Elephant: {{2, 2, 1, 1}, {2, -2, 1, -1}, {-2, 2, -1, 1}, {-2, -2, -1, -1}},
}

// farWitnesses looks for e's witnesses: pseudo-legal short moves of the
// opponent's pieces with both squares far from its king, one per piece, the
// second with a zone apart from the first's.
func (s *searcher) farWitnesses(e *escapes) {
	e.witnessed = true
	k := e.king
	opp := s.pos.Side().Other()
	if k == position.NoSquare || s.pos.InCheck(opp) {
		return
	}
	s.pos.Make(position.NullMove)
	defer s.pos.Unmake()
	var buf [16]position.Square
	for _, a := range s.pos.Pieces(opp, buf[:0]) {
		if !far(k, a) {
			continue
		}
		kind := s.pos.At(a).Kind()
		if int(kind) >= len(witnessSteps) {
			continue
		}
		f, r := a.File(), a.Rank()
		for _, st := range witnessSteps[kind] {
			tf, tr := f+st[0], r+st[1]
			if tf < 0 || tf > 8 || tr < 0 || tr > 9 {
				continue
			}
			b := position.SquareAt(tf, tr)
			x := position.NewMove(a, b)
			if !far(k, b) || !s.pos.IsPseudoLegal(x) {
				continue
			}
			var z zone
			z.add(a)
			z.add(b)
			if st[2] != 0 || st[3] != 0 {
				z.add(position.SquareAt(f+st[2], r+st[3]))
			}
			if e.nz == 1 && !z.disjoint(&e.zones[0]) {
				continue
			}
			e.witness[e.nz], e.zones[e.nz] = x, z
			e.nz++
			if e.nz == len(e.zones) {
				return
			}
			break // one per piece
		}
	}
}

// kingRefuges fills r with the squares the king of the side not to move could
// step to legally if it were to move now, and returns how many there are.
func (s *searcher) kingRefuges(r *[4]position.Square) int {
	k := s.pos.King(s.pos.Side().Other())
	if k == position.NoSquare {
		return 0
	}
	n := 0
	s.pos.Make(position.NullMove)
	f, rk := k.File(), k.Rank()
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		tf, tr := f+d[0], rk+d[1]
		if tf < 0 || tf > 8 || tr < 0 || tr > 9 {
			continue
		}
		t := position.Square(tr*9 + tf)
		if s.pos.IsLegal(position.NewMove(k, t)) {
			r[n] = t
			n++
		}
	}
	s.pos.Unmake()
	return n
}

// leavesRefuge reports whether the move m surely leaves the opponent's king a
// legal step to one of refuges (squares it can step to legally now), so that m
// mates nothing. A move changes whether a square t is attacked, or whether the
// king may step there, only through its two squares: a rook, cannon or king
// line to t runs along t's file or rank (a piece arriving on it attacks,
// blocks or becomes a screen; a piece leaving it uncovers), a horse attacks t
// from two points away with its leg one point diagonally from t, an elephant
// from two points with its eye one point away, a pawn or an advisor from one
// point, and the king's own step to t changes only if m lands on t. So when
// neither square of m is on t's file or rank or within two points of it in
// both directions, stepping to t stays legal after m.
func leavesRefuge(refuges []position.Square, m position.Move) bool {
	for _, t := range refuges {
		if far(t, m.From()) && far(t, m.To()) {
			return true
		}
	}
	return false
}

// far: a and b share no file or rank and are more than two points apart
// across one of them.
func far(a, b position.Square) bool { return !near[a].has(b) }

// near[a] holds the squares not far from a.
var near = func() (n [position.NumSquares]zone) {
	for a := range position.Square(position.NumSquares) {
		for b := range position.Square(position.NumSquares) {
			df, dr := abs(a.File()-b.File()), abs(a.Rank()-b.Rank())
			if df == 0 || dr == 0 || max(df, dr) <= 2 {
				n[a].add(b)
			}
		}
	}
	return n
}()
