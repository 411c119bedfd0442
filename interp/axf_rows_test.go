package interp

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The allowed repetitions of the AXF rules are named by their own rule, not
// the generic rule 5: rule 32 a side that chases on every move but no piece
// on every move (分捉: two rooks taking turns on two cannons, diagram 80;
// one rook on one cannon every move is rule 18's 长捉 — just outside it),
// rule 12 one check one chase, rule 9 a perpetual threat to mate. The
// verdicts are the case file's; the rows are the clauses that decide them.
func TestAXFAllowedRepetitionsNameTheirRule(t *testing.T) {
	cases, err := ReadCases(filepath.Join("..", "testdata", "cases", "axf_rulecases.yaml"))
	require.NoError(t, err)
	want := map[string]struct{ verdict, row string }{
		"axf-32-d80-two-rooks-two-cannons": {"draw", "32-chases-in-turn"},
		"axf-32-turns-then-one-again":      {"draw", "32-chases-in-turn"},
		"axf-18-one-rook-one-cannon":       {"red-must-vary", "perpetual-chase"},
		"axf-12-check-and-chase":           {"draw", "12-check-and-chase"},
		"axf-9-perpetual-mate-threat":      {"draw", "9-perpetual-mate-threat"},
	}
	lib := bundled(t)
	seen := 0
	for i := range cases {
		w, ok := want[cases[i].ID]
		if !ok {
			continue
		}
		seen++
		in, err := cases[i].Input()
		require.NoError(t, err)
		for _, id := range []string{"asian", "tw-1982"} {
			rs, err := Judge([]*Book{lib.Book(id)}, in)
			require.NoError(t, err)
			assert.Equal(t, w.verdict, rs[0].Verdict, "%s under %s", cases[i].ID, id)
			assert.Equal(t, w.row, rs[0].Row, "%s under %s: %s", cases[i].ID, id, rs[0].Reason)
		}
	}
	assert.Equal(t, len(want), seen)
}
