package facts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrapByMateTakesPart: a moved piece that keeps an unrooted victim from
// escaping because every way out lets a mate in (不能离线, 2020 参考图49;
// issue 24 class 5) traps it and takes part in the chase: testdata/cases/
// cn2011_clauses.yaml cl-24.3-trapped-by-mate. After 马七退八 the black
// cannon d8's one safe square is g8 (taking red's cannon over e8), after
// which 马八进六 mates; with the advisor d9 away the king escapes that check
// and the horse traps nothing.
func TestTrapByMateTakesPart(t *testing.T) {
	threatOn := func(t *testing.T, fen string) Threat {
		start, cyc, occ := cycleOf(t, fen, []string{"b6c8", "b5c5", "c8b6", "c5b5"})
		c, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err)
		for _, th := range c.Moves[2].Threats {
			if th.Victim.Square == "d8" {
				return th
			}
		}
		t.Fatalf("no threat on d8")
		return Threat{}
	}
	squares := func(ps []Piece) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Square)
		}
		return out
	}
	t.Run("every way out mates", func(t *testing.T) {
		th := threatOn(t, "3akab2/3cn1C2/4b2C1/1N6R/1r1c5/9/9/9/9/5K3 w - - 0 1")
		assert.True(t, th.MovedPieceTraps)
		assert.ElementsMatch(t, []string{"g8", "b6"}, squares(th.Participants))
		assert.True(t, th.Joint, "cannon and trapping horse: 联合捉")
	})
	t.Run("a way out", func(t *testing.T) {
		th := threatOn(t, "4kab2/3cn1C2/4b2C1/1N6R/1r1c5/9/9/9/9/5K3 w - - 0 1")
		assert.False(t, th.MovedPieceTraps)
		assert.Equal(t, []string{"g8"}, squares(th.Participants))
		assert.False(t, th.Joint, "the cannon's own chase")
	})
}
