package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// The books that rule on a cycle in one session share what it keeps (the
// results of the predicates they have in common, the reasons, the texts):
// each rules as it does alone, in a session of its own, on the same facts.
func TestSharedSessionRulesAsAlone(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	cycles := caseFileCycles(t)
	for _, c := range cycles {
		in := c.in
		analyses := map[facts.Params]*facts.Cycle{}
		for _, b := range books {
			p := factsParams(books, b)
			if analyses[p] == nil {
				cyc, err := facts.AnalyzeCycle(in.Start, in.Moves, max(in.Occurrences, 2), p)
				require.NoError(t, err)
				analyses[p] = &cyc
			}
		}
		s := newSession()
		for _, b := range books {
			cyc := analyses[factsParams(books, b)]
			shared, err1 := b.rule(s, cyc, in.Context)
			alone, err2 := b.Rule(cyc, in.Context)
			assert.Equal(t, err2, err1, "%s %s", c.id, b.ID)
			assert.Equal(t, alone, shared, "%s %s", c.id, b.ID)
		}
	}
	t.Logf("%d cycles", len(cycles))
}
