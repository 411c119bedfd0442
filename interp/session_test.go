package interp

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// A session reset after one cycle rules on the next as a new one does:
// nothing of the first cycle is taken for the second.
func TestSessionReuse(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	a := cycle(
		mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none"), offer("horse", "e5", "none", -5)),
		mv("black", "king", "e9", "d9"),
		mv("red", "rook", "e9", "d9", chase("horse", "e5", "none")),
		mv("black", "king", "d9", "e9"),
	)
	b := cycle(
		mv("red", "cannon", "b2", "b3", chase("rook", "b7", "none")),
		mv("black", "rook", "b7", "a7", offer("cannon", "a2", "real", 0)),
		mv("red", "cannon", "b3", "b2", chase("rook", "a7", "none")),
		mv("black", "rook", "a7", "b7"),
	)
	ruleAll := func(s *session, c *facts.Cycle) []Ruling {
		var out []Ruling
		for _, bk := range books {
			r, err := bk.rule(s, c, Context{})
			require.NoError(t, err)
			out = append(out, r)
		}
		return out
	}
	s := newSession()
	defer s.release()
	for _, c := range []*facts.Cycle{a, b, a} {
		fresh := newSession()
		want := ruleAll(fresh, c)
		fresh.release()
		assert.Equal(t, want, ruleAll(s, c))
		s.reset()
	}
	// Facts at the addresses of the first cycle's (as when its memory is
	// reused) are facts anew.
	a.Moves[2].Threats[0].Victim.Square = "e6"
	fresh := newSession()
	want := ruleAll(fresh, a)
	fresh.release()
	assert.Equal(t, want, ruleAll(s, a))
	named := false // the moved victim is named where the books name it
	for _, r := range want {
		named = named || slices.Contains(r.Moves[2].Targets, "马 e6")
	}
	assert.True(t, named)
}

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
		s.release()
	}
	t.Logf("%d cycles", len(cycles))
}
