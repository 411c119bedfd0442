package facts

import (
	"slices"
	"testing"
	"time"

	"github.com/xqrules/xqrules/position"
)

// BenchmarkFigureCycles analyses every 2020 figure's cycle (facts of every
// move plus per-cycle facts) with DefaultParams; ns/op is per cycle.
func BenchmarkFigureCycles(b *testing.B) {
	figs := loadFigures(b)
	type cyc struct {
		fg    figure
		moves int
	}
	par := DefaultParams()
	i := 0
	for b.Loop() {
		fg := figs[i%len(figs)]
		i++
		moves := fg.Moves
		if len(fg.MovesThreefold) > 0 {
			moves = fg.MovesThreefold
		}
		start, cy, occ := cycleOf(b, fg.FEN, moves)
		if _, err := AnalyzeCycle(start, cy, occ, par); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFiguresMedian reports the median time per cycle and per move over
// the 31 figures of the 2020 book (the figure of merit), each cycle
// timed on its own; a few positions rich in checks dominate the mean.
func BenchmarkFiguresMedian(b *testing.B) {
	figs := loadFigures(b)
	par := DefaultParams()
	type input struct {
		start *position.Position
		moves []position.Move
		occ   int
	}
	var ins []input
	for _, fg := range figs {
		moves := fg.Moves
		if len(fg.MovesThreefold) > 0 {
			moves = fg.MovesThreefold
		}
		s, m, o := cycleOf(b, fg.FEN, moves)
		ins = append(ins, input{s, m, o})
	}
	perCycle := make([]time.Duration, len(ins))
	perMove := make([]time.Duration, len(ins))
	for b.Loop() {
		for i, in := range ins {
			t0 := time.Now()
			if _, err := AnalyzeCycle(in.start, in.moves, in.occ, par); err != nil {
				b.Fatal(err)
			}
			d := time.Since(t0)
			perCycle[i] += d
			perMove[i] += d / time.Duration(len(in.moves))
		}
	}
	slices.Sort(perCycle)
	slices.Sort(perMove)
	n := time.Duration(b.N)
	b.ReportMetric(float64(perCycle[len(perCycle)/2]/n)/1e3, "µs/cycle(median)")
	b.ReportMetric(float64(perMove[len(perMove)/2]/n)/1e3, "µs/move(median)")
	b.ReportMetric(float64(perCycle[len(perCycle)-1]/n)/1e3, "µs/cycle(max)")
}
