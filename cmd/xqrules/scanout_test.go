package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
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

// Three shards merged with scan-merge print exactly the summary of one
// unsharded run, in JSON Lines and in text; the shards are disjoint and
// cover every game.
func TestScanShardsMerge(t *testing.T) {
	bad := writeFile(t, "bad.jsonl", `{"id": "broken", "game_moves": `+"\n"+`{"id": "illegal", "game_fen": "4kab2/4a4/4b4/C3n3p/3P2p2/P1p1C4/4c1P1c/N3B4/4A4/4KAB2 w - - 0 1", "game_moves": "e4e5 a0a1"}`+"\n")
	files := []string{scanSample, bad, recordFixture("ccpd_scan_sample.jsonl")}
	scan := func(extra ...string) (string, int) {
		out, errs, st := xq(t, append(append([]string{"scan", "--rules", "11,asian", "--cycles", "all"}, extra...), files...)...)
		require.NotEqual(t, exitUsage, st, errs)
		return out, st
	}
	whole, wholeSt := scan("--format", "jsonl")
	_, wholeLines := jsonlLines(t, whole)
	var parts []string
	seen := map[string]int{}
	for k := 1; k <= 3; k++ {
		out, _ := scan("--format", "jsonl", "--shard", fmt.Sprintf("%d/3", k))
		types, lines := jsonlLines(t, out)
		for i, ty := range types {
			if ty == "cycle" || ty == "error" {
				seen[lines[i]]++
			}
		}
		assert.Contains(t, lines[len(lines)-1], fmt.Sprintf(`"shard":"%d/3"`, k))
		parts = append(parts, writeFile(t, fmt.Sprintf("shard%d.jsonl", k), out))
	}
	// Every cycle and bad game of the whole run is in exactly one shard
	// (the sample is read twice: its cycles stand twice, in the same shard).
	for _, l := range wholeLines[:len(wholeLines)-1] {
		assert.Positive(t, seen[l], l)
	}
	assert.Len(t, seen, len(wholeLines)-1-4, "the sample's 4 cycles stand twice")

	merged, errs, st := xq(t, append([]string{"scan-merge", "--format", "jsonl"}, parts...)...)
	assert.Equal(t, wholeSt, st, errs)
	assert.Equal(t, exitFailed, st, "the bad games count as in one run")
	assert.Equal(t, wholeLines[len(wholeLines)-1]+"\n", merged)

	text, _ := scan("--quiet")
	mergedText, _, _ := xq(t, append([]string{"scan-merge"}, parts...)...)
	i := strings.Index(text, "9 games, 8 cycles (all), 2 bad games")
	require.GreaterOrEqual(t, i, 0, text)
	assert.Equal(t, text[i:], mergedText)

	// Two of three shards: printed, but not as the whole.
	_, errs, st = xq(t, "scan-merge", parts[0], parts[2])
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "shards 2/3 missing")
	_, errs, st = xq(t, "scan-merge", parts[0], parts[0], parts[1], parts[2])
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "shard 1/3 given twice")
}

func TestScanShardUsage(t *testing.T) {
	for _, spec := range []string{"4/3", "0/2", "x", "1/0", "2", "1/-3", "a/b"} {
		out, errs, st := xq(t, "scan", "--shard", spec, scanSample)
		assert.Equal(t, exitUsage, st, spec)
		assert.Contains(t, errs, "--shard", spec)
		assert.Empty(t, out, spec)
	}
}

// An output cut short is refused, naming the file and the line.
func TestScanMergeRefusesTruncated(t *testing.T) {
	out, _, st := xq(t, "scan", "--rules", "11", "--format", "jsonl", scanSample)
	require.Equal(t, exitOK, st)
	lines := strings.SplitAfter(out, "\n")
	noSummary := writeFile(t, "cut.jsonl", strings.Join(lines[:3], ""))
	_, errs, st := xq(t, "scan-merge", noSummary)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, noSummary+":3: the output ends without its summary line")

	cut := writeFile(t, "cut2.jsonl", out[:len(out)-10])
	_, errs, st = xq(t, "scan-merge", cut)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, cut+":5: the last line is cut short")

	other, _, _ := xq(t, "scan", "--rules", "11", "--cycles", "first", "--format", "jsonl", scanSample)
	_, errs, st = xq(t, "scan-merge", writeFile(t, "a.jsonl", out), writeFile(t, "b.jsonl", other))
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "b.jsonl: --cycles first: another mode (all)")

	_, errs, st = xq(t, "scan-merge", scanSample)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, scanSample+":1: not an output of scan --format jsonl")
	_, _, st = xq(t, "scan-merge")
	assert.Equal(t, exitUsage, st)
}

// The progress line (games, cycles, rate) is drawn on stderr when it is a
// terminal, never into the output, and not at all when stderr is piped.
func TestScanProgressOnlyOnTerminal(t *testing.T) {
	for _, term := range []bool{true, false} {
		var out, errb bytes.Buffer
		st := run(&env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), isTerminal: term},
			[]string{"scan", "--rules", "11", "--format", "jsonl", scanSample})
		require.Equal(t, exitOK, st)
		assert.NotContains(t, out.String(), "\r")
		if term {
			assert.Regexp(t, `\r\033\[Kscan \[1/1\] ccpd_scan_sample.jsonl: \d+ games, \d+ cycles, [0-9.]+ cycles/s`, errb.String())
		} else {
			assert.NotContains(t, errb.String(), "\r")
		}
	}
}

// The agreement matrix counts, for two books, the cycles they rule on
// alike: the cycles' own rulings added up, symmetric, an error agreeing
// with nothing; the text prints it as a share of the cycles.
func TestScanAgreement(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "79,11,ko", "--format", "json", scanSample, scanSample)
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[scanReport](t, out)
	require.Len(t, rep.Agreement, 3)
	for i := range 3 {
		require.Len(t, rep.Agreement[i], 3)
		for j := range 3 {
			n := 0
			for _, c := range rep.Cycles {
				if c.Rulings[i].Verdict == c.Rulings[j].Verdict && c.Rulings[i].Error == "" {
					n++
				}
			}
			assert.Equal(t, n, rep.Agreement[i][j], "%d,%d", i, j)
			assert.Equal(t, rep.Agreement[j][i], rep.Agreement[i][j])
		}
		assert.Equal(t, len(rep.Cycles)-rep.Summary[i].Errors, rep.Agreement[i][i])
	}
	text, _, _ := xq(t, "scan", "--rules", "79,11,ko", "--quiet", scanSample, scanSample)
	assert.Contains(t, text, "agreement: % of the 8 cycles on which two books give the same verdict\n")
	assert.Regexp(t, `\n11 +[0-9.]+ +100\.0 +[0-9.]+\n`, text)
}

// A draft against the book it extends (rules/20.yaml extends 11): the
// cycles whose verdict changes.
func TestScanDraftAgainstParent(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "11,20", "--format", "json", scanSample)
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[scanReport](t, out)
	assert.Equal(t, "11", rep.Summary[1].Extends)
	changed := 0
	for _, c := range rep.Cycles {
		if c.Rulings[0].Verdict != c.Rulings[1].Verdict {
			changed++
		}
	}
	text, _, _ := xq(t, "scan", "--rules", "11,20", "--quiet", scanSample)
	assert.Contains(t, text, fmt.Sprintf("20 (official) against 11, the book it extends: %d of 4 cycles change verdict", changed))
}

// --html writes the report (well-formed, its charts drawn from the
// summary); scan-merge --format html writes the same page for the merge.
func TestScanHTML(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.html")
	out, errs, st := xq(t, "scan", "--rules", "11,20", "--format", "jsonl", "--html", report, scanSample)
	require.Equal(t, exitOK, st, errs)
	data, err := os.ReadFile(report)
	require.NoError(t, err)
	page := string(data)
	parsePage(t, page)
	assert.Contains(t, page, "4 games, 4 repetition cycles")
	assert.Equal(t, 5, strings.Count(page, `<svg class="chart `), "verdicts, loser must vary, agreement, real results by book and by decade")
	// Issue 25, item 13: 20 is an edition, not a draft.
	assert.NotContains(t, page, "Drafts against")
	assert.Contains(t, page, "<h2>Editions against the one they extend</h2>")

	merged, errs, st := xq(t, "scan-merge", "--format", "html", writeFile(t, "one.jsonl", out))
	require.Equal(t, exitOK, st, errs)
	parsePage(t, merged)
	assert.Contains(t, merged, "4 games, 4 repetition cycles")
	assert.Contains(t, merged, "<h2>Editions against the one they extend</h2>", "the status travels in the summary line")

	_, errs, st = xq(t, "scan", "--rules", "11", "--html", filepath.Join(t.TempDir(), "no", "dir", "r.html"), scanSample)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "cannot write there")
}

// A file that cannot be opened is no game's: the first shard counts it,
// every shard says it and exits 1.
func TestScanShardUnreadableFile(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	var bad []int
	for k := 1; k <= 3; k++ {
		out, errs, st := xq(t, "scan", "--rules", "11", "--format", "jsonl", "--shard", fmt.Sprintf("%d/3", k), missing, scanSample)
		assert.Equal(t, exitFailed, st, "shard %d", k)
		_, lines := jsonlLines(t, out)
		var sum scanTotals
		require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &sum))
		bad = append(bad, sum.BadGames)
		if k > 1 {
			assert.Contains(t, errs, "missing.jsonl")
			assert.Contains(t, errs, "counted in shard 1/3")
		}
	}
	assert.Equal(t, []int{1, 0, 0}, bad)
}

// --rules in-force: each game under the book in force at its date and
// place; a game the table does not place is "unknown", counted and listed.
func TestScanInForce(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "in-force,11", "--format", "jsonl", scanSample)
	require.Equal(t, exitOK, st, errs)
	_, lines := jsonlLines(t, out)
	require.Len(t, lines, 5)
	books := map[string]string{}
	for _, l := range lines[:4] {
		var c scanCycle
		require.NoError(t, json.Unmarshal([]byte(l), &c))
		require.Len(t, c.Rulings, 2)
		assert.Equal(t, "in-force", c.Rulings[0].Ruleset)
		assert.Equal(t, "11", c.Rulings[1].Ruleset)
		books[c.ID] = c.Rulings[0].Book + " " + c.Rulings[0].Verdict
	}
	assert.Equal(t, "11 black-must-vary", books["對局/大師對局/以賽事分類/各地杯賽/00000765.pgn"])
	assert.Equal(t, " unknown", books["中局/00000017.pgn"], "no date: no book")
	var sum scanTotals
	require.NoError(t, json.Unmarshal([]byte(lines[4]), &sum))
	require.NotNil(t, sum.InForce)
	assert.Equal(t, map[string]int{"undated": 2}, sum.InForce.Unknown)
	assert.Equal(t, 2, sum.Summary[0].Unknown)

	text, _, st := xq(t, "scan", "--rules", "in-force", "--quiet", scanSample)
	require.Equal(t, exitOK, st)
	assert.Contains(t, text, "no book in force: 2 games (undated 2)")
	assert.Contains(t, text, "中局/00000017.pgn: undated")
}

// Issue 25, item 13: the report groups the books that extend another by
// what they declare they are; a draft is a draft, 20 and tw-1982 are not.
func TestScanGroupsByStatus(t *testing.T) {
	draft := writeFile(t, "mydraft.yaml", "title: {en: my draft}\nyear: 2024\nstatus: draft\nextends: \"11\"\n")
	report := filepath.Join(t.TempDir(), "report.html")
	_, errs, st := xq(t, "scan", "--rules", "11,20,asian,tw-1982,"+draft, "--quiet", "--html", report, scanSample)
	require.Equal(t, exitOK, st, errs)
	data, err := os.ReadFile(report)
	require.NoError(t, err)
	page := string(data)
	_, drafts, ok := strings.Cut(page, "<h2>Drafts against the book they extend</h2>")
	require.True(t, ok, page)
	drafts, _, _ = strings.Cut(drafts, "</table>")
	assert.Contains(t, drafts, "<th>mydraft</th><td>11</td>")
	assert.NotContains(t, drafts, "<th>20</th>")
	assert.NotContains(t, drafts, "<th>tw-1982</th>")
	assert.Contains(t, page, "<h2>Proposals against the book they extend</h2>")
	assert.Contains(t, page, "<h2>Editions against the one they extend</h2>")
}

// A book that judges since the position first occurred (judge_from: first)
// says which plies it judged in scan's jsonl, through the corpus pipeline;
// a book that judges the period does not.
func TestScanJudgedSinceFirst(t *testing.T) {
	games := writeFile(t, "turns.jsonl", `{"id": "turns", "game_fen": "3aka3/9/c6c1/4p4/9/9/4P4/1R6R/9/4K4 w - - 0 1", "game_moves": "b2a2 a7b7 a2b2 b7a7 i2h2 h7i7 h2i2 i7h7 b2a2 a7b7 a2b2 b7a7"}`+"\n")
	out, errs, st := xq(t, "scan", "--rules", "asian,11", "--cycles", "last", "--format", "jsonl", games)
	require.Equal(t, exitOK, st, errs)
	_, lines := jsonlLines(t, out)
	require.Len(t, lines, 2)
	var c scanCycle
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &c))
	require.Len(t, c.Rulings, 2)
	require.NotNil(t, c.Rulings[0].Judged, lines[0])
	assert.Equal(t, interp.JudgedPlies{From: 5, To: 12, SinceFirst: true}, *c.Rulings[0].Judged)
	assert.Equal(t, "draw", c.Rulings[0].Verdict)
	assert.Nil(t, c.Rulings[1].Judged)
	assert.Equal(t, "red-must-vary", c.Rulings[1].Verdict)
}

// -o is the output file of text, jsonl and json (written whole or not at
// all), the directory of parquet; the two are told apart.
func TestScanOutputFileOrDir(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "scan.txt")
	stdout, errs, st := xq(t, "scan", "--rules", "11", "--quiet", "-o", out, scanSample)
	require.Equal(t, exitOK, st, errs)
	assert.Empty(t, stdout)
	assert.Contains(t, readFile(t, out), "4 games, 4 cycles")

	for _, args := range [][]string{
		{"--format", "jsonl", "-o", dir},            // a directory for a file
		{"--format", "parquet"},                     // parquet without its directory
		{"--format", "parquet", "-o", "-"},          // nor to standard output
		{"--format", "jsonl", "--force", "-o", out}, // --force is parquet's
	} {
		_, errs, st := xq(t, append(append([]string{"scan", "--rules", "11"}, args...), scanSample)...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
	assert.Contains(t, readFile(t, out), "4 games, 4 cycles", "a usage error leaves the file as it was")

	// The parquet's files are outputs too: never one of the inputs.
	pq := filepath.Join(dir, "pq")
	require.NoError(t, os.Mkdir(pq, 0o755))
	in := filepath.Join(pq, "cycles.parquet")
	data, err := os.ReadFile(scanSample)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(in, data, 0o644))
	_, errs, st = xq(t, "scan", "--rules", "11", "--format", "parquet", "-o", pq, "--force", in)
	assert.Equal(t, exitUsage, st, errs)
	assert.Contains(t, errs, "refused, it would be overwritten while it is read")
	assert.Equal(t, string(data), readFile(t, in))
}
