package htmlreport

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
)

// Every text a page shows comes from outside (game names, case files, rule
// files) and is escaped, in text and in attributes.
func TestWriteJudgementEscapes(t *testing.T) {
	evil := `<script>alert("x")</script>`
	var b strings.Builder
	err := WriteJudgement(&b, []Judged{{
		Name: evil, FEN: "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
		Rulings: []interp.Ruling{{Ruleset: "draft", Title: evil, Verdict: interp.NoCycle, Reason: evil, Notes: []string{evil}}},
	}})
	require.NoError(t, err)
	page := b.String()
	assert.NotContains(t, page, "<script")
	assert.Contains(t, page, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;")
}

// An attack whose squares cannot be read (a hand-made ruling) is left out
// rather than drawn at the corner.
func TestArrowBadSquares(t *testing.T) {
	_, ok := arrow(interp.Attack{From: "z9", To: "e4"})
	assert.False(t, ok)
	_, ok = arrow(interp.Attack{From: "e4", To: "e4"})
	assert.False(t, ok)
	a, ok := arrow(interp.Attack{Attacker: "车 c4", Victim: "炮 e4", From: "c4", To: "e4"})
	require.True(t, ok)
	assert.Equal(t, "车 c4 → 炮 e4", a.Title)
	assert.Less(t, a.X1, a.X2, "c4 → e4 runs left to right")
	assert.Equal(t, a.Y1, a.Y2, "along the rank")
}
