package facts

// The floating pawn value (1999 25.3 一兵换取数子或一子换取数兵均不算得子;
// 2011 26.7): clampPawnTrade takes the gain away from a line in which one
// side gives only pawns for other pieces, or the other way round; and the
// gain search, where two lines are worth the same, tells them apart by it
// (tieBreak): the mover takes the line the clamp leaves standing, the
// defender the one it takes away. TestPawnTradeClause checks the rule.

import (
	"github.com/xqrules/xqrules/position"
)

// tieBreak is the state of a gain search that tells equal lines apart
// (gainViaChecks, under the pawn clamp and the board reading): two lines
// worth the same material are not worth the same to the mover when the pawn
// clamp (26.7) takes one's gain away and not the other's. Of equal lines the
// mover, at its choices (gainSearch), takes one the clamp leaves standing,
// and the defender, at its answers to a check (afterCheck), one the clamp
// takes away — each side's better line, whatever order the moves were
// generated in (a mirrored or colour-swapped board must report the same).
// Only the gain search's own choices are weighed this way: within the
// exchange search (qsc) the clamp is not weighed (sortCaptures orders equal
// captures, and of equal answers to a check a capture, else the quiet
// answer with the longest line, is kept).
type tieBreak struct {
	taken []position.Square // the board baseline's (clampPawnTrade's anyway)
	line  [maxPly]position.Move
}

// tieBreak compares, at ply, the line through m, whose balance equals the
// best line's (left in pv[ply]), with that line, for the mover (mover) or
// the defender: it keeps the one the side prefers (see the type), the best
// on equal terms. known and clamped say whether the best line's clamp is
// known and what it is; it returns them for the line kept.
func (s *searcher) tieBreak(ply int, m position.Move, known, clamped, mover bool) (bool, bool) {
	if !known {
		clamped = s.lineClamped(ply)
	}
	if clamped != mover {
		return true, clamped // the best line is already the side's choice
	}
	var saved [maxPly]position.Move
	n := copy(saved[:], s.pv[ply][ply:s.pvLen[ply]])
	savedLen := s.pvLen[ply]
	s.setPV(ply, m)
	if c := s.lineClamped(ply); c != mover {
		return true, c
	}
	copy(s.pv[ply][ply:], saved[:n])
	s.pvLen[ply] = savedLen
	return true, clamped
}

// lineClamped reports whether the pawn clamp takes away the gain of the
// line from the gain search's root that reaches ply by s.path and goes on
// by pv[ply].
func (s *searcher) lineClamped(ply int) bool {
	line := append(append(s.tie.line[:0], s.path[:ply]...), s.pv[ply][ply:s.pvLen[ply]]...)
	for range ply {
		s.pos.Unmake()
	}
	clamped := s.clampPawnTrade(line, 1, s.tie.taken) == 0
	for _, m := range s.path[:ply] {
		s.pos.Make(m)
	}
	return clamped
}

// clampPawnTrade applies the floating pawn value (1999 25.3, 2011 26.7): a
// line in which one side gives only pawns for other pieces, or the other way
// round, is no gain — except a pawn given up (with check) to win a rook.
// The pawns given are those traded in the exchange: a pawn of the mover's
// that moves in the line (the capturing pawn, one given with check), or one
// taken back on a square the mover has captured on; a pawn the opponent
// grabs elsewhere meanwhile is not traded (its value is in the balance all
// the same). One pawn given with check that wins two pieces, neither a
// rook, is no gain: 一兵换取数子…均不算得子 (1999 25.3; 2011 26.7 keeps only
// the rook as the exception) — inferred; the alternative would count any
// pawn given with check as the rook's exception does.
//
// The rule holds both ways (issue 24 item 2; inferred): a line that loses
// (gain < 0) only because the mover takes pawns and the opponent takes
// other pieces for them, none a rook, is no loss — the opponent's piece won
// for a pawn is no 得子 either. A root that grabs an unrooted pawn and
// leaves the piece it guarded (2020 图22, 参考图46: 捉) is then even; a
// root that takes an advisor and loses a horse (参考图28: 得不偿失) is not.
// The pawns must be the mover's only gain and it must give no pawn back.
//
// The mover's pieces in anyway (the baseline's line takes them whatever the
// mover does) are not given for anything, unless they take part in the line:
// a pawn won while the opponent takes an elephant it could have taken anyway
// is a pawn won (2020 图8), a pawn taken by a rook that is then lost is a rook
// given for a pawn even if the rook was lost anyway (图16: 避抽后 the rook's
// capture becomes a chase).
func (s *searcher) clampPawnTrade(line []position.Move, gain int, anyway []position.Square) int {
	if !s.par.PawnTradeNoGain || gain == 0 || gain < -mateScore/2 || len(line) == 0 {
		return gain
	}
	var lost, won [2]int // [pawns, others]
	rookWon, rookLost := false, false
	mover := s.pos.Side()
	var moved [position.NumSquares]bool // the mover's pieces that move in the line, by origin
	var taken [position.NumSquares]bool // squares the mover has captured on (the exchange's squares)
	// The pieces lost anyway, by kind: a piece the line loses stands for
	// one of them if it is of the same kind, whichever of two equal pieces
	// each search happened to take (two advisors a pawn can take: the
	// choice must not decide the clamp, or a mirrored board would differ).
	var anywayKinds [position.Pawn + 1]int
	for _, q := range anyway {
		anywayKinds[s.pos.At(q).Kind()]++
	}
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square) {
		if cap != position.NoPiece {
			i := 1
			if cap.Kind() == position.Pawn {
				i = 0
			}
			switch {
			case side == mover:
				won[i]++
				rookWon = rookWon || cap.Kind() == position.Rook
				taken[m.To()] = true
			case i == 0 && !moved[capOrigin] && !taken[m.To()]:
				// A pawn the opponent grabs elsewhere is not given in
				// the exchange (26.7 speaks of the pawns traded: the
				// capturing pawn, pawns recaptured on its squares).
			case moved[capOrigin] || anywayKinds[cap.Kind()] == 0:
				lost[i]++
				rookLost = rookLost || cap.Kind() == position.Rook
			default:
				anywayKinds[cap.Kind()]-- // lost anyway
			}
		}
		if side == mover {
			moved[fromOrigin] = true
		}
	})
	if gain < 0 {
		// The opponent's side of the same rule: it wins pieces for the
		// pawns the mover takes, which is no 得子 either (一兵换取数子…
		// 不算得子) — unless it wins a rook (the exception above, seen
		// from its side). So the line is no loss for the mover.
		if won[0] > 0 && won[1] == 0 && lost[0] == 0 && lost[1] > 0 && !rookLost {
			return 0
		}
		return gain
	}
	pawnsForPieces := lost[0] > 0 && lost[1] == 0 && won[1] > 0 && !rookWon
	piecesForPawns := won[0] > 0 && won[1] == 0 && lost[1] > 0
	if pawnsForPieces || piecesForPawns {
		return 0
	}
	return gain
}
