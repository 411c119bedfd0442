package position

import (
	"flag"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// The moves of a side in check: LegalMoves generates the answers directly
// (evade), and must give exactly what the general generator (legalGen, kept
// for every other position) gives, move for move and in its order; and
// both what trying every pseudo-legal move on the board gives.

// genOrder is the order of the general generator's moves: by kind (rooks,
// cannons, horses, pawns, advisors, elephants, king: see run), then by origin,
// then by destination.
func genOrder(p *Position, m Move) int {
	rank := [8]int{King: 6, Advisor: 4, Elephant: 5, Horse: 2, Rook: 0, Cannon: 1, Pawn: 3}
	return rank[p.At(m.From()).Kind()]<<14 | int(m.From())<<7 | int(m.To())
}

// evadeStats counts what the cross-check met.
type evadeStats struct {
	positions, inCheck, doubleCheck, mated, notOrdinary, otherSide int
}

// checkEvasions compares, for each side in check (to move or not: after a
// null move the side not to move may be in check), the moves of LegalMovesFor,
// CountLegalMoves and HasLegalMove with the general generator's.
func checkEvasions(t *testing.T, p *Position, st *evadeStats) {
	t.Helper()
	st.positions++
	var want, buf [MaxMoves]Move
	for c := Red; c <= Black; c++ {
		if !p.InCheck(c) {
			continue
		}
		st.inCheck++
		if c != p.Side() {
			st.otherSide++
		}
		if len(p.Checkers(c)) > 1 {
			st.doubleCheck++
		}
		if k := p.King(c); !p.ordinary(c, k) {
			st.notOrdinary++
		}
		n := p.legalGen(c, &want)
		if n == 0 {
			st.mated++
		}
		// Both generators try on the board only the moves that may expose
		// the king: against every pseudo-legal move tried.
		var tried []Move
		for _, m := range p.pseudoFor(c, buf[:0]) {
			if p.legalFor(m, c) {
				tried = append(tried, m)
			}
		}
		if got := refSortedMoves(want[:n]); !slices.Equal(refSortedMoves(tried), got) {
			refFail(t, p, refSortedMoves(tried), got, "legalGen(%s) in check against every move tried", c)
		}
		got := p.LegalMovesFor(c, buf[:0])
		if !slices.Equal(want[:n], got) {
			refFail(t, p, want[:n], got, "LegalMovesFor(%s) in check", c)
		}
		// The general generator's order is the documented one.
		for i := 1; i < n; i++ {
			if genOrder(p, want[i-1]) >= genOrder(p, want[i]) {
				refFail(t, p, "by kind, origin, destination", want[:n], "order of legalGen(%s)", c)
			}
		}
		if got := p.CountLegalMoves(c); got != n {
			refFail(t, p, n, got, "CountLegalMoves(%s) in check", c)
		}
		if got := p.HasLegalMove(c); got != (n > 0) {
			refFail(t, p, n > 0, got, "HasLegalMove(%s) in check", c)
		}
		if got := hasLegalMoveGen(p, c); got != (n > 0) {
			refFail(t, p, n > 0, got, "hasLegalMoveGen(%s) in check", c)
		}
		if c == p.Side() {
			if got := p.LegalMoves(nil); !slices.Equal(want[:n], got) {
				refFail(t, p, want[:n], got, "LegalMoves in check")
			}
		}
	}
}

var evadeDeep = flag.Bool("evade4", false, "cross-check the evasions over the perft trees of all four positions to depth 4 (9.8 million positions; ten seconds)")

func TestEvasionsPerftTrees(t *testing.T) {
	var st evadeStats
	for i, tc := range perftCases {
		// Depth 4 of the sparse position (where checks are common) and
		// depth 3 of the others; depth 4 of all with -evade4.
		depth := 3
		if *evadeDeep || (i == 3 && !testing.Short()) {
			depth = 4
		}
		p := MustParseFEN(tc.fen)
		perftWalk(p, depth, func(p *Position) {
			checkEvasions(t, p, &st)
			if p.InCheck(p.Side()) {
				// The checking side moves again (a null move): the
				// side not to move is in check.
				p.Make(NullMove)
				checkEvasions(t, p, &st)
				p.Unmake()
			}
		})
	}
	t.Logf("perft trees: %+v", st)
	require.Greater(t, st.inCheck, 1000)
	require.Greater(t, st.otherSide, 1000)
	require.Greater(t, st.doubleCheck, 10)
	require.Greater(t, st.mated, 0)
}

func TestEvasionsRandom(t *testing.T) {
	n, m := 20000, 2000
	if testing.Short() {
		n, m = 2000, 200
	}
	var st evadeStats
	refRandomWalk(1, n, func(p *Position) {
		checkEvasions(t, p, &st)
		p.Make(NullMove)
		checkEvasions(t, p, &st)
		p.Unmake()
	})
	t.Logf("random walk: %+v", st)
	require.Greater(t, st.inCheck, n/50)
	require.Greater(t, st.otherSide, 0)
	st = evadeStats{}
	refSetupsPlayedOn(2, m, func(p *Position) {
		checkEvasions(t, p, &st)
	})
	t.Logf("setups: %+v", st)
	require.Greater(t, st.inCheck, m/10)
	require.Greater(t, st.doubleCheck, m/100)
	require.Greater(t, st.notOrdinary, 0)
	require.Greater(t, st.otherSide, 0)
}

// evadeCases are positions built by hand around what evade must get right,
// with the side in check and its moves (as the reference finds them).
var evadeCases = []struct {
	name string
	fen  string
	side Color // the side in check; the other side is to move as well
}{
	{"double check: rook on the file, horse; a block answers one", "3k5/9/9/9/9/4r4/R8/9/2n6/3AK4", Red},
	{"cannon, red screen (the pawn stays a screen), blocks by rook, cannon, horse takes", "4k4/9/9/4c4/9/3N5/4P4/R8/1C7/4K4", Red},
	{"cannon, black screen: taking the screen makes a new one", "4k4/9/4c3R/9/9/9/R3p4/9/9/4K4", Red},
	{"horse, the leg blocked by rook, cannon or horse", "5k3/9/9/9/9/9/9/1N1n5/R7C/4K4", Red},
	{"horse, the pinned rook could block the leg", "3k5/9/4r4/9/9/9/9/3n5/4R4/4K4", Red},
	{"facing kings, blocks", "4k4/9/9/9/R8/9/9/9/9/3AK4", Red},
	{"facing kings, the black side", "4k4/9/9/2c6/9/9/9/9/9/4K4", Black},
	{"rook and the cannon behind it: a block answers both, taking the rook does not", "4k4/9/4c4/9/4r4/9/R2N5/9/9/4K4", Red},
	{"pawn check, the advisor takes", "4k4/9/9/9/9/9/9/9/4p4/3AK4", Red},
	{"rook on the rank, the elephant blocks, the horse blocks", "3k5/9/9/9/9/9/9/r3K4/3N5/4B4", Red},
	{"rook on the rank, the elephant's eye is blocked", "3k5/9/9/9/9/9/9/r3K4/3P5/4B4", Red},
	{"a crossed pawn blocks sideways", "4k4/4r4/9/3P5/9/9/9/9/9/4K4", Red},
	{"black in check: cannon with a red screen, black blocks", "3aka3/9/3n5/9/4N4/9/9/r3C4/9/3K5", Black},
	{"black in check: horse and cannon", "r2ak4/9/3N5/4P4/9/9/9/4C4/9/3K5", Black},
	{"double check by two cannons on the file and the rank", "9/9/9/9/9/9/4c4/9/4P4/c2PK4", Red},
	{"mate: rook and horse", "3k5/9/9/9/3rrr3/9/9/9/9/4K4", Red},
	{"king out of the palace (hand-built), in check", "4k4/9/9/9/1r7/9/9/9/9/1K7", Red},
	{"rook on the rank, the elephant blocks", "3k5/9/9/9/9/9/9/r3K4/9/4B4", Red},
	{"black king on the red half (hand-built), facing", "9/9/9/9/9/9/9/4k4/9/r3K4", Red},
	{"black advisor on the red half (hand-built)", "4k4/9/9/9/9/9/9/9/3a5/r3K4", Red},
}

func TestEvasionsHandBuilt(t *testing.T) {
	var st evadeStats
	for _, tc := range evadeCases {
		for side := Red; side <= Black; side++ {
			p := refSetup(tc.fen, side)
			require.True(t, p.InCheck(tc.side), "%s: %s in check\n%s", tc.name, tc.side, p)
			checkEvasions(t, p, &st)
			// And against the reference, which shares nothing with either.
			b := refBoardOf(p)
			want := refSortedMoves(b.legal(tc.side))
			got := refSortedMoves(p.LegalMovesFor(tc.side, nil))
			if !slices.Equal(want, got) {
				refFail(t, p, want, got, "%s: LegalMovesFor(%s) against the reference", tc.name, tc.side)
			}
		}
	}
	t.Logf("hand-built: %+v", st)
	require.Greater(t, st.doubleCheck, 3)
	require.Greater(t, st.notOrdinary, 1)
	require.Greater(t, st.mated, 1)
}

// inCheckPositions returns the first n positions of the random walk with the
// side to move in check: the benchmark's fixed set.
func inCheckPositions(n int) []*Position {
	var out []*Position
	refRandomWalk(1, 20000, func(p *Position) {
		if len(out) < n && p.InCheck(p.Side()) {
			q := MustParseFEN(p.FEN())
			out = append(out, q)
		}
	})
	return out
}

var benchPositions []*Position

func benchInCheck(b *testing.B, f func(p *Position)) {
	if benchPositions == nil {
		benchPositions = inCheckPositions(200)
	}
	ps := benchPositions
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			f(p)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/position")
}

func BenchmarkLegalMovesInCheck(b *testing.B) {
	var buf [MaxMoves]Move
	b.Run("old", func(b *testing.B) {
		benchInCheck(b, func(p *Position) { p.sync(); p.legalGen(p.Side(), &buf) })
	})
	b.Run("new", func(b *testing.B) {
		benchInCheck(b, func(p *Position) { _ = p.LegalMoves(buf[:0]) })
	})
}

// hasLegalMoveGen is HasLegalMove as it was before evade: the king's steps,
// then every move of every piece, until one is legal.
func hasLegalMoveGen(p *Position, c Color) bool {
	p.sync()
	return p.hasKingStep(c) || p.hasPieceMove(c, everywhere, bitboard{})
}

func BenchmarkHasLegalMoveInCheck(b *testing.B) {
	b.Run("old", func(b *testing.B) {
		benchInCheck(b, func(p *Position) { _ = hasLegalMoveGen(p, p.Side()) })
	})
	b.Run("new", func(b *testing.B) {
		benchInCheck(b, func(p *Position) { _ = p.HasLegalMove(p.Side()) })
	})
}

// BenchmarkHasLegalMoveNoKingStep is HasLegalMove where it matters most: the positions
// of the set where the king has no safe step (mates among them).
func BenchmarkHasLegalMoveNoKingStep(b *testing.B) {
	if benchPositions == nil {
		benchPositions = inCheckPositions(200)
	}
	var boxed []*Position
	for _, p := range benchPositions {
		g := gen{p: p, c: p.Side()}
		p.sync()
		g.addKing(p.King(p.Side()), kingMoves[uint8(p.King(p.Side()))].andNot(p.occ[p.Side()&1]))
		if g.n == 0 {
			boxed = append(boxed, p)
		}
	}
	b.Run("old", func(b *testing.B) {
		for b.Loop() {
			for _, p := range boxed {
				_ = hasLegalMoveGen(p, p.Side())
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(boxed)), "ns/position")
	})
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			for _, p := range boxed {
				_ = p.HasLegalMove(p.Side())
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(boxed)), "ns/position")
	})
}

func BenchmarkCountLegalMovesInCheck(b *testing.B) {
	benchInCheck(b, func(p *Position) { _ = p.CountLegalMoves(p.Side()) })
}

// TestHasLegalMove compares HasLegalMove, for both sides, with trying every
// pseudo-legal move on the board, in and out of check, on positions where
// the king is often boxed in (so that the other pieces are asked) and some
// where no move is legal.
func TestHasLegalMove(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	var buf [MaxMoves]Move
	boxed, none := 0, 0
	try := func(p *Position) {
		for c := Red; c <= Black; c++ {
			want := false
			for _, m := range p.pseudoFor(c, buf[:0]) {
				if p.legalFor(m, c) {
					want = true
					break
				}
			}
			if !want {
				none++
			}
			if !p.hasKingStep(c) {
				boxed++
			}
			if got := p.HasLegalMove(c); got != want {
				refFail(t, p, want, got, "HasLegalMove(%s)", c)
			}
		}
	}
	refHardPositions(18, n, n/3, true, try)
	t.Logf("%d sides with no safe king step, %d with no legal move", boxed, none)
	require.Greater(t, boxed, n)
	require.Greater(t, none, 10)
}
