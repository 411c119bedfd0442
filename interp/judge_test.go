package interp

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJudgeInTurnAsJudge: judging with the analyses in turn (sharing the
// position-only memory between the bundled books' param sets) rules as
// judging with them side by side, on every cycle of the case files.
func TestJudgeInTurnAsJudge(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	files, err := filepath.Glob("../testdata/cases/*.yaml")
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		cases, err := ReadCases(f)
		require.NoError(t, err)
		for i := range cases {
			in, err := cases[i].Input()
			if err != nil || len(in.Moves) == 0 {
				continue
			}
			a, err1 := Judge(books, in)
			b, err2 := JudgeInTurn(books, in)
			require.Equal(t, err1, err2, cases[i].ID)
			require.Equal(t, a, b, cases[i].ID)
			n++
		}
	}
	require.Greater(t, n, 100)
}
