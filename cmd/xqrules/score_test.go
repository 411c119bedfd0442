package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateScore = flag.Bool("update-score", false, "rewrite the golden files of the score tests")

const scoreData = "../../testdata/scoring"

// runScoreCmd runs "xqrules score args…" in-process.
func runScoreCmd(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("")}
	status = run(e, append([]string{"score"}, args...))
	return out.String(), errb.String(), status
}

// golden compares got with testdata/scoring/golden/name (rewritten with
// -update-score).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(scoreData, "golden", name)
	if *updateScore {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-score to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

type scoreRow struct {
	Rank     int      `json:"rank"`
	Player   string   `json:"player"`
	Points   float64  `json:"points"`
	Tiebreak float64  `json:"tiebreak"`
	Residual *float64 `json:"residual"`
}

type scoreTable struct {
	Scheme    string     `json:"scheme"`
	Standings []scoreRow `json:"standings"`
}

func (t scoreTable) row(player string) scoreRow {
	for _, r := range t.Standings {
		if r.Player == player {
			return r
		}
	}
	return scoreRow{}
}

// TestScoreSeedExample: seed 004 §二.2 — a one-game event drawn with Red 车士相全
// against Black 炮士象全 (a record with a FEN and no moves): both get 0.8; in
// 对手及余子分 Red records 1.2 and Black 0.4.
func TestScoreSeedExample(t *testing.T) {
	out, errs, st := runScoreCmd(t, "--scheme", "dafen-xiaofen", "--format", "json", filepath.Join(scoreData, "seed_example.pgn"))
	if st != exitOK {
		t.Fatalf("status %d, stderr:\n%s", st, errs)
	}
	var tab scoreTable // a single --scheme gives exactly one object
	if err := json.Unmarshal([]byte(out), &tab); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	red, black := tab.row("红方"), tab.row("黑方")
	if tab.Scheme != "dafen-xiaofen" || red.Points != 0.8 || black.Points != 0.8 ||
		red.Tiebreak != 1.2 || black.Tiebreak != 0.4 || red.Residual == nil || *red.Residual != 0.4 || *black.Residual != -0.4 {
		t.Errorf("got %s", out)
	}
}

// TestScoreRoundRobin: the hand-computed four-player event of
// interp/scoring.TestRoundRobin, read from PGN (one game replayed from its
// moves, the others given by their final FEN), under all schemes.
func TestScoreRoundRobin(t *testing.T) {
	file := filepath.Join(scoreData, "round_robin.pgn")
	out, errs, st := runScoreCmd(t, "--scheme", "all", "--format", "json", file)
	if st != exitOK {
		t.Fatalf("status %d, stderr:\n%s", st, errs)
	}
	var all struct {
		Schemes []scoreTable `json:"schemes"`
	}
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"standard":      "1 A 4 8|1 D 4 8|3 C 3 9|4 B 1 11",
		"three-point":   "1 A 5 9|1 D 5 9|3 C 3 11|4 B 1 13",
		"dafen-xiaofen": "1 A 3.6 6.8|2 D 3.6 6.3|3 C 2.4 8.5|4 B 0.8 9.6",
	}
	if len(all.Schemes) != 3 || all.Schemes[0].Scheme != "standard" {
		t.Fatalf("schemes: %s", out)
	}
	for _, tab := range all.Schemes {
		var rows []string
		for _, r := range tab.Standings {
			b, _ := json.Marshal(r.Points)
			c, _ := json.Marshal(r.Tiebreak)
			rows = append(rows, strings.Join([]string{itoa(r.Rank), r.Player, string(b), string(c)}, " "))
		}
		if got := strings.Join(rows, "|"); got != want[tab.Scheme] {
			t.Errorf("%s: %s, want %s", tab.Scheme, got, want[tab.Scheme])
		}
	}
	text, _, _ := runScoreCmd(t, "--scheme", "standard,dafen-xiaofen", file)
	golden(t, "round_robin.txt", text)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestScoreRealEvent scores the 19th 五羊杯 (1999), an eight-player single
// round robin from CCPD, under every scheme. Finding: 2 of 8 places change
// between standard and dafen-xiaofen, and both are shared places under
// standard (呂欽 = 陶漢明 at 3rd, 李來群 = 許銀川 at 5th, equal in points and
// 对手分) that 大分小分 separates — on points, not on 余子分: with a draw worth
// 0.8, a win and a loss (2.0) count for more than two draws (1.6), and 呂欽
// and 李來群 have one more of each. No player ranked strictly ahead of
// another under standard falls behind them.
func TestScoreRealEvent(t *testing.T) {
	file := filepath.Join(scoreData, "wuyang19_1999.jsonl")
	text, errs, st := runScoreCmd(t, "--scheme", "all", file)
	if st != exitOK {
		t.Fatalf("status %d, stderr:\n%s", st, errs)
	}
	golden(t, "wuyang19_1999.txt", text)
	if !strings.Contains(text, "standard → dafen-xiaofen: 2 of 8 players change place (陶漢明 3→4, 許銀川 5→6).") {
		t.Errorf("finding changed:\n%s", text)
	}

	out, _, _ := runScoreCmd(t, "--scheme", "standard,dafen-xiaofen", "--format", "json", file)
	var all struct {
		Schemes []scoreTable `json:"schemes"`
	}
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatal(err)
	}
	std, dx := all.Schemes[0], all.Schemes[1]
	// No strict inversion: whoever is strictly ahead under standard stays ahead.
	for _, a := range std.Standings {
		for _, b := range std.Standings {
			if a.Rank < b.Rank && dx.row(a.Player).Rank > dx.row(b.Player).Rank {
				t.Errorf("%s ahead of %s under standard, behind under dafen-xiaofen", a.Player, b.Player)
			}
		}
	}
	// 余子分 is summed over 18 drawn games and balances to zero over the event.
	var sum float64
	for _, r := range dx.Standings {
		sum += *r.Residual
	}
	if sum > 1e-9 || sum < -1e-9 {
		t.Errorf("余子分 sums to %v over the event, want 0", sum)
	}
}

// TestScoreBadInput: a game with no result, an unknown result string, a
// record whose moves do not replay, a record without a Black player, and one
// player spelled two ways are all reported; the standings of the other
// games are still printed; the exit status is 1.
func TestScoreBadInput(t *testing.T) {
	out, errs, st := runScoreCmd(t, "--scheme", "standard,dafen-xiaofen", filepath.Join(scoreData, "bad_input.jsonl"))
	if st != exitFailed {
		t.Errorf("status %d, want %d", st, exitFailed)
	}
	golden(t, "bad_input.stdout", out)
	golden(t, "bad_input.stderr", errs)
	for _, want := range []string{"(no-result)", "unknown result", `"a0a5"`, "no player name", `"呂 欽" and "呂欽"`, "5 problem(s)"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// TestScoreSchemeFile: a researcher's edited copy of a scheme is used by path.
func TestScoreSchemeFile(t *testing.T) {
	out, errs, st := runScoreCmd(t, "--scheme", filepath.Join(scoreData, "schemes", "dafen-variant.good.yaml"), "--format", "json", filepath.Join(scoreData, "seed_example.pgn"))
	if st != exitOK {
		t.Fatalf("status %d: %s", st, errs)
	}
	var tab scoreTable
	if err := json.Unmarshal([]byte(out), &tab); err != nil {
		t.Fatal(err)
	}
	// draw 0.7, no Red deduction: 17 vs 12 → ±0.5; 0.7 + 0.5 and 0.7 − 0.5.
	if r := tab.row("红方"); tab.Scheme != "dafen-variant" || r.Points != 0.7 || r.Tiebreak != 1.2 || tab.row("黑方").Tiebreak != 0.2 {
		t.Errorf("got %s", out)
	}
}

func TestScoreUsage(t *testing.T) {
	seed := filepath.Join(scoreData, "seed_example.pgn")
	tests := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"--scheme", "nope", seed}, exitUsage, `unknown scheme "nope"`},
		{[]string{"--format", "xml", seed}, exitUsage, `unknown --format "xml"`},
		{[]string{}, exitUsage, "no game files given"},
		{[]string{"--scheme", filepath.Join(scoreData, "schemes", "compile.bad.yaml"), seed}, exitFailed, "compile.bad.yaml:15:34: residual.score: type scoring.Side has no field materail"},
		{[]string{"--scheme", "standard," + filepath.Join(scoreData, "schemes", "dafen-variant.good.yaml") + "," + filepath.Join(scoreData, "schemes", "dafen-variant.good.yaml"), seed}, exitOK, ""},
		{[]string{filepath.Join(scoreData, "does-not-exist.pgn")}, exitFailed, "cannot open"},
	}
	for _, tc := range tests {
		_, errs, st := runScoreCmd(t, tc.args...)
		if st != tc.status || !strings.Contains(errs, tc.stderr) {
			t.Errorf("score %v: status %d, stderr %q; want %d and %q", tc.args, st, errs, tc.status, tc.stderr)
		}
	}
}

// TestScoreEventFilter: --event keeps the games whose Event tag contains the
// text (here the first round of the 1999 五羊杯: four games, eight players).
func TestScoreEventFilter(t *testing.T) {
	out, errs, st := runScoreCmd(t, "--scheme", "standard", "--event", "19屆第1輪", filepath.Join(scoreData, "wuyang19_1999.jsonl"))
	if st != exitOK || !strings.Contains(out, "games scored: 4; players: 8") {
		t.Errorf("status %d\n%s%s", st, out, errs)
	}
	_, errs, st = runScoreCmd(t, "--event", "no such event", filepath.Join(scoreData, "wuyang19_1999.jsonl"))
	if st != exitFailed || !strings.Contains(errs, "no game to score") {
		t.Errorf("status %d, stderr %q", st, errs)
	}
}

// TestScoreCorpusProblems: a corpus with one game naming the same player on
// both sides and many games without names still gets its standings; the
// game is reported and left out, and each kind of problem beyond the first
// few is counted in one line, not repeated.
func TestScoreCorpusProblems(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id": "g1", "red": "甲", "black": "乙", "result": "1-0", "fen": "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "moves": []}` + "\n")
	b.WriteString(`{"id": "same", "red": "甲", "black": "甲", "result": "1-0", "fen": "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "moves": []}` + "\n")
	for i := range 7 {
		b.WriteString(`{"id": "nameless` + string(rune('a'+i)) + `", "result": "1-0", "fen": "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "moves": []}` + "\n")
	}
	path := filepath.Join(t.TempDir(), "corpus.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, st := runScoreCmd(t, "--scheme", "standard", path)
	if st != exitFailed {
		t.Errorf("status %d, want %d (games were left out)", st, exitFailed)
	}
	if !strings.Contains(out, "甲") || !strings.Contains(out, "乙") {
		t.Errorf("no standings printed:\n%s", out)
	}
	for _, want := range []string{`"甲" plays both sides`, "7 games without a player name (the first 3 shown above)", "8 problem(s)"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "no player name in the Red/Black tags"); n != 3 {
		t.Errorf("%d nameless games listed one by one, want 3:\n%s", n, errs)
	}
}
