package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var caseFiles = filepath.Join("..", "..", "testdata", "cases")

func TestDiffUsage(t *testing.T) {
	out, _, st := xq(t, "diff", "--help")
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, "Usage: xqrules diff")
	seeds := filepath.Join(caseFiles, "seeds.yaml")
	for _, args := range [][]string{
		{seeds},                        // no --rules
		{"--rules", "11", seeds},       // one book
		{"--rules", "11,87,99", seeds}, // three
		{"--rules", "11,all", seeds},   // all
		{"--rules", "11,11", seeds},    // the same twice
		{"--rules", "11,87", "--format", "yaml", seeds},
		{"--rules", "11,87", "--cycles", "most", seeds},
	} {
		_, errs, st := xq(t, append([]string{"diff"}, args...)...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
	_, _, st = xq(t, "diff", "--rules", "11,nosuch", seeds)
	assert.Equal(t, exitUsage, st, "an unknown book is bad usage (issue 25)")
}

// goldenRuling is a case's ruling under a book, from the golden results
// that interp's TestCaseFiles keeps.
type goldenRuling struct{ verdict, labels string }

func readGolden(t *testing.T, path string) map[string]map[string]goldenRuling {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	out := map[string]map[string]goldenRuling{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		require.GreaterOrEqual(t, len(f), 4, line)
		g := goldenRuling{verdict: f[3]}
		for _, x := range f[4:] {
			if strings.HasPrefix(x, "expected ") || strings.HasPrefix(x, "labels ") {
				continue
			}
			g.labels = x
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]goldenRuling{}
		}
		out[f[0]][f[1]] = g
	}
	return out
}

// The cases diff reports are exactly those whose golden rulings under the
// two books differ (where the golden file has both).
func TestDiffCasesAgreesWithGolden(t *testing.T) {
	out, errs, st := xq(t, "diff", "--rules", "87,11", "--format", "json", filepath.Join(caseFiles, "seeds.yaml"))
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[diffReport](t, out)
	assert.Equal(t, "87", rep.A)
	assert.Equal(t, "11", rep.B)
	assert.Empty(t, rep.Errors)
	got := map[string]diffItem{}
	for _, d := range rep.Diffs {
		got[d.ID] = d
	}
	golden := readGolden(t, filepath.Join(caseFiles, "seeds.results"))
	both := 0
	for id, byBook := range golden {
		a, okA := byBook["87"]
		b, okB := byBook["11"]
		if !okA || !okB {
			continue
		}
		both++
		d, differs := got[id]
		assert.Equal(t, a != b, differs, id)
		if differs {
			assert.Equal(t, a.verdict != b.verdict, d.VerdictDiffers, id)
			assert.Equal(t, a.verdict, d.A.Verdict, id)
			assert.Equal(t, b.verdict, d.B.Verdict, id)
			assert.Equal(t, a.labels, strings.Join(d.A.Labels, " "), id)
			assert.Equal(t, b.labels, strings.Join(d.B.Labels, " "), id)
		}
	}
	require.Equal(t, 3, both, "the seeds the golden file rules under both 87 and 11")
	assert.GreaterOrEqual(t, rep.Compared, len(golden), "every seed is judged under both books")
	assert.Equal(t, rep.Verdicts+rep.Labels, len(rep.Diffs))

	text, _, st := xq(t, "diff", "--rules", "87,11", filepath.Join(caseFiles, "seeds.yaml"))
	require.Equal(t, exitOK, st)
	assert.Contains(t, text, "seed-1985-yao-li: 87 red-must-vary, 11 draw\n")
	assert.Contains(t, text, "seed-1989-huang-liao-b: both draw; labels differ at ply 4\n")
	assert.Contains(t, text, "  87  捉    闲    捉    闲\n  11  献    闲    捉    闲\n")
}

// On games, diff reports the cycles scan finds whose rulings under the two
// books differ.
func TestDiffGamesAgreesWithScan(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "11,ko", "--format", "json", scanSample)
	require.Equal(t, exitOK, st, errs)
	scan := decodeJSON[scanReport](t, out)
	var want []int
	for _, c := range scan.Cycles {
		if c.Rulings[0].Verdict != c.Rulings[1].Verdict || !slices.Equal(c.Rulings[0].Labels, c.Rulings[1].Labels) {
			want = append(want, c.Ply)
		}
	}
	require.NotEmpty(t, want, "11 and ko differ somewhere on the sample")

	out, errs, st = xq(t, "diff", "--rules", "11,ko", "--format", "json", scanSample)
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[diffReport](t, out)
	assert.Equal(t, len(scan.Cycles), rep.Compared)
	var got []int
	for _, d := range rep.Diffs {
		assert.Equal(t, "cycle", d.Kind)
		got = append(got, d.Ply)
	}
	assert.Equal(t, want, got)
}

// A bad case is reported (exit 1); the other cases are compared.
func TestDiffBadCase(t *testing.T) {
	path := writeFile(t, "c.jsonl", `{"id": "ok", "fen": "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "expect": {"11": "red-must-vary"}}
{"id": "bad", "fen": "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", "moves": ["a0a1"], "expect": {"11": "draw"}}
`)
	out, _, st := xq(t, "diff", "--rules", "11,ko", path)
	assert.Equal(t, exitFailed, st, out)
	assert.Contains(t, out, path+":2: bad:")
	assert.Contains(t, out, "of 1 differ")
}
