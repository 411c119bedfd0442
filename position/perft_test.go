package position

import (
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var perftDeep = flag.Bool("perft6", false, "also run perft 6 from the start position (5,392,831,844 nodes; minutes)")

// Published perft counts: the start position and three test positions whose
// counts the issue cites from the reference engines (Pikafish's perft suite).
var perftCases = []struct {
	fen    string
	counts []uint64
}{
	{StartFEN, []uint64{44, 1920, 79666, 3290240, 133312995}},
	{"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", []uint64{38, 1128, 43929, 1339047, 53112976}},
	{"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", []uint64{49, 2265, 100326, 4485547}},
	{"4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", []uint64{13, 272, 3707, 92741}},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		p, err := ParseFEN(tc.fen)
		require.NoError(t, err)
		p.sync()
		before := *p
		for i, want := range tc.counts {
			depth := i + 1
			if depth >= 5 && testing.Short() {
				continue
			}
			got := p.Perft(depth)
			if !assert.Equal(t, want, got, "perft(%d) of %s", depth, tc.fen) {
				for _, d := range p.Divide(depth) {
					t.Logf("  %s %d", d.Move, d.Nodes)
				}
			}
		}
		assert.Equal(t, before.board, p.board, "board changed by perft")
		assert.Equal(t, before.key, p.key, "key changed by perft")
		assert.Equal(t, before.side, p.side)
		assert.Equal(t, before.kings, p.kings)
		assert.Empty(t, p.hist)
		assert.True(t, before.pieces == p.pieces && before.occ == p.occ && before.lines == p.lines,
			"piece sets or occupancy changed by perft")
	}
}

func TestPerft6(t *testing.T) {
	if !*perftDeep {
		t.Skip("perft 6 runs with -perft6")
	}
	assert.Equal(t, uint64(5392831844), MustParseFEN(StartFEN).Perft(6))
}

func BenchmarkPerft6Start(b *testing.B) {
	if !*perftDeep {
		b.Skip("perft 6 runs with -perft6")
	}
	p := MustParseFEN(StartFEN)
	var n uint64
	for b.Loop() {
		n = p.Perft(6)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerft5Start(b *testing.B) {
	p := MustParseFEN(StartFEN)
	var n uint64
	for b.Loop() {
		n = p.Perft(5)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerft4Start(b *testing.B) {
	p := MustParseFEN(StartFEN)
	var n uint64
	for b.Loop() {
		n = p.Perft(4)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
