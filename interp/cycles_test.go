package interp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// playMoves reads fen and the moves after it (space-separated, any
// notation).
func playMoves(t testing.TB, fen, moves string) (*position.Position, []position.Move) {
	t.Helper()
	start, err := position.ParseFEN(fen)
	require.NoError(t, err)
	ms, err := position.ParseMoves(start, strings.Fields(moves))
	require.NoError(t, err)
	return start, ms
}

func TestFindCycles(t *testing.T) {
	loop := "h6i4 i9h9 i4h6 h9i9 "
	// Two periods: the start position occurs the 3rd time after ply 8; the
	// play goes on turning (plies 9–10 repeat), then leaves.
	start, ms := playMoves(t, benchFEN, loop+loop+"h6i4 i9h9 b4b3")
	cs := FindCycles(start, ms, CyclesAll)
	require.Len(t, cs, 1)
	c := cs[0]
	assert.Equal(t, 8, c.Ply)
	assert.Equal(t, 4, c.FromPly)
	assert.Equal(t, 3, c.Occurrences)
	assert.Len(t, c.Moves, 4)
	assert.False(t, c.EndsGame)

	// Ending in the repetition.
	start, ms = playMoves(t, benchFEN, loop+loop+"h6i4")
	cs = FindCycles(start, ms, CyclesAll)
	require.Len(t, cs, 1)
	assert.True(t, cs[0].EndsGame)
	cs = FindCycles(start, ms, CyclesFirst)
	require.Len(t, cs, 1)
	assert.True(t, cs[0].EndsGame)

	// Leaving, and another cycle elsewhere.
	start, ms = playMoves(t, benchFEN, loop+loop+"b4b3 b9b8 "+loop+loop)
	cs = FindCycles(start, ms, CyclesAll)
	require.Len(t, cs, 2, "%+v", cs)
	assert.Equal(t, 8, cs[0].Ply)
	assert.False(t, cs[0].EndsGame)
	assert.Equal(t, 18, cs[1].Ply)
	assert.Equal(t, 14, cs[1].FromPly)
	assert.Equal(t, 3, cs[1].Occurrences)
	assert.True(t, cs[1].EndsGame)
	assert.Len(t, FindCycles(start, ms, CyclesFirst), 1)

	// Only twice: no threefold cycle, but the last period for judge.
	start, ms = playMoves(t, benchFEN, loop)
	assert.Empty(t, FindCycles(start, ms, CyclesAll))
	last := FindCycles(start, ms, CyclesLast)
	require.Len(t, last, 1)
	assert.Equal(t, 2, last[0].Occurrences)
}

// TestJudgeFromFirst: AXF rule 32 over the whole repetition. The b-file
// rook chases the a-file cannon twice, the i-file rook the h-file cannon
// twice, then the b-file rook the a-file cannon again: the last period is
// one rook chasing one unprotected cannon (rule 18), the repetition (the
// position's last three occurrences) two rooks taking turns on two cannons
// (rule 32: draw). asian judges from the first of those occurrences, 11
// from the previous one; asian made to judge the last period rules as 11.
func TestJudgeFromFirst(t *testing.T) {
	start, err := position.ParseFEN("3aka3/9/c6c1/4p4/9/9/4P4/1R6R/9/4K4 w - - 0 1")
	require.NoError(t, err)
	moves, err := position.ParseMoves(start, position.SplitMoves("b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7 b2a2 a7b7 a2b2 b7a7"))
	require.NoError(t, err)
	in, ok := FindCycle(start, moves)
	require.True(t, ok)
	require.Len(t, in.Moves, 4)
	require.Len(t, in.Whole, 12)
	assert.Equal(t, 8, in.FromPly)
	assert.Equal(t, 0, in.WholeFromPly)

	lib := bundled(t)
	asian, b11 := lib.Book("asian"), lib.Book("11")
	require.Equal(t, JudgeFromFirst, asian.JudgeFrom)
	require.Equal(t, JudgeFromPrevious, b11.JudgeFrom)
	shortest := *asian
	shortest.JudgeFrom = JudgeFromPrevious
	for _, judge := range []func([]*Book, Input) ([]Ruling, error){Judge, JudgeInTurn} {
		rs, err := judge([]*Book{asian, b11, &shortest}, in)
		require.NoError(t, err)
		assert.Equal(t, Draw, rs[0].Verdict, rs[0].Reason)
		// The position stands after plies 0, 4, 8, 12: its last three
		// occurrences bracket plies 5–12, the i-file rook then the b-file one.
		assert.Equal(t, JudgedPlies{From: 5, To: 12, SinceFirst: true}, rs[0].Judged)
		assert.Len(t, rs[0].Moves, 8)
		assert.Equal(t, RedMustVary, rs[1].Verdict, rs[1].Reason)
		assert.Equal(t, JudgedPlies{From: 9, To: 12}, rs[1].Judged)
		assert.Equal(t, RedMustVary, rs[2].Verdict, rs[2].Reason)
		assert.Len(t, rs[2].Moves, 4)
	}

	// The repetition ruled on is the position's last three occurrences:
	// with the b-file rook back on its cannon for a second round (A B A A),
	// the last two returns are one rook on one cannon — rule 18, red varies.
	moves, err = position.ParseMoves(start, position.SplitMoves("b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7"))
	require.NoError(t, err)
	in, ok = FindCycle(start, moves)
	require.True(t, ok)
	require.Len(t, in.Whole, 16)
	rs0, err := Judge([]*Book{asian}, in)
	require.NoError(t, err)
	assert.Equal(t, RedMustVary, rs0[0].Verdict)
	assert.Equal(t, JudgedPlies{From: 13, To: 16}, rs0[0].Judged)
	// A B A B: the last three occurrences bracket B A B… the rooks in turn.
	moves, err = position.ParseMoves(start, position.SplitMoves("b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7 b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7"))
	require.NoError(t, err)
	in, ok = FindCycle(start, moves)
	require.True(t, ok)
	rs0, err = Judge([]*Book{asian}, in)
	require.NoError(t, err)
	assert.Equal(t, Draw, rs0[0].Verdict)
	assert.Equal(t, JudgedPlies{From: 9, To: 16, SinceFirst: true}, rs0[0].Judged)

	// A repetition that comes back along the same moves every time has no
	// longer sequence to judge: Whole is nil and every book judges the period.
	moves, err = position.ParseMoves(start, position.SplitMoves("b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7"))
	require.NoError(t, err)
	in, ok = FindCycle(start, moves)
	require.True(t, ok)
	assert.Nil(t, in.Whole)
	rs, err := Judge([]*Book{asian}, in)
	require.NoError(t, err)
	assert.Equal(t, RedMustVary, rs[0].Verdict)
	assert.Equal(t, JudgedPlies{From: 5, To: 8}, rs[0].Judged)
}

// TestFindCyclesWholePlies: a cycle found in a game counts the plies of the
// game, for the period and for the whole sequence.
func TestFindCyclesWholePlies(t *testing.T) {
	start, err := position.ParseFEN("3aka3/9/c6c1/4p4/9/9/4P4/1R6R/9/4K4 w - - 0 1")
	require.NoError(t, err)
	// Two plies before the repetition starts, then A B A (the position
	// after ply 2 first occurs there).
	moves, err := position.ParseMoves(start, position.SplitMoves("e3e4 e6e5 b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7 b2a2 a7b7 a2b2 b7a7"))
	require.NoError(t, err)
	got := FindCycles(start, moves, CyclesAll)
	require.NotEmpty(t, got)
	c := got[len(got)-1]
	if len(c.Whole) > 0 {
		assert.Equal(t, c.FromPly, c.Input.FromPly)
		assert.Equal(t, c.Input.WholeFromPly+len(c.Whole), c.Ply)
	}
}
