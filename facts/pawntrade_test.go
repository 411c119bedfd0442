package facts

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// TestPawnTradeClause: 26.7 (1999 25.3) — a line in which the mover gives
// only pawns for other pieces is no gain; the pawns given are the ones
// traded in the exchange, not a pawn the opponent grabs elsewhere.
func TestPawnTradeClause(t *testing.T) {
	for _, tc := range []struct {
		name, fen, line string
		gain, want      int
	}{
		// The crossed pawn g6 takes the horse g7 and the rook g9 takes it
		// back: a pawn for a horse, no gain (一兵换取数子…不算得子).
		{"pawn given for a horse", "3k2r2/9/6n2/6P2/9/9/9/9/9/4K4 w - - 0 1", "g6g7 g9g7", 3, 0},
		// The rook takes the horse a8; the rook g9 grabs the pawn g6, which
		// took no part: a horse won, a pawn lost elsewhere — a gain.
		{"pawn grabbed elsewhere", "3k2r2/n8/9/6P2/R8/9/9/9/9/4K4 w - - 0 1", "a5a8 g9g6", 3, 3},
		// Both ways (2020 图22): the rook e6, root of the horse b6, takes
		// the pawn e4 and black's rook takes the horse — a horse for a
		// pawn is no 得子 for black either: no loss.
		{"horse given for a pawn", "2b1kr3/1r2a4/4ba3/1N2R4/9/4p4/9/4B4/4A4/3AK1B2 w - - 0 1", "e6e4 b8b6", -3, 0},
		// A rook given for a pawn is a loss (26.7's rook exception, seen
		// from black's side).
		{"rook given for a pawn", "2b1kr3/1r2a4/4ba3/1R2R4/9/4p4/9/4B4/4A4/3AK1B2 w - - 0 1", "e6e4 b8b6", -8, -8},
		// The rook takes the elephant e7 instead: a horse for an
		// elephant, piece for piece, stays a loss (参考图28's 得不偿失).
		{"horse given for an elephant", "2b1kr3/1r2a4/4ba3/1N2R4/9/4p4/9/4B4/4A4/3AK1B2 w - - 0 1", "e6e7 b8b6", -3, -3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := position.ParseFEN(tc.fen)
			require.NoError(t, err)
			line, err := position.ParseMoves(pos, strings.Fields(tc.line))
			require.NoError(t, err)
			s := newSearcher(pos, DefaultParams(), nil)
			assert.Equal(t, tc.want, s.clampPawnTrade(line, tc.gain, nil))
		})
	}
}

// TestPawnClampTieByCaptureOrder: CCPD 00004111 ply 114, after 炮五平八
// 车5平2 (red to move). The pawn g8 takes the elephant g9 and the rook b6
// takes the cannon b4 (lost anyway: black takes it if red passes); red then
// takes the elephant e7 with the rook c7 or the advisor f9 with the pawn,
// equal balances. With the pawn, the king takes it back: a pawn given for
// pieces, no gain (26.7); with the rook nothing is given. The mover takes
// e7: gain 2, on the board as given, mirrored and with the colours swapped.
// The tie is inside the exchange search (qsc), which does not weigh the
// clamp: the line holds because sortCaptures puts the elephant before the
// advisor (by kind), not because the clamp chose it — a guard, not a proof.
func TestPawnClampTieByCaptureOrder(t *testing.T) {
	const fen, target, gain = "3ckab2/4a1P2/2R1b4/1r7/9/1C6p/9/4B4/4A4/4KAB2 w - - 0 1", "g9", 2
	line := []string{"g8g9", "b6b4", "c7e7"}
	for _, v := range []struct {
		name   string
		fen    string
		square func(string) string
	}{
		{"as given", fen, func(s string) string { return s }},
		{"mirrored", transformFEN(fen, false), mirrorSquare},
		{"colours swapped", transformFEN(fen, true), rotateSquare},
	} {
		pos, err := position.ParseFEN(v.fen)
		require.NoError(t, err)
		sq, ok := position.ParseSquare(v.square(target))
		require.True(t, ok)
		s := newSearcher(pos, DefaultParams(), nil)
		r := s.gainVia(sq)
		require.True(t, r.ok, v.name)
		assert.Equal(t, gain, r.gain, "%s: line %v", v.name, iccsLine(r.line))
		var want []string
		for _, m := range line {
			want = append(want, v.square(m[:2])+v.square(m[2:]))
		}
		assert.Equal(t, want, iccsLine(r.line), v.name)
	}
}

// TestKingPawnTakesLast: the complete exchange on a capture's square
// (24.3 通过完整互吃交换), played with each side's least valuable piece,
// where the opponent would rather not take back. 2020 参考图32's prose:
// the king takes only after an even trade (cannon for horse, then 帅 takes
// the horse that took back) — the gain is the king's own (26.1). Just
// outside: a rook takes last; the king or pawn that moved takes last (26.1.1
// 走动帅(将)、兵(卒)后与其它子配合 → 捉); the king's or pawn's first capture.
// Positions: testdata/cases/cn2020_mechanisms.yaml m20-ref32-*, after
// 炮六平五 with red to move again.
func TestKingPawnTakesLast(t *testing.T) {
	for _, c := range []struct {
		name, fen, capture string
		movedTo            string
		want               bool
	}{
		{"king takes after an even trade", "3a1k3/9/3a5/8P/4C4/9/4P4/9/3Kn4/6n2 w - - 0 1", "e5e1", "e5", true},
		{"a rook takes last", "3a1k3/9/3a5/8P/4C4/9/4P4/9/2R1n4/3K2n2 w - - 0 1", "e5e1", "e5", false},
		{"the king that moved takes last", "3a1k3/9/3a5/8P/4C4/9/4P4/9/3Kn4/6n2 w - - 0 1", "e5e1", "d1", false},
		{"no trade: the horse on e1 has no root", "3a1k3/9/3a5/8P/4C4/9/4P4/9/3Kn4/9 w - - 0 1", "e5e1", "e5", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos, err := position.ParseFEN(c.fen)
			require.NoError(t, err)
			ms, err := position.ParseMoves(pos, []string{c.capture})
			require.NoError(t, err)
			moved, ok := position.ParseSquare(c.movedTo)
			require.True(t, ok)
			par := DefaultParams()
			before := pos.FEN()
			assert.Equal(t, c.want, kingPawnTakesLast(pos, &par, ms[0], moved))
			assert.Equal(t, before, pos.FEN(), "the position is restored")
		})
	}
}
