package record

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// These tests read the corpora of ../shared/data (beside the repository's
// root). They skip, saying so, when it is absent (a fresh clone), and the
// big ones skip in -short mode.

// sharedData returns the path of ../shared/data, or skips the test.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skipf("skipped: %s is absent (the corpora are not part of the repository)", data)
	}
	return data
}

func dataFile(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(sharedData(t), name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipped: %s is absent", p)
	}
	return p
}

// corpusResult is what replaying a file found.
type corpusResult struct {
	games, plies int
	readErrs     []error
	replayErrs   []*ReplayError
	notes        []string // ids of records carrying a "note" that says they were truncated
	reps         map[string]Repetitions
	raw          map[string]json.RawMessage
}

func replayCorpus(t testing.TB, path string, keep bool) corpusResult {
	t.Helper()
	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	res := corpusResult{reps: map[string]Repetitions{}, raw: map[string]json.RawMessage{}}
	var rp Replayer
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			res.readErrs = append(res.readErrs, err)
			continue
		}
		res.games++
		if n := g.Tags["note"]; len(n) > 16 && n[:16] == "record truncated" {
			res.notes = append(res.notes, g.ID)
		}
		reps, plies, err := rp.Check(g)
		res.plies += plies
		if err != nil {
			var re *ReplayError
			require.ErrorAs(t, err, &re)
			res.replayErrs = append(res.replayErrs, re)
			continue
		}
		if keep {
			res.reps[g.ID] = reps
			res.raw[g.ID] = g.Raw
			if full, err := Replay(g); assert.NoError(t, err) {
				assert.Equal(t, naiveReps(full.Final.Keys()), reps, g.ID)
			}
		}
	}
	return res
}

// fenErrorIDs returns the ids of the replay errors, checking that each is a
// start position refused by position.ParseFEN (not a move).
func fenErrorIDs(t *testing.T, errs []*ReplayError) []string {
	var ids []string
	for _, e := range errs {
		var fe *position.FENError
		assert.True(t, errors.As(e, &fe), "not a FEN error: %v", e)
		ids = append(ids, e.Game.ID)
		t.Logf("replay error: %v", e)
	}
	sort.Strings(ids)
	return ids
}

func TestDataCCPD(t *testing.T) {
	path := dataFile(t, "ccpd_games_iccs.jsonl.gz")
	if testing.Short() {
		t.Skip("skipped in -short mode: 58,463 records")
	}
	res := replayCorpus(t, path, false)
	assert.Equal(t, 58463, res.games)
	assert.Empty(t, res.readErrs)
	// The collector truncated the records with a bad move before it, so
	// they replay; their note says so. The data README counts 12 such
	// records; the file carries 7 notes.
	t.Logf("%d records carry a truncation note: %v", len(res.notes), res.notes)
	assert.Len(t, res.notes, 7)
	// Three start positions cannot arise in a game, and position.ParseFEN
	// refuses them: one with no black king (a truncated record), a black
	// advisor on g0, a red elephant on g1.
	assert.Equal(t, []string{"中局/00002096.pgn", "開局/00000242.pgn", "開局/00000306.pgn"}, fenErrorIDs(t, res.replayErrs))
	t.Logf("%d games, %d plies", res.games, res.plies)
}

func TestDataWukong(t *testing.T) {
	for _, f := range []string{"wukong_liu_dahua_1125_iccs.pgn.gz", "wukong_hu_ronghua_1391_iccs.pgn.gz"} {
		t.Run(f, func(t *testing.T) {
			res := replayCorpus(t, dataFile(t, f), false)
			assert.Empty(t, res.readErrs)
			assert.Empty(t, res.replayErrs)
			want := map[string]int{"wukong_liu_dahua_1125_iccs.pgn.gz": 1125, "wukong_hu_ronghua_1391_iccs.pgn.gz": 1391}[f]
			assert.Equal(t, want, res.games)
		})
	}
}

func TestDataCaseFiles(t *testing.T) {
	tests := []struct {
		file   string
		games  int
		badFEN []string // start positions position.ParseFEN refuses
	}{
		// orange-103 has a black pawn on i7, behind its starting rank: a
		// transcription of a rule-book diagram that cannot arise in a game.
		{"rulecases.jsonl", 155, []string{"orange-103"}},
		{"cn2020_figures.jsonl", 31, nil},
		{"famous_games.jsonl", 18, nil},
		{"ccpd_repetition_games.jsonl", 2543, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res := replayCorpus(t, dataFile(t, tt.file), true)
			assert.Empty(t, res.readErrs)
			assert.Equal(t, tt.games, res.games)
			assert.Equal(t, tt.badFEN, fenErrorIDs(t, res.replayErrs))
			// Where the file states the largest number of occurrences of a
			// position, the replay must find the same.
			checked := 0
			for id, raw := range res.raw {
				var row struct {
					Max *int `json:"max_position_occurrences"`
				}
				require.NoError(t, json.Unmarshal(raw, &row))
				if row.Max == nil {
					continue
				}
				assert.Equal(t, *row.Max, res.reps[id].Max, id)
				checked++
			}
			t.Logf("%d games, %d plies, %d repetition counts checked against the file", res.games, res.plies, checked)
		})
	}
}

func TestDataChinesePGN(t *testing.T) {
	path := dataFile(t, "ccpd_national_events_chinese_notation.pgn.gz")
	if testing.Short() {
		t.Skip("skipped in -short mode: 15,407 games")
	}
	res := replayCorpus(t, path, false)
	assert.Empty(t, res.readErrs)
	assert.Equal(t, 15407, res.games)
	if !chineseReady() {
		t.Skip("position does not decode Chinese notation yet")
	}
	t.Logf("%d of %d games replay, %d plies", res.games-len(res.replayErrs), res.games, res.plies)
	for i, e := range res.replayErrs {
		if i == 20 {
			break
		}
		t.Logf("replay error: %v", e)
	}
}
