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
