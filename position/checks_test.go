package position

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file checks LegalCaptures, LegalQuietChecks and GivesCheck against
// their slow definitions (LegalMoves filtered; Make, InCheck, Unmake), and on
// part of the positions against the independent reference of movegen_test.go.

// slowGivesCheck is GivesCheck's definition. It asks the attack test itself:
// InCheck, after a move, may answer from the check information GivesCheck
// uses (see lastMoveChecks).
func slowGivesCheck(p *Position, m Move) bool {
	c := p.Side()
	p.Make(m)
	check := attackedKing(p, c.Other())
	p.Unmake()
	return check
}

// attackedKing is InCheck by the attack test alone.
func attackedKing(p *Position, c Color) bool {
	k := p.King(c)
	return k != NoSquare && p.attacked(k, c.Other())
}

// slowCaptures and slowQuietChecks are the generators' definitions.
func slowCaptures(p *Position) []Move {
	var out []Move
	for _, m := range p.LegalMoves(nil) {
		if p.At(m.To()) != NoPiece {
			out = append(out, m)
		}
	}
	return out
}

func slowQuietChecks(p *Position) []Move {
	var out []Move
	for _, m := range p.LegalMoves(nil) {
		if p.At(m.To()) == NoPiece && slowGivesCheck(p, m) {
			out = append(out, m)
		}
	}
	return out
}

// checkStats counts the positions checked and the situations met, so that a
// test can insist they were exercised.
type checkStats struct {
	positions int
	// moverInCheck: the side to move in check; checking: the side to move
	// attacks the other king (the hypothetical state after a null move).
	moverInCheck, checking                                int
	captures, kingCaptures, quietChecks, checkingCaptures int
	// Quiet checks by kind: uncovered by a line (rook, cannon, king) or a
	// horse leg, a piece made a cannon's screen, two checkers at once.
	discoveredLine, discoveredLeg, screens, doubleChecks int
	// Pseudo-legal moves that would check but are illegal: a pinned piece's
	// (or the king's), and those that leave the kings facing.
	illegalChecks, facing int
}

// crossCheckChecks compares the three functions with their definitions on p
// and on p after a null move.
func crossCheckChecks(t *testing.T, p *Position, st *checkStats) {
	t.Helper()
	crossCheckOne(t, p, st)
	p.Make(NullMove)
	crossCheckOne(t, p, st)
	p.Unmake()
}

func crossCheckOne(t *testing.T, p *Position, st *checkStats) {
	t.Helper()
	st.positions++
	c := p.Side()
	e := c.Other()
	if p.InCheck(c) {
		st.moverInCheck++
	}
	if p.InCheck(e) {
		st.checking++
	}
	var buf [MaxMoves]Move
	legal := p.LegalMoves(nil)
	var wantCaps, wantChecks []Move
	for _, m := range legal {
		want := slowGivesCheck(p, m)
		if got := p.GivesCheck(m); got != want {
			refFail(t, p, want, got, "GivesCheck(%s)", m)
		}
		if p.At(m.To()) != NoPiece {
			wantCaps = append(wantCaps, m)
			if p.At(m.To()).Kind() == King {
				st.kingCaptures++
			}
			if want {
				st.checkingCaptures++
			}
			continue
		}
		if !want {
			continue
		}
		wantChecks = append(wantChecks, m)
		p.Make(m)
		checkers := p.Checkers(e)
		p.Unmake()
		if p.InCheck(e) {
			continue // the kinds below are for real positions
		}
		if len(checkers) > 1 {
			st.doubleChecks++
		}
		k := p.King(e)
		b := refBoardOf(p)
		for _, sq := range checkers {
			switch {
			case sq == m.To():
			case p.At(sq).Kind() == Horse:
				st.discoveredLeg++
			case p.At(sq).Kind() == Cannon && b.between(sq, k) == 0:
				st.screens++ // it had no screen: the moved piece is it
			default:
				st.discoveredLine++
			}
		}
	}
	if got := p.GivesCheck(NullMove); got != p.InCheck(e) {
		refFail(t, p, p.InCheck(e), got, "GivesCheck(NullMove)")
	}
	st.captures += len(wantCaps)
	st.quietChecks += len(wantChecks)
	wantCaps, wantChecks = refSortedMoves(wantCaps), refSortedMoves(wantChecks)
	if got := refSortedMoves(p.LegalCaptures(buf[:0])); !slices.Equal(wantCaps, got) {
		refFail(t, p, wantCaps, got, "LegalCaptures")
	}
	if got := refSortedMoves(p.LegalCaptures(nil)); !slices.Equal(wantCaps, got) {
		refFail(t, p, wantCaps, got, "LegalCaptures(nil)")
	}
	if got := refSortedMoves(p.LegalQuietChecks(buf[:0])); !slices.Equal(wantChecks, got) {
		refFail(t, p, wantChecks, got, "LegalQuietChecks")
	}
	if got := refSortedMoves(p.LegalQuietChecks(nil)); !slices.Equal(wantChecks, got) {
		refFail(t, p, wantChecks, got, "LegalQuietChecks(nil)")
	}
	// The combined generator: the same moves, in the same order as the two
	// generators one after the other, the captures counted.
	both, nc := p.LegalCapturesAndQuietChecks(buf[:0])
	sep := append(p.LegalCaptures(nil), p.LegalQuietChecks(nil)...)
	if !slices.Equal(sep, both) || nc != len(wantCaps) {
		refFail(t, p, sep, both, "LegalCapturesAndQuietChecks (%d captures)", nc)
	}
	// Appending keeps what dst held.
	pre := []Move{NullMove}
	if got := p.LegalCaptures(pre); len(got) != 1+len(wantCaps) || got[0] != NullMove {
		refFail(t, p, 1+len(wantCaps), got, "LegalCaptures appends")
	}
	// The moves that would check but are illegal, for the statistics.
	if st.positions%4 == 0 {
		isLegal := map[Move]bool{}
		for _, m := range legal {
			isLegal[m] = true
		}
		for _, m := range p.PseudoMoves(nil) {
			if isLegal[m] || p.At(m.To()).Kind() == King {
				continue
			}
			p.Make(m)
			if p.InCheck(e) {
				st.illegalChecks++
			}
			if a, b := p.King(Red), p.King(Black); a != NoSquare && b != NoSquare && a.File() == b.File() && refBoardOf(p).between(a, b) == 0 {
				st.facing++
			}
			p.Unmake()
		}
	}
}

// crossCheckReference compares the generators with the independent reference
// of movegen_test.go (its legal moves, and "attacked" on the board after).
func crossCheckReference(t *testing.T, p *Position) {
	t.Helper()
	b := refBoardOf(p)
	c := p.Side()
	k := b.king(c.Other())
	var caps, checks []Move
	for _, m := range b.legal(c) {
		if b.at(m.To()) != NoPiece {
			caps = append(caps, m)
			continue
		}
		after := *b
		after.set(m.To(), after.at(m.From()))
		after.set(m.From(), NoPiece)
		if k != NoSquare && after.attacked(k, c) {
			checks = append(checks, m)
		}
	}
	caps, checks = refSortedMoves(caps), refSortedMoves(checks)
	if got := refSortedMoves(p.LegalCaptures(nil)); !slices.Equal(caps, got) {
		refFail(t, p, caps, got, "LegalCaptures against the reference")
	}
	if got := refSortedMoves(p.LegalQuietChecks(nil)); !slices.Equal(checks, got) {
		refFail(t, p, checks, got, "LegalQuietChecks against the reference")
	}
}

// perftWalk calls visit on every position of the legal move tree from p down
// to depth plies (the root included).
func perftWalk(p *Position, depth int, visit func(p *Position)) {
	visit(p)
	if depth == 0 {
		return
	}
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		perftWalk(p, depth-1, visit)
		p.Unmake()
	}
}

func TestChecksPerftTree(t *testing.T) {
	var st checkStats
	depth := 3
	if testing.Short() {
		depth = 2
	}
	nodes := 0
	for i, tc := range perftCases {
		d := depth
		if i > 0 {
			d = 2 // the other perft positions: their first two plies
		}
		p := MustParseFEN(tc.fen)
		perftWalk(p, d, func(p *Position) {
			nodes++
			crossCheckChecks(t, p, &st)
		})
	}
	t.Logf("perft trees: %d nodes; %+v", nodes, st)
	if !testing.Short() {
		require.Equal(t, 1+44+1920+79666+1+38+1128+1+49+2265+1+13+272, nodes)
	}
	require.Greater(t, st.quietChecks, nodes/10)
	require.Greater(t, st.moverInCheck, nodes/200)
	require.Greater(t, st.checking, nodes/200)
	require.Greater(t, st.kingCaptures, nodes/200)
}

func TestChecksRandomWalk(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var st checkStats
	i := 0
	refRandomWalk(11, n, func(p *Position) {
		crossCheckChecks(t, p, &st)
		if i%10 == 0 {
			crossCheckReference(t, p)
		}
		i++
	})
	t.Logf("random walk: %d positions; %+v", n, st)
	require.Greater(t, st.moverInCheck, n/50)
	require.Greater(t, st.checking, n/50)
	require.Greater(t, st.discoveredLine, n/400)
	require.Greater(t, st.screens, n/50)
	require.Greater(t, st.illegalChecks, n/200)
}

func TestChecksRandomSetups(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	var st checkStats
	// Played on a little: the cache of check information is tested on odd
	// positions too.
	refSetupsPlayedOn(12, n, func(p *Position) {
		crossCheckChecks(t, p, &st)
		if p.Ply() == 0 { // the setup itself
			crossCheckReference(t, p)
		}
	})
	t.Logf("setups: %+v", st)
	require.Greater(t, st.discoveredLeg, n/50)
	require.Greater(t, st.doubleChecks, n/50)
	require.Greater(t, st.facing, n/50)
}

// TestChecksNearKing is the fuzz-ish test: random positions (seeded) with
// the pieces crowded onto the lines and around the square of the king to be
// checked, where checks of every kind, uncovered and screened, are common.
func TestChecksNearKing(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 500
	}
	var st checkStats
	rng := rand.New(rand.NewPCG(13, 0x5eed))
	for i := 0; i < n; i++ {
		p := nearKingSetup(rng)
		crossCheckChecks(t, p, &st)
		if i%4 == 0 {
			crossCheckReference(t, p)
		}
	}
	t.Logf("near the king: %+v", st)
	require.Greater(t, st.discoveredLine, n/10)
	require.Greater(t, st.discoveredLeg, n/100)
	require.Greater(t, st.screens, n/100)
	require.Greater(t, st.doubleChecks, n/100)
	require.Greater(t, st.illegalChecks, n/2)
	require.Greater(t, st.checking, n/2)
}

// refHardPositions visits n crowded setups (nearKingSetup, seeded with
// seed; with children, each also after every one of its legal moves), then
// a random walk of n positions (seed+1), then setups random or played on
// (refSetupsPlayedOn, seed+2, setups of them).
func refHardPositions(seed uint64, n, setups int, children bool, visit func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for range n {
		p := nearKingSetup(rng)
		visit(p)
		if !children {
			continue
		}
		for _, m := range p.LegalMoves(nil) {
			p.Make(m)
			visit(p)
			p.Unmake()
		}
	}
	refRandomWalk(seed+1, n, visit)
	refSetupsPlayedOn(seed+2, setups, visit)
}

// nearKingSetup places both kings in their palaces, then up to a dozen
// pieces of either side, most of them on the black king's file or rank or
// next to it, and lets Red move.
func nearKingSetup(rng *rand.Rand) *Position {
	p := Empty()
	bk := SquareAt(3+rng.IntN(3), 7+rng.IntN(3))
	rk := SquareAt(3+rng.IntN(3), rng.IntN(3))
	p.Place(bk, MakePiece(Black, King))
	p.Place(rk, MakePiece(Red, King))
	kinds := []Kind{Rook, Cannon, Horse, Pawn, Rook, Cannon, Horse, Horse, Advisor, Elephant}
	for j, n := 0, 4+rng.IntN(9); j < n; j++ {
		c := Red
		if rng.IntN(3) == 0 {
			c = Black
		}
		pc := MakePiece(c, kinds[rng.IntN(len(kinds))])
		for try := 0; try < 20; try++ {
			var sq Square
			switch rng.IntN(5) {
			case 4:
				// Where a horse would check from (its leg often taken
				// by the pieces crowding round the king).
				hs := horseFrom[bk]
				for skip := rng.IntN(hs.count()); skip > 0; skip-- {
					hs.pop()
				}
				sq = hs.pop()
			case 0:
				sq = SquareAt(bk.File(), rng.IntN(10))
			case 1:
				sq = SquareAt(rng.IntN(9), bk.Rank())
			case 2:
				f, r := bk.File()+rng.IntN(5)-2, bk.Rank()+rng.IntN(5)-2
				if !onBoard(f, r) {
					continue
				}
				sq = SquareAt(f, r)
			default:
				sq = Square(rng.IntN(NumSquares))
			}
			if p.At(sq) != NoPiece || badSquare(pc, sq) != "" {
				continue
			}
			p.Place(sq, pc)
			break
		}
	}
	p.SetSide(Red)
	return p
}

// TestSpecialChecks compares specialChecks, which reasons about the quiet
// moves of the pieces whose moves may uncover a check, with playing each of
// them on the board (checking), on positions crowded round the king and on
// a random walk.
func TestSpecialChecks(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 500
	}
	moves, uncover, checks := 0, 0, 0
	try := func(p *Position) {
		ci := p.checkInfo()
		if ci.checking || ci.ksq == NoSquare {
			return
		}
		empty := boardMask.andNot(p.occ[0].or(p.occ[1]))
		for s := ci.special; !s.isEmpty(); {
			from := s.pop()
			to := p.pieceMoves(from).and(empty)
			if ci.uncover.has(from) {
				uncover++
			}
			moves += to.count()
			want := p.checking(from, to, ci.ksq)
			checks += want.count()
			if got := ci.specialChecks(from, p.At(from).Kind(), p.Side(), to); got != want {
				refFail(t, p, want, got, "specialChecks(%s)", from)
			}
		}
	}
	refHardPositions(14, n, n/5, true, try) // kings out of the palace among the setups
	t.Logf("%d quiet moves of special pieces (%d uncovering), %d checks", moves, uncover, checks)
	require.Greater(t, uncover, n)
	require.Greater(t, checks, n)
}

// TestLastMoveChecks compares what the check information of the position a
// move was made in says of the side to move's king after it (lastMoveChecks,
// hence InCheck) with the attack test, for every pseudo-legal move, legal or
// not, and the null move; and makes sure a board written since is noticed.
func TestLastMoveChecks(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	known, checks := 0, 0
	var buf [MaxMoves]Move
	try := func(p *Position) {
		_ = p.GivesCheck(NullMove) // works out the check information
		for _, m := range append(p.PseudoMoves(buf[:0]), NullMove) {
			p.Make(m)
			want := attackedKing(p, p.Side())
			if check, ok := p.lastMoveChecks(); ok {
				known++
				if check != want {
					refFail(t, p, want, check, "lastMoveChecks after %s", m)
				}
			}
			if want {
				checks++
			}
			if got := p.InCheck(p.Side()); got != want {
				refFail(t, p, want, got, "InCheck after %s", m)
			}
			// A probe changes the board behind the move's back.
			if m != NullMove {
				old := p.Probe(m.To(), NoPiece)
				if _, ok := p.lastMoveChecks(); ok {
					refFail(t, p, false, true, "lastMoveChecks known after a probe")
				}
				p.Probe(m.To(), old)
			}
			p.Unmake()
		}
	}
	refHardPositions(19, n, n/5, false, try)
	t.Logf("%d answers known, %d checks", known, checks)
	require.Greater(t, known, 10*n)
	require.Greater(t, checks, n)
}

// TestChecksManyPieces crosses the generators on hand-built positions where
// the side to move has more pieces than a side starts with (more than
// LegalCapturesAndQuietChecks' single pass holds), crowded round the king.
func TestChecksManyPieces(t *testing.T) {
	var st checkStats
	rng := rand.New(rand.NewPCG(17, 0x5eed))
	for range 300 {
		p := nearKingSetup(rng)
		for n := 0; p.occ[Red].count() < 18+rng.IntN(6) && n < 200; n++ {
			sq := Square(rng.IntN(NumSquares))
			pc := MakePiece(Red, []Kind{Rook, Cannon, Horse, Pawn}[rng.IntN(4)])
			if p.At(sq) == NoPiece && badSquare(pc, sq) == "" {
				p.Place(sq, pc)
			}
		}
		p.SetSide(Red)
		p.sync()
		require.Greater(t, p.occ[Red].count(), len(pendingChecks{}.from))
		crossCheckChecks(t, p, &st)
		crossCheckReference(t, p)
	}
	t.Logf("many pieces: %+v", st)
	require.Greater(t, st.quietChecks, 300)
}

// TestChecksExamples pins down hand-made positions: the side to move's
// quiet checks and captures in full, and some moves' GivesCheck.
func TestChecksExamples(t *testing.T) {
	cases := []struct {
		name, fen  string
		null       bool     // ask after a null move (the hypothetical state)
		checks     []string // LegalQuietChecks
		captures   []string // LegalCaptures
		gives, not []string // moves that give check, moves that do not
	}{{
		// A piece arriving on the e-file between the cannon and the king
		// becomes its screen: the horse (its leg f3 is free) and the pawn
		// stepping sideways. The pawn stepping forward does not.
		name:   "screen",
		fen:    "4k4/9/9/9/3P5/9/6N2/4C4/9/3K5 w - - 0 1",
		checks: []string{"d5e5", "g3e4"},
		not:    []string{"d5d6", "g3f5", "e2e8", "e2d2"},
	}, {
		// The pawn on d8 is the leg of the horse on d7: any pawn move
		// uncovers the horse; to d9 and e8 the pawn checks as well (double
		// check).
		name:   "horse leg",
		fen:    "4k4/3P5/3N5/9/9/9/9/9/9/3K5 w - - 0 1",
		checks: []string{"d8c8", "d8d9", "d8e8"},
		not:    []string{"d7f8", "d7e5"},
	}, {
		// The cannon on e3 is pinned by the rook on e6: to d3 it would
		// check over the horse on d6, but it may not leave the file.
		name:   "pinned",
		fen:    "3k5/R8/9/3nr4/9/9/4C4/9/9/4K4 w - - 0 1",
		checks: []string{"a8a9", "a8d8"},
		not:    []string{"e3e4", "e3e1"},
	}, {
		// The horse alone between the kings may not leave the file, even
		// to a square it would check from.
		name:   "kings facing",
		fen:    "4k4/R8/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
		checks: []string{"a8a9", "a8e8"},
		not:    []string{"a8d8"},
	}, {
		// The king may not step onto the open file facing the other.
		name:   "king facing",
		fen:    "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
		checks: []string{"a8a9", "a8e8"},
		not:    []string{"d0d1"},
	}, {
		// A cannon with nothing before the king moves along the file and
		// keeps nothing before it; but jumping away over a screen to
		// capture, it leaves that screen before the king: check.
		name:     "cannon along the file",
		fen:      "4k4/9/9/9/4C4/4P4/9/4p4/9/3K5 w - - 0 1",
		captures: []string{"e5e2"},
		gives:    []string{"e5e2"},
		not:      []string{"e5e8", "e5e6", "e5d5"},
	}, {
		// Two screens before the cannon on e0: the black pawn, and Red's
		// own king, whose step aside uncovers the cannon.
		name:     "king as a screen",
		fen:      "4k4/9/9/9/4p4/9/9/9/4K4/4C4 w - - 0 1",
		checks:   []string{"e1d1", "e1f1"},
		captures: []string{"e0e5"},
		not:      []string{"e1e2", "e0e5"},
	}, {
		// After a null move Red attacks the king already: moves that keep
		// the rook's check "give" it, king moves included; moves that
		// lift it do not; taking the king is a capture and no check.
		name:     "hypothetical",
		fen:      "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
		null:     true,
		checks:   []string{"d0d1", "d0e0", "e1e0", "e1e2", "e1e3", "e1e4", "e1e5", "e1e6", "e1e7", "e1e8"},
		captures: []string{"e1e9"},
		not:      []string{"e1e9", "e1d1", "e1i1"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			if tc.null {
				p.Make(NullMove)
			}
			names := func(ms []Move) []string {
				var out []string
				for _, m := range ms {
					out = append(out, m.String())
				}
				slices.Sort(out)
				return out
			}
			require.Equal(t, tc.checks, names(p.LegalQuietChecks(nil)), "quiet checks")
			require.Equal(t, tc.captures, names(p.LegalCaptures(nil)), "captures")
			for _, s := range tc.gives {
				m, ok := parseICCS(s)
				require.True(t, ok && p.IsLegal(m), s)
				require.True(t, p.GivesCheck(m), s)
			}
			for _, s := range tc.not {
				m, ok := parseICCS(s)
				require.True(t, ok && p.IsLegal(m), s)
				require.False(t, p.GivesCheck(m), s)
			}
			var st checkStats
			crossCheckChecks(t, p, &st)
		})
	}
}

// benchCheckPositions are the benchmarks' positions: the perft positions and
// 60 middlegame positions of a seeded random walk from them.
func benchCheckPositions() []*Position {
	var ps []*Position
	for _, tc := range perftCases {
		ps = append(ps, MustParseFEN(tc.fen))
	}
	i := 0
	refRandomWalk(21, 1200, func(p *Position) {
		if i++; i%20 == 0 {
			q := MustParseFEN(p.FEN())
			ps = append(ps, q)
		}
	})
	return ps
}

// forget drops p's cached check information, as a new node of a search has
// none.
func forget(p *Position) { p.checks[len(p.hist)&7].valid = false }

func benchChecks(b *testing.B, f func(p *Position)) {
	ps := benchCheckPositions()
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			f(p)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}

func BenchmarkLegalCaptures(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	benchChecks(b, func(p *Position) { buf = p.LegalCaptures(buf[:0]) })
}

// BenchmarkLegalCapturesFilter is LegalCaptures' definition: all legal moves,
// filtered.
func BenchmarkLegalCapturesFilter(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	out := make([]Move, 0, MaxMoves)
	benchChecks(b, func(p *Position) {
		buf = p.LegalMoves(buf[:0])
		out = out[:0]
		for _, m := range buf {
			if p.At(m.To()) != NoPiece {
				out = append(out, m)
			}
		}
	})
}

// BenchmarkLegalQuietChecks includes working out the check information, as
// at a search's new node.
func BenchmarkLegalQuietChecks(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	benchChecks(b, func(p *Position) {
		forget(p)
		buf = p.LegalQuietChecks(buf[:0])
	})
}

// BenchmarkLegalQuietChecksFilter is LegalQuietChecks' definition: all legal
// moves, the non-captures played to ask InCheck.
func BenchmarkLegalQuietChecksFilter(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	out := make([]Move, 0, MaxMoves)
	benchChecks(b, func(p *Position) {
		buf = p.LegalMoves(buf[:0])
		out = out[:0]
		c := p.Side()
		for _, m := range buf {
			if p.At(m.To()) != NoPiece {
				continue
			}
			p.Make(m)
			if p.InCheck(c.Other()) {
				out = append(out, m)
			}
			p.Unmake()
		}
	})
}

// benchMoves runs f on every position with its legal moves.
func benchMoves(b *testing.B, f func(p *Position, ms []Move)) {
	ps := benchCheckPositions()
	moves := make([][]Move, len(ps))
	n := 0
	for i, p := range ps {
		moves[i] = p.LegalMoves(nil)
		n += len(moves[i])
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, p := range ps {
			f(p, moves[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}

// BenchmarkGivesCheck asks for every legal move of each position, the check
// information worked out once per position (as at a search's new node).
func BenchmarkGivesCheck(b *testing.B) {
	benchMoves(b, func(p *Position, ms []Move) {
		forget(p)
		for _, m := range ms {
			_ = p.GivesCheck(m)
		}
	})
}

// BenchmarkGivesCheckMakeUnmake is GivesCheck's definition.
func BenchmarkGivesCheckMakeUnmake(b *testing.B) {
	benchMoves(b, func(p *Position, ms []Move) {
		c := p.Side()
		for _, m := range ms {
			p.Make(m)
			_ = p.InCheck(c.Other())
			p.Unmake()
		}
	})
}

// BenchmarkLegalCapturesAndQuietChecks is the exchange search's generator,
// the check information worked out at each position (as at a search's new
// node).
func BenchmarkLegalCapturesAndQuietChecks(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	benchChecks(b, func(p *Position) {
		forget(p)
		buf, _ = p.LegalCapturesAndQuietChecks(buf[:0])
	})
}

// BenchmarkMakeUnmake plays and takes back every legal move of each position.
func BenchmarkMakeUnmake(b *testing.B) {
	benchMoves(b, func(p *Position, ms []Move) {
		for _, m := range ms {
			p.Make(m)
			p.Unmake()
		}
	})
}

// The new queries do not allocate when given room.
func TestChecksDoNotAllocate(t *testing.T) {
	for _, fen := range queryPositions {
		p := MustParseFEN(fen)
		moves := make([]Move, 0, MaxMoves)
		legal := p.LegalMoves(nil)
		allocs := testing.AllocsPerRun(100, func() {
			forget(p)
			moves = p.LegalCaptures(moves[:0])
			moves = p.LegalQuietChecks(moves[:0])
			for _, m := range legal {
				_ = p.GivesCheck(m)
			}
		})
		require.Zero(t, allocs, fen)
	}
}

// The cached check information follows the board when code writes it
// directly: with the key (Probe), or without it, clearing cached.
func TestChecksCacheFollowsDirectWrites(t *testing.T) {
	var st checkStats
	p := MustParseFEN("4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1")
	require.Empty(t, p.LegalQuietChecks(nil))
	// A red horse on g3 can step onto the e-file as the cannon's screen.
	old := p.Probe(SquareAt(6, 3), MakePiece(Red, Horse))
	require.Equal(t, []Move{NewMove(SquareAt(6, 3), SquareAt(4, 4))}, p.LegalQuietChecks(nil))
	crossCheckChecks(t, p, &st)
	p.Probe(SquareAt(6, 3), old)
	require.Empty(t, p.LegalQuietChecks(nil))
	require.False(t, p.GivesCheck(NewMove(SquareAt(4, 2), SquareAt(4, 8))))
	// Without the key: a red pawn on e8 makes the cannon check already.
	sq := SquareAt(4, 8)
	p.board[sq] = MakePiece(Red, Pawn)
	p.cached = false
	require.True(t, p.GivesCheck(NullMove))
	crossCheckChecks(t, p, &st)
	p.board[sq] = NoPiece
	p.cached = false
	require.False(t, p.GivesCheck(NullMove))
	crossCheckChecks(t, p, &st)
}

// FuzzChecks cross-checks positions crowded round the king from any seed
// (go test -fuzz FuzzChecks); without -fuzz it runs the seed corpus.
func FuzzChecks(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		var st checkStats
		p := nearKingSetup(rand.New(rand.NewPCG(seed, 0x5eed)))
		crossCheckChecks(t, p, &st)
		crossCheckReference(t, p)
		// Legal moves (in check: the evasion generator) against the
		// reference, for the side to move and, after a null move, the other.
		for range 2 {
			want := refSortedMoves(refBoardOf(p).legal(p.Side()))
			if got := refSortedMoves(p.LegalMoves(nil)); !slices.Equal(want, got) {
				refFail(t, p, want, got, "LegalMoves against the reference")
			}
			if got := p.HasLegalMove(p.Side()); got != (len(want) > 0) {
				refFail(t, p, len(want) > 0, got, "HasLegalMove against the reference")
			}
			p.Make(NullMove)
		}
	})
}
