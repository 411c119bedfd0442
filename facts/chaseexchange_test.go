package facts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// TestChaseExchangeCounts: what a capture's rest counts under each reading
// (Params.ChaseExchange), on the positions of testdata/cases/cn2011_clauses.yaml
// cl-26.5-pinned-chaser, cl-26.5-root-chaser and cl-24.3-other-piece-en-prise
// (the figures read off the board: a crossed pawn is 2, the horse 5): after
// the first move the rook can take a crossed pawn nothing takes back.
// A pinned chaser (被牵子捉子) and a root (做根子捉子) lose the horse they
// screened or rooted: no gain under either reading (26.5). A horse en prise
// elsewhere before the move is lost with or without the capture: the pawn
// is won under either reading (24.3).
func TestChaseExchangeCounts(t *testing.T) {
	victim := func(t *testing.T, fen string, moves []string, sq string, mode ChaseExchange) (Threat, bool) {
		start, cyc, occ := cycleOf(t, fen, moves)
		par := DefaultParams()
		par.ChaseExchange = mode
		c, err := AnalyzeCycle(start, cyc, occ, par)
		require.NoError(t, err)
		for _, th := range c.Moves[0].Threats {
			if th.Victim.Square == sq {
				return th, true
			}
		}
		return Threat{}, false
	}
	rook := []string{"g3g2", "c9a7", "g2g3", "a7c9"}
	for _, mode := range chaseModes {
		t.Run(mode.String(), func(t *testing.T) {
			// Pinned: 炮六进一 opens rank 3 to the rook g3, which screens the
			// horse g1 from the black rook g9.
			th, ok := victim(t, "2bakar2/9/4b4/9/9/9/1p1C2R2/9/5NN2/4K4 w - - 0 1",
				[]string{"d3d4", "c9a7", "d4d3", "a7c9"}, "b3", mode)
			require.True(t, ok, "the pawn b3 is a victim (the rook can take it)")
			assert.True(t, th.HasAfter, "pinned: the capture is counted")
			assert.LessOrEqual(t, th.GainAfter, 0, "pinned: taking b3 costs the horse (+2 −5)")
			// Root: the rook g2 is the only root of the horse g1, which the
			// black rook a1 attacks.
			th, ok = victim(t, "2baka3/9/4b4/9/9/9/2p3R2/1p7/r5N2/4K4 w - - 0 1", rook, "b2", mode)
			require.True(t, ok, "the pawn b2 is a victim (the rook can take it)")
			assert.True(t, th.HasAfter, "root: the capture is counted")
			assert.LessOrEqual(t, th.GainAfter, 0, "root: taking b2 costs the horse (+2 −5)")
			// En prise elsewhere: black's rook i9 takes the horse i5 with or
			// without the capture.
			th, ok = victim(t, "2baka2r/9/4b4/9/8N/9/2p3R2/1p7/9/4K4 w - - 0 1", rook, "b2", mode)
			require.True(t, ok, "the pawn b2 is a victim")
			assert.Equal(t, 2, th.GainAfter, "the horse i5 en prise elsewhere is no part of the capture")
			assert.True(t, th.New)
		})
	}
}

// TestThrough: the attacks restZone counts as passing over the square the
// capturing piece left.
func TestThrough(t *testing.T) {
	sq := func(s string) position.Square {
		q, ok := position.ParseSquare(s)
		require.True(t, ok, s)
		return q
	}
	for _, c := range []struct {
		a, q, over string
		want       bool
	}{
		{"g9", "g1", "g3", true},  // a file, between
		{"g9", "g1", "g0", false}, // beyond
		{"a2", "i2", "e2", true},  // a rank
		{"a2", "i2", "e3", false},
		{"b0", "c2", "b1", true}, // a horse's leg
		{"b0", "c2", "c1", false},
		{"b0", "d1", "c0", true}, // the other leg
		{"c0", "e2", "d1", true}, // an elephant's eye
		{"c0", "e2", "d0", false},
	} {
		assert.Equal(t, c.want, through(sq(c.a), sq(c.q), sq(c.over)), "%s→%s over %s", c.a, c.q, c.over)
	}
}

// TestFollowRootedPiece: 24.7 跟 — a move that keeps watching a rooted enemy
// piece, which has just moved, without winning it. The root is read with the
// follower's side to move (the follower takes first, the root takes back):
// in testdata/cases/cn2011_clauses.yaml cl-24.7-follow-rooted-cannon the
// rook c9 takes back on c8/c7 (车 for 炮, no gain) — 跟; with the rook c9
// gone (cl-24.7-follow-unrooted-cannon) the cannon is won — no 跟, a chase.
func TestFollowRootedPiece(t *testing.T) {
	moves := []string{"c7c8", "i7i8", "c8c7", "i8i7"}
	for _, c := range []struct {
		name, fen string
		follow    bool
	}{
		{"rooted", "2raka3/9/2c5R/9/9/9/9/9/9/3K5 b - - 0 1", true},
		{"unrooted", "3aka3/9/2c5R/9/9/9/9/9/9/3K5 b - - 0 1", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			start, cyc, occ := cycleOf(t, c.fen, moves)
			cf, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
			require.NoError(t, err)
			for _, i := range []int{1, 3} {
				m := cf.Moves[i]
				assert.Equal(t, c.follow, m.Follow, "ply %d", i+1)
				if c.follow {
					require.Len(t, m.Followed, 1)
					assert.Equal(t, moves[i-1][2:], m.Followed[0].Square, "the cannon that has just moved")
				}
			}
		})
	}
}
