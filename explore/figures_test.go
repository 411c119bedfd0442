package explore

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// caseStartsT reads the bundled case files' starts.
func caseStartsT(t testing.TB) []Start {
	t.Helper()
	files, err := DefaultCaseFiles()
	require.NoError(t, err)
	starts, _, err := ReadStarts(files...)
	require.NoError(t, err)
	require.NotEmpty(t, starts)
	return starts
}

// bookPair loads 11 and a draft of testdata/rules/drafts.
func bookPair(t testing.TB, a, draft string) (*interp.Book, *interp.Book) {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	ba := lib.Book(a)
	require.NotNil(t, ba)
	bb := lib.Book(draft)
	if bb == nil {
		bb, err = lib.LoadFile(filepath.Join("..", "testdata", "rules", "drafts", draft+".yaml"))
		require.NoError(t, err)
	}
	return ba, bb
}

// exemptedBy: some move of a's ruling on the example lost a label to rule.
func exemptedBy(t *testing.T, a *interp.Book, ex Example, rule string) bool {
	t.Helper()
	rs := judgeExample(t, a, ex)
	for _, m := range rs.Moves {
		for _, x := range m.Exempted {
			if x.Rule == rule {
				return true
			}
		}
	}
	return false
}

// judgeExample rules on an example under one book, reasons and all.
func judgeExample(t *testing.T, b *interp.Book, ex Example) interp.Ruling {
	t.Helper()
	p, err := position.ParseFENComposed(ex.FEN)
	require.NoError(t, err)
	moves, err := position.ParseMoves(p, ex.Moves)
	require.NoError(t, err)
	rs, err := interp.JudgeInTurn([]*interp.Book{b}, interp.Input{Start: p, Moves: moves})
	require.NoError(t, err)
	return rs[0]
}

// draftFigures: the one-clause drafts of 11 under testdata/rules/drafts,
// the count budget explore needs over the bundled cases' starts to meet
// the group the changed clause decides, and how that group is recognised.
var draftFigures = []struct {
	draft  string
	budget int
	is     func(t *testing.T, a, b *interp.Book, g Group) bool
}{
	{"dui-forbidden", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		return g.BRow == "draft-long-exchange"
	}},
	{"mate-vs-chase-reversed", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		return g.ARow == "26.9.4-both-forbidden" && g.BRow == "draft-26.9-mate-vs-chase"
	}},
	{"check-chase-draw", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		return g.ARow == "25.1-perpetual-check" && g.BRow != "25.1-perpetual-check"
	}},
	{"no-pawn-exemption", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		return hasLabelDiff(g, "闲 vs 捉") && exemptedBy(t, a, g.Minimal, "26.1-king-pawn-own-chase")
	}},
	{"no-26.2", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		return hasLabelDiff(g, "闲 vs 捉") && exemptedBy(t, a, g.Minimal, "26.2-incidental-advisor-elephant")
	}},
	{"horse-value", 1500, func(t *testing.T, a, b *interp.Book, g Group) bool {
		// A chase only the cheaper horse makes: a horse chasing a cannon
		// (or chased by one) that 11 reads as no gain.
		if !hasLabelDiff(g, "闲 vs 捉") {
			return false
		}
		for _, m := range judgeExample(t, b, g.Minimal).Moves {
			for _, c := range m.Chases {
				if strings.Contains(c.Victim+strings.Join(c.By, ""), "马") {
					return true
				}
			}
		}
		return false
	}},
}

// hasLabelDiff: some move of either side is labelled what ("闲 vs 捉":
// 闲 under A, 捉 under B).
func hasLabelDiff(g Group, what string) bool {
	for _, d := range [][]string{g.Varying.Differ, g.Other.Differ} {
		for _, l := range d {
			if l == what {
				return true
			}
		}
	}
	return false
}

// TestDraftFigures: explore 11 against each one-clause draft over the
// bundled cases' starts (a count budget: the same candidates every run)
// finds a group the changed clause decides, with a minimal example of at
// most eight pieces; 11 against itself finds nothing.
func TestDraftFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("explores some ten thousand cycles")
	}
	starts := caseStartsT(t)
	for _, f := range draftFigures {
		t.Run(f.draft, func(t *testing.T) {
			a, b := bookPair(t, "11", f.draft)
			rep, err := Run(context.Background(), a, b, starts, Options{Count: f.budget})
			require.NoError(t, err)
			found := false
			var best Group
			for _, g := range rep.Groups {
				if f.is(t, a, b, g) && (!found || g.Minimal.Pieces < best.Minimal.Pieces) {
					best, found = g, true
				}
			}
			if found {
				g := best
				t.Logf("%d cycles, %d groups; %d× %s: minimal %d pieces (from %d) in %v: %s %s", rep.Judged, len(rep.Groups), g.Count, g.Key, g.Minimal.Pieces, g.From, g.MinimiseTime, g.Minimal.FEN, strings.Join(g.Minimal.CN, " "))
				assert.LessOrEqual(t, g.Minimal.Pieces, 8, g.Key)
			}
			assert.True(t, found, "no group decided by the changed clause in %d cycles (%d groups)", rep.Judged, len(rep.Groups))
		})
	}
	t.Run("11,11", func(t *testing.T) {
		a, b := bookPair(t, "11", "11")
		rep, err := Run(context.Background(), a, b, starts, Options{Count: 1500, Labels: true})
		require.NoError(t, err)
		assert.Equal(t, 1500, rep.Judged)
		assert.Empty(t, rep.Groups)
	})
}
