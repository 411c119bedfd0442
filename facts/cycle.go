package facts

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/xqrules/xqrules/position"
)

// ErrNoCycle: the moves do not bring the start position back.
var ErrNoCycle = errors.New("no cycle: the moves do not return to the start position")

// AnalyzeCycle computes the facts of a cycle: start is the position before the
// cycle's first move (it is not changed), moves the cycle's moves, after which
// the same position (same side to move) must stand again. occurrences is how
// many times the start position occurred in the game (2 if unknown).
func AnalyzeCycle(start *position.Position, moves []position.Move, occurrences int, par Params) (Cycle, error) {
	cs, err := AnalyzeCycles(start, moves, occurrences, []Params{par})
	if err != nil {
		return Cycle{}, err
	}
	return cs[0], nil
}

// AnalyzeCycles is AnalyzeCycle under each of params in turn (the facts are
// the same as analysing under each alone). What depends on the positions
// only — the move lists, mates in one, mate searches — is worked out once
// and shared, so that several rule books' analyses of one cycle cost less
// than their sum.
func AnalyzeCycles(start *position.Position, moves []position.Move, occurrences int, params []Params) ([]Cycle, error) {
	x := NewAnalyses()
	defer x.Close()
	return x.AnalyzeCycles(start, moves, occurrences, params)
}

// Analyses analyses cycles one after another with one memo, so that each
// finds what the searches of the ones before found: the stretches of one
// game that books judge from different plies to the same position (the
// longer one holds the shorter one's positions) cost little more than the
// longer. The facts are those of analysing each alone (everything the memo
// keeps is a fact of the position, and of the params for what clearValues
// forgets, TestMemoOrderIndependent). Not for concurrent use; Close gives
// the memo back.
type Analyses struct {
	mem *memo
	// values: the params the memo's values (exchanges, gains, baselines)
	// were found under, when valued.
	values Params
	valued bool
}

// NewAnalyses returns an empty Analyses.
func NewAnalyses() *Analyses { return &Analyses{mem: getMemo()} }

// Close gives the memo back; x is not to be used after.
func (x *Analyses) Close() {
	putMemo(x.mem)
	x.mem = nil
}

// AnalyzeCycles is the package's AnalyzeCycles with x's memo. The params
// the memo holds values for, if among params, are analysed under first;
// the values are forgotten before any other.
func (x *Analyses) AnalyzeCycles(start *position.Position, moves []position.Move, occurrences int, params []Params) ([]Cycle, error) {
	a, err := checkCycle(start, moves, occurrences)
	if err != nil {
		return nil, err
	}
	defer a.release()
	a.mem = x.mem
	order := make([]int, 0, len(params))
	for i, par := range params {
		if x.valued && sameValues(par, x.values) {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	out := make([]Cycle, len(params))
	for k, i := range order {
		par := params[i]
		if k > 0 {
			a.c.Moves = make([]Move, len(moves))
		}
		if x.valued && !sameValues(par, x.values) {
			x.mem.clearValues()
		}
		x.values, x.valued = par, true
		for j := range moves {
			a.move(j, par)
		}
		a.cycleFacts(par)
		out[i] = a.c
	}
	return out, nil
}

// sameValues: the memo's values found under a hold under b — the params
// differ at most in the fact groups they skip (Skip leaves searches out; it
// changes no search's value), so that analyses of one book set over
// stretches whose books skip different groups keep what they found.
func sameValues(a, b Params) bool {
	a.Skip, b.Skip = 0, 0
	return a == b
}

// analysis is one cycle's analysis in its stages (AnalyzeCycle runs them in
// order; the benchmarks time them apart): the moves' facts, then the
// per-cycle facts.
type analysis struct {
	c         Cycle
	moves     []position.Move
	positions []*position.Position // before each move
	mem       *memo
}

// newAnalysis checks the cycle and sets up its analysis.
func newAnalysis(start *position.Position, moves []position.Move, occurrences int) (*analysis, error) {
	a, err := checkCycle(start, moves, occurrences)
	if err != nil {
		return nil, err
	}
	a.mem = getMemo()
	return a, nil
}

// checkCycle checks the cycle and sets up its analysis, but for the memo.
func checkCycle(start *position.Position, moves []position.Move, occurrences int) (*analysis, error) {
	if len(moves) == 0 {
		return nil, fmt.Errorf("%w (no moves)", ErrNoCycle)
	}
	pos := copyPosition(start)
	defer positionPool.Put(pos)
	pos.ResetHistory()
	positions := make([]*position.Position, len(moves))
	for i, m := range moves {
		if !pos.IsLegal(m) {
			for _, p := range positions[:i] {
				positionPool.Put(p)
			}
			return nil, fmt.Errorf("cycle ply %d: %s is not a legal move for %s", i+1, m, pos.Side())
		}
		positions[i] = copyPosition(pos)
		pos.Make(m)
	}
	if !pos.Equal(start) {
		for _, p := range positions {
			positionPool.Put(p)
		}
		return nil, fmt.Errorf("%w (after %d plies the position differs)", ErrNoCycle, len(moves))
	}
	if occurrences < 2 {
		occurrences = 2
	}
	n := len(moves)
	return &analysis{
		c: Cycle{
			FEN:         start.FEN(),
			Plies:       n,
			FirstMover:  start.Side().String(),
			Occurrences: occurrences,
			Moves:       make([]Move, n),
		},
		moves:     moves,
		positions: positions,
	}, nil
}

// done gives the memo and the positions back; the analysis is not to be
// used after.
func (a *analysis) done() {
	putMemo(a.mem)
	a.mem = nil
	a.release()
}

// positionPool holds positions for the analyses to set up each move's
// position in (checkCycle): a cycle's facts hold none of them.
var positionPool = sync.Pool{New: func() any { return new(position.Position) }}

// copyPosition is a copy of p in a position from the pool.
func copyPosition(p *position.Position) *position.Position {
	q := positionPool.Get().(*position.Position)
	q.CopyFrom(p)
	return q
}

// release gives the analysis's positions back to the pool.
func (a *analysis) release() {
	for i, p := range a.positions {
		positionPool.Put(p)
		a.positions[i] = nil
	}
	a.positions = nil
}

// move computes the facts of the cycle's move i.
func (a *analysis) move(i int, par Params) {
	n := len(a.moves)
	ctx := context{prev: a.moves[(i-1+n)%n], beforePrev: a.positions[(i-1+n)%n], memo: a.mem}
	// analyzeMove leaves the position as it found it: no copy needed.
	a.c.Moves[i] = analyzeMove(a.positions[i], a.moves[i], ctx, par)
	a.c.Moves[i].Ply = i + 1
}

// cycleFacts computes the per-cycle facts, the moves' done.
func (a *analysis) cycleFacts(par Params) {
	c, positions, moves := &a.c, a.positions, a.moves
	n := len(moves)
	c.Red = sideFacts(position.Red, positions, moves, par, a.mem)
	c.Black = sideFacts(position.Black, positions, moves, par, a.mem)
	// The side that moves last in the period completes the repetition last.
	last := positions[n-1].Side()
	c.Red.CompletesLast = last == position.Red
	c.Black.CompletesLast = last == position.Black
	c.Simple = c.Red.Strong < 2 || c.Black.Strong < 2
	for _, m := range c.Moves {
		if m.Cut {
			c.Red.Cut, c.Black.Cut = true, true
		}
	}
}

// sideFacts computes one side's cycle facts: squares, strong pieces and 有变.
func sideFacts(side position.Color, positions []*position.Position, moves []position.Move, par Params, mem *memo) Side {
	sf := Side{Name: side.String()}
	for i, m := range moves {
		if positions[i].Side() != side {
			continue
		}
		sf.Moves++
		for _, sq := range []string{m.From().String(), m.To().String()} {
			if !slices.Contains(sf.Squares, sq) {
				sf.Squares = append(sf.Squares, sq)
			}
		}
	}
	slices.Sort(sf.Squares)
	mat := positions[0].Material()
	sf.Strong = mat[side][position.Rook] + mat[side][position.Horse] + mat[side][position.Cannon]
	if par.Skip&SkipVariation != 0 {
		return sf // 有变 left out
	}
	for i, m := range moves {
		if positions[i].Side() != side {
			continue
		}
		if v, ok := safeVariation(positions[i], m, par, mem); ok {
			sf.CanVary, sf.VaryMove, sf.VaryAt = true, v.String(), i+1
			sf.VaryMoveCN = position.Chinese{}.Encode(positions[i], v)
			break
		}
	}
	return sf
}

// safeVariation looks for a move other than cycleMove after which the
// opponent can neither mate at once nor win material at once (after checks):
// 王忠's narrow 有变.
func safeVariation(pos *position.Position, cycleMove position.Move, par Params, mem *memo) (position.Move, bool) {
	s := newSearcher(pos, par, mem)
	for _, m := range pos.LegalMoves(nil) {
		if m == cycleMove {
			continue
		}
		pos.Make(m)
		s.reset()
		// The opponent wins nothing at once (its captures and checks, with
		// the exchange that follows: a null window asks only "more than
		// nothing?"), and does not mate at once.
		safe := s.qsc(position.NoSquare, 0, 1, par.ExchangeDepth, 1, false, position.NoSquare, 0) <= 0 &&
			!s.matesAtOnce(0, false)
		pos.Unmake()
		if safe {
			return m, true
		}
	}
	return position.NoMove, false
}
