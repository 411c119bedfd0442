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

// TestEqualLinesTold: where two lines through a victim are worth the same,
// the one reported must not depend on the order moves are generated in —
// the same on the board as given, mirrored and with the colours swapped.
// The mover takes, of equal lines, one the pawn clamp (26.7) leaves
// standing; of equal answers to a check, the defender takes one the clamp
// takes away (gainSearch, afterCheck: tieBreak), and within the exchange
// search a capture first, then the quiet answer that holds out longest (qsc). Each case: a 2020 figure's
// cycle played to a move, the mover to move again (its threats).
func TestEqualLinesTold(t *testing.T) {
	for _, c := range []struct {
		name, fen, moves, target string
		gain                     int
		line                     string
	}{
		// 参考图30 车三平四: 兵四平三 (check) 将6平5 车四退三 wins the horse
		// (伏平兵将军抽吃马, 判捉); 兵四平五 is worth as much, but the king
		// takes the pawn back: a pawn for a horse, no gain.
		{"ref30 mover: the pawn's check the clamp leaves", "2b2R3/5P3/b3k3n/5np2/2P6/9/1pp6/3CB4/4A4/4KAB1r w - - 0 1",
			"f9g9 e7f7 g9f9", "f6", 3, "f8g8 f7e7 f9f6 a7c5"},
		// 参考图12 车六平八 (捉): 车八进八 士5退4 炮九平六 wins an advisor;
		// 兵五进一 将5进1 炮九平三 is worth as much, one pawn for two pieces.
		{"ref12 mover: the rook's check rather than the pawn", "C2k1ab2/4a4/4P4/2r1c1p2/8p/9/P3N1P1P/4n4/1R7/3AKA3 w - - 0 1",
			"b1d1 d9e9 d1b1", "e8", 5, "b1b9 e8d9 a9d9"},
		// 参考图12's start, 车八进一 after 车八退一 车3平1: after 车八平六 the
		// king's step aside (将4平5) is as good for black as the cannon's
		// block and makes the line one pawn for two pieces: no gain. (Of
		// lines equal in balance and clamp, the first found is reported:
		// the line is not compared.)
		{"ref12 defender: the answer the clamp takes away", "C2k1ab2/4a4/4P4/2r1c1p2/8p/9/P3N1P1P/4n4/1R7/3AKA3 w - - 0 1",
			"b1b0 c6a6 b0b1", "e8", 0, ""},
		// 图8, 车6平2: 炮5进6 takes the elephant with check; 帅五平四 and
		// 帅五平六 lose the same, and the king's step to the horse's side
		// holds out longest (the horse's checks, not the moved rook's).
		{"fig08 defender in the exchange: the longest answer", "3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1",
			"h9e9 f6b6", "e2", 22, "e8e2 e0f0 i3g2 f0f1 g2h0 f1f0 e2e9"},
	} {
		for _, v := range []struct {
			name   string
			turn   *bool
			square func(string) string
		}{
			{"as given", nil, func(s string) string { return s }},
			{"mirrored", new(bool), mirrorSquare},
			{"colours swapped", ptrTrue(), rotateSquare},
		} {
			fen := c.fen
			if v.turn != nil {
				fen = transformFEN(fen, *v.turn)
			}
			tr := func(ms string) []string {
				var out []string
				for _, m := range strings.Fields(ms) {
					out = append(out, v.square(m[:2])+v.square(m[2:]))
				}
				return out
			}
			pos, err := position.ParseFEN(fen)
			require.NoError(t, err)
			ms, err := position.ParseMoves(pos, tr(c.moves))
			require.NoError(t, err)
			for _, m := range ms {
				pos.Make(m)
			}
			pos.Make(position.NullMove)
			sq, ok := position.ParseSquare(v.square(c.target))
			require.True(t, ok)
			r := newSearcher(pos, DefaultParams(), nil).gainVia(sq)
			require.True(t, r.ok, "%s %s", c.name, v.name)
			assert.Equal(t, c.gain, r.gain, "%s %s: line %v", c.name, v.name, iccsLine(r.line))
			if c.line != "" {
				assert.Equal(t, tr(c.line), iccsLine(r.line), "%s %s", c.name, v.name)
			}
		}
	}
}

func ptrTrue() *bool { b := true; return &b }
