package facts

// Evidence: how the facts name pieces and lines for a ruling's explanation
// (a piece with its kind, side, square and value; a line in Chinese
// notation), and the order evidence lists are sorted in.

import (
	"github.com/xqrules/xqrules/position"
)

// describe names the piece on sq for evidence.
func describe(par *Params, pos *position.Position, sq position.Square) Piece {
	pc := pos.At(sq)
	if pc == position.NoPiece {
		return Piece{Square: sq.String()}
	}
	return Piece{
		Kind:    pc.Kind().String(),
		CN:      pc.Chinese(),
		Side:    pc.Color().String(),
		Square:  sq.String(),
		Crossed: pc.Kind() == position.Pawn && position.Crossed(pc.Color(), sq),
		Value:   pieceValue(par, pc, sq),
	}
}

// chineseOfICCS is chineseLine of a line kept in ICCS (nil for none).
func chineseOfICCS(pos *position.Position, line []string) []string {
	if len(line) == 0 {
		return nil
	}
	ms, err := position.ParseMoves(pos, line)
	if err != nil {
		return nil // the line came from pos's own legal moves; cannot happen
	}
	return chineseLine(pos, ms)
}

func chineseLine(pos *position.Position, line []position.Move) []string {
	out := make([]string, 0, len(line))
	n := 0
	for _, m := range line {
		out = append(out, position.Chinese{}.Encode(pos, m))
		pos.Make(m)
		n++
	}
	for ; n > 0; n-- {
		pos.Unmake()
	}
	return out
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
