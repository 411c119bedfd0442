package htmlreport

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/sfnt"

	"github.com/xqrules/xqrules/position"
)

// TestPiecesFontCoversTheBoard: every character the board draws as text —
// each piece of both sides, 楚河汉界, the files of both sides — has a glyph in
// the embedded font, so a machine without a CJK font shows it, and the page
// names the font after the systems' own.
func TestPiecesFontCoversTheBoard(t *testing.T) {
	f, err := sfnt.Parse(piecesFont)
	require.NoError(t, err)
	var chars []rune
	for c := position.Red; c <= position.Black; c++ {
		for _, k := range position.Kinds {
			chars = append(chars, []rune(position.MakePiece(c, k).Chinese())...)
		}
	}
	chars = append(chars, []rune("楚河汉界")...)
	for _, s := range redFiles {
		chars = append(chars, []rune(s)...)
	}
	chars = append(chars, []rune("123456789")...)
	var buf sfnt.Buffer
	for _, r := range chars {
		g, err := f.GlyphIndex(&buf, r)
		require.NoError(t, err)
		assert.NotZerof(t, g, "no glyph for %q", r)
	}

	var b strings.Builder
	require.NoError(t, WriteJudgement(&b, nil))
	page := b.String()
	assert.Contains(t, page, `@font-face { font-family: "XQRules Pieces"; src: url(data:font/otf;base64,`)
	for _, class := range []string{".glyph", ".river", ".file"} {
		i := strings.Index(page, "svg.board "+class+" {")
		require.GreaterOrEqualf(t, i, 0, "%s style", class)
		rule := page[i : i+strings.Index(page[i:], "}")]
		assert.Containsf(t, rule, `"XQRules Pieces"`, "%s falls back to the embedded font", class)
	}
}
