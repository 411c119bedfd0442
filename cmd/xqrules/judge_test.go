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

// xq runs xqrules in-process and returns its output and exit status.
func xq(t testing.TB, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("")}
	status = run(e, args)
	return out.String(), errb.String(), status
}

// The 2020 book's figure 6: red checks on every move (车四平五 将5平6 车五平四
// 将6平5) — 单方长将, red must vary under every Chinese book.
const (
	fig06FEN   = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"
	fig06Moves = "f0e0 e8f8 e0f0 f8e8"
)

type judgeJSON struct {
	FEN   string `json:"fen"`
	Cycle *struct {
		Moves       []string `json:"moves"`
		Occurrences int      `json:"occurrences"`
	} `json:"cycle"`
	Rulings []struct {
		Ruleset string `json:"ruleset"`
		Verdict string `json:"verdict"`
		Clause  string `json:"clause"`
		Reason  string `json:"reason"`
		Moves   []struct {
			Ply    int      `json:"ply"`
			Move   string   `json:"move"`
			Label  string   `json:"label"`
			Tags   []string `json:"tags"`
			Rule   string   `json:"rule"`
			Reason string   `json:"reason"`
		} `json:"moves"`
	} `json:"rulings"`
}

func TestJudgeText(t *testing.T) {
	out, errs, st := xq(t, "judge", "--rules", "11,asian", "--fen", fig06FEN, "--moves", fig06Moves)
	require.Equal(t, exitOK, st, errs)
	for _, want := range []string{
		"== 11", "== asian",
		"1. 红 车四平五", "[24.1-check]", "gives check",
		"verdict: red-must-vary — 2011 25.1 [25.1-perpetual-check]",
		"verdict: red-must-vary — AXF rules 6, 8",
		"红: 将 将  → 长将",
	} {
		assert.Contains(t, out, want)
	}
}

func TestJudgeJSON(t *testing.T) {
	out, errs, st := xq(t, "judge", "--rules", "11,20,asian", "--format", "json", "--fen", fig06FEN, "--moves", fig06Moves)
	require.Equal(t, exitOK, st, errs)
	var j judgeJSON
	require.NoError(t, json.Unmarshal([]byte(out), &j), out)
	require.Len(t, j.Rulings, 3)
	assert.Equal(t, []string{"f0e0", "e8f8", "e0f0", "f8e8"}, j.Cycle.Moves)
	for _, r := range j.Rulings {
		assert.Equal(t, "red-must-vary", r.Verdict, r.Ruleset)
		assert.NotEmpty(t, r.Clause, r.Ruleset)
		require.Len(t, r.Moves, 4)
		for _, m := range r.Moves {
			assert.NotEmpty(t, m.Label)
			if m.Label == "将" {
				assert.NotEmpty(t, m.Rule, "a label names its rule")
				assert.NotEmpty(t, m.Reason, "and gives a reason")
			}
		}
		assert.Equal(t, 1, r.Moves[0].Ply)
		assert.Equal(t, "f0e0", r.Moves[0].Move)
	}
}

func TestJudgeAnyNotation(t *testing.T) {
	// The same cycle in Chinese and WXF notation, with a prefix of moves
	// before it: the last period is judged.
	for _, moves := range []string{
		"炮二平五 马8进7 炮五平二 马7退8 炮二平五 马8进7 炮五平二 马7退8",
		"h2e2 h9g7 e2h2 g7h9 h2e2 h9g7 e2h2 g7h9",
		"C2.5 h8+7 C5.2 h7-8 C2.5 h8+7 C5.2 h7-8",
		"1. 炮二平五 马8进7 2. 炮五平二 马7退8 3. 炮二平五 马8进7 4. 炮五平二 马7退8", // numbered as records are
	} {
		out, errs, st := xq(t, "judge", "--rules", "11", "--format", "json", "--moves", moves)
		require.Equal(t, exitOK, st, "%s: %s", moves, errs)
		var j judgeJSON
		require.NoError(t, json.Unmarshal([]byte(out), &j))
		require.NotNil(t, j.Cycle, moves)
		assert.Equal(t, []string{"h2e2", "h9g7", "e2h2", "g7h9"}, j.Cycle.Moves, moves)
		assert.Equal(t, 3, j.Cycle.Occurrences)
		assert.Equal(t, "draw", j.Rulings[0].Verdict)
	}
}

func TestJudgeNoCycle(t *testing.T) {
	out, errs, st := xq(t, "judge", "--format", "json", "--moves", "h2e2 h9g7")
	require.Equal(t, exitOK, st, errs)
	var j judgeJSON
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.Nil(t, j.Cycle)
	require.NotEmpty(t, j.Rulings, "every bundled book rules")
	for _, r := range j.Rulings {
		assert.Equal(t, "no-cycle", r.Verdict, r.Ruleset)
	}
	out, _, st = xq(t, "judge", "--moves", "h2e2 h9g7")
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, "no cycle")
}

// Issue 25, item 3: moves that repeat and then leave the cycle do not end
// in a repetition; what is said must be true — no "no position occurs
// twice" — and where the repetitions are is said.
func TestJudgeNoCycleAtTheEnd(t *testing.T) {
	const fig02FEN = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w"
	args := []string{"judge", "--rules", "11", "--fen", fig02FEN, "--moves", "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h0h1"}
	out, errs, st := xq(t, args...)
	require.Equal(t, exitOK, st, errs)
	assert.NotContains(t, out, "occurs twice")
	assert.Contains(t, out, "the moves do not end in a repetition")
	assert.Contains(t, out, "plies 5-8: h6i4 i9h9 i4h6 h9i9 (the position occurred 3 times)")
	assert.Contains(t, out, "scan --cycles all")

	out, errs, st = xq(t, append(args, "--format", "json")...)
	require.Equal(t, exitOK, st, errs)
	var j struct {
		Earlier []cycleInfo `json:"earlier_cycles"`
		Rulings []struct{ Reason string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	require.Len(t, j.Earlier, 1)
	assert.Equal(t, 4, j.Earlier[0].FromPly)
	assert.Equal(t, 3, j.Earlier[0].Occurrences)
	assert.NotContains(t, j.Rulings[0].Reason, "occurs twice")
}

func TestJudgeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		st   int
		msg  string
	}{
		{[]string{"judge"}, exitUsage, "nothing to judge"},
		{[]string{"judge", "--moves", fig06Moves, "--format", "xml"}, exitUsage, "unknown --format"},
		{[]string{"judge", "--moves", "h2e2", "game.pgn"}, exitUsage, "not both"},
		{[]string{"judge", "--rules", "nosuch", "--moves", "h2e2"}, exitUsage, `no rule set "nosuch"`},
		{[]string{"judge", "--moves", "h2e9"}, exitFailed, "move 1"},
		{[]string{"judge", "--fen", "not a fen", "--moves", "h2e2"}, exitFailed, ""},
	} {
		out, errs, st := xq(t, tc.args...)
		assert.Equal(t, tc.st, st, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.msg, tc.args)
		if tc.st != exitOK {
			assert.Empty(t, out, "%v: nothing is judged", tc.args)
		}
	}
}

func TestJudgeRefusesBadRuleFile(t *testing.T) {
	out, errs, st := xq(t, "judge", "--rules", "../../testdata/rules/typo-fact.bad.yaml", "--fen", fig06FEN, "--moves", fig06Moves)
	assert.Equal(t, exitFailed, st)
	assert.Empty(t, out, "nothing is run")
	assert.Contains(t, errs, `typo-fact.bad.yaml:13:31: rule "24.3-chase": unknown name Protectd`)
	assert.Contains(t, errs, "^")
}

func TestJudgeDraftBesideBundled(t *testing.T) {
	out, errs, st := xq(t, "judge", "--format", "json", "--rules", "11,../../testdata/rules/no-offer.good.yaml",
		"--fen", fig06FEN, "--moves", fig06Moves)
	require.Equal(t, exitOK, st, errs)
	var j judgeJSON
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	require.Len(t, j.Rulings, 2)
	assert.Equal(t, "11", j.Rulings[0].Ruleset)
	assert.Equal(t, "no-offer.good", j.Rulings[1].Ruleset)
}

func TestJudgeGameFile(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "game.pgn")
	require.NoError(t, os.WriteFile(pgn, []byte(`[Event "test"]
[Red "A"]
[Black "B"]
[Result "1/2-1/2"]

1. h2e2 h9g7 2. e2h2 g7h9 3. h2e2 h9g7 4. e2h2 g7h9 1/2-1/2
`), 0o644))
	out, errs, st := xq(t, "judge", "--rules", "11,ko", pgn)
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "game "+pgn)
	assert.Contains(t, out, "cycle: 炮二平五 马8进7 炮五平二 马7退8")
	// ko: black's 马7退8 first brings a position back.
	assert.Regexp(t, `ko\s+black-must-vary`, out)

	_, errs, st = xq(t, "judge", filepath.Join(dir, "missing.pgn"))
	assert.Equal(t, exitFailed, st)
	assert.NotEmpty(t, errs)

	// JSON of game files is one document, whatever the number of games; JSON
	// Lines is one object a game.
	for _, files := range [][]string{{pgn}, {pgn, pgn}} {
		out, errs, st = xq(t, append([]string{"judge", "--rules", "11", "--format", "json"}, files...)...)
		require.Equal(t, exitOK, st, errs)
		var doc struct {
			Games []judgeJSON `json:"games"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &doc), out)
		require.Len(t, doc.Games, len(files))
		assert.Equal(t, "draw", doc.Games[0].Rulings[0].Verdict)
	}
	out, errs, st = xq(t, "judge", "--rules", "11", "--format", "jsonl", pgn, pgn)
	require.Equal(t, exitOK, st, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	for _, l := range lines {
		var j judgeJSON
		require.NoError(t, json.Unmarshal([]byte(l), &j))
	}
}

// TestJudgeTextChases: every chase of a move is listed with its kind, and
// when 26.9 weighs the sides their lightest grades are shown. 2020 图26
// (红方一着捉无根子，一着捉少根子，黑方长捉车): 车六进三 chases the unrooted
// horse c7 (and, as the text shows, more), 车六退三 the 少根 cannon e4; black's
// cannon lines win the rook.
func TestJudgeTextChases(t *testing.T) {
	out, errs, st := xq(t, "judge", "--rules", "20", "--fen",
		"2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 w - - 0 1", "--moves", "d4d7 h4h7 d7d4 h7h4")
	require.Equal(t, exitOK, st, errs)
	for _, want := range []string{
		"马 c7 (无根子, grade 30)",
		"chases: 炮 e4 (少根子, grade 20)\n",
		"→ 车 d4 (联合捉车 by",
		"长捉 (lightest grade 20)",
		"verdict: black-must-vary",
	} {
		assert.Contains(t, out, want)
	}
	out, _, _ = xq(t, "judge", "--rules", "asian", "--fen", fig06FEN, "--moves", fig06Moves)
	assert.NotContains(t, out, "lightest grade", "AXF's verdict weighs no grades")
}

// Issue 25, item 5: judge --fen validates as every reader does; --composed
// is the escape for composed studies; no message names a Go function.
func TestJudgeValidatesTheFEN(t *testing.T) {
	for _, fen := range []string{
		"r2k1rrrr/9/9/9/9/9/9/9/9/4K4 w", // five black rooks
		"3k5/9/9/9/9/9/9/9/9/P3K4 w",     // a red pawn on a0
		"3k5/9/9/9/9/9/9/9/9/A3K4 w",     // an advisor off its points
		"3k5/9/9/9/9/9/9/9/9/1B2K4 w",    // an elephant off its points
	} {
		_, errs, st := xq(t, "judge", "--rules", "11", "--fen", fen, "--moves", "e0e1")
		assert.Equal(t, exitFailed, st, fen)
		assert.Contains(t, errs, "add --composed to accept it", fen)
		assert.NotContains(t, errs, "ParseFEN", fen)
		_, errs, st = xq(t, "judge", "--rules", "11", "--composed", "--fen", fen, "--moves", "e0e1")
		assert.Equal(t, exitOK, st, "%s: %s", fen, errs)
	}
	for _, fen := range []string{
		"3k5/9/9/9/9/9/9/9/9/K8 w",                        // a king outside its palace
		"4k4/9/9/9/9/9/9/9/9/4K4 w",                       // kings facing
		"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 and some junk", // after the six fields
	} {
		for _, composed := range []string{"--composed=false", "--composed"} {
			_, errs, st := xq(t, "judge", "--rules", "11", composed, "--fen", fen, "--moves", "e0f0")
			assert.Equal(t, exitFailed, st, fen)
			assert.NotContains(t, errs, "--composed", fen)
		}
	}
}
