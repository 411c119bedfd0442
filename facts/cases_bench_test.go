package facts

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

type benchCycle struct {
	id    string
	start *position.Position
	moves []position.Move
	occ   int
}

// axfCycles reads the AXF/WXF rulings' cycles (testdata/cases/axf_rulecases.yaml):
// every row whose moves repeat a position.
func axfCycles(tb testing.TB) []benchCycle {
	data, err := os.ReadFile("../testdata/cases/axf_rulecases.yaml")
	require.NoError(tb, err)
	var file struct {
		Cases []struct {
			ID    string `yaml:"id"`
			FEN   string `yaml:"fen"`
			Moves string `yaml:"moves"`
		} `yaml:"cases"`
	}
	require.NoError(tb, yaml.Unmarshal(data, &file))
	var out []benchCycle
	for _, c := range file.Cases {
		start, err := position.ParseFENComposed(c.FEN)
		if err != nil {
			continue
		}
		ms, err := position.ParseMoves(start, strings.Fields(c.Moves))
		if err != nil {
			continue
		}
		if cs, cycle, occ, ok := lastPeriod(start, ms); ok {
			out = append(out, benchCycle{c.ID, cs, cycle, occ})
		}
	}
	return out
}

func figureCycles(tb testing.TB) []benchCycle {
	var out []benchCycle
	for _, fg := range loadFigures(tb) {
		s, m, o := fg.cycle(tb)
		out = append(out, benchCycle{fg.ID, s, m, o})
	}
	return out
}

// BenchmarkCasesMedian reports the figures of merit over the cycles
// of the 2020 figures and of the AXF/WXF rulings together ("median over the
// moves of the 2020 figures and the AXF cases"); see benchMedians.
func BenchmarkCasesMedian(b *testing.B) {
	benchMedians(b, append(figureCycles(b), axfCycles(b)...))
}

// benchMedians times the analysis of each of ins with DefaultParams and
// reports:
//
//   - µs/move(median): the facts of one move, timed on its own within its
//     cycle's analysis (analyzeMove; the cycle's memo shared as in
//     AnalyzeCycle), median over all moves;
//   - µs/move-share(median): each move charged its cycle's whole time
//     divided by the cycle's moves (per-cycle facts and 有变 included),
//     median over all moves — the stricter reading;
//   - µs/cycle(median) and (max): whole cycles, AnalyzeCycle's work.
func benchMedians(b *testing.B, ins []benchCycle) {
	par := DefaultParams()
	perCycle := make([]time.Duration, len(ins))
	var perMove, share []time.Duration
	for _, in := range ins {
		for range in.moves {
			perMove = append(perMove, 0)
			share = append(share, 0)
		}
	}
	for b.Loop() {
		k := 0
		for i, in := range ins {
			t0 := time.Now()
			a, err := newAnalysis(in.start, in.moves, in.occ)
			if err != nil {
				b.Fatal(in.id, err)
			}
			for j := range in.moves {
				t1 := time.Now()
				a.move(j, par)
				perMove[k+j] += time.Since(t1)
			}
			a.cycleFacts(par)
			a.done()
			d := time.Since(t0)
			perCycle[i] += d
			for range in.moves {
				share[k] += d / time.Duration(len(in.moves))
				k++
			}
		}
	}
	n := time.Duration(b.N)
	median := func(ds []time.Duration) float64 {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return float64(ds[len(ds)/2]/n) / 1e3
	}
	b.ReportMetric(float64(len(ins)), "cycles")
	b.ReportMetric(median(perCycle), "µs/cycle(median)")
	b.ReportMetric(median(perMove), "µs/move(median)")
	b.ReportMetric(median(share), "µs/move-share(median)")
	b.ReportMetric(float64(slices.Max(perCycle)/n)/1e3, "µs/cycle(max)")
}

// BenchmarkCasesMoveAlone: the facts of one move with nothing remembered
// from its cycle's other moves (an analysis of its own for each move), median
// over the moves of the 2020 figures and the AXF cycles — the most
// conservative reading of "facts for one move".
func BenchmarkCasesMoveAlone(b *testing.B) {
	ins := append(figureCycles(b), axfCycles(b)...)
	par := DefaultParams()
	var alone []time.Duration
	for _, in := range ins {
		for range in.moves {
			alone = append(alone, 0)
		}
	}
	for b.Loop() {
		k := 0
		for _, in := range ins {
			for j := range in.moves {
				a, err := newAnalysis(in.start, in.moves, in.occ)
				if err != nil {
					b.Fatal(in.id, err)
				}
				t0 := time.Now()
				a.move(j, par)
				alone[k] += time.Since(t0)
				a.done()
				k++
			}
		}
	}
	slices.Sort(alone)
	b.ReportMetric(float64(alone[len(alone)/2]/time.Duration(b.N))/1e3, "µs/move-alone(median)")
}

var casesPass = flag.Bool("casespass", false, "run TestCasesPass: one pass over the figure and AXF cycles, for instruction counts")

// TestCasesPass is a fixed workload for counting instructions, which machine
// load does not disturb (timings on a shared machine do):
//
//	go test -c -o /tmp/facts.test ./facts && cd facts &&
//	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
//	  /tmp/facts.test -test.run TestCasesPass -casespass
//
// One analysis of each cycle of the 2020 figures and the AXF rulings, less
// the four slowest (图9, 图19, 图29-a, 图29-b), with DefaultParams.
func TestCasesPass(t *testing.T) {
	if !*casesPass {
		t.Skip("opt-in: -casespass")
	}
	par := DefaultParams()
	for _, in := range append(figureCycles(t), axfCycles(t)...) {
		switch in.id {
		case "cn2020-fig09", "cn2020-fig19", "cn2020-fig29-a", "cn2020-fig29-b":
			continue
		}
		if _, err := AnalyzeCycle(in.start, in.moves, in.occ, par); err != nil {
			t.Fatal(in.id, err)
		}
	}
}
