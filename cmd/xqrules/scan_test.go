package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// scanSample: 4 games of the CCPD repetition corpus — two decisive games
// that end in the repetition (0-1, 1-0), a draw that ends in it, and a game
// that goes on after it.
var scanSample = recordFixture("ccpd_scan_sample.jsonl")

func TestScanUsage(t *testing.T) {
	out, _, st := xq(t, "scan", "--help")
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, "Usage: xqrules scan")
	assert.Contains(t, out, "-cycles")
	for _, args := range [][]string{
		{},
		{"--format", "yaml", scanSample},
		{"--cycles", "some", scanSample},
		{"-j", "0", scanSample},
		{"--nonsense"},
	} {
		_, errs, st := xq(t, append([]string{"scan"}, args...)...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
	_, errs, st := xq(t, "scan", "--rules", "nosuchbook", scanSample)
	assert.Equal(t, exitUsage, st, errs)
}

// Each cycle scan judges is the corpus's own (cycle_fen, cycle_moves),
// judged as the opt-in CCPD test judges it; the summary adds them up.
func TestScanReproducesCorpusCycles(t *testing.T) {
	out, errs, st := xq(t, "scan", "--rules", "11,asian,ko", "--cycles", "first", "--format", "json", scanSample)
	require.Equal(t, exitOK, st, errs)
	rep := decodeJSON[scanReport](t, out)
	assert.Equal(t, 4, rep.Games)
	require.Len(t, rep.Cycles, 4)
	assert.Empty(t, rep.Errors)

	lib, err := interp.Bundled()
	require.NoError(t, err)
	books, err := lib.Select("11,asian,ko")
	require.NoError(t, err)
	f, err := os.Open(scanSample)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	i := 0
	for sc.Scan() {
		var row struct {
			ID     string `json:"id"`
			Result string `json:"result"`
			FEN    string `json:"cycle_fen"`
			Moves  string `json:"cycle_moves"`
			Ends   bool   `json:"ends_in_repetition"`
			Third  int    `json:"third_occurrence_ply"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
		c := rep.Cycles[i]
		i++
		assert.Equal(t, row.ID, c.ID)
		assert.Equal(t, i, c.Line)
		assert.Equal(t, row.Third, c.Ply, row.ID)
		assert.Equal(t, row.Ends, c.EndsGame, row.ID)
		assert.Equal(t, row.Result, c.Result, row.ID)
		start, err := position.ParseFEN(row.FEN)
		require.NoError(t, err)
		moves, err := position.ParseMoves(start, strings.Fields(row.Moves))
		require.NoError(t, err)
		in, ok := interp.FindCycle(start, moves)
		require.True(t, ok)
		assert.Equal(t, iccs(in.Moves), c.Moves, row.ID)
		rs, err := interp.Judge(books, in)
		require.NoError(t, err)
		require.Len(t, c.Rulings, len(rs))
		for k, r := range rs {
			assert.Equal(t, r.Ruleset, c.Rulings[k].Ruleset)
			assert.Equal(t, r.Verdict, c.Rulings[k].Verdict, "%s under %s", row.ID, r.Ruleset)
		}
	}
	require.Equal(t, 4, i)

	require.Len(t, rep.Summary, 3)
	for k, s := range rep.Summary {
		n, loser := 0, 0
		for _, c := range rep.Cycles {
			v := c.Rulings[k].Verdict
			if c.EndsGame && ((c.Result == "1-0" && v == interp.BlackMustVary) || (c.Result == "0-1" && v == interp.RedMustVary)) {
				loser++
			}
			if v == interp.Draw {
				n++
			}
		}
		assert.Equal(t, n, s.Draw, s.Ruleset)
		assert.Equal(t, 4, s.RedMustVary+s.BlackMustVary+s.Draw+s.Errors, s.Ruleset)
		assert.Equal(t, 2, s.Decisive, "two decisive games end in their repetition")
		assert.Equal(t, loser, s.LoserMustVary, s.Ruleset)
	}
	// The two perpetual checks are ruled against the loser by the 2011 book.
	assert.Equal(t, 2, rep.Summary[0].LoserMustVary)
}

// A bad record or game is reported with its place; the others are judged;
// the exit status is 1.
func TestScanBadGamesGoOn(t *testing.T) {
	data, err := os.ReadFile(scanSample)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	bad := lines[3] + // 中局/00000017.pgn, good
		`{"id": "illegal", "game_fen": "4kab2/4a4/4b4/C3n3p/3P2p2/P1p1C4/4c1P1c/N3B4/4A4/4KAB2 w - - 0 1", "game_moves": "e4e5 a0a1"}` + "\n" +
		`{"id": "broken", "game_moves": ` + "\n" +
		lines[0]
	path := writeFile(t, "bad.jsonl", bad)
	out, errs, st := xq(t, "scan", "--rules", "11", path)
	assert.Equal(t, exitFailed, st, errs)
	assert.Contains(t, out, path+":2")
	assert.Contains(t, out, "illegal")
	assert.Contains(t, out, path+":3")
	assert.Contains(t, out, path+":1 (中局/00000017.pgn) ply 33")
	assert.Contains(t, out, path+":4 (對局/大師對局/以賽事分類/全國賽對局譜/00009929.pgn) ply 54 ends 0-1")
	assert.Contains(t, out, "2 cycles (all), 2 bad games")

	_, _, st = xq(t, "scan", "--rules", "11", writeFile(t, "missing.pgn", "")+"-not-there")
	assert.Equal(t, exitFailed, st)
}

// The output does not depend on the number of goroutines; a progress line
// is drawn on a terminal only.
func TestScanDeterministicAndProgress(t *testing.T) {
	one, errOne, st1 := xq(t, "scan", "--rules", "11", "-j", "1", scanSample, scanSample)
	three, _, st3 := xq(t, "scan", "--rules", "11", "--jobs", "3", scanSample, scanSample)
	assert.Equal(t, exitOK, st1)
	assert.Equal(t, exitOK, st3)
	assert.Equal(t, one, three)
	// The scan's own timing goes to stderr, out of the comparable report.
	assert.Regexp(t, `scan: 8 cycles judged in [0-9.]+ s \([0-9.]+ ms per cycle under 1 books\), 1 jobs`, errOne)
	assert.NotContains(t, one, "judged in")
	assert.Contains(t, one, "8 games, 8 cycles (all), 0 bad games")

	var out, errb bytes.Buffer
	st := run(&env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), isTerminal: true},
		[]string{"scan", "--rules", "11", "--quiet", scanSample})
	assert.Equal(t, exitOK, st)
	assert.Contains(t, errb.String(), "\r\033[Kscan [1/1]")
	assert.NotContains(t, out.String(), "ply 54", "--quiet: the summary only")
	assert.Contains(t, out.String(), "rule set")
}

// --cpuprofile writes a profile go tool pprof reads (gzipped protobuf); a
// file that cannot be created is an error before anything is judged.
func TestScanCPUProfile(t *testing.T) {
	prof := writeFile(t, "scan.pgo", "")
	_, errs, st := xq(t, "scan", "--quiet", "--rules", "11", "--cpuprofile", prof, scanSample)
	require.Equal(t, exitOK, st, errs)
	data, err := os.ReadFile(prof)
	require.NoError(t, err)
	require.Greater(t, len(data), 2)
	assert.Equal(t, []byte{0x1f, 0x8b}, data[:2], "gzip magic")

	out, errs, st := xq(t, "scan", "--rules", "11", "--cpuprofile", prof+"-dir/x/y.pgo", scanSample)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "y.pgo")
	assert.Empty(t, out)
}

// A rule that cannot be evaluated is reported on each cycle it fails,
// --quiet or not, naming its rule set once.
func TestScanRuleErrorNamedOnce(t *testing.T) {
	draft := filepath.Join(t.TempDir(), "idx.yaml")
	require.NoError(t, os.WriteFile(draft, []byte("title: {en: t}\nyear: 2024\nstatus: draft\nextends: \"11\"\nmoves:\n  - id: x\n    label: 将\n    cite: t\n    status: paraphrased\n    when: Threats[5].New\n"), 0o644))
	for _, quiet := range []bool{false, true} {
		args := []string{"scan", "--rules", draft, "--cycles", "first", "../../testdata/records/ccpd_scan_sample.jsonl"}
		if quiet {
			args = append(args, "--quiet")
		}
		out, _, _ := xq(t, args...)
		assert.Contains(t, out, "rule set idx: "+draft, "quiet=%v", quiet)
		assert.NotContains(t, out, "rule set idx: rule set idx", "quiet=%v", quiet)
	}
}
