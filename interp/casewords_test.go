package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVerdictOfText(t *testing.T) {
	for _, tc := range []struct {
		text      string
		verdict   string
		qualified bool
		ok        bool
	}{
		{"red loses", RedMustVary, false, true},
		{"Black loses", BlackMustVary, false, true},
		{"draw", Draw, false, true},
		{"red must vary (red loses if red repeats)", RedMustVary, false, true},
		{"red loses (game result; inferred, not an official ruling)", RedMustVary, true, true},
		{"black loses (GUI adjudication, not an official ruling)", BlackMustVary, true, true},
		{"disputed: ChessDB/TianTian say red loses", "", true, false},
		{"game ends (result not asserted)", "", true, false},
		{"红方负", RedMustVary, false, true},
		{"不变作和", Draw, false, true},
		{"red wins", "", false, false},
	} {
		v, q, ok := verdictOfText(tc.text)
		assert.Equal(t, tc.verdict, v, tc.text)
		assert.Equal(t, tc.qualified, q, tc.text)
		assert.Equal(t, tc.ok, ok, tc.text)
	}
}

func TestBooksOfRuleset(t *testing.T) {
	for _, tc := range []struct {
		name  string
		books []string
	}{
		{"CXA 2020 (cppxq calls it 2022); numbering as 2011", []string{"20"}},
		{"Chinese Xiangqi Association rules 1999 (象棋竞赛规则 1999年版), 棋例图三", []string{"99"}},
		{"1984 trial rules", []string{"87"}},
		{"WXF World Xiangqi Rules 2018 / AXF Asian rules", []string{"asian"}},
		{"Chinese (CXA) or Asian rules in force at the event (not stated in the record)", []string{"asian", "20"}},
		{"asian", []string{"asian"}},
		{"11", []string{"11"}},
		{"house rules", nil},
		{"", nil},
	} {
		assert.Equal(t, tc.books, booksOfRuleset(tc.name), tc.name)
	}
}

// The shared data's rows state their ruling in words; each is read into
// the books it names, qualified verdicts uncounted.
func TestCasesInWords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rows.jsonl")
	rows := `{"id":"a","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"red loses","ruleset":"AXF"}
{"id":"b","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"draw (inferred from the game result)","ruleset":"CXA 2011"}
{"id":"c","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"black must vary","ruleset":"Chinese or Asian, not stated","labels":["闲",null,"闲","闲"]}
{"id":"d","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"red wins","ruleset":"AXF"}
{"id":"e","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"draw","ruleset":"house rules"}
{"id":"f","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"ruling":"a long story"}
`
	require.NoError(t, os.WriteFile(path, []byte(rows), 0o644))
	cs, err := ReadCases(path)
	require.NoError(t, err)
	require.Len(t, cs, 6)

	require.NoError(t, cs[0].Err)
	assert.Equal(t, map[string]string{"asian": RedMustVary}, cs[0].Expect)
	assert.Equal(t, "AXF", cs[0].RulesetNamed)

	require.NoError(t, cs[1].Err)
	assert.Empty(t, cs[1].Expect)
	assert.Equal(t, map[string]string{"11": "draw (inferred from the game result)"}, cs[1].Uncounted)

	require.NoError(t, cs[2].Err)
	assert.Empty(t, cs[2].Expect, "a rule set that does not say which book is not counted")
	assert.Len(t, cs[2].Uncounted, 2)
	assert.Equal(t, []string{"闲", "", "闲", "闲"}, cs[2].Labels["20"])
	assert.Equal(t, []string{"闲", "", "闲", "闲"}, cs[2].Labels["asian"])

	require.Error(t, cs[3].Err)
	assert.Contains(t, cs[3].Err.Error(), `verdict "red wins" is not a ruling this reads`)
	require.Error(t, cs[4].Err)
	assert.Contains(t, cs[4].Err.Error(), `ruleset "house rules" names no bundled book`)
	require.Error(t, cs[5].Err)
	assert.Contains(t, cs[5].Err.Error(), "testdata/cases/README.md", "the error says where the form is described")
	assert.Contains(t, cs[5].Err.Error(), `"verdict"`)

	lib, err := Bundled()
	require.NoError(t, err)
	res, err := RunCase(lib, &cs[0], nil)
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.Equal(t, "asian", res[0].Ruleset)
	assert.Equal(t, "AXF", res[0].RulesetNamed)
	assert.Equal(t, "fail", res[0].Status, "two kings idling is a draw, not red's loss")
}

// The repository's copy of the shared rule cases: every row is read, the
// plain verdicts counted and the qualified ones (game results, disputes, a
// program's adjudication) kept uncounted — the counts the data states.
func TestRuleCasesFileInWords(t *testing.T) {
	cs, err := ReadCases("../testdata/data/rulecases.jsonl")
	require.NoError(t, err)
	require.Len(t, cs, 155)
	expect, uncounted := 0, 0
	for _, c := range cs {
		require.NoError(t, c.Err, "%s line %d", c.ID, c.Line)
		expect += len(c.Expect)
		uncounted += len(c.Uncounted)
	}
	// 61 red loses + 43 draw + 19 black loses + 1 red must vary.
	assert.Equal(t, 124, expect)
	// 27 game results under both books it may be + 2 disputed + 1 GUI + 1 not asserted.
	assert.Equal(t, 58, uncounted)
}

// A file with no case is an error (an empty run must not pass), and a
// labels list that does not give one label a move of the cycle is refused.
func TestCasesEmptyAndShortLabels(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"empty.jsonl": "# nothing\n", "empty.yaml": "source: x\ncases: []\n"} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		_, err := ReadCases(path)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "no cases", name)
	}
	path := filepath.Join(dir, "short.jsonl")
	row := `{"id":"short","fen":"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1","moves":["f0f1","d9d8","f1f0","d8d9"],"verdict":"draw","ruleset":"AXF","labels":["闲","闲","闲"]}`
	require.NoError(t, os.WriteFile(path, []byte(row+"\n"), 0o644))
	cs, err := ReadCases(path)
	require.NoError(t, err)
	_, err = RunCase(bundled(t), &cs[0], nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "labels[asian] gives 3 labels, the cycle judged has 4 moves")
}
