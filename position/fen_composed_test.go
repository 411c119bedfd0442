package position

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A rule-book diagram (rulecases orange-103) with a black pawn behind its
// starting rank, and CCPD fragments with an elephant on g1: refused as game
// positions, accepted as composed ones.
func TestParseFENComposed(t *testing.T) {
	for _, fen := range []string{
		"3k5/9/9/9/9/9/9/9/6B2/4K4 w",   // elephant off its points
		"3k4p/9/9/9/9/9/9/9/9/4K4 w",    // black pawn behind its start rank
		"3k5/9/9/9/9/9/9/9/4A4/3AKA3 w", // three advisors
	} {
		_, err := ParseFEN(fen)
		var fe *FENError
		require.ErrorAs(t, err, &fe, fen)
		p, err := ParseFENComposed(fen)
		require.NoError(t, err, fen)
		assert.NotEmpty(t, p.LegalMoves(nil))
	}
	for _, fen := range []string{
		"9/9/9/9/9/9/9/9/9/4K4 w",     // no black king
		"3k5/9/9/9/9/9/9/9/9/K8 w",    // king outside its palace
		"4k4/9/9/9/9/9/9/9/9/4K4 w",   // kings facing, black not to move
		"4k4/9/9/9/9/9/9/9/9/4K4/9 w", // eleven ranks
	} {
		_, err := ParseFENComposed(fen)
		assert.Error(t, err, fen)
	}
}
