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

// TestSkipsDoNotChangeRulings: the fact groups the bundled books skip
// (facts.Skip, from what each book reads) change no ruling — judging every
// case-file cycle with the skips and with none gives the same rulings.
func TestSkipsDoNotChangeRulings(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	var unskipped []*Book
	skipping := 0
	for _, b := range books {
		if b.Params.Skip != 0 {
			skipping++
		}
		nb := *b
		nb.Params.Skip = 0
		unskipped = append(unskipped, &nb)
	}
	require.Positive(t, skipping)
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
			b, err2 := Judge(unskipped, in)
			require.Equal(t, err2, err1, cases[i].ID)
			for j := range a { // the books' own params, skips included
				a[j].Params, b[j].Params = nil, nil
			}
			require.Equal(t, b, a, cases[i].ID)
			n++
		}
	}
	require.Greater(t, n, 100)
}
