package facts

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// TestPawnTradeClause: 26.7 (1999 25.3) — a line in which the mover gives
// only pawns for other pieces is no gain; the pawns given are the ones
// traded in the exchange, not a pawn the opponent grabs elsewhere.
func TestPawnTradeClause(t *testing.T) {
	for _, tc := range []struct {
		name, fen, line string
		gain, want      int
	}{
		// The crossed pawn g6 takes the horse g7 and the rook g9 takes it
		// back: a pawn for a horse, no gain (一兵换取数子…不算得子).
		{"pawn given for a horse", "3k2r2/9/6n2/6P2/9/9/9/9/9/4K4 w - - 0 1", "g6g7 g9g7", 3, 0},
		// The rook takes the horse a8; the rook g9 grabs the pawn g6, which
		// took no part: a horse won, a pawn lost elsewhere — a gain.
		{"pawn grabbed elsewhere", "3k2r2/n8/9/6P2/R8/9/9/9/9/4K4 w - - 0 1", "a5a8 g9g6", 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := position.ParseFEN(tc.fen)
			require.NoError(t, err)
			line, err := position.ParseMoves(pos, strings.Fields(tc.line))
			require.NoError(t, err)
			s := newSearcher(pos, DefaultParams(), nil)
			assert.Equal(t, tc.want, s.clampPawnTrade(line, tc.gain, nil))
		})
	}
}
