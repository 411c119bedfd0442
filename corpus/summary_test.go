package corpus_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/interp"
)

var sampleFiles = []string{
	"../testdata/records/ccpd_scan_sample.jsonl",
	"../testdata/records/ccpd_sample.jsonl",
	"../testdata/records/ccpd_repetition_sample.jsonl",
	"../testdata/records/famous_sample.jsonl",
}

// scanSummary scans the sample files (shard sh) and returns the summary.
func scanSummary(t *testing.T, books []*interp.Book, sh corpus.Shard) *corpus.Summary {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	table, err := interp.BundledInForce(lib)
	require.NoError(t, err)
	opt := corpus.Options{Books: books, InForce: table, Cycles: interp.CyclesAll, Jobs: 2, Shard: sh}
	sum := corpus.NewSummary(opt.Cycles, books, sh)
	for b := range corpus.Scan(sampleFiles, opt) {
		for i := range b.Items {
			sum.AddGame(&b.Items[i])
		}
	}
	return sum
}

func sampleBooks(t *testing.T) []*interp.Book {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	books, err := lib.Select("11,asian,ko")
	require.NoError(t, err)
	return append([]*interp.Book{nil}, books...) // nil: the book in force
}

func clone(s *corpus.Summary) *corpus.Summary {
	c := *s
	c.Summary = append([]corpus.BookSummary(nil), s.Summary...)
	for i := range c.Summary {
		c.Summary[i].ByResult = maps.Clone(c.Summary[i].ByResult)
		c.Summary[i].ByDecade = maps.Clone(c.Summary[i].ByDecade)
	}
	c.Disagreements = slices.Clone(s.Disagreements)
	c.NoResultGames = slices.Clone(s.NoResultGames)
	if s.InForce != nil {
		f := *s.InForce
		f.Books, f.Unknown = maps.Clone(f.Books), maps.Clone(f.Unknown)
		f.UnknownGames, f.BadDateGames = slices.Clone(f.UnknownGames), slices.Clone(f.BadDateGames)
		c.InForce = &f
	}
	c.Agreement = make([][]int, len(s.Agreement))
	for i, row := range s.Agreement {
		c.Agreement[i] = append([]int(nil), row...)
	}
	return &c
}

// The shards' summaries merged in any grouping are the whole run's.
func TestMergeAssociative(t *testing.T) {
	books := sampleBooks(t)
	whole := scanSummary(t, books, corpus.Shard{})
	var parts []*corpus.Summary
	for k := 1; k <= 3; k++ {
		sh, err := corpus.NewShard(k, 3)
		require.NoError(t, err)
		parts = append(parts, scanSummary(t, books, sh))
		assert.Less(t, parts[k-1].Games, whole.Games, "shard %d has some games, not all", k)
	}
	a, b, c := parts[0], parts[1], parts[2]

	left := clone(a) // (a+b)+c
	require.NoError(t, left.Merge(b))
	require.NoError(t, left.Merge(c))

	bc := clone(b) // a+(b+c)
	require.NoError(t, bc.Merge(c))
	right := clone(a)
	require.NoError(t, right.Merge(bc))

	swapped := clone(c) // c+(b+a): commutative too
	ba := clone(b)
	require.NoError(t, ba.Merge(a))
	require.NoError(t, swapped.Merge(ba))

	assert.Equal(t, left, right, "(a+b)+c = a+(b+c), lists and all")
	for _, s := range []*corpus.Summary{whole, left, right, swapped} {
		s.Shard = ""
		// The lists are the shards' in turn, not the input's order.
		for _, l := range [][]corpus.GameRef{s.NoResultGames, s.InForce.UnknownGames, s.InForce.BadDateGames} {
			slices.SortFunc(l, func(a, b corpus.GameRef) int { return strings.Compare(a.ID, b.ID) })
		}
		slices.SortFunc(s.Disagreements, func(a, b corpus.Disagreement) int { return strings.Compare(a.ID, b.ID) })
	}
	for _, s := range []*corpus.Summary{left, right, swapped} {
		assert.Equal(t, whole, s)
	}
	assert.Positive(t, whole.Cycles)
	assert.NotEmpty(t, whole.InForce.Books)
	assert.NotEmpty(t, whole.InForce.UnknownGames)
}

// Summaries of other runs do not merge.
func TestMergeRefusesOtherRuns(t *testing.T) {
	books := sampleBooks(t)
	a := corpus.NewSummary(interp.CyclesAll, books, corpus.Shard{})
	assert.ErrorContains(t, clone(a).Merge(corpus.NewSummary(interp.CyclesFirst, books, corpus.Shard{})), "another mode")
	assert.ErrorContains(t, clone(a).Merge(corpus.NewSummary(interp.CyclesAll, books[1:], corpus.Shard{})), "other rule sets")
}

func TestParseShard(t *testing.T) {
	sh, err := corpus.ParseShard("2/3")
	require.NoError(t, err)
	assert.Equal(t, "2/3", sh.String())
	assert.Equal(t, 2, sh.K())
	assert.Equal(t, 3, sh.N())
	for _, bad := range []string{"0/3", "4/3", "x", "1/0"} {
		_, err := corpus.ParseShard(bad)
		assert.Error(t, err, bad)
	}
}

// Each ruling of a cycle that ends a game with a result says whether it
// agrees with the result; the summary counts them per book, result and
// decade, and lists the first book's disagreements.
func TestSummaryReal(t *testing.T) {
	lib, err := interp.Bundled()
	require.NoError(t, err)
	books, err := lib.Select("11,ko")
	require.NoError(t, err)
	opt := corpus.Options{Books: books, Cycles: interp.CyclesFirst, Jobs: 1}
	sum := corpus.NewSummary(opt.Cycles, books, opt.Shard)
	agrees := map[string]*bool{}
	for b := range corpus.Scan([]string{"../testdata/records/ccpd_scan_sample.jsonl"}, opt) {
		for i := range b.Items {
			sum.AddGame(&b.Items[i])
			for _, c := range b.Items[i].Res.Cycles {
				agrees[c.ID] = c.Rulings[1].Agrees
			}
		}
	}
	// 2 decisive games and a draw end in their cycle; a 4th goes on.
	assert.Equal(t, corpus.Tally{Agree: 3, Of: 3}, sum.Summary[0].Real)
	assert.Equal(t, corpus.Tally{Agree: 1, Of: 1}, sum.Summary[0].ByResult["1/2-1/2"])
	assert.Nil(t, agrees["中局/00000017.pgn"], "the game goes on after the cycle")
	ko := sum.Summary[1]
	assert.Equal(t, 3, ko.Real.Of)
	assert.Equal(t, corpus.Tally{Agree: 0, Of: 1}, ko.ByResult["1/2-1/2"], "ko never draws")
	n := 0
	for _, x := range ko.ByDecade {
		n += x.Of
	}
	assert.Equal(t, 3, n)
	assert.Empty(t, sum.Disagreements, "11 agrees with every result")
	assert.Equal(t, "11", sum.DisagreementsOf)
}
