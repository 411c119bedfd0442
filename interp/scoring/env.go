package scoring

import "github.com/xqrules/xqrules/position"

// The expression environments. They are value structs with no pointers and
// no interface fields: expr then knows every name's type at compile time (so
// a misspelt name or a wrong-typed formula is refused at load) and runs
// without allocating.

// Seat is the environment of the points expressions (points.win/draw/loss).
type Seat struct {
	Red bool `expr:"red"` // the player had Red (moved first)
}

// Pieces is one side's remaining pieces, the environment of residual.material
// and residual.attacking. Kings are not counted: both sides always have one.
type Pieces struct {
	Red          bool `expr:"red"`
	Rooks        int  `expr:"rooks"`
	Horses       int  `expr:"horses"`
	Cannons      int  `expr:"cannons"`
	Elephants    int  `expr:"elephants"`
	Advisors     int  `expr:"advisors"`
	Pawns        int  `expr:"pawns"`         // pawns still on their own side of the river
	CrossedPawns int  `expr:"crossed_pawns"` // pawns across the river (过河兵卒)
}

// Side is one side of a drawn game as residual.score sees it: its pieces and
// what residual.material and residual.attacking made of them.
type Side struct {
	Red          bool    `expr:"red"`
	Rooks        int     `expr:"rooks"`
	Horses       int     `expr:"horses"`
	Cannons      int     `expr:"cannons"`
	Elephants    int     `expr:"elephants"`
	Advisors     int     `expr:"advisors"`
	Pawns        int     `expr:"pawns"`
	CrossedPawns int     `expr:"crossed_pawns"`
	Material     float64 `expr:"material"`  // residual.material of these pieces
	Attacking    bool    `expr:"attacking"` // residual.attacking of these pieces
}

// Draw is the environment of residual.score: the side being scored (me), the
// other side (opp), and whether the side being scored had Red.
type Draw struct {
	Me  Side `expr:"me"`
	Opp Side `expr:"opp"`
	Red bool `expr:"red"`
}

// Totals is a player's event so far, the environment of the tiebreak
// expressions. Sums of points are exact (see Score) before they are handed over.
type Totals struct {
	Points    float64 `expr:"points"`    // the player's own points
	Opponents float64 `expr:"opponents"` // 对手分: the points of each opponent, once per game played
	Residual  float64 `expr:"residual"`  // 余子分 summed over the player's drawn games (0 without a residual rule)
	Games     int     `expr:"games"`
	Wins      int     `expr:"wins"`
	Draws     int     `expr:"draws"`
	Losses    int     `expr:"losses"`
	RedGames  int     `expr:"red_games"` // games played with Red
}

// PiecesOf counts c's pieces in p. A pawn has crossed the river when it stands
// on the other side's half: rank 5 or more for Red, 4 or less for Black.
func PiecesOf(p *position.Position, c position.Color) Pieces {
	pc := Pieces{Red: c == position.Red}
	for sq := position.Square(0); sq < position.NumSquares; sq++ {
		piece := p.At(sq)
		if piece == position.NoPiece || piece.Color() != c {
			continue
		}
		switch piece.Kind() {
		case position.Rook:
			pc.Rooks++
		case position.Horse:
			pc.Horses++
		case position.Cannon:
			pc.Cannons++
		case position.Elephant:
			pc.Elephants++
		case position.Advisor:
			pc.Advisors++
		case position.Pawn:
			if (c == position.Red && sq.Rank() >= 5) || (c == position.Black && sq.Rank() <= 4) {
				pc.CrossedPawns++
			} else {
				pc.Pawns++
			}
		}
	}
	return pc
}

func (pc Pieces) side(material float64, attacking bool) Side {
	return Side{
		Red: pc.Red, Rooks: pc.Rooks, Horses: pc.Horses, Cannons: pc.Cannons,
		Elephants: pc.Elephants, Advisors: pc.Advisors, Pawns: pc.Pawns, CrossedPawns: pc.CrossedPawns,
		Material: material, Attacking: attacking,
	}
}
