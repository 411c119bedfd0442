package facts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTakeNetWeighsLossesAnywhere: the 献 test counts what taking the offered
// piece costs the taker's side anywhere on the board, against what it would
// lose anyway (the positions of testdata/cases/cn2011_clauses.yaml
// cl-24.5-offer-cannon-*; the expected figures are read off the board).
// Black's cannon e6 can take red's cannon i6 over the pawn g6 after 炮一进一.
func TestTakeNetWeighsLossesAnywhere(t *testing.T) {
	offered := func(t *testing.T, fen string) Taker {
		start, cyc, occ := cycleOf(t, fen, []string{"i5i6", "e6e5", "i6i5", "e5e6"})
		c, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err)
		for _, o := range c.Moves[0].Offers {
			if o.Piece.Square == "i6" {
				require.Len(t, o.Takers, 1)
				tk := o.Takers[0]
				require.Equal(t, "e6", tk.Piece.Square)
				assert.Equal(t, tk.Net >= 0 && !tk.MatedAtOnce, o.FreeTake)
				return tk
			}
		}
		t.Fatal("the cannon i6 is not offered")
		return Taker{}
	}
	t.Run("free", func(t *testing.T) {
		// Nothing of red's takes back on i6 or reaches anything black's.
		tk := offered(t, "3k5/4r4/4b4/4c1p2/6p1C/9/9/9/9/4K4 w - - 0 1")
		assert.Equal(t, 5, tk.Net, "the cannon, for nothing")
		assert.Equal(t, []string{"e6i6"}, tk.Line)
	})
	t.Run("unroots the rook", func(t *testing.T) {
		// The cannon e6 is the only root of the rook e8 (over the elephant
		// e7), which red's rook a8 takes once the cannon has left: a rook
		// for a cannon, whatever black's cannon then takes back.
		tk := offered(t, "3k5/R3r4/4b4/1N2c1p2/6p1C/9/9/9/9/4K4 w - - 0 1")
		assert.Negative(t, tk.Net)
		require.GreaterOrEqual(t, len(tk.Line), 2)
		assert.Equal(t, []string{"e6i6", "a8e8"}, tk.Line[:2], "the line that decided: the rook taken")
	})
	t.Run("hanging before", func(t *testing.T) {
		// Red's horse b7 takes the rook a9 whether black takes the cannon or
		// not: that loss is not the capture's.
		tk := offered(t, "rn1k5/4r4/1N2b4/p3c1p2/6p1C/9/9/9/9/4K4 w - - 0 1")
		assert.Equal(t, 5, tk.Net)
	})
}

// TestSkipTakeNet: with SkipTakeNet the takers' Net, MatedAtOnce and Line
// and the offers' FreeTake are left zero and nothing else of the cycle's
// facts changes (the offers, their takers and every other field are those
// of the full analysis), on positions whose offered cannon's taker has a
// non-zero Net (the free cannon: 5; the unrooted rook: below 0).
func TestSkipTakeNet(t *testing.T) {
	skip := DefaultParams()
	skip.Skip = SkipTakeNet
	for _, fen := range []string{
		"3k5/4r4/4b4/4c1p2/6p1C/9/9/9/9/4K4 w - - 0 1",
		"3k5/R3r4/4b4/1N2c1p2/6p1C/9/9/9/9/4K4 w - - 0 1",
	} {
		start, cyc, occ := cycleOf(t, fen, []string{"i5i6", "e6e5", "i6i5", "e5e6"})
		full, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err, fen)
		part, err := AnalyzeCycle(start, cyc, occ, skip)
		require.NoError(t, err, fen)
		takers := 0
		for i := range full.Moves {
			fo, po := full.Moves[i].Offers, part.Moves[i].Offers
			require.Len(t, po, len(fo), fen)
			for j := range fo {
				assert.False(t, po[j].FreeTake, fen)
				fo[j].FreeTake = false
				require.Len(t, po[j].Takers, len(fo[j].Takers), fen)
				for k := range fo[j].Takers {
					ft, pt := &fo[j].Takers[k], &po[j].Takers[k]
					if ft.Net != 0 || ft.MatedAtOnce {
						takers++
					}
					assert.Zero(t, pt.Net, fen)
					assert.False(t, pt.MatedAtOnce, fen)
					assert.Nil(t, pt.Line, fen)
					ft.Net, ft.MatedAtOnce, ft.Line = 0, false, nil
				}
			}
		}
		assert.Positive(t, takers, "%s: no taker with a Net or mated at once to leave out", fen)
		require.Equal(t, full, part, fen)
	}
}
