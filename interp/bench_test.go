package interp

import (
	"sort"
	"testing"
	"time"

	"github.com/expr-lang/expr/vm"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/rules"
)

// The 2020 book's figure 2: 马二退一 车9平8 马一进二 车8平9.
const (
	benchFEN   = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1"
	benchMoves = "h6i4 i9h9 i4h6 h9i9"
)

func benchInput(b testing.TB) Input {
	in, ok := FindCycle(playMoves(b, benchFEN, benchMoves))
	require.True(b, ok)
	return in
}

// reportMedian times each iteration and reports the median, which the
// targets are stated in (the mean is skewed by GC pauses).
func reportMedian(b *testing.B, f func()) {
	times := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		f()
		times = append(times, time.Since(t0))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
}

// BenchmarkJudgeAllBooks judges one 4-move cycle under every bundled book,
// facts included (computed once per distinct params): labels, clauses,
// evidence, patterns and verdicts, the moves' reasons left for Explain.
func BenchmarkJudgeAllBooks(b *testing.B) { benchJudge(b, Judge) }

// BenchmarkJudgeExplainAllBooks is BenchmarkJudgeAllBooks with the moves'
// reasons put into words (Explain), as judge's outputs and the workbench
// show them.
func BenchmarkJudgeExplainAllBooks(b *testing.B) {
	benchJudge(b, func(books []*Book, in Input) ([]Ruling, error) {
		rs, err := Judge(books, in)
		Explain(rs)
		return rs, err
	})
}

// BenchmarkJudgeInTurnAllBooks is BenchmarkJudgeAllBooks with the analyses
// in turn (JudgeInTurn, as scan judges): the work in all, on one core.
func BenchmarkJudgeInTurnAllBooks(b *testing.B) { benchJudge(b, JudgeInTurn) }

// BenchmarkJudgeVerdictsAllBooks is BenchmarkJudgeInTurnAllBooks without
// the reasons' texts (JudgeVerdicts, as scan judges).
func BenchmarkJudgeVerdictsAllBooks(b *testing.B) { benchJudge(b, JudgeVerdicts) }

// benchJudge reports the median time of judge ruling on the benchmark cycle
// under every bundled book.
func benchJudge(b *testing.B, judge func([]*Book, Input) ([]Ruling, error)) {
	books, err := bundled(b).Select("all")
	require.NoError(b, err)
	in := benchInput(b)
	b.ReportAllocs()
	b.ResetTimer()
	reportMedian(b, func() {
		if _, err := judge(books, in); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkRuleAllBooks is the interpreter's share: every bundled book
// rules on facts already computed.
func BenchmarkRuleAllBooks(b *testing.B) {
	books, err := bundled(b).Select("all")
	require.NoError(b, err)
	in := benchInput(b)
	cycles := map[facts.Params]*facts.Cycle{}
	for _, bk := range books {
		if cycles[bk.Params] == nil {
			c, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, bk.Params)
			require.NoError(b, err)
			cycles[bk.Params] = &c
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	reportMedian(b, func() {
		s := newSession() // as Judge does: one per cycle, shared by the books
		for _, bk := range books {
			if _, err := bk.rule(s, cycles[bk.Params], in.Context); err != nil {
				b.Fatal(err)
			}
		}
		s.done()
	})
}

// BenchmarkFactsOnly is the fact extractor's share, for comparison.
func BenchmarkFactsOnly(b *testing.B) {
	in := benchInput(b)
	p := bundled(b).Book("11").Params
	b.ReportAllocs()
	b.ResetTimer()
	reportMedian(b, func() {
		if _, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, p); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkPredicate evaluates compiled predicates as the interpreter does
// (expr's VM, reused, on the environment by pointer): the cost of one rule
// on one move.
func BenchmarkPredicate(b *testing.B) {
	bk := bundled(b).Book("11")
	c := cycle(
		mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none")),
		mv("black", "king", "e9", "d9"),
	)
	menv := MoveEnv{Move: c.Moves[0], Prev: c.Moves[1], Params: bk.Params}
	t := &c.Moves[0].Threats[0]
	tenv := ThreatEnv{Threat: *t, Back: counterOf(t, &c.Moves[0]), Move: c.Moves[0], Params: bk.Params}
	var env, tview any = &menv, &tenv
	for _, id := range []string{"24.1-check", "24.2-mate-threat", "26.1.2-king-answers-check"} {
		r := ruleByID(bk, id)
		b.Run(id, func(b *testing.B) {
			var m vm.VM
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := r.prog.runBool(&m, env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, id := range []string{"24.3-chase", "24-offer-from-behind", "26.2-incidental-advisor-elephant"} {
		r := ruleByID(bk, id)
		b.Run(id, func(b *testing.B) {
			var m vm.VM
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := r.prog.runBool(&m, tview); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func ruleByID(b *Book, id string) *MoveRule {
	for _, r := range b.Moves {
		if r.ID == id {
			return r
		}
	}
	panic("no rule " + id)
}

// BenchmarkLoadBundled loads, merges and compiles every bundled book.
func BenchmarkLoadBundled(b *testing.B) {
	b.ReportAllocs()
	reportMedian(b, func() {
		if _, err := loadFS(rules.Books, "rules"); err != nil {
			b.Fatal(err)
		}
	})
}
