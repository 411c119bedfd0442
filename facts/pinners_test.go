package facts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPinnerTakesPart: a piece that keeps the victim from leaving its square
// (不能离线) takes part in the chase, and makes it joint when another piece
// attacks (the positions of testdata/cases/cn2011_clauses.yaml
// cl-pin-joint-*; read off the board). Red's horse d7 checks the king e9
// the moment black's cannon d8 — on the horse's leg — leaves; red's rook i8
// attacks the cannon along rank 8.
func TestPinnerTakesPart(t *testing.T) {
	threatOn := func(t *testing.T, fen, sq string) Threat {
		start, cyc, occ := cycleOf(t, fen, []string{"i7i8", "a7a2", "i8i7", "a2a7"})
		c, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err)
		for _, th := range c.Moves[0].Threats {
			if th.Victim.Square == sq {
				return th
			}
		}
		t.Fatalf("no threat on %s", sq)
		return Threat{}
	}
	squares := func(ps []Piece) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Square)
		}
		return out
	}
	t.Run("pinned", func(t *testing.T) {
		th := threatOn(t, "3aka3/3c5/r2Nb3R/9/9/9/9/2C6/9/4K4 w - - 0 1", "d8")
		assert.Equal(t, []string{"d7"}, squares(th.Pinners))
		assert.ElementsMatch(t, []string{"i8", "d7"}, squares(th.Participants))
		assert.True(t, th.Joint, "rook and pinning horse: 联合捉")
	})
	t.Run("free to leave", func(t *testing.T) {
		// The horse on c7 holds nothing: the cannon can step off d8.
		th := threatOn(t, "3aka3/3c5/r1N1b3R/9/9/9/9/2C6/9/4K4 w - - 0 1", "d8")
		assert.Empty(t, th.Pinners)
		assert.Equal(t, []string{"i8"}, squares(th.Participants))
		assert.False(t, th.Joint, "the rook's own chase")
	})
}
