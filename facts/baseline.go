package facts

// The baseline (2011 24.3 得子, measured against standing still): what the
// opponent could win anyway had the mover passed instead of going for the
// victim, which a line through the victim does not lose (baselineLine), and
// the lines' bookkeeping it needs: the pieces a line takes (takenIn,
// walkLine) and the pieces a search spares (spare).

import (
	"github.com/xqrules/xqrules/position"
)

// baseline is what the opponent could win if the mover passed instead of
// going for the victim on target. Gains are measured against standing still:
// what the opponent could win anyway (a piece already en prise elsewhere) is
// not the victim's doing, while what the capture itself leaves hanging (the
// captor was a root: 做根子捉子) is. The victim stands aside in the
// opponent's line: its own threats do not count (taking it ends them, which
// is defence, not gain), and the mover may not take it, or the threat would
// be counted on both sides and cancel itself out against an unrelated part
// of the board (seed 001 (一)无关联: "不能把甲乙两块棋混在一起计算子力价值的得失").
// The search is remembered per position and victim.
func (s *searcher) baseline(target position.Square) int {
	v, _ := s.baselineLine(target, false)
	return v
}

// baselineLine is baseline with what the opponent takes in its line: the
// squares (in the position before the null move) of the mover's pieces
// taken, which a line through the victim loses anyway.
//
// With keep, the chase's own pieces — the mover's pieces that can take the
// victim or back a capture, and the screens its cannons among them fire
// over (chaseOf) — are kept out
// of what the opponent wins anyway: the opponent's line does not take them
// where they stand (qsc's spared squares). The mover's own hanging chaser
// is not written off: a piece the chase needs that is lost after the
// capture is the capture's cost, not something lost anyway — the mover, to
// move, could have saved it instead (issue 11 class 3a: a move that shields
// or rescues its hanging chaser makes 新增得子). A hanging piece that takes
// no part in the chase stays written off (seed 001 (一)无关联). The pieces
// kept are the chase's as the board shows it (chaseOf), not which of two
// equal lines a search reports (a mirrored board must read the same) —
// unless s.keepFor names them for the victim: a move's "before" keeps the
// pieces of the chase after the move, where they stood before it (a piece
// that saves itself and takes no part in the chase after the move is not
// the chase's: issue 11 class 3d).
// Keeping only takes moves away from the opponent, so the baseline with
// keep is never more than without. gainViaChecks reports both: the gain
// (without) and kept (with), which Threat.New compares.
func (s *searcher) baselineLine(target position.Square, keep bool) (int, []position.Square) {
	if s.par.ChaseExchange == ChaseSquare {
		// The rest counts no capture elsewhere, so there is nothing to take
		// back here: each capture's rest carries its own baseline, scoped
		// as it is (zoneBaseline).
		return 0, nil
	}
	var spare chasePieces
	if keep {
		if s.keepFor != nil {
			spare = s.keepFor[target]
		} else {
			spare = chaseOf(s.pos, target)
		}
	}
	s.pos.Make(position.NullMove)
	vk := victimKey{s.pos.Key(), target, spare.hash()}
	e, ok := s.memo.baselines[vk]
	if !ok {
		release := s.spare(spare.sq[:spare.n]...)
		e.v = s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, target, 1)
		release()
		e.taken = s.takenIn(s.line(1))
		if !s.cut {
			s.memo.baselines[vk] = e
		}
	}
	base, taken := e.v, e.taken
	s.pos.Unmake()
	if base > mateScore/2 || base < 0 {
		return 0, nil // passing loses to mate, or the opponent is in check: no material baseline
	}
	return base, taken
}

// spare marks the pieces on sq as spared in qsc (see there) until the
// returned release is called.
func (s *searcher) spare(sq ...position.Square) (release func()) {
	for _, q := range sq {
		s.spared[q] = true
	}
	s.nSpared = len(sq)
	return func() {
		for _, q := range sq {
			s.spared[q] = false
		}
		s.nSpared = 0
	}
}

// takenIn returns the squares, in the position now, of the pieces of the side
// not to move that the side to move takes in line (followed as they move).
func (s *searcher) takenIn(line []position.Move) []position.Square {
	var out []position.Square
	victims := s.pos.Side().Other()
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, _ position.Square) {
		if cap != position.NoPiece && cap.Color() == victims {
			out = append(out, capOrigin)
		}
	})
	return out
}

// walkLine plays line from the position now and back, calling visit before
// each move with the side moving, the piece it takes (NoPiece if none), and
// the squares, in the position now, the taken piece and the moving piece
// started the line on (pieces are followed as they move).
func (s *searcher) walkLine(line []position.Move, visit func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square)) {
	var origin [position.NumSquares]position.Square
	for q := range origin {
		origin[q] = position.Square(q)
	}
	n := 0
	for _, m := range line {
		visit(m, s.pos.Side(), s.pos.At(m.To()), origin[m.To()], origin[m.From()])
		origin[m.To()] = origin[m.From()]
		s.pos.Make(m)
		n++
	}
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
}
