package facts

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite facts/testdata/figures.golden")

// TestFiguresGolden pins a summary of the facts of every 2020 figure, so that
// a change to the searches (for speed, say) that changes any fact shows up as
// a diff to read, not as a silent drift. Rewrite with -update after a change
// of meaning, and say why in the commit.
func TestFiguresGolden(t *testing.T) {
	var sb strings.Builder
	for _, fg := range loadFigures(t) {
		start, cyc, occ := fg.cycle(t)
		c, err := AnalyzeCycle(start, cyc, occ, DefaultParams())
		require.NoError(t, err)
		fmt.Fprintf(&sb, "%s red-vary=%v black-vary=%v simple=%v\n", fg.ID, c.Red.CanVary, c.Black.CanVary, c.Simple)
		for _, m := range c.Moves {
			fmt.Fprintf(&sb, "  %d %s %s check=%v mate=%v threat=%v/%s/%d before=%v threatened=%v block=%d follow=%v\n",
				m.Ply, m.ICCS, m.CN, m.Check, m.Mate, m.MateThreat.Exists, m.MateThreat.Kind, m.MateThreat.Plies,
				m.MateThreat.Before, m.MovedWasThreatened, len(m.Blocked), m.Follow)
			for _, th := range summary(m.Threats, false) {
				fmt.Fprintf(&sb, "    T %s\n", th)
			}
			for _, o := range m.Offers {
				fmt.Fprintf(&sb, "    O %s %s %s free=%v takers=%d\n", o.Piece.Kind, o.Piece.Square, o.Protection, o.FreeTake, len(o.Takers))
			}
		}
	}
	path := "testdata/figures.golden"
	if *updateGolden {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	require.Equal(t, string(want), sb.String())
}
