package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var exploreFrom = filepath.Join("..", "..", "testdata", "cases", "seed001.yaml")

func TestExploreUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--from", exploreFrom},                        // no --rules
		{"--rules", "11", "--from", exploreFrom},       // one book
		{"--rules", "11,87,99", "--from", exploreFrom}, // three
		{"--rules", "11,all", "--from", exploreFrom},
		{"--rules", "11,87", "--budget", "0", "--from", exploreFrom},
		{"--rules", "11,87", "--budget", "-5", "--from", exploreFrom},
		{"--rules", "11,87", "--budget", "-1s", "--from", exploreFrom},
		{"--rules", "11,87", "--budget", "soon", "--from", exploreFrom},
		{"--rules", "11,87", "--format", "yaml", "--from", exploreFrom},
		{"--rules", "11,nosuch", "--from", exploreFrom},
		{"--rules", "11,87", "-j", "0", "--from", exploreFrom},
	} {
		_, errs, st := xq(t, append([]string{"explore"}, args...)...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
}

// A draft that fails to load is refused before any work, at file:line:col.
func TestExploreBadDraft(t *testing.T) {
	bad := filepath.Join("..", "..", "testdata", "rules", "typo-fact.bad.yaml")
	out, errs, st := xq(t, "explore", "--rules", "11,"+bad, "--from", exploreFrom)
	assert.Equal(t, exitFailed, st)
	assert.Empty(t, out)
	assert.Regexp(t, `typo-fact\.bad\.yaml:\d+:\d+: `, errs)
}

// A start that is not legal is reported with its source and skipped; the
// others are explored.
func TestExploreBadStart(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "starts.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(`{"id": "two-red-kings", "fen": "4k4/9/9/9/9/9/9/9/9/3KK4 w", "moves": [], "expect": {"11": "draw"}}
{"id": "fine", "fen": "3ak4/4a4/9/9/9/9/9/9/4R4/4K4 w", "moves": [], "expect": {"11": "draw"}}
`), 0o644))
	out, errs, st := xq(t, "explore", "--rules", "11,87", "--from", f, "--budget", "50")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "starts.jsonl:1 (two-red-kings)")
	assert.Contains(t, out, "1 starts (1 skipped)")
}

// explore --rules 11,11 finds nothing; a count budget gives the same
// report whatever -j.
func TestExploreSameBookAndDeterminism(t *testing.T) {
	out, errs, st := xq(t, "explore", "--rules", "11,11", "--from", exploreFrom, "--budget", "300", "-j", "2")
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "300 cycles judged (0 could not be), 0 where the books part, 0 groups")

	var outs []string
	for _, j := range []string{"1", "2"} {
		out, errs, st := xq(t, "explore", "--rules", "11,87", "--from", exploreFrom, "--budget", "300", "-j", j, "--format", "jsonl")
		require.Equal(t, exitOK, st, errs)
		outs = append(outs, stripTimes(out))
	}
	assert.Equal(t, outs[0], outs[1])
	lines := strings.Split(strings.TrimSpace(outs[0]), "\n")
	var sum map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &sum))
	assert.Equal(t, "summary", sum["type"])
	assert.Equal(t, "count", sum["stopped"])
	assert.Greater(t, len(lines), 1, "11 and 87 part somewhere in seed 001's starts")
}

// stripTimes drops the minimisation times from JSON Lines output.
func stripTimes(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil {
			delete(m, "minimise_ns")
			out, _ := json.Marshal(m)
			l = string(out)
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// An interrupted run writes what it found and says it stopped early.
func TestExploreInterrupted(t *testing.T) {
	old := exploreContext
	t.Cleanup(func() { exploreContext = old })
	exploreContext = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, func() {}
	}
	out, errs, st := xq(t, "explore", "--rules", "11,87", "--from", exploreFrom, "--budget", "300")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, out, "stopped early: interrupted")
	assert.Contains(t, errs, "interrupted: stopped early")
}

func TestExploreHTMLAndOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.html")
	_, errs, st := xq(t, "explore", "--rules", "11,87", "--from", exploreFrom, "--budget", "200", "--format", "html", "-o", path)
	require.Equal(t, exitOK, st, errs)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), "<svg")
	assert.Contains(t, string(b), "Smallest example")
	// The page shows Chinese (labels, moves): the text font is inlined, as
	// in the other reports, so it reads on a system without CJK fonts.
	assert.Contains(t, string(b), `font-family: "XQRules Text"; src: url(data:font/otf;base64,`)
	assert.NotContains(t, string(b), "xqrules: text font", "the marker is replaced")
}

// Game records give the starts of their repetition cycles; a terminal
// gets a progress line on stderr, piped output none.
func TestExploreGameRecordsAndProgress(t *testing.T) {
	games := filepath.Join("..", "..", "testdata", "records", "ccpd_repetition_sample.jsonl")
	var out, errb strings.Builder
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), isTerminal: true}
	require.Equal(t, exitOK, run(e, []string{"explore", "--rules", "11,87", "--from", games, "--budget", "200", "-j", "1"}), errb.String())
	assert.Contains(t, out.String(), "explore 11 vs 87: 3 starts (0 skipped), 200 cycles judged")
	assert.Contains(t, errb.String(), "\r\033[Kexplore: ")

	_, errs, st := xq(t, "explore", "--rules", "11,87", "--from", games, "--budget", "50")
	require.Equal(t, exitOK, st)
	assert.NotContains(t, errs, "\r")
}
