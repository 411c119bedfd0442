package facts

import (
	"testing"
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

// BenchmarkFiguresMedian is BenchmarkCasesMedian over the 31 figures of the
// 2020 book alone (a few positions rich in checks dominate the mean).
func BenchmarkFiguresMedian(b *testing.B) { benchMedians(b, figureCycles(b)) }
