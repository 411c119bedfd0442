package interp

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// caseCycle is a cycle of the case files, for tests that judge them all.
type caseCycle struct {
	id string
	in Input
}

// caseFileCycles returns every case of testdata/cases that gives a cycle.
func caseFileCycles(t testing.TB) []caseCycle {
	files, err := filepath.Glob("../testdata/cases/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []caseCycle
	for _, f := range files {
		cases, err := ReadCases(f)
		require.NoError(t, err)
		for i := range cases {
			in, err := cases[i].Input()
			if err != nil || len(in.Moves) == 0 {
				continue
			}
			out = append(out, caseCycle{cases[i].ID, in})
		}
	}
	return out
}

// TestJudgeInTurnAsJudge: judging with the analyses in turn (sharing the
// position-only memory between the bundled books' param sets) rules as
// judging with them side by side, on every cycle of the case files.
func TestJudgeInTurnAsJudge(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	cycles := caseFileCycles(t)
	for _, c := range cycles {
		a, err1 := Judge(books, c.in)
		b, err2 := JudgeInTurn(books, c.in)
		require.Equal(t, err1, err2, c.id)
		Explain(a)
		Explain(b)
		require.Equal(t, a, b, c.id)
	}
	require.Greater(t, len(cycles), 100)
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
	cycles := caseFileCycles(t)
	for _, c := range cycles {
		a, err1 := Judge(books, c.in)
		b, err2 := Judge(unskipped, c.in)
		require.Equal(t, err2, err1, c.id)
		Explain(a) // the reasons too
		Explain(b)
		for j := range a { // the books' own params, skips included
			a[j].Params, b[j].Params = nil, nil
		}
		require.Equal(t, b, a, c.id)
	}
	require.Greater(t, len(cycles), 100)
}

// TestJudgeVerdictsAsJudgeInTurn: JudgeVerdicts rules as JudgeInTurn does,
// on every cycle of the case files, but for the reasons' texts it leaves
// out.
func TestJudgeVerdictsAsJudgeInTurn(t *testing.T) {
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	for _, c := range caseFileCycles(t) {
		want, err1 := JudgeInTurn(books, c.in)
		got, err2 := JudgeVerdicts(books, c.in)
		require.Equal(t, err1, err2, c.id)
		Explain(want)
		for i := range want {
			require.NotEmpty(t, want[i].Reason, c.id)
			want[i].Reason = ""
			for k := range want[i].Moves {
				require.NotEmpty(t, want[i].Moves[k].Reason, c.id)
				if want[i].Moves[k].Rule != "(default)" {
					want[i].Moves[k].Reason = ""
				}
			}
		}
		require.Equal(t, want, got, c.id)
	}
}
