package explore

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// benchCycles are the first n candidates of a run over the bundled cases'
// starts, in the run's order (perStart of a start at its turn).
func benchCycles(b *testing.B, n int) ([]Start, []Cycle) {
	starts := caseStartsT(b)
	gens := make([]*generator, len(starts))
	for i := range starts {
		gens[i] = newGenerator(i, starts[i])
	}
	var out []Cycle
	for len(out) < n {
		for _, g := range gens {
			batch, _ := nextBatch(g, perStart, n, len(out))
			out = append(out, batch...)
		}
	}
	return starts, out
}

// benchJudge judges candidate cycles under 11 and a draft on one core, one
// cycle an op, as Run's workers do (the candidates of a start's turn share
// one facts.Analyses), and reports cycles a second.
func benchJudge(b *testing.B, draft string) {
	starts, cycles := benchCycles(b, 2000)
	a, d := bookPair(b, "11", draft)
	books := []*interp.Book{a, d}
	b.ResetTimer()
	var x *facts.Analyses
	for i := range b.N {
		k := i % len(cycles)
		c := cycles[k]
		if x == nil || k == 0 || cycles[k-1].Start != c.Start {
			if x != nil {
				x.Close()
			}
			x = facts.NewAnalyses()
		}
		judgeOne(x, books, starts[c.Start].Pos, c.Moves, false)
	}
	x.Close()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}

// BenchmarkJudgeCandidatesSameParams: 11 against a draft with 11's params
// (one analysis of the facts a cycle).
func BenchmarkJudgeCandidatesSameParams(b *testing.B) { benchJudge(b, "no-26.2") }

// BenchmarkJudgeCandidatesOtherParams: 11 against a draft with a piece
// value changed (two analyses a cycle).
func BenchmarkJudgeCandidatesOtherParams(b *testing.B) { benchJudge(b, "horse-value") }

// BenchmarkGenerate: making candidates, for comparison.
func BenchmarkGenerate(b *testing.B) {
	starts := caseStartsT(b)
	b.ResetTimer()
	n := 0
	for i := range b.N {
		g := newGenerator(0, starts[i%len(starts)])
		for range 50 {
			if _, ok := g.next(); ok {
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "cycles/s")
}

// BenchmarkMinimise minimises one example — of the groups 11 and a draft
// with a horse worth 4 part on in 1,500 cycles from the bundled cases'
// starts, the one with the most pieces — as Run does for each group.
func BenchmarkMinimise(b *testing.B) {
	a, d := bookPair(b, "11", "horse-value")
	rep, err := Run(context.Background(), a, d, caseStartsT(b), Options{Count: 1500, Examples: 1})
	require.NoError(b, err)
	require.NotEmpty(b, rep.Groups)
	ex := rep.Groups[0].Examples[0]
	for _, g := range rep.Groups {
		if g.Examples[0].Pieces > ex.Pieces {
			ex = g.Examples[0]
		}
	}
	p, err := position.ParseFENComposed(ex.FEN)
	require.NoError(b, err)
	moves, err := position.ParseMoves(p, ex.Moves)
	require.NoError(b, err)
	b.Logf("minimising %d pieces: %s %v", ex.Pieces, ex.FEN, ex.CN)
	b.ResetTimer()
	for range b.N {
		q, err := Minimise(context.Background(), a, d, p, false, moves)
		require.NoError(b, err)
		b.ReportMetric(float64(pieces(q)), "pieces-left")
	}
}
