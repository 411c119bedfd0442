package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRulesList(t *testing.T) {
	out, errs, st := xq(t, "rules", "list")
	require.Equal(t, exitOK, st, errs)
	for _, id := range []string{"79", "87", "99", "11", "20", "asian", "tw-1982", "wang-zhong", "wang-zhong-2", "ko"} {
		assert.Regexp(t, "(?m)^"+id+`\s+\d{4}\s+\S+\s+\S`, out)
	}
	assert.Contains(t, out, "(extends 11)")

	out, _, st = xq(t, "rules", "list", "--format", "json")
	require.Equal(t, exitOK, st)
	var infos []bookInfo
	require.NoError(t, json.Unmarshal([]byte(out), &infos))
	assert.Len(t, infos, 10)
	assert.Equal(t, "79", infos[0].ID, "Chinese books first, by year")
	for _, b := range infos {
		assert.NotZero(t, b.Year, b.ID)
		assert.NotEmpty(t, b.Status, b.ID)
		assert.True(t, b.Title.ZH != "" || b.Title.EN != "", b.ID)
	}
}

func TestRulesCheck(t *testing.T) {
	out, errs, st := xq(t, "rules", "check", "../../testdata/rules/minimal.good.yaml", "../../testdata/rules/no-offer.good.yaml")
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "minimal.good.yaml: ok")
	assert.Contains(t, out, "no-offer.good.yaml: ok")

	out, errs, st = xq(t, "rules", "check", "../../testdata/rules/many.bad.yaml")
	assert.Equal(t, exitFailed, st)
	assert.Empty(t, out)
	assert.Equal(t, 10, strings.Count(errs, "many.bad.yaml:"), "every error is printed: %s", errs)
	assert.Contains(t, errs, `many.bad.yaml:44:11: rule "two": a predicate must be true or false`)
	assert.Contains(t, errs, "[not-bool]")
	assert.Contains(t, errs, "10 error(s); nothing loaded")

	// Files that extend each other are checked together.
	_, errs, st = xq(t, "rules", "check", "../../testdata/rules/cycle-a.bad.yaml", "../../testdata/rules/cycle-b.bad.yaml")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "extends cycle")

	_, errs, st = xq(t, "rules", "check", "no/such/file.yaml")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "[io]")

	_, _, st = xq(t, "rules", "check")
	assert.Equal(t, exitUsage, st)
}

func TestRulesShow(t *testing.T) {
	out, errs, st := xq(t, "rules", "show", "20")
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "extends 11")
	assert.Contains(t, out, "26.1.3-king-answers-check")
	assert.NotContains(t, out, "26.1.2-king-answers-check", "the override replaced it")
	assert.Contains(t, out, "verdict (first row that holds")

	_, _, st = xq(t, "rules", "frobnicate")
	assert.Equal(t, exitUsage, st)
}

// xqIn runs a command with text on its standard input.
func xqIn(t testing.TB, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(stdin)}
	status = run(e, args)
	return out.String(), errb.String(), status
}

// Issue 25, item 8: "-" reads standard input in rules check and cases.
func TestStdinDash(t *testing.T) {
	out, errs, st := xqIn(t, "title: {en: a draft}\nyear: 2024\nstatus: draft\nextends: \"11\"\n", "rules", "check", "-")
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "-: ok")

	_, errs, st = xqIn(t, "title: {en: a draft}\nyear: 2024\nstatus: draft\nextends: \"11\"\nnosuch: 1\n", "rules", "check", "-")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "-:5:1")

	_, errs, st = xqIn(t, "", "rules", "check", "-", "x.yaml")
	assert.Equal(t, exitUsage, st, errs)

	row := `{"id": "fig06", "fen": "` + fig06FEN + `", "moves": "` + fig06Moves + `", "expect": {"11": "red-must-vary"}}` + "\n"
	out, errs, st = xqIn(t, row, "cases", "--rules", "11", "-")
	assert.Equal(t, exitOK, st, out+errs)
	assert.Contains(t, out, "1 passed, 0 failed")

	out, errs, st = xqIn(t, casebookFile, "cases", "-")
	assert.Contains(t, out+errs, "3 passed, 1 failed, 1 rows not run", "YAML on standard input")
	assert.NotEqual(t, exitUsage, st)
}
