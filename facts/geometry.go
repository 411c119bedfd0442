package facts

// The board's geometry the facts ask about without a search: whether a
// square lies between two others on a rank or file (a rook's, cannon's or
// king's line), a horse's leg (蹩马腿) and an elephant's eye (塞象眼). The
// threats use them to tell who stands in whose way: a cannon's screen, a
// line the move uncovered, a protector cut off (拦).

import (
	"github.com/xqrules/xqrules/position"
)

// between reports whether x lies strictly between a and b on a rank or file.
func between(a, b, x position.Square) bool {
	if a.File() == b.File() && x.File() == a.File() {
		lo, hi := min(a.Rank(), b.Rank()), max(a.Rank(), b.Rank())
		return x.Rank() > lo && x.Rank() < hi
	}
	if a.Rank() == b.Rank() && x.Rank() == a.Rank() {
		lo, hi := min(a.File(), b.File()), max(a.File(), b.File())
		return x.File() > lo && x.File() < hi
	}
	return false
}

// horseLeg returns the leg square of a horse on a jumping to b, or NoSquare.
func horseLeg(pos *position.Position, a, b position.Square) position.Square {
	if pos.At(a).Kind() != position.Horse {
		return position.NoSquare
	}
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	switch {
	case abs(dr) == 2 && abs(df) == 1:
		return position.SquareAt(a.File(), a.Rank()+dr/2)
	case abs(df) == 2 && abs(dr) == 1:
		return position.SquareAt(a.File()+df/2, a.Rank())
	}
	return position.NoSquare
}

// elephantEye returns the eye (象眼) of an elephant on a stepping to b, or NoSquare.
func elephantEye(pos *position.Position, a, b position.Square) position.Square {
	if pos.At(a).Kind() != position.Elephant || abs(b.File()-a.File()) != 2 || abs(b.Rank()-a.Rank()) != 2 {
		return position.NoSquare
	}
	return position.SquareAt((a.File()+b.File())/2, (a.Rank()+b.Rank())/2)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
