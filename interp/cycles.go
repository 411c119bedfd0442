package interp

import "github.com/xqrules/xqrules/position"

// Which cycles of a game FindCycles returns.
const (
	// CyclesAll: every distinct cycle in which a position occurs for the
	// third time (or more, on coming back to it after leaving).
	CyclesAll = "all"
	// CyclesFirst: the first of those only (as the CCPD corpus records it).
	CyclesFirst = "first"
	// CyclesLast: the cycle the game ends in, as `judge` finds it
	// (FindCycle: the last period of the final position, which may have
	// occurred only twice).
	CyclesLast = "last"
)

// GameCycle is a cycle found in a game.
type GameCycle struct {
	Input
	// Ply: the number of moves played when the repetition is complete (the
	// position occurs for the Occurrences-th time after it).
	Ply int
	// FromPly: the number of moves played before the period judged
	// (Input.Start stands there; Ply - FromPly = len(Input.Moves)).
	FromPly int
	// EndsGame: the game stays in this cycle's repetition until its last
	// move (each position after Ply is the one a period before it).
	EndsGame bool
}

// FindCycles finds the repetition cycles of a game played from start (not
// changed). A cycle is judged as FindCycle judges the moves from the first
// occurrence of the repeated position to the occurrence that completes it:
// its last period, with the occurrences counted in that window — for a
// third occurrence, exactly what the CCPD corpus records as the game's
// cycle (cycle_fen, cycle_moves).
//
// In a stretch of play that keeps repeating with the same period, the
// positions that go on reaching their third occurrence are the same cycle
// turning: one cycle is reported per stretch, at the first position of it
// to occur three times. After the play leaves it, a position that occurs
// for the third time (or more) starts another.
func FindCycles(start *position.Position, moves []position.Move, mode string) []GameCycle {
	if mode == CyclesLast {
		in, ok := FindCycle(start, moves)
		if !ok {
			return nil
		}
		return []GameCycle{{Input: in, Ply: len(moves), FromPly: len(moves) - len(in.Moves), EndsGame: true}}
	}
	p := start.Clone()
	for _, m := range moves {
		p.Make(m)
	}
	keys := p.Keys()
	// Each position's occurrences so far: how many, the first and the last.
	type seenAt struct{ count, first, last int }
	occ := make(map[uint64]seenAt, len(keys))
	var out []GameCycle
	period := 0 // of the stretch being played, 0 when none
	for j, k := range keys {
		o, seen := occ[k]
		if !seen {
			o.first = j
		}
		prev := o.last
		o.count++
		o.last = j
		occ[k] = o
		if period > 0 {
			if j >= period && keys[j-period] == k {
				if j == len(keys)-1 {
					out[len(out)-1].EndsGame = true
				}
				continue
			}
			period = 0
		}
		if o.count < 3 || !seen {
			continue
		}
		period = j - prev
		from := o.first
		at := start.Clone()
		for _, m := range moves[:from] {
			at.Make(m)
		}
		at.ResetHistory() // FindCycle counts from its start
		in, ok := FindCycle(at, moves[from:j])
		if !ok { // cannot happen: the position occurs again at j
			continue
		}
		in.FromPly += from // plies of the game, not of the window
		in.WholeFromPly += from
		out = append(out, GameCycle{Input: in, Ply: j, FromPly: j - len(in.Moves), EndsGame: j == len(keys)-1})
		if mode == CyclesFirst {
			// The stretch still decides EndsGame.
			for jj := j + 1; jj < len(keys); jj++ {
				if keys[jj-period] != keys[jj] {
					return out
				}
			}
			out[0].EndsGame = true
			return out
		}
	}
	return out
}
