package funclen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxLines is the longest a function of facts/ or interp/ may be (issue
// 28): a long function is several ideas of the book at once.
const maxLines = 150

// TestFactsAndInterpFunctionsAreShort keeps every function of facts/ and
// interp/ (their subpackages and tests included) at most maxLines lines
// long.
func TestFactsAndInterpFunctionsAreShort(t *testing.T) {
	for _, dir := range []string{"../../facts", "../../interp"} {
		long, err := Longer(dir, maxLines)
		require.NoError(t, err)
		for _, f := range long {
			t.Errorf("%v (at most %d): split it into named steps", f, maxLines)
		}
	}
}

// TestLongerFindsLongFunctions: the check sees declared functions, methods
// and function literals just over the limit, and not those at it.
func TestLongerFindsLongFunctions(t *testing.T) {
	dir := t.TempDir()
	body := func(n int) string { return strings.Repeat("\tx++\n", n-2) } // n lines with func … { and }
	src := "package p\n\nvar x int\n\n" +
		"func atLimit() {\n" + body(10) + "}\n\n" +
		"func overLimit() {\n" + body(11) + "}\n\n" +
		"type T struct{}\n\nfunc (t *T) method() {\n" + body(11) + "}\n\n" +
		"func outer() {\n\tf := func() {\n" + body(11) + "\t}\n\tf()\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644))
	sub := filepath.Join(dir, "internal", "q")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(sub, "q_test.go"), []byte("package q\n\nfunc below() {\n"+body(11)+"}\n"), 0o644))
	long, err := Longer(dir, 10)
	require.NoError(t, err)
	var names []string
	for _, f := range long {
		names = append(names, f.Name)
	}
	assert.ElementsMatch(t, []string{"overLimit", "T.method", "outer", "func literal in outer", "below"}, names)
	for _, f := range long {
		if f.Name == "overLimit" {
			assert.Equal(t, 11, f.Lines)
			assert.Equal(t, 16, f.Pos.Line) // after the package clause, x and atLimit (lines 5–14)
		}
	}
}

func TestLongerRefusesAnEmptyDir(t *testing.T) {
	_, err := Longer(t.TempDir(), 10)
	assert.Error(t, err)
}
