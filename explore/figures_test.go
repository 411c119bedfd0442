package explore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
)

// caseStartsT reads the bundled case files' starts.
func caseStartsT(t testing.TB) []Start {
	t.Helper()
	files, err := DefaultCaseFiles()
	require.NoError(t, err)
	starts, _, err := ReadStarts(files...)
	require.NoError(t, err)
	require.NotEmpty(t, starts)
	return starts
}

// bookPair loads 11 and a draft of testdata/rules/drafts.
func bookPair(t testing.TB, a, draft string) (*interp.Book, *interp.Book) {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	ba := lib.Book(a)
	require.NotNil(t, ba)
	bb := lib.Book(draft)
	if bb == nil {
		bb, err = lib.LoadFile(filepath.Join("..", "testdata", "rules", "drafts", draft+".yaml"))
		require.NoError(t, err)
	}
	return ba, bb
}

func TestExploreScratch(t *testing.T) {
	if os.Getenv("XQ_SCRATCH") == "" {
		t.Skip()
	}
	starts := caseStartsT(t)
	fmt.Println("starts", len(starts))
	for _, d := range []string{"no-26.2"} {
		a, b := bookPair(t, "11", d)
		rep, err := Run(context.Background(), a, b, starts, Options{Count: 3000, Jobs: 2})
		require.NoError(t, err)
		fmt.Printf("%s: judged %d differ %d groups %d in %v\n", d, rep.Judged, rep.Differ, len(rep.Groups), rep.Elapsed)
		for _, g := range rep.Groups {
			fmt.Printf("  %d× %s  minimal %d (from %d) %v %s %v %s\n", g.Count, g.Key, g.Minimal.Pieces, g.From, g.MinimiseTime, g.Minimal.FEN, g.Minimal.CN, g.Minimal.Source)
		}
	}
}
