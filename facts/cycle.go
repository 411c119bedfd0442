package facts

import (
	"errors"

	"github.com/xqrules/xqrules/position"
)

// ErrNoCycle: the moves do not bring the start position back.
var ErrNoCycle = errors.New("no cycle: the moves do not return to the start position")

// AnalyzeCycle computes the facts of a cycle: start is the position before the
// cycle's first move (it is not changed), moves the cycle's moves, after which
// the same position (same side to move) must stand again. occurrences is how
// many times the start position occurred in the game (2 if unknown).
func AnalyzeCycle(start *position.Position, moves []position.Move, occurrences int, p Params) (Cycle, error) {
	return Cycle{}, errors.New("facts: not implemented yet")
}
