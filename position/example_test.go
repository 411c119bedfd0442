package position_test

import (
	"fmt"

	"github.com/xqrules/xqrules/position"
)

// A FEN names its side to move; a rule-book diagram that could not arise in
// a game (an elephant off its points) needs ParseFENComposed.
func ExampleParseFEN() {
	p, err := position.ParseFEN(position.StartFEN)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Side(), len(p.LegalMoves(nil)), "legal moves")

	_, err = position.ParseFEN("3k5/9/9/9/9/9/9/9/9/4K4")
	fmt.Println(err)
	// Output:
	// red 44 legal moves
	// fen side at offset 23: no side to move after the board: add " w" (Red to move) or " b" (Black to move) ("3k5/9/9/9/9/9/9/9/9/4K4")
}

// Moves as a person types them: numbered, in any notation.
func ExampleParseMoves() {
	start := position.MustParseFEN(position.StartFEN)
	moves, err := position.ParseMoves(start, position.SplitMoves("1. 炮二平五 马8进7 2. h0g2 R9.8"))
	if err != nil {
		panic(err)
	}
	fmt.Println(moves)
	// Output:
	// [h2e2 h9g7 h0g2 i9h9]
}

// A move in one notation, written in another.
func ExampleChinese_Encode() {
	p := position.MustParseFEN(position.StartFEN)
	m, err := position.ParseMove(p, "h2e2")
	if err != nil {
		panic(err)
	}
	fmt.Println(position.Chinese{}.Encode(p, m), position.WXF{}.Encode(p, m))
	// Output:
	// 炮二平五 C2=5
}
