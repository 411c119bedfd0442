package explore

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

// A start read from a game record carries the cycle the game played there,
// which is its first candidate; a group counts the played cycles that fall
// in it and shows them as examples (issue 27: real-game examples).
func TestPlayedCycleIsJudgedAndReported(t *testing.T) {
	a, b, p, moves := no262Cycle(t)
	var iccs []string
	for range 2 { // the cycle played twice: the start occurs three times
		for _, m := range moves {
			iccs = append(iccs, m.String())
		}
	}
	line, err := json.Marshal(map[string]string{"id": "made/1.pgn", "result": "1-0", "game_fen": p.FEN(), "game_moves": strings.Join(iccs, " ")})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "games.jsonl")
	require.NoError(t, os.WriteFile(file, append(line, '\n'), 0o644))

	starts, bad, err := ReadStarts(file)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.NotEmpty(t, starts)
	var first *Start
	for i := range starts {
		require.NotNil(t, starts[i].Played, "every start of a repetition has its played cycle: %s", starts[i].Source)
		assert.True(t, IsCycle(starts[i].Pos, starts[i].Played))
		if starts[i].Pos.Key() == p.Key() {
			first = &starts[i]
		}
	}
	require.NotNil(t, first, "the game's start is a start")
	assert.Equal(t, moves, first.Played)

	g := newGenerator(0, *first)
	c, ok := g.next()
	require.True(t, ok)
	assert.Equal(t, ShapePlayed, c.Shape)
	assert.Equal(t, moves, c.Moves)
	c, ok = g.next()
	require.True(t, ok)
	assert.NotEqual(t, ShapePlayed, c.Shape, "the played cycle is made once")

	rep, err := Run(context.Background(), a, b, starts, Options{Count: 40, Jobs: 1})
	require.NoError(t, err)
	played := 0
	for _, gr := range rep.Groups {
		played += gr.PlayedCount
		require.LessOrEqual(t, len(gr.PlayedIn), gr.PlayedCount)
		for _, x := range gr.PlayedIn {
			assert.True(t, x.Played)
			assert.Equal(t, ShapePlayed, x.Shape)
			assert.Contains(t, x.Source, "made/1.pgn")
			assert.Contains(t, x.Source, " ply ")
		}
		assert.False(t, gr.Minimal.Played, "a minimised position is not the one played")
	}
	// The rook's chase of the advisor is 闲 under 11 and 捉 without 26.2
	// (ExampleRun): the played cycle, from each of its starts, is a difference.
	assert.Equal(t, len(starts), played)
}

// A case file's start has no played cycle: its candidates are made.
func TestCaseStartHasNoPlayedCycle(t *testing.T) {
	starts, _, err := ReadStarts(filepath.Join("..", "testdata", "cases", "cn2011_clauses.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, starts)
	for _, s := range starts {
		assert.Nil(t, s.Played, s.Source)
	}
}
