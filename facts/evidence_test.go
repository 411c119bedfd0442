package facts

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// TestEvidenceLineAsFullSearch: the line and gain gainsAll reports for each
// victim (the shared search, then the evidence search in a window around
// its value, skipping the root's checks that cannot matter and stopping
// once its line is settled) are those of the one-victim search with no
// window (gainVia) — in every position after a move of the figure and AXF
// cycles, the mover to move again, under both chase readings. With the
// pawn clamp on, equal lines are told apart by it, so a search that stopped
// at the first line worth the most would report a clamped line where an
// unclamped one follows: the CCPD game below (炮五平八, red to move again)
// has such a tie for the cannon d9 — its first line worth the most, by
// checks, gives the pawn d8 for it (兵六平五 … clamped), a later one does
// not.
func TestEvidenceLineAsFullSearch(t *testing.T) {
	ins := append(figureCycles(t), axfCycles(t)...)
	if testing.Short() {
		ins = ins[:40]
	}
	// ccpd_repetition_games: the game of 00-208 moves ending 炮五平八 车5平2
	// 炮八平五 车2平5 (plies 210–217), after 炮五平八.
	tie := position.MustParseFEN("3ckab2/R2Pa4/4b4/4r3p/1C7/1p7/9/4B4/4A4/3AK1B2 w - - 0 1")
	// 2020 图29 after 车8平9, black to move again: under the square reading
	// the elephant c4 is worth 4 by 车9进9 车二退三 车9平8 帅五进一 车3进2 …
	// (the rook that blocked the check taken on the way). The one-victim
	// search with a floor (the evidence search's window) once lost it: below
	// the root it held a capture without check to at most its victim, but
	// under the square reading the rest may give back the zone's baseline —
	// after 车9进9 帅五进一, 炮1退1 帅五进一 车9退2 车二退一 车3进2 is worth 12 —
	// so that gainsAll reported -8 (the plain capture 车3进2).
	fig29 := position.MustParseFEN("2bak3r/4aP3/4b4/2r1C4/4P4/2B6/4R2R1/B8/1p7/c3K4 b - - 0 1")
	for _, mode := range chaseModes {
		par := DefaultParams()
		par.ChaseExchange = mode
		lines, checkLines := 0, 0
		compare := func(id string, pos *position.Position) {
			shared := newSearcher(pos, par, nil).gainsAll()
			for _, e := range shared {
				if pos.At(e.sq).Kind() == position.King {
					continue
				}
				alone := newSearcher(pos, par, nil).gainVia(e.sq)
				if alone.gain <= 0 && e.r.gain <= 0 {
					continue // no evidence searched: the shared search's balance
				}
				id := id + " victim " + e.sq.String()
				require.Equal(t, alone.found, e.r.found, "%s: the shared search's line %v, the one-victim search's %v", id, e.r.line, alone.line)
				require.True(t, alone.ok, id)
				require.Equal(t, alone.gain, e.r.gain, id)
				require.Equal(t, alone.line, e.r.line, id)
				require.Equal(t, alone.viaCheck, e.r.viaCheck, id)
				require.Equal(t, alone.clamped, e.r.clamped, id)
				require.Equal(t, alone.kept, e.r.kept, id)
				lines++
				if e.r.viaCheck {
					checkLines++
				}
			}
		}
		compare("ccpd tie", tie)
		compare("2020 图29 after 车8平9", fig29)
		for _, in := range ins {
			pos := in.start.Clone()
			for j, m := range in.moves {
				pos.Make(m)
				pos.Make(position.NullMove)
				compare(fmt.Sprintf("%s ply %d", in.id, j+1), pos)
				pos.Unmake()
			}
		}
		t.Logf("%s: %d lines, %d by checks", mode, lines, checkLines)
		require.Positive(t, checkLines, mode.String())
	}
}
