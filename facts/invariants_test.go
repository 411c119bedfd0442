package facts

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// mirrorSquare reflects a square left–right (file a ↔ i).
func mirrorSquare(s string) string {
	return string([]byte{'i' - (s[0] - 'a'), s[1]})
}

// rotateSquare turns a square half a turn (a0 ↔ i9): seen from the other side.
func rotateSquare(s string) string {
	return string([]byte{'i' - (s[0] - 'a'), '9' - (s[1] - '0')})
}

// transformFEN reflects a position left–right or, with turn, turns it half
// a turn and exchanges the colours (the same position, Red and Black
// swapped).
func transformFEN(fen string, turn bool) string {
	p := position.MustParseFEN(fen)
	q := position.Empty()
	for sq := position.Square(0); sq < position.NumSquares; sq++ {
		pc := p.At(sq)
		switch {
		case pc == position.NoPiece:
		case turn:
			q.Place(position.SquareAt(8-sq.File(), 9-sq.Rank()), position.MakePiece(pc.Color().Other(), pc.Kind()))
		default:
			q.Place(position.SquareAt(8-sq.File(), sq.Rank()), pc)
		}
	}
	side := p.Side()
	if turn {
		side = side.Other()
	}
	q.SetSide(side)
	return q.FEN()
}

// analyzeTransformed analyses a figure's cycle and the same cycle on the
// transformed board (see transformFEN; square maps a square the same way).
func analyzeTransformed(t *testing.T, fg figure, par Params, turn bool, square func(string) string) (a, b Cycle) {
	start, cyc, occ := cycleOf(t, fg.FEN, fg.Moves)
	a, err := AnalyzeCycle(start, cyc, occ, par)
	require.NoError(t, err)
	var mm []string
	for _, m := range cyc {
		mm = append(mm, square(m.From().String())+square(m.To().String()))
	}
	tstart, tcyc, tocc := cycleOf(t, transformFEN(start.FEN(), turn), mm)
	b, err = AnalyzeCycle(tstart, tcyc, tocc, par)
	require.NoError(t, err)
	return a, b
}

// TestFactsMirror: mirroring the board left–right gives the mirrored facts —
// the same checks, threats (victims, gains, protection, causes) and offers on
// mirrored squares. A search that depended on move order or on a file's
// number would break it.
func TestFactsMirror(t *testing.T) {
	for _, mode := range chaseModes {
		par := DefaultParams()
		par.NodeLimit = 5000000
		par.ChaseExchange = mode
		testFactsMirror(t, par)
	}
}

// chaseModes are the readings of a capture's gain (Params.ChaseExchange):
// the invariance tests run under each.
var chaseModes = []ChaseExchange{ChaseBoard, ChaseSquare}

func testFactsMirror(t *testing.T, par Params) {
	for _, fg := range loadFigures(t)[:12] {
		t.Run(par.ChaseExchange.String()+"/"+fg.ID, func(t *testing.T) {
			a, b := analyzeTransformed(t, fg, par, false, mirrorSquare)
			for i := range a.Moves {
				x, y := a.Moves[i], b.Moves[i]
				assert.Equal(t, x.Check, y.Check, "ply %d check", i+1)
				assert.Equal(t, x.MateThreat.Exists, y.MateThreat.Exists, "ply %d mate threat", i+1)
				assert.Equal(t, summary(x.Threats, true), summary(y.Threats, false), "ply %d threats", i+1)
				assert.Equal(t, len(x.Offers), len(y.Offers), "ply %d offers", i+1)
			}
			assert.Equal(t, a.Red.CanVary, b.Red.CanVary)
			assert.Equal(t, a.Black.CanVary, b.Black.CanVary)
		})
	}
}

// TestFactsColourSwap: exchanging the colours (the board turned half a turn,
// Red's pieces Black's and the other way round) gives the same facts with the
// sides exchanged and the squares turned. A search that favoured a colour or
// a direction of play would break it.
func TestFactsColourSwap(t *testing.T) {
	for _, mode := range chaseModes {
		par := DefaultParams()
		par.NodeLimit = 5000000
		par.ChaseExchange = mode
		testFactsColourSwap(t, par)
	}
}

func testFactsColourSwap(t *testing.T, par Params) {
	for _, fg := range loadFigures(t) {
		if fg.ID == "cn2020-fig09" || strings.HasPrefix(fg.ID, "cn2020-fig29") || fg.ID == "cn2020-fig19" {
			continue // slow; the other 27 figures cover the same code
		}
		t.Run(par.ChaseExchange.String()+"/"+fg.ID, func(t *testing.T) {
			a, b := analyzeTransformed(t, fg, par, true, rotateSquare)
			for i := range a.Moves {
				x, y := a.Moves[i], b.Moves[i]
				assert.NotEqual(t, x.Side, y.Side, "ply %d side", i+1)
				assert.Equal(t, x.Check, y.Check, "ply %d check", i+1)
				assert.Equal(t, x.MateThreat.Exists, y.MateThreat.Exists, "ply %d mate threat", i+1)
				assert.Equal(t, x.MateThreat.Plies, y.MateThreat.Plies, "ply %d mate threat plies", i+1)
				assert.Equal(t, summaryWith(x.Threats, rotateSquare), summaryWith(y.Threats, nil), "ply %d threats", i+1)
				assert.Equal(t, len(x.Offers), len(y.Offers), "ply %d offers", i+1)
				assert.Equal(t, x.MaterialRed, y.MaterialBlack, "ply %d material", i+1)
			}
			assert.Equal(t, a.Red.CanVary, b.Black.CanVary)
			assert.Equal(t, a.Black.CanVary, b.Red.CanVary)
			assert.Equal(t, a.Red.CompletesLast, b.Black.CompletesLast)
		})
	}
}

func summary(ts []Threat, mirror bool) []string {
	if mirror {
		return summaryWith(ts, mirrorSquare)
	}
	return summaryWith(ts, nil)
}

func summaryWith(ts []Threat, turn func(string) string) []string {
	var out []string
	for _, t := range ts {
		sq := t.Victim.Square
		if turn != nil {
			sq = turn(sq)
		}
		out = append(out, strings.Join([]string{t.Victim.Kind, sq, itoa(t.GainAfter), itoa(t.GainBefore), t.Protection, t.Cause}, " "))
	}
	slices.Sort(out)
	return out
}

// TestAnalyzeLeavesPositionUnchanged: the start position handed in, and the
// positions used inside, are bit-for-bit as before.
func TestAnalyzeLeavesPositionUnchanged(t *testing.T) {
	fg := loadFigures(t)[0]
	start, cyc, occ := cycleOf(t, fg.FEN, fg.Moves)
	before := start.Clone()
	_, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
	require.NoError(t, err)
	assert.Equal(t, before.Board(), start.Board())
	assert.Equal(t, before.Key(), start.Key())
	assert.Equal(t, before.Keys(), start.Keys())

	p := start.Clone()
	k, keys := p.Key(), p.Keys()
	_ = analyzeMove(p, cyc[0], context{}, DefaultParams())
	assert.Equal(t, k, p.Key())
	assert.Equal(t, keys, p.Keys())
	assert.Equal(t, start.Board(), p.Board())
}

// TestYaoLi1985 is the seed's famous case (姚淳–李来群 1985, seed 000 L45 and
// 001 图11): after 车七退一 Black's crossed pawn can take the unprotected rook
// and suffers nothing at once (the 2011 reading: 献), while with Red moving
// again Red wins a pawn (the 1984 reading: 捉). Both computations must show.
func TestYaoLi1985(t *testing.T) {
	start, cyc, occ := cycleOf(t, "2baka3/9/8b/p3p3p/3r2p2/2R6/P2pc1r1P/B3C4/4A3N/3RKAB2 w - - 0 1",
		[]string{"车七退一", "炮5退1", "车七进一", "炮5进1"})
	c, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
	require.NoError(t, err)
	m := c.Moves[0]
	require.Equal(t, "车七退一", m.CN)

	var rook *Offer
	for i := range m.Offers {
		if m.Offers[i].Piece.Square == "c3" {
			rook = &m.Offers[i]
		}
	}
	require.NotNil(t, rook, "the rook on c3 is offered")
	assert.True(t, rook.Moved)
	assert.Equal(t, "none", rook.Protection)
	require.NotEmpty(t, rook.Takers)
	assert.Equal(t, "pawn", rook.Takers[0].Piece.Kind)
	assert.True(t, rook.Takers[0].Piece.Crossed)
	assert.False(t, rook.Takers[0].MatedAtOnce)
	assert.GreaterOrEqual(t, rook.Takers[0].Net, 0, "taking the rook loses nothing at once")
	assert.True(t, rook.FreeTake)

	var pawn *Threat
	for i := range m.Threats {
		if m.Threats[i].Victim.Square == "d3" {
			pawn = &m.Threats[i]
		}
	}
	require.NotNil(t, pawn, "Red moving again wins the pawn on d3")
	assert.True(t, pawn.New)
	assert.Positive(t, pawn.GainAfter)
	assert.NotEmpty(t, pawn.Line)
}

func TestAnalyzeCycleBadInput(t *testing.T) {
	start := position.MustParseFEN(position.StartFEN)
	h2e2, _ := position.ParseMove(start, "h2e2")
	_, err := AnalyzeCycle(start, []position.Move{h2e2}, 2, DefaultParams())
	assert.True(t, errors.Is(err, ErrNoCycle), "a move list that does not return is no cycle: %v", err)
	_, err = AnalyzeCycle(start, nil, 2, DefaultParams())
	assert.True(t, errors.Is(err, ErrNoCycle))
	bad := position.NewMove(position.SquareAt(0, 0), position.SquareAt(5, 5))
	_, err = AnalyzeCycle(start, []position.Move{bad}, 2, DefaultParams())
	assert.ErrorContains(t, err, "not a legal move")
}

// TestDeterministic: the same cycle gives the same facts, run after run (no
// dependence on map order or on what an earlier search left behind).
func TestDeterministic(t *testing.T) {
	for _, fg := range loadFigures(t)[:10] {
		start, cyc, occ := cycleOf(t, fg.FEN, fg.Moves)
		a, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err)
		for range 3 {
			b, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
			require.NoError(t, err)
			require.Equal(t, a, b, fg.ID)
		}
	}
}

// TestNodeLimitHolds: in a position rich in checks for both sides, a small
// node limit cuts the searches short and the facts say so, instead of
// pretending to an answer or running away.
func TestNodeLimitHolds(t *testing.T) {
	// Both sides with rooks, horses and cannons around the other's king.
	start, cyc, occ := cycleOf(t, "2bakab2/3R5/2n3Nc1/r1C5p/9/9/P1c3n1P/2N6/4A4/2BAK1B1R w - - 0 1",
		[]string{"i0i1", "a6a7", "i1i0", "a7a6"})
	par := DefaultParams()
	par.NodeLimit = 500
	par.MateDepth = 15
	par.QuietMate = true
	c, err := AnalyzeCycle(start, cyc, occ, par)
	require.NoError(t, err)
	cut := false
	for _, m := range c.Moves {
		cut = cut || m.Cut
	}
	assert.True(t, cut, "a 500-node limit on a position full of checks must be reported as cut")
	assert.True(t, c.Red.Cut || c.Black.Cut)
}

// TestDetailBasic: a DetailBasic analysis has every fact that needs no search
// equal to the full analysis, the searched ones empty, and the same per-cycle
// facts (有变 included).
func TestDetailBasic(t *testing.T) {
	for _, fg := range loadFigures(t) {
		start, cy, occ := fg.cycle(t)
		full, err := AnalyzeCycle(start, cy, occ, DefaultParams())
		require.NoError(t, err)
		par := DefaultParams()
		par.Detail = DetailBasic
		basic, err := AnalyzeCycle(start, cy, occ, par)
		require.NoError(t, err)
		assert.Equal(t, full.Red, basic.Red, fg.ID)
		assert.Equal(t, full.Black, basic.Black, fg.ID)
		assert.Equal(t, full.Simple, basic.Simple, fg.ID)
		for i, f := range full.Moves {
			b := basic.Moves[i]
			assert.Empty(t, b.Threats, fg.ID)
			assert.Empty(t, b.Offers, fg.ID)
			assert.False(t, b.MateThreat.Exists, fg.ID)
			// Clear the searched facts of the full analysis: the rest must agree.
			f.Threats, f.Offers, f.MateThreat = nil, nil, MateThreat{}
			f.MovedWasThreatened, f.MovedThreatGain = false, 0
			f.Block, f.Blocked, f.Follow, f.Followed = false, nil, false, nil
			f.MateThreatSelfInflicted, f.Cut = false, false
			b.Cut = false
			assert.Equal(t, f, b, "%s ply %d", fg.ID, i+1)
		}
	}
}

// TestCaptureDiscoversCheck: the pawn e4 steps to e5 and attacks the horse
// d5; taking it uncovers the rook e1's check on the king e9 (cppxq "2022
// 26.8"). With the rook off the file the capture checks nothing.
func TestCaptureDiscoversCheck(t *testing.T) {
	for _, tc := range []struct {
		fen        string
		discovered bool
	}{
		{"4k4/9/9/9/3n5/4P4/9/9/4R4/5K3 w - - 0 1", true},
		{"4k4/9/9/9/3n5/4P4/9/9/R8/5K3 w - - 0 1", false},
	} {
		p := position.MustParseFEN(tc.fen)
		m, err := position.ParseMove(p, "e4e5")
		require.NoError(t, err)
		mf := analyzeMove(p, m, context{}, DefaultParams())
		var horse *Threat
		for i := range mf.Threats {
			if mf.Threats[i].Victim.Square == "d5" {
				horse = &mf.Threats[i]
			}
		}
		require.NotNil(t, horse, tc.fen)
		assert.True(t, horse.OnlyPawn, tc.fen)
		assert.Equal(t, tc.discovered, horse.CaptureChecks, tc.fen)
		assert.Equal(t, tc.discovered, horse.CaptureDiscoversCheck, tc.fen)
	}
}

// TestAnalyzeCyclesSharesOnlyPositions: analysing a cycle under several sets
// of params in one AnalyzeCycles call (sharing the position-only memory,
// mate searches of another depth included) gives the facts of analysing
// under each alone — over the figure and AXF cycles, with the Chinese books'
// values at mate depths 13, 9 and 5 and 王忠's values.
func TestAnalyzeCyclesSharesOnlyPositions(t *testing.T) {
	deep := DefaultParams()
	deep.MateDepth = 13
	shallow := DefaultParams()
	shallow.MateDepth = 5
	wz := DefaultParams()
	wz.Rook, wz.Horse, wz.Cannon, wz.Advisor, wz.Elephant, wz.Pawn, wz.CrossedPawn = 4, 2, 2, 1, 1, 1, 2
	wz.PawnTradeNoGain = false
	params := []Params{deep, wz, DefaultParams(), shallow}
	ins := append(figureCycles(t), axfCycles(t)...)
	if testing.Short() {
		ins = ins[:40]
	}
	for _, in := range ins {
		together, err := AnalyzeCycles(in.start, in.moves, in.occ, params)
		require.NoError(t, err, in.id)
		for i, par := range params {
			alone, err := AnalyzeCycle(in.start, in.moves, in.occ, par)
			require.NoError(t, err, in.id)
			require.Equal(t, alone, together[i], "%s under params %d", in.id, i)
		}
	}
}

// TestAnalysesShareTheMemo: analysing stretches from one start with one
// Analyses (each finding the memo the ones before filled, values included
// where the params are the same but for the groups they skip) gives the
// facts of analysing each alone — over the figure and AXF cycles, each
// judged twice round and then once, under the Chinese books' params (with
// and without skips) and 王忠's in both orders.
func TestAnalysesShareTheMemo(t *testing.T) {
	deep := DefaultParams()
	deep.MateDepth = 13
	wz := DefaultParams()
	wz.Rook, wz.Horse, wz.Cannon, wz.Advisor, wz.Elephant, wz.Pawn, wz.CrossedPawn = 4, 2, 2, 1, 1, 1, 2
	wz.PawnTradeNoGain = false
	// deepSkip differs from deep only in the groups it skips: the memo's
	// values found under either are kept for the other (sameValues).
	deepSkip := deep
	deepSkip.Skip = SkipTakeNet | SkipVariation | SkipBeforeWithoutGain | SkipMateBefore | SkipAcrossCheck | SkipRootKept
	ins := append(figureCycles(t), axfCycles(t)...)
	if testing.Short() {
		ins = ins[:40]
	}
	for _, in := range ins {
		twice := append(slices.Clone(in.moves), in.moves...)
		x := NewAnalyses()
		for _, step := range []struct {
			moves  []position.Move
			params []Params
		}{{twice, []Params{deep}}, {in.moves, []Params{wz, deep}}, {twice, []Params{deep, wz}},
			{in.moves, []Params{deepSkip, wz}}, {twice, []Params{deep, deepSkip}}} {
			shared, err := x.AnalyzeCycles(in.start, step.moves, in.occ, step.params)
			require.NoError(t, err, in.id)
			for i, par := range step.params {
				alone, err := AnalyzeCycle(in.start, step.moves, in.occ, par)
				require.NoError(t, err, in.id)
				require.Equal(t, alone, shared[i], "%s, %d plies, under params %d", in.id, len(step.moves), i)
			}
		}
		x.Close()
	}
}

// TestSkipLeavesOutOnlyItsGroups: with Params.Skip the analysis leaves the
// offers and 有变 out and changes nothing else — over the figure and AXF
// cycles.
func TestSkipLeavesOutOnlyItsGroups(t *testing.T) {
	offers, vary := 0, 0
	cyclesSkipping(t, SkipOffers|SkipVariation, func(id string, full, part *Cycle) {
		for i := range full.Moves {
			offers += len(full.Moves[i].Offers)
			require.Empty(t, part.Moves[i].Offers, id)
			full.Moves[i].Offers = nil
		}
		for _, s := range []*Side{&full.Red, &full.Black} {
			if s.CanVary {
				vary++
			}
			s.CanVary, s.VaryMove, s.VaryMoveCN, s.VaryAt = false, "", "", 0
		}
		require.Equal(t, full, part, id)
	})
	require.Positive(t, offers)
	require.Positive(t, vary)
}

// TestSkipTakeNetLeavesOutOnlyItsFields: with SkipTakeNet alone the
// analysis leaves the takers' Net, MatedAtOnce and Line and the offers'
// FreeTake zero and changes nothing else — over the figure and AXF cycles.
func TestSkipTakeNetLeavesOutOnlyItsFields(t *testing.T) {
	nets := 0
	cyclesSkipping(t, SkipTakeNet, func(id string, full, part *Cycle) {
		for i := range full.Moves {
			for j := range full.Moves[i].Offers {
				o := &full.Moves[i].Offers[j]
				o.FreeTake = false
				for k := range o.Takers {
					tk := &o.Takers[k]
					if tk.Net != 0 || tk.MatedAtOnce {
						nets++
					}
					tk.Net, tk.MatedAtOnce, tk.Line = 0, false, nil
				}
			}
		}
		require.Equal(t, full, part, id)
	})
	require.Positive(t, nets)
}

// TestSkipThreatGroupsLeaveOutOnlyTheirFields: with one of the groups of a
// threat's fields alone, the analysis leaves those fields zero and changes
// nothing else — over the figure and AXF cycles, where each group has
// something to leave out:
//   - SkipBeforeWithoutGain: the before (HasBefore, GainBefore,
//     LineGainBefore, ChaseGainBefore, DirectBefore) of a threat that wins
//     nothing after the move, which is not New and whose Cause is
//     "unrelated" either way;
//   - SkipAcrossCheck: HasBeforeCheck, GainBeforeCheck, StoodBeforeCheck,
//     SelfInflicted;
//   - SkipRootKept: RootKeptGain.
func TestSkipThreatGroupsLeaveOutOnlyTheirFields(t *testing.T) {
	for _, g := range []struct {
		name string
		skip Skip
		// clear zeroes th's fields of the group and reports whether any
		// was not zero.
		clear func(t *testing.T, th *Threat) bool
	}{
		{"SkipBeforeWithoutGain", SkipBeforeWithoutGain, func(t *testing.T, th *Threat) bool {
			if th.GainAfter > 0 {
				return false
			}
			require.False(t, th.New)
			require.Equal(t, "unrelated", th.Cause)
			had := th.HasBefore
			th.HasBefore, th.GainBefore, th.LineGainBefore, th.ChaseGainBefore, th.DirectBefore = false, 0, 0, 0, false
			return had
		}},
		{"SkipAcrossCheck", SkipAcrossCheck, func(_ *testing.T, th *Threat) bool {
			had := th.HasBeforeCheck
			th.HasBeforeCheck, th.GainBeforeCheck, th.StoodBeforeCheck, th.SelfInflicted = false, 0, false, false
			return had
		}},
		{"SkipRootKept", SkipRootKept, func(_ *testing.T, th *Threat) bool {
			had := th.RootKeptGain != 0
			th.RootKeptGain = 0
			return had
		}},
	} {
		left := 0
		cyclesSkipping(t, g.skip, func(id string, full, part *Cycle) {
			for i := range full.Moves {
				for j := range full.Moves[i].Threats {
					if g.clear(t, &full.Moves[i].Threats[j]) {
						left++
					}
				}
			}
			require.Equal(t, full, part, "%s: %s", g.name, id)
		})
		require.Positive(t, left, g.name)
	}
}

// TestSkipMateBeforeLeavesOutOnlyItsFields: with SkipMateBefore alone the
// analysis leaves MateThreat.Before and MateThreatSelfInflicted false and
// changes nothing else — over the figure and AXF cycles, where some mate
// threats stood before the move.
func TestSkipMateBeforeLeavesOutOnlyItsFields(t *testing.T) {
	befores := 0
	cyclesSkipping(t, SkipMateBefore, func(id string, full, part *Cycle) {
		for i := range full.Moves {
			m := &full.Moves[i]
			if m.MateThreat.Before {
				befores++
			}
			m.MateThreat.Before, m.MateThreatSelfInflicted = false, false
		}
		require.Equal(t, full, part, id)
	})
	require.Positive(t, befores)
}

// cyclesSkipping calls compare with the facts of each figure and AXF cycle
// (the first 40 with -short) analysed in full and with skip.
func cyclesSkipping(t *testing.T, skip Skip, compare func(id string, full, part *Cycle)) {
	par := DefaultParams()
	par.Skip = skip
	ins := append(figureCycles(t), axfCycles(t)...)
	if testing.Short() {
		ins = ins[:40]
	}
	for _, in := range ins {
		full, err := AnalyzeCycle(in.start, in.moves, in.occ, DefaultParams())
		require.NoError(t, err, in.id)
		part, err := AnalyzeCycle(in.start, in.moves, in.occ, par)
		require.NoError(t, err, in.id)
		compare(in.id, &full, &part)
	}
}

// TestMemoOrderIndependent: the facts of a move do not depend on what the
// cycle's memo holds when it is analysed — every cycle of the figures and
// the AXF rulings analysed with its moves in reverse order (so that each
// move finds the memo filled by the others' searches) gives the same facts
// as in order, and each move analysed alone (an empty memo) the same too.
// Everything the memo keeps must be a fact of the position alone: an exact
// value, or a bound that holds whatever window found it.
// (Within a move the searches share the memo in a fixed order, which this
// cannot vary: TestExchangeBoundsSound checks the bounds it keeps directly.)
//
// The first cycle is from CCPD (世界盃 00001166, plies 103-107), where a bound
// the exchange search kept too high (its futility cut returned less than a
// left-out capture was worth) once made the advisor e8's gain before 炮八退二
// read 0 instead of 2.
func TestMemoOrderIndependent(t *testing.T) {
	for _, mode := range chaseModes {
		par := DefaultParams()
		par.ChaseExchange = mode
		t.Run(mode.String(), func(t *testing.T) { testMemoOrderIndependent(t, par) })
	}
}

func testMemoOrderIndependent(t *testing.T, par Params) {
	start := position.MustParseFEN("2b2k3/3Pa4/3ab4/3N5/1C7/4N4/3r5/4K4/6p2/9 b - - 0 1")
	ms, err := position.ParseMoves(start, strings.Fields("d3d5 b5b3 d5d3 b3b5"))
	require.NoError(t, err)
	ins := append([]benchCycle{{"ccpd-00001166-103", start, ms, 3}}, append(figureCycles(t), axfCycles(t)...)...)
	if testing.Short() {
		ins = ins[:40]
	}
	for _, in := range ins {
		want, err := AnalyzeCycle(in.start, in.moves, in.occ, par)
		require.NoError(t, err, in.id)
		a, err := newAnalysis(in.start, in.moves, in.occ)
		require.NoError(t, err, in.id)
		for j := len(in.moves) - 1; j >= 0; j-- {
			a.move(j, par)
		}
		for j := range in.moves {
			require.Equal(t, want.Moves[j], a.c.Moves[j], "%s ply %d, moves analysed in reverse", in.id, j+1)
		}
		a.done()
		for j := range in.moves {
			b, err := newAnalysis(in.start, in.moves, in.occ)
			require.NoError(t, err, in.id)
			b.move(j, par)
			require.Equal(t, want.Moves[j], b.c.Moves[j], "%s ply %d, analysed alone", in.id, j+1)
			b.done()
		}
	}
}
