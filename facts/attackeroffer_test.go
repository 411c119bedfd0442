package facts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// TestAttackerOfThreat: the rook 车一平五 (i5e5) puts en prise to the rook a5
// (rooted by the horse d3, so offered) attacks the horse e7. Unprotected,
// the horse is won — the offered rook is the attacker of a threat that wins
// (AttackerOfThreat). Rooted by the rook e9, taking it loses the rook for the
// horse: the threat wins nothing and the offered rook is no chaser; nor is
// the horse d3, which is not offered.
func TestAttackerOfThreat(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"3k5/9/4n4/9/r7R/9/3N5/9/9/4K4 w - - 0 1", true},
		{"3kr4/9/4n4/9/r7R/9/3N5/9/9/4K4 w - - 0 1", false},
	} {
		p := position.MustParseFEN(c.fen)
		m, err := position.ParseMove(p, "i5e5")
		require.NoError(t, err)
		mf := analyzeMove(p, m, context{}, DefaultParams())
		var horse *Threat
		for i := range mf.Threats {
			if mf.Threats[i].Victim.Square == "e7" {
				horse = &mf.Threats[i]
			}
		}
		require.NotNil(t, horse, c.fen)
		assert.Equal(t, c.want, horse.GainAfter > 0, "%s: the horse's gain %d", c.fen, horse.GainAfter)
		offered := false
		for _, o := range mf.Offers {
			switch o.Piece.Square {
			case "e5":
				offered = true
				assert.Equal(t, c.want, o.AttackerOfThreat, c.fen)
			default:
				assert.False(t, o.AttackerOfThreat, "%s: %s", c.fen, o.Piece.Square)
			}
		}
		require.True(t, offered, "%s: the rook e5 is offered", c.fen)
	}
}
