package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var recordFixtures = filepath.Join("..", "..", "testdata", "records")

func recordFixture(name string) string { return filepath.Join(recordFixtures, name) }

// runReplayCmd runs "xqrules replay args…" in-process.
func runReplayCmd(t testing.TB, terminal bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(&env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), isTerminal: terminal}, append([]string{"replay"}, args...))
	return st, out.String(), errb.String()
}

// decodeJSON reads a command's JSON output as a T.
func decodeJSON[T any](t testing.TB, out string) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	return v
}

func TestReplayUsage(t *testing.T) {
	st, out, _ := runReplayCmd(t, false, "--help")
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, "Usage: xqrules replay")
	assert.Contains(t, out, "-format")

	for _, args := range [][]string{
		{},
		{"--format", "yaml", recordFixture("wukong_sample.pgn")},
		{"--jobs", "0", recordFixture("wukong_sample.pgn")},
		{"--nonsense"},
	} {
		st, _, errs := runReplayCmd(t, false, args...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
}

func TestReplayText(t *testing.T) {
	st, out, errs := runReplayCmd(t, false, recordFixture("wukong_sample.pgn"), recordFixture("rulecases_sample.jsonl"))
	assert.Equal(t, exitOK, st, errs)
	assert.Equal(t, recordFixture("wukong_sample.pgn")+": games 4, plies 329, errors 0\n"+
		recordFixture("rulecases_sample.jsonl")+": games 2, plies 17, errors 0\n"+
		"games 6, plies 346, errors 0\n"+
		"repetitions: 3 games with a position occurring at least twice, 2 at least 3 times\n", out)
	assert.Contains(t, errs, "M plies/s")
	assert.NotContains(t, errs, "\r", "no progress line when stderr is not a terminal")
}

func TestReplayErrorsGoOn(t *testing.T) {
	files := []string{
		recordFixture("bad_illegal.pgn"), recordFixture("mixed_encoding.pgn"), recordFixture("no-such-file.pgn"),
		recordFixture("empty.pgn"), recordFixture("bad_comment.pgn"), recordFixture("wukong_sample.pgn"),
	}
	st, out, _ := runReplayCmd(t, false, files...)
	assert.Equal(t, exitFailed, st)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 13, out)
	assert.Equal(t, recordFixture("bad_illegal.pgn")+`:12: game 2: move 3 (ply 5) "h2e2": iccs move "h2e2": no piece on h2`, lines[0])
	assert.Equal(t, recordFixture("mixed_encoding.pgn")+":6: mixed encodings: not UTF-8 from byte offset 90 though the file's start is (they look like GBK/GB18030); convert the file, or give --encoding", lines[1])
	assert.Contains(t, lines[2], "no-such-file.pgn: cannot open")
	assert.Contains(t, lines[3], "empty.pgn: empty file")
	assert.Contains(t, lines[4], "bad_comment.pgn:3: game 1: unterminated comment")
	// The good games before, between and after the bad ones all count.
	assert.Equal(t, recordFixture("no-such-file.pgn")+": games 0, plies 0, errors 1", lines[7])
	assert.Equal(t, "games 9, plies 349, errors 5", lines[11])
}

func TestReplayJSON(t *testing.T) {
	files := []string{recordFixture("bad_illegal.pgn"), recordFixture("ccpd_sample.jsonl"), recordFixture("bad_result.pgn"), recordFixture("ccpd_repetition_sample.jsonl")}
	st, out, _ := runReplayCmd(t, false, append([]string{"--format", "json"}, files...)...)
	assert.Equal(t, exitFailed, st)
	rep := decodeJSON[replayReport](t, out)
	assert.Equal(t, 13, rep.Games)
	assert.Equal(t, 3, rep.GamesWith3Fold)
	assert.Equal(t, rep.GamesWith3Fold, rep.Repetitions)
	assert.Equal(t, 5, rep.GamesWith2Fold)
	assert.GreaterOrEqual(t, rep.ElapsedMS, int64(0))
	require.Len(t, rep.Errors, 4)
	e := rep.Errors[0]
	assert.Equal(t, replayError{File: recordFixture("bad_illegal.pgn"), Line: 12, Game: 2, Ply: 5, MoveNo: 3, Text: "h2e2",
		Code: "no-piece", Reason: `iccs move "h2e2": no piece on h2`}, e)
	assert.Equal(t, "開局/00000242.pgn", rep.Errors[1].ID)
	assert.Equal(t, "fen-bad-square", rep.Errors[1].Code)
	assert.Equal(t, "result", rep.Errors[2].Code)
	assert.Equal(t, 1, rep.Errors[2].Game)
	assert.Equal(t, 3, rep.Errors[2].Line)
	assert.Equal(t, "2-0", rep.Errors[2].Text)
	require.Len(t, rep.Files, 4)
	assert.Equal(t, replayFile{File: recordFixture("ccpd_sample.jsonl"), Format: "jsonl", Encoding: "utf-8", Games: 6, Plies: 212, Errors: 1}, rep.Files[1])

	// The raw JSON has the contract's field names.
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &raw))
	for _, k := range []string{"games", "plies", "errors", "repetitions", "games_with_2fold", "games_with_3fold", "elapsed_ms"} {
		assert.Contains(t, raw, k)
	}
}

func TestReplayList(t *testing.T) {
	st, out, _ := runReplayCmd(t, false, "--list", recordFixture("rulecases_sample.jsonl"))
	assert.Equal(t, exitOK, st)
	assert.Equal(t, recordFixture("rulecases_sample.jsonl")+":1: game 1 (fsf-01): a position occurs 3 times, the 3rd time after ply 9 of 9\n"+
		recordFixture("rulecases_sample.jsonl")+":2: game 2 (ccpd-rep-01): a position occurs 3 times, the 3rd time after ply 8 of 8\n"+
		"games 2, plies 17, errors 0\n"+
		"repetitions: 2 games with a position occurring at least twice, 2 at least 3 times\n", out)

	_, out, _ = runReplayCmd(t, false, "--list", "--format", "json", recordFixture("rulecases_sample.jsonl"))
	rep := decodeJSON[replayReport](t, out)
	require.Len(t, rep.Threefold, 2)
	assert.Equal(t, threefoldGame{File: recordFixture("rulecases_sample.jsonl"), Line: 1, Game: 1, ID: "fsf-01", Max: 3, FirstThreefold: 9, Plies: 9}, rep.Threefold[0])
}

func TestReplayDeterministic(t *testing.T) {
	// Errors come out in file order whatever the number of goroutines.
	files := []string{recordFixture("bad_illegal.pgn"), recordFixture("ccpd_sample.jsonl"), recordFixture("bad_result.pgn"),
		recordFixture("wukong_sample.pgn"), recordFixture("bad_variation.pgn"), recordFixture("dhtmlxq_sample.html"),
		recordFixture("ccpd_repetition_sample.jsonl"), recordFixture("rulecases_sample.jsonl")}
	var first replayReport
	for i, jobs := range []string{"1", "2", "7"} {
		for _, dedupe := range []string{"true", "false"} {
			_, out, _ := runReplayCmd(t, false, append([]string{"--format", "json", "--list", "--jobs", jobs, "--dedupe=" + dedupe}, files...)...)
			rep := decodeJSON[replayReport](t, out)
			rep.ElapsedMS = 0
			assert.Len(t, rep.Threefold, 5)
			if i == 0 && dedupe == "true" {
				first = rep
				continue
			}
			assert.Equal(t, first, rep, "--jobs %s --dedupe=%s", jobs, dedupe)
		}
	}
}

func TestReplayProgress(t *testing.T) {
	st, out, errs := runReplayCmd(t, true, recordFixture("wukong_sample.pgn"))
	assert.Equal(t, exitOK, st)
	assert.Contains(t, errs, "\r\033[Kreplay [1/1] wukong_sample.pgn 100%: 4 games, 329 plies, 0 errors")
	assert.NotContains(t, out, "\r", "the progress line goes to stderr only")
}

// replayData returns ../shared/data beside the repository, or skips.
func replayData(t testing.TB) string {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipped: %s is absent (the corpora are not part of the repository)", p)
	}
	return p
}

func TestReplayDataCCPD(t *testing.T) {
	data := replayData(t)
	if testing.Short() {
		t.Skip("skipped in -short mode: 58,463 records")
	}
	st, out, _ := runReplayCmd(t, false, "--format", "json", filepath.Join(data, "ccpd_games_iccs.jsonl.gz"))
	assert.Equal(t, exitFailed, st)
	rep := decodeJSON[replayReport](t, out)
	assert.Equal(t, 58463, rep.Games)
	assert.Equal(t, 4856806, rep.Plies)
	var ids []string
	for _, e := range rep.Errors {
		ids = append(ids, e.ID)
		assert.True(t, strings.HasPrefix(e.Code, "fen-"), "%+v", e)
	}
	// Start positions position.ParseFEN refuses (see position/record's data tests).
	assert.Equal(t, []string{"中局/00002096.pgn", "開局/00000242.pgn", "開局/00000306.pgn"}, ids)
	t.Logf("%d games, %d plies, %d with a position twice, %d three times, %d ms",
		rep.Games, rep.Plies, rep.GamesWith2Fold, rep.GamesWith3Fold, rep.ElapsedMS)
}

func TestReplayDataSmallFiles(t *testing.T) {
	data := replayData(t)
	files := []string{"wukong_liu_dahua_1125_iccs.pgn.gz", "wukong_hu_ronghua_1391_iccs.pgn.gz",
		"cn2020_figures.jsonl", "famous_games.jsonl", "ccpd_repetition_games.jsonl"}
	for i := range files {
		files[i] = filepath.Join(data, files[i])
	}
	st, out, _ := runReplayCmd(t, false, append([]string{"--format", "json"}, files...)...)
	rep := decodeJSON[replayReport](t, out)
	assert.Empty(t, rep.Errors)
	assert.Equal(t, exitOK, st)
	assert.Equal(t, 2516+31+18+2543, rep.Games)
}

// BenchmarkReplayCommand is `xqrules replay` over the CCPD corpus, end to
// end: decompression, parsing, the parallel replay and the report.
//
//	go test -run - -bench ReplayCommand -benchtime 3x ./cmd/xqrules/
func BenchmarkReplayCommand(b *testing.B) {
	path := filepath.Join(replayData(b), "ccpd_games_iccs.jsonl.gz")
	for _, dedupe := range []string{"true", "false"} {
		b.Run("dedupe="+dedupe, func(b *testing.B) {
			plies := 0
			for b.Loop() {
				_, out, _ := runReplayCmd(b, false, "--format", "json", "--dedupe="+dedupe, path)
				plies += decodeJSON[replayReport](b, out).Plies
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// "-" reads a record from standard input, its format recognised from the
// content as for a file.
func TestRecordFromStdin(t *testing.T) {
	data, err := os.ReadFile("../../testdata/records/ccpd_scan_sample.jsonl")
	require.NoError(t, err)
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: bytes.NewReader(data)}
	require.Equal(t, exitOK, run(e, []string{"replay", "-"}), errb.String())
	assert.Contains(t, out.String(), "games 4, plies 175, errors 0")
}
