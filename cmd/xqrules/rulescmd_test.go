package main

import (
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
