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

// A FEN must say whose move it is; a board alone is refused at its end,
// not read as Red's move. A strict refusal that ParseFENComposed would
// accept says so.
func TestParseFENNeedsTheSide(t *testing.T) {
	for _, read := range []func(string) (*Position, error){ParseFEN, ParseFENComposed} {
		_, err := read("3k5/9/9/9/9/9/9/9/9/4K4")
		var fe *FENError
		require.ErrorAs(t, err, &fe)
		assert.Equal(t, "no-side", fe.Code)
		assert.Equal(t, len("3k5/9/9/9/9/9/9/9/9/4K4"), fe.Offset)
		assert.Contains(t, err.Error(), `add " w"`)
	}
	p, err := ParseFEN("3k5/9/9/9/9/9/9/9/9/4K4 b")
	require.NoError(t, err)
	assert.Equal(t, Black, p.Side())

	_, err = ParseFEN("3k5/9/9/9/9/9/9/9/6B2/4K4 w")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ParseFENComposed accepts it")
	_, err = ParseFEN("3k5/9/9/9/9/9/9/9/9/K8 w")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "ParseFENComposed", "a king outside its palace is refused by both")
}
