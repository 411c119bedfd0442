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

// The scan report draws its charts from the counts: a bar per book whose
// segments add up to the cycles, a cell per pair of books; names escaped.
func TestWriteScan(t *testing.T) {
	var b strings.Builder
	err := WriteScan(&b, ScanSummary{Files: []string{"<x>.jsonl"}, Mode: "first", Games: 10, Cycles: 8, BadGames: 1,
		Books: []ScanBook{
			{ID: "11", RedMustVary: 4, BlackMustVary: 2, Draw: 2, Decisive: 4, LoserMustVary: 3},
			{ID: "20", Extends: "11", RedMustVary: 3, BlackMustVary: 2, Draw: 2, Errors: 1, Decisive: 4, LoserMustVary: 2},
		},
		Agreement: [][]int{{8, 6}, {6, 7}}})
	require.NoError(t, err)
	page := b.String()
	assert.NotContains(t, page, "<x>")
	assert.Contains(t, page, "&lt;x&gt;.jsonl")
	assert.Contains(t, page, `<svg class="chart verdicts"`)
	// 4 of 8 cycles: half the bar's 480 units.
	assert.Contains(t, page, `<rect class="red" x="120" y="0" width="240" height="18"><title>11: red must vary 4 of 8 cycles (50.0 %)</title>`)
	assert.Contains(t, page, "20 and 11 agree on 6 of 8 cycles (75.0 %)")
	assert.Contains(t, page, "<td>2 of 8 (25.0 %); <code>xqrules diff</code> lists them</td>")
	assert.Contains(t, page, "<title>11: 3 of 4 (75.0 %)</title>")
}

// The agreement with the real results: a bar per book and a decade matrix.
func TestWriteScanReal(t *testing.T) {
	var b strings.Builder
	err := WriteScan(&b, ScanSummary{Mode: "last", Games: 10, Cycles: 8,
		Books: []ScanBook{
			{ID: "in-force", Draw: 6, Unknown: 2, Real: RealTally{3, 4}, RealByDecade: map[string]RealTally{"1980": {1, 2}, "2000": {2, 2}}},
			{ID: "11", Draw: 8, Real: RealTally{2, 4}, RealByDecade: map[string]RealTally{"1980": {0, 2}, "2000": {2, 2}, "undated": {0, 0}}},
		},
		Agreement: [][]int{{8, 8}, {8, 8}}})
	require.NoError(t, err)
	page := b.String()
	assert.Contains(t, page, `<svg class="chart real"`)
	assert.Contains(t, page, `<rect class="agree" x="120" y="0" width="360" height="18"><title>in-force: 3 of 4 (75.0 %)</title>`)
	assert.Contains(t, page, `<title>in-force: no book in force 2 of 8 cycles (25.0 %)</title>`)
	assert.Contains(t, page, `</span>no book in force</p>`)
	assert.Contains(t, page, `<svg class="chart decades"`)
	assert.Contains(t, page, ">1980s</text>")
	assert.Contains(t, page, "in-force, 1980s: 1 of 2 cycles ending a game ruled as it ended (50.0 %)")
	assert.Contains(t, page, "in-force, undated: no cycle ending a game")

	b.Reset()
	require.NoError(t, WriteScan(&b, ScanSummary{Books: []ScanBook{{ID: "11"}}, Agreement: [][]int{{0}}}))
	assert.NotContains(t, b.String(), `class="chart real"`, "no cycle ends a game with a result: no chart")
}
