package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type casesJSON struct {
	Cases []struct {
		ID       string `json:"id"`
		Ruleset  string `json:"ruleset"`
		Expected string `json:"expected"`
		Actual   string `json:"actual"`
		Pass     bool   `json:"pass"`
		Status   string `json:"status"`
	} `json:"cases"`
	Passed    int `json:"passed"`
	Failed    int `json:"failed"`
	Known     int `json:"known"`
	Uncounted int `json:"uncounted"`
	Errors    []struct {
		Line  int    `json:"line"`
		ID    string `json:"id"`
		Error string `json:"error"`
	} `json:"errors"`
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestCasesJSONLWithBrokenRows(t *testing.T) {
	rows := strings.Join([]string{
		`{"id": "fig06", "fen": "` + fig06FEN + `", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "expect": {"11": "red-must-vary", "asian": "red-must-vary"}, "note": "extra fields are ignored"}`,
		`{"id": "wrong", "fen": "` + fig06FEN + `", "moves": "f0e0 e8f8 e0f0 f8e8", "expect": {"11": "draw"}}`,
		`{"id": "bad-fen", "fen": "9/9 w", "moves": ["a0a1"], "expect": {"11": "draw"}}`,
		`{"id": "bad-book", "fen": "` + fig06FEN + `", "moves": ["f0e0"], "expect": {"nosuch": "draw"}}`,
		`{broken json`,
		`{"id": "no-cycle", "fen": "` + fig06FEN + `", "moves": ["f0e0"], "expect": {"11": "no-cycle"}}`,
	}, "\n")
	path := writeFile(t, "rows.jsonl", rows)
	out, errs, st := xq(t, "cases", "--format", "json", path)
	assert.Equal(t, exitFailed, st, "a failing case and broken rows: exit 1")
	var rep casesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out+errs)
	assert.Equal(t, 3, rep.Passed)
	assert.Equal(t, 1, rep.Failed)
	require.Len(t, rep.Errors, 3, "each broken row is reported")
	assert.Equal(t, "bad-fen", rep.Errors[0].ID)
	assert.Contains(t, rep.Errors[1].Error, `no rule set "nosuch"`)
	assert.Equal(t, 5, rep.Errors[2].Line)
	got := map[string]string{}
	for _, c := range rep.Cases {
		got[c.ID+"/"+c.Ruleset] = c.Actual
		if c.ID == "wrong" {
			assert.False(t, c.Pass)
			assert.Equal(t, "draw", c.Expected)
		}
	}
	assert.Equal(t, "red-must-vary", got["fig06/11"])
	assert.Equal(t, "red-must-vary", got["fig06/asian"])
	assert.Equal(t, "no-cycle", got["no-cycle/11"])
}

func TestCasesAllPass(t *testing.T) {
	path := writeFile(t, "ok.jsonl", `{"id": "fig06", "fen": "`+fig06FEN+`", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "expect": {"11": "red-must-vary"}}`+"\n")
	out, errs, st := xq(t, "cases", path)
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "1 passed, 0 failed")
}

func TestCasesYAMLKnownAndUncounted(t *testing.T) {
	path := writeFile(t, "c.yaml", `source: test
cases:
  - id: fig06
    fen: "`+fig06FEN+`"
    moves: f0e0 e8f8 e0f0 f8e8
    expect: {"11": draw, "asian": red-must-vary}
    known_disagreement: {"11": "a deliberate wrong expectation, to see it reported apart"}
    uncounted: {"99": "a qualified source"}
    labels: {"asian": [将, ~, 将, 捉]}
`)
	out, errs, st := xq(t, "cases", "--verbose", path)
	assert.Equal(t, exitOK, st, "known disagreements and uncounted rows do not fail: %s", errs)
	assert.Contains(t, out, "known disagreements (recorded, not counted)")
	assert.Contains(t, out, "still differs")
	assert.Contains(t, out, "uncounted (qualified expectations)")
	assert.Contains(t, out, "labels 2/3")
	assert.Contains(t, out, "1 passed, 0 failed, 0 rows not run; 1 known disagreements, 1 uncounted")
}

func TestCasesOnlyRules(t *testing.T) {
	path := writeFile(t, "ok.jsonl", `{"id": "fig06", "fen": "`+fig06FEN+`", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "expect": {"11": "red-must-vary", "asian": "draw"}}`+"\n")
	out, _, st := xq(t, "cases", "--rules", "11", "--format", "json", path)
	assert.Equal(t, exitOK, st, "the asian expectation is not run")
	var rep casesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Cases, 1)
	assert.Equal(t, "11", rep.Cases[0].Ruleset)
}

func TestCasesUsage(t *testing.T) {
	_, errs, st := xq(t, "cases")
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "case files")
	_, _, st = xq(t, "cases", "--format", "xml", "x.jsonl")
	assert.Equal(t, exitUsage, st)
	out, _, st := xq(t, "cases", "--format", "json", filepath.Join(t.TempDir(), "missing.jsonl"))
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, out, "no such file")
}

// Rows in the shared data's form (a verdict and a rule set in words) run
// under the book the rule set names, and the output says which; rows with
// no expectation at all are one grouped error that states the contract.
func TestCasesVerdictInWords(t *testing.T) {
	row := `{"id": "fig06w", "fen": "` + fig06FEN + `", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "verdict": "red loses", "ruleset": "WXF 2018 / AXF Asian rules"}`
	none := `{"id": "story", "fen": "` + fig06FEN + `", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "ruling": "a story"}`
	path := writeFile(t, "words.jsonl", row+"\n"+none+"\n"+none+"\n")
	out, errs, st := xq(t, "cases", path)
	assert.Equal(t, exitFailed, st, "rows not run: exit 1")
	assert.Empty(t, errs)
	assert.Contains(t, out, `asian    "WXF 2018 / AXF Asian rules" (1 row)`)
	assert.Contains(t, out, "1 passed, 0 failed, 2 rows not run")
	assert.Contains(t, out, "2 rows from line 2 to 3: nothing expected")
	assert.Equal(t, 1, strings.Count(out, "nothing expected"), "the same error is said once")

	out, _, st = xq(t, "cases", "--format", "json", path)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, out, `"ruleset_named": "WXF 2018 / AXF Asian rules"`)
}

// A known disagreement about labels only: the verdict agrees, so the row
// must not read "now agrees" while a label still differs.
func TestCasesKnownLabelsOnly(t *testing.T) {
	// Red must vary, so not every move can be 闲: the labels differ.
	path := writeFile(t, "c.yaml", `source: test
cases:
  - id: fig06
    fen: "`+fig06FEN+`"
    moves: f0e0 e8f8 e0f0 f8e8
    expect: {"11": red-must-vary}
    labels: {"11": [闲, 闲, 闲, 闲]}
    known_disagreement: {"11": "labels only, deliberately wrong"}
`)
	out, errs, st := xq(t, "cases", path)
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "verdict agrees, labels still differ")
	assert.NotContains(t, out, "now agrees")
}

// Issue 25, item 7: a typo'd field in a JSON Lines row fails the run.
func TestCasesJSONLTypo(t *testing.T) {
	path := writeFile(t, "rows.jsonl", `{"id": "fig06", "fen": "`+fig06FEN+`", "moves": "`+fig06Moves+`", "expect": {"11": "red-must-vary"}, "lables": {"11": ["将", "闲", "将", "闲"]}}`+"\n")
	out, errs, st := xq(t, "cases", path)
	assert.Equal(t, exitFailed, st, out+errs)
	assert.Contains(t, out+errs, `unknown field "lables" (did you mean "labels"?)`)
}
