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
	var fe *FENError
	require.ErrorAs(t, err, &fe)
	assert.True(t, fe.Composed)
	assert.Contains(t, err.Error(), "composed study")
	assert.NotContains(t, err.Error(), "ParseFEN", "no message names a Go function")
	_, err = ParseFEN("3k5/9/9/9/9/9/9/9/9/K8 w")
	require.ErrorAs(t, err, &fe)
	assert.False(t, fe.Composed, "a king outside its palace is refused by both")
	assert.NotContains(t, err.Error(), "composed")
}

// Issue 25, item 5: one validation for every reader — what can arise in a
// game, and nothing after the six fields; the composed reading relaxes
// only the squares and the counts.
func TestFENValidation(t *testing.T) {
	const start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	for _, tc := range []struct {
		fen, code  string
		composedOK bool
	}{
		{"3k5/9/9/9/9/9/9/9/9/rrrrK4 w", "too-many", true},                // four black rooks
		{"3k5/9/9/9/9/9/9/9/9/P3K4 w", "bad-square", true},                // a red pawn on a0, behind its start
		{"3k5/9/9/9/9/9/9/9/9/A3K4 w", "bad-square", true},                // an advisor off its points
		{"3k5/9/9/9/9/9/9/9/9/1B2K4 w", "bad-square", true},               // an elephant off its points
		{"3k5/9/9/9/9/9/9/9/9/K8 w", "bad-square", false},                 // a king outside its palace
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", "side-not-to-move-in-check", false}, // kings facing
		{start + " w - - 0 1 junk", "trailing", false},
		{start + " w x - 0 1", "trailing", false},
		{start + " w - - zero 1", "trailing", false},
	} {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		require.ErrorAs(t, err, &fe, tc.fen)
		assert.Equal(t, tc.code, fe.Code, tc.fen)
		assert.Equal(t, tc.composedOK, fe.Composed, tc.fen)
		_, err = ParseFENComposed(tc.fen)
		assert.Equal(t, tc.composedOK, err == nil, "%s: %v", tc.fen, err)
	}
	for _, ok := range []string{start + " w", start + " b -", start + " w - - 0 1", start + " r - - 12 40"} {
		_, err := ParseFEN(ok)
		assert.NoError(t, err, ok)
	}
}
