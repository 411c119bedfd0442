package explore

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// swapColours is p and moves with the colours exchanged: the board turned
// half round and every piece given to the other side (as
// interp/invariance_test.go's transformInput does).
func swapColours(t *testing.T, p *position.Position, moves []position.Move) (*position.Position, []position.Move) {
	t.Helper()
	sq := func(s position.Square) position.Square { return position.SquareAt(8-s.File(), 9-s.Rank()) }
	q := position.Empty()
	for s := position.Square(0); s < position.NumSquares; s++ {
		if pc := p.At(s); pc != position.NoPiece {
			q.Place(sq(s), position.MakePiece(pc.Color().Other(), pc.Kind()))
		}
	}
	q.SetSide(p.Side().Other())
	var out []position.Move
	for _, m := range moves {
		out = append(out, position.NewMove(sq(m.From()), sq(m.To())))
	}
	require.True(t, IsCycle(q, out), "the swapped moves are a cycle")
	return q, out
}

// shiftPly is the same cycle entered one ply later: the position after
// its first move, the first move played last.
func shiftPly(t *testing.T, p *position.Position, moves []position.Move) (*position.Position, []position.Move) {
	t.Helper()
	q := p.Clone()
	q.Make(moves[0])
	out := append(append([]position.Move{}, moves[1:]...), moves[0])
	require.True(t, IsCycle(q, out), "the shifted moves are a cycle")
	return q, out
}

// The example of ExampleRun: 11 against the draft without 26.2, the rook's
// chase of an advisor (ply 3) 闲 under 11 and 捉 under the draft, red to
// vary under the draft only.
func no262Cycle(t *testing.T) (a, b *interp.Book, p *position.Position, moves []position.Move) {
	t.Helper()
	a, b = bookPair(t, "11", "no-26.2")
	p = position.MustParseFEN("3a1k3/4a4/9/8R/9/9/4p4/9/9/4K4 w")
	moves, err := position.ParseMoves(p, []string{"车一平四", "士5进6", "车四平一", "士6退5"})
	require.NoError(t, err)
	return a, b, p, moves
}

// A cycle and its colour-swapped twin are one kind: the same key, the
// varying side played by the other colour.
func TestKindColourSwap(t *testing.T) {
	a, b, p, moves := no262Cycle(t)
	books := []*interp.Book{a, b}
	r := judgeOne(nil, books, p, moves, false)
	require.True(t, r.differs)
	assert.Equal(t, interp.RedMustVary, r.rb.Verdict)
	q, sw := swapColours(t, p, moves)
	s := judgeOne(nil, books, q, sw, false)
	require.True(t, s.differs)
	assert.Equal(t, interp.BlackMustVary, s.rb.Verdict, "the twin is the same cycle for black")
	assert.Equal(t, r.kind.key, s.kind.key)
	assert.Equal(t, "red", r.kind.colour)
	assert.Equal(t, "black", s.kind.colour)
	assert.Equal(t, SideDiff{Moves: 2, Differ: []string{"闲 vs 捉"}}, s.kind.varying)

	// Explored from the start and from its twin, every candidate of each
	// (a small position: all of them) lands in the groups of the start
	// alone, each twice as often.
	st := Start{Pos: p, Source: "start", Strict: true}
	tw := Start{Pos: q, Source: "twin", Strict: true}
	one, err := Run(context.Background(), a, b, []Start{st}, Options{Jobs: 1})
	require.NoError(t, err)
	require.True(t, one.Exhausted)
	require.NotEmpty(t, one.Groups)
	two, err := Run(context.Background(), a, b, []Start{st, tw}, Options{Jobs: 1})
	require.NoError(t, err)
	require.True(t, two.Exhausted)
	count := map[string]int{}
	for _, g := range one.Groups {
		count[g.Key] = g.Count
	}
	require.Len(t, two.Groups, len(one.Groups))
	for _, g := range two.Groups {
		assert.Equal(t, 2*count[g.Key], g.Count, g.Key)
	}
}

// The same cycle entered one ply later (the differing move now at ply 2,
// black to move first) is the same kind.
func TestKindShiftedPly(t *testing.T) {
	a, b, p, moves := no262Cycle(t)
	books := []*interp.Book{a, b}
	r := judgeOne(nil, books, p, moves, false)
	require.True(t, r.differs)
	q, sh := shiftPly(t, p, moves)
	s := judgeOne(nil, books, q, sh, false)
	require.True(t, s.differs)
	assert.Equal(t, labelsOf(r.rb)[2], labelsOf(s.rb)[1], "the chase moved from ply 3 to ply 2")
	assert.Equal(t, r.kind.key, s.kind.key)

	// And on every group of a run over the bundled cases' starts: an
	// example shifted by a ply, when the books rule on it as on the
	// original (the same verdicts, each ply's labels one ply earlier), is
	// keyed the same.
	starts := caseStartsT(t)
	rep, err := Run(context.Background(), a, b, starts, Options{Count: 600})
	require.NoError(t, err)
	checked := 0
	for _, g := range rep.Groups {
		for _, ex := range g.Examples {
			p, err := position.ParseFENComposed(ex.FEN)
			require.NoError(t, err)
			moves, err := position.ParseMoves(p, ex.Moves)
			require.NoError(t, err)
			q, sh := shiftPly(t, p, moves)
			s := judgeOne(nil, books, q, sh, false)
			if !s.ok || s.ra.Verdict != ex.A.Verdict || s.rb.Verdict != ex.B.Verdict ||
				!rotated(ex.A.Labels, labelsOf(s.ra)) || !rotated(ex.B.Labels, labelsOf(s.rb)) {
				continue
			}
			checked++
			assert.Equal(t, g.Key, s.kind.key, "%s %v", ex.FEN, ex.CN)
		}
	}
	assert.Positive(t, checked)
	t.Logf("%d examples shifted by a ply, same rulings, same key", checked)
}

// rotated: b is a entered one ply later.
func rotated(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if b[i] != a[(i+1)%len(a)] {
			return false
		}
	}
	return true
}
