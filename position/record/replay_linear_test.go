package record

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// repetitionsByDefinition counts a game's repetitions as Repetitions
// defines them, with a map over every position (no stretches): the
// reference the replayer's quicker count must agree with.
func repetitionsByDefinition(t testing.TB, g *Game) Repetitions {
	p := position.MustParseFEN(position.StartFEN)
	moves, err := position.ParseMoves(p, g.Moves)
	require.NoError(t, err)
	seen := map[uint64]int{p.Key(): 1}
	reps := Repetitions{Max: 1}
	for i, m := range moves {
		p.Make(m)
		seen[p.Key()]++
		switch n := seen[p.Key()]; n {
		case 2:
			reps.Twofold++
		case 3:
			reps.Threefold++
			if reps.FirstThreefold == 0 {
				reps.FirstThreefold = i + 1
			}
		}
		reps.Max = max(reps.Max, seen[p.Key()])
	}
	return reps
}

// shuffleGame is a game of plies moves from the start position: mostly the
// horses going back and forth (long stretches of reversible moves that
// repeat), now and then a random legal move (captures and pawn advances
// start new stretches).
func shuffleGame(seed uint64, plies int) *Game {
	r := rand.New(rand.NewPCG(seed, 1))
	p := position.MustParseFEN(position.StartFEN)
	var moves []string
	var buf []position.Move
	for len(moves) < plies {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[r.IntN(len(buf))]
		if r.IntN(8) != 0 {
			// prefer a horse's move, undone soon after
			for _, c := range buf {
				if p.At(c.From()).Kind() == position.Horse {
					m = c
					break
				}
			}
		}
		moves = append(moves, m.String())
		p.Make(m)
	}
	return &Game{Moves: moves}
}

// TestReplayRepetitionsAsDefined: the replayer's repetition counts equal
// the definition's on games with long repeating stretches and with
// captures and pawn moves between them.
func TestReplayRepetitionsAsDefined(t *testing.T) {
	var rp Replayer
	for seed := uint64(1); seed <= 40; seed++ {
		g := shuffleGame(seed, 300+int(seed)*7)
		reps, plies, err := rp.Check(g)
		require.NoError(t, err)
		assert.Equal(t, len(g.Moves), plies)
		assert.Equal(t, repetitionsByDefinition(t, g), reps, "seed %d", seed)
	}
	// One long stretch: the same 4-ply cycle 5,000 times.
	g := &Game{Moves: strings.Fields(strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", 5000))}
	reps, _, err := rp.Check(g)
	require.NoError(t, err)
	assert.Equal(t, repetitionsByDefinition(t, g), reps)
	assert.Equal(t, 5001, reps.Max)
}

// BenchmarkReplayLongStretch replays a 400,000-ply record that repeats one
// 4-ply cycle: one stretch of reversible moves as long as the game (issue
// 13: 28 s when every ply was compared with the whole stretch).
func BenchmarkReplayLongStretch(b *testing.B) {
	g := &Game{Moves: strings.Fields(strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", 100000))}
	var rp Replayer
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := rp.Check(g); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReplayBoundsARecord: a record longer than MaxPlies is refused with
// the ply and the bound, not replayed at any cost.
func TestReplayBoundsARecord(t *testing.T) {
	g := &Game{Moves: strings.Fields(strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", MaxPlies/4+1))}
	var rp Replayer
	_, plies, err := rp.Check(g)
	var re *ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, MaxPlies+1, re.Ply)
	assert.Equal(t, MaxPlies, plies)
	assert.Contains(t, err.Error(), "at most 1000000 are read")
}
