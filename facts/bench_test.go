package facts

import (
	"testing"
)

// BenchmarkFigureCycles analyses every 2020 figure's cycle (facts of every
// move plus per-cycle facts) with DefaultParams; ns/op is per cycle.
func BenchmarkFigureCycles(b *testing.B) {
	figs := loadFigures(b)
	par := DefaultParams()
	i := 0
	for b.Loop() {
		fg := figs[i%len(figs)]
		i++
		start, cy, occ := fg.cycle(b)
		if _, err := AnalyzeCycle(start, cy, occ, par); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFiguresMedian is BenchmarkCasesMedian over the 31 figures of the
// 2020 book alone (a few positions rich in checks dominate the mean).
func BenchmarkFiguresMedian(b *testing.B) { benchMedians(b, figureCycles(b)) }
