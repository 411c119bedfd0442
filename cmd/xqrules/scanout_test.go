package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonlLines splits scan's JSON Lines output into its objects' types and raw lines.
func jsonlLines(t *testing.T, out string) (types []string, lines []string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var x struct {
			Type string `json:"type"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &x), l)
		types = append(types, x.Type)
		lines = append(lines, l)
	}
	return types, lines
}

// --format jsonl: a cycle a line, in input order, then the summary; the
// same cycles and summary as --format json's one document.
func TestScanJSONL(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "11,asian,ko", "--format", "jsonl", scanSample, scanSample)
	require.Equal(t, exitOK, st, errs)
	types, lines := jsonlLines(t, out)
	require.Len(t, lines, 9)
	assert.Equal(t, []string{"cycle", "cycle", "cycle", "cycle", "cycle", "cycle", "cycle", "cycle", "summary"}, types)

	doc, errs, st := xq(t, "scan", "--rules", "11,asian,ko", "--format", "json", scanSample, scanSample)
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[scanReport](t, doc)
	require.Len(t, rep.Cycles, 8)
	for i, c := range rep.Cycles {
		var got scanCycle
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &got))
		assert.Equal(t, c, got, "cycle %d", i)
	}
	var sum scanTotals
	require.NoError(t, json.Unmarshal([]byte(lines[8]), &sum))
	assert.Equal(t, rep.Summary, sum.Summary)
	assert.Equal(t, 8, sum.Games)
	assert.Equal(t, 8, sum.Cycles)
	assert.Equal(t, 0, sum.BadGames)
	assert.Equal(t, "all", sum.Mode)
}

// A bad game is a line of its own, in its place, and counted in the summary.
func TestScanJSONLBadGames(t *testing.T) {
	path := writeFile(t, "bad.jsonl", `{"id": "broken", "game_moves": `+"\n")
	out, _, st := xq(t, "scan", "--rules", "11", "--format", "jsonl", path, scanSample)
	assert.Equal(t, exitFailed, st)
	types, lines := jsonlLines(t, out)
	assert.Equal(t, []string{"error", "cycle", "cycle", "cycle", "cycle", "summary"}, types)
	assert.Contains(t, lines[0], path)
	var sum scanTotals
	require.NoError(t, json.Unmarshal([]byte(lines[5]), &sum))
	assert.Equal(t, 1, sum.BadGames)
	assert.Equal(t, 4, sum.Cycles)
}

// failingWriter fails once n bytes are written, as a full disk does.
type failingWriter struct {
	n   int
	buf bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.n {
		return 0, errors.New("no space left on device")
	}
	return w.buf.Write(p)
}

// A write error stops the scan with status 1 and says the output is
// incomplete; no summary is written after it.
func TestScanWriteError(t *testing.T) {
	for format, summary := range map[string]string{"jsonl": `"type":"summary"`, "text": "rule set"} {
		w := &failingWriter{n: 100}
		var errb bytes.Buffer
		st := run(&env{stdout: w, stderr: &errb, stdin: strings.NewReader("")}, []string{"scan", "--rules", "11", "--format", format, scanSample})
		assert.Equal(t, exitFailed, st, format)
		assert.Contains(t, errb.String(), "no space left on device", format)
		assert.Contains(t, errb.String(), "incomplete", format)
		assert.NotContains(t, w.buf.String(), summary, format)
	}
}
