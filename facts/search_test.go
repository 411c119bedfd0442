package facts

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// searchTestPositions returns the positions of the figure and AXF cycles and
// of random games played on from each of them (seeded): middle games,
// endings and composed diagrams with few pieces, kings in every corner of
// their palaces.
func searchTestPositions(t *testing.T) []*position.Position {
	rng := rand.New(rand.NewPCG(7, 11))
	var out []*position.Position
	for _, in := range append(figureCycles(t), axfCycles(t)...) {
		p := in.start.Clone()
		for _, m := range in.moves {
			out = append(out, p.Clone())
			p.Make(m)
		}
		for walk := 0; walk < 2; walk++ {
			q := in.start.Clone()
			for ply := 0; ply < 30; ply++ {
				ms := q.LegalMoves(nil)
				if len(ms) == 0 {
					break
				}
				q.Make(ms[rng.IntN(len(ms))])
				out = append(out, q.Clone())
			}
		}
	}
	return out
}

// bothSides calls visit with every position of searchTestPositions, with
// either side to move (the other side's by a null move, where that leaves no
// king en prise); p is restored after.
func bothSides(t *testing.T, visit func(p *position.Position)) {
	for _, p := range searchTestPositions(t) {
		visit(p)
		if !p.InCheck(p.Side().Other()) {
			p.Make(position.NullMove)
			visit(p)
			p.Unmake()
		}
	}
}

// TestLeavesRefugeExact checks mating's filter against playing the moves: a
// move that leavesRefuge says leaves the opponent's king a step never mates
// or stalemates, and the king really can step to that square after it — in
// every position of searchTestPositions, with either side to move.
func TestLeavesRefugeExact(t *testing.T) {
	filtered, total, mates := 0, 0, 0
	bothSides(t, func(p *position.Position) {
		s := newSearcher(p, DefaultParams(), nil)
		var r [4]position.Square
		refuges := r[:s.kingRefuges(&r)]
		opp := p.Side().Other()
		for _, m := range p.LegalMoves(nil) {
			if p.At(m.To()).Kind() == position.King {
				continue
			}
			total++
			p.Make(m)
			mated := !p.HasLegalMove(opp)
			for _, q := range refuges {
				if far(q, m.From()) && far(q, m.To()) {
					require.True(t, p.IsLegal(position.NewMove(p.King(opp), q)),
						"%s: after %s the king cannot step to %s", p.FEN(), m, q)
				}
			}
			p.Unmake()
			if mated {
				mates++
			}
			if leavesRefuge(refuges, m) {
				filtered++
				require.False(t, mated, "%s: %s mates but was filtered", p.FEN(), m)
			}
		}
	})
	t.Logf("%d moves, %d left out by the filter, %d mate or stalemate", total, filtered, mates)
	require.Greater(t, filtered, total/4, "the filter should leave out most moves")
	require.Positive(t, mates, "the positions should hold some mates in one")
}

// TestEscapesExact checks mating's whole filter against playing the moves,
// as TestLeavesRefugeExact does for the king's steps: a move that
// escapes.leaves says leaves the opponent a legal move never mates or
// stalemates, and when a witness is what it leaves, that witness really is
// legal after the move — in every position of searchTestPositions, with
// either side to move.
func TestEscapesExact(t *testing.T) {
	filtered, byWitness, total, witnessed := 0, 0, 0, 0
	bothSides(t, func(p *position.Position) {
		s := newSearcher(p, DefaultParams(), nil)
		var e escapes
		e.init(s, false, 1)
		s.farWitnesses(&e)
		if e.nz > 0 {
			witnessed++
		}
		opp := p.Side().Other()
		for i := range e.nz {
			p.Make(position.NullMove)
			require.True(t, p.IsLegal(e.witness[i]), "%s: witness %s", p.FEN(), e.witness[i])
			p.Unmake()
		}
		for _, m := range p.LegalMoves(nil) {
			if p.At(m.To()).Kind() == position.King {
				continue
			}
			total++
			if !e.leaves(s, m) {
				continue
			}
			filtered++
			byRefuge := leavesRefuge(e.refuges[:e.nr], m)
			p.Make(m)
			require.True(t, p.HasLegalMove(opp), "%s: %s mates but was filtered", p.FEN(), m)
			if !byRefuge {
				byWitness++
				w := e.witness[e.witnessLeft(m)]
				require.True(t, p.IsLegal(w), "%s: after %s the witness %s is not legal", p.FEN(), m, w)
			}
			p.Unmake()
		}
	})
	t.Logf("%d moves, %d left out by the filter, %d of them by a witness; witnesses in %d positions", total, filtered, byWitness, witnessed)
	require.Greater(t, byWitness, total/10, "the witnesses should leave out many moves the king's steps do not")
}

// TestICCSLine: the names iccsLine gives are the moves' own.
func TestICCSLine(t *testing.T) {
	var ms []position.Move
	for i := range 40 { // past the stack buffers
		ms = append(ms, position.NewMove(position.Square(i), position.Square(89-i)))
	}
	ms = append(ms, position.NullMove, position.NoMove)
	for n := 0; n <= len(ms); n++ {
		got := iccsLine(ms[:n])
		require.Len(t, got, n)
		for i, m := range ms[:n] {
			require.Equal(t, m.String(), got[i])
		}
	}
}

// TestBlocksAsDefined: blocks, which counts the moves of the pieces near the
// square only, finds the same pieces as its definition — every piece of the
// side to move whose pseudo-legal moves are fewer with the square occupied
// than empty — after every legal move of the positions of
// searchTestPositions.
func TestBlocksAsDefined(t *testing.T) {
	destinations := func(p *position.Position) (out [position.NumSquares]int) {
		for _, m := range p.PseudoMoves(nil) {
			out[m.From()]++
		}
		return out
	}
	blocked := 0
	for _, p := range searchTestPositions(t) {
		s := newSearcher(p, DefaultParams(), nil)
		for _, m := range p.LegalMoves(nil) {
			p.Make(m)
			with := destinations(p)
			pc := p.Probe(m.To(), position.NoPiece)
			without := destinations(p)
			p.Probe(m.To(), pc)
			var want []string
			for sq := range position.Square(position.NumSquares) {
				if with[sq] < without[sq] {
					want = append(want, sq.String())
				}
			}
			slices.Sort(want)
			any, got := blocks(s, m.To())
			var gotSq []string
			for _, pc := range got {
				gotSq = append(gotSq, pc.Square)
			}
			require.Equal(t, want, gotSq, "%s after %s", p.FEN(), m)
			require.Equal(t, len(want) > 0, any)
			blocked += len(want)
			p.Unmake()
		}
	}
	require.Positive(t, blocked)
	t.Logf("%d blocked pieces", blocked)
}

// TestExchangeBoundsSound: the exchange search's answer under a window is
// what a fail-soft search must give — at most alpha: an upper bound on the
// value; at least beta: a lower bound; between: the value — for windows
// around the value found with the full window, in every position of
// searchTestPositions with either side to move, with captures anywhere and
// on one square. The memo keeps such bounds (exAtLeast) for searches under
// other windows, so a bound that does not hold makes them drop lines.
func TestExchangeBoundsSound(t *testing.T) {
	par := DefaultParams()
	searches := 0
	bothSides(t, func(p *position.Position) {
		var sqs [16]position.Square
		squares := append([]position.Square{position.NoSquare}, p.Pieces(p.Side().Other(), sqs[:0])...)
		n := 3
		if testing.Short() {
			n = 1
		}
		for _, sq := range squares[:min(len(squares), n)] {
			full := newSearcher(p, par, nil).qs(sq, -mateScore*2, mateScore*2, par.ExchangeDepth, 0)
			for _, w := range [][2]int{{full - 3, full - 1}, {full + 1, full + 3}, {full - 1, full + 1}, {0, 1}, {full - 6, full + 6}, {-2, 2}} {
				alpha, beta := w[0], w[1]
				v := newSearcher(p, par, nil).qs(sq, alpha, beta, par.ExchangeDepth, 0)
				if !p.InCheck(p.Side()) {
					alpha = max(alpha, 0) // standing still is worth 0
				}
				if alpha >= beta {
					continue // no window left: any answer is a bound both ways
				}
				searches++
				switch {
				case v <= alpha:
					require.LessOrEqual(t, full, v, "%s on %s, window (%d, %d): %d is no upper bound", p.FEN(), sq, w[0], w[1], v)
				case v >= beta:
					require.GreaterOrEqual(t, full, v, "%s on %s, window (%d, %d): %d is no lower bound", p.FEN(), sq, w[0], w[1], v)
				default:
					require.Equal(t, full, v, "%s on %s, window (%d, %d)", p.FEN(), sq, w[0], w[1])
				}
			}
		}
	})
	t.Logf("%d bounded searches", searches)
}

// TestMayMateInOneExact: mayMateInOne says no only where no legal move of
// the side to move leaves the opponent without a legal move (every move
// played), in every position of searchTestPositions with either side to
// move — and says it in most of them.
func TestMayMateInOneExact(t *testing.T) {
	positions, sure, mates := 0, 0, 0
	bothSides(t, func(p *position.Position) {
		positions++
		opp := p.Side().Other()
		mate := position.NoMove
		for _, m := range p.LegalMoves(nil) {
			if p.At(m.To()).Kind() == position.King {
				continue
			}
			p.Make(m)
			mated := !p.HasLegalMove(opp)
			p.Unmake()
			if mated {
				mate = m
				break
			}
		}
		may := newSearcher(p, DefaultParams(), nil).mayMateInOne(1, new(escapes))
		if mate != position.NoMove {
			mates++
			require.True(t, may, "%s: %s mates, but mayMateInOne says no", p.FEN(), mate)
		}
		if !may {
			sure++
		}
	})
	t.Logf("%d positions, %d with a mate in one, %d answered no without listing moves", positions, mates, sure)
	require.Positive(t, mates)
	require.Greater(t, sure, positions/2)
}
