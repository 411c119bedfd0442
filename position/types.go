// Package position owns the Xiangqi board: pieces, legal moves, FEN, notations,
// game records, replay and repetition. Every "can take" asked anywhere in
// xqrules is answered here, with legal moves only.
package position

import (
	"fmt"
	"strings"
)

// Color is a side: Red moves first.
type Color uint8

const (
	Red Color = iota
	Black
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Kind is a piece kind, without colour.
type Kind uint8

const (
	NoKind Kind = iota
	King
	Advisor
	Elephant
	Horse
	Rook
	Cannon
	Pawn
)

// Kinds lists the piece kinds in order.
var Kinds = [...]Kind{King, Advisor, Elephant, Horse, Rook, Cannon, Pawn}

var kindNames = [...]string{"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

// WithArticle is the kind's name after "a" or "an": "an elephant", "a rook".
func (k Kind) WithArticle() string {
	if s := k.String(); s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + k.String()
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Piece is a coloured piece; the zero value is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece builds a piece from colour and kind.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Kind returns the piece's kind (NoKind for an empty square).
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Letter returns the FEN letter (upper case for Red).
func (p Piece) Letter() byte {
	if p == NoPiece {
		return '.'
	}
	l := "?KABNRCP"[p.Kind()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Chinese returns the piece's usual simplified-Chinese name, which differs by colour
// (帅/将, 仕/士, 相/象, 兵/卒; 车马炮 are the same).
func (p Piece) Chinese() string {
	if p == NoPiece {
		return "·"
	}
	if p.Color() == Red {
		return [...]string{"", "帅", "仕", "相", "马", "车", "炮", "兵"}[p.Kind()]
	}
	return [...]string{"", "将", "士", "象", "马", "车", "炮", "卒"}[p.Kind()]
}

func (p Piece) String() string { return string(p.Letter()) }

// Square is a point of the board: File() 0..8 (a..i, from Red's left), Rank()
// 0..9 (from Red's back rank). NoSquare is -1.
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// NumSquares is the number of points on the board.
const NumSquares = 90

// SquareAt returns the square at file f (0..8) and rank r (0..9).
func SquareAt(f, r int) Square { return Square(r*9 + f) }

// File returns 0..8 (a..i).
func (s Square) File() int { return int(s) % 9 }

// Rank returns 0..9 (0 is Red's back rank).
func (s Square) Rank() int { return int(s) / 9 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the ICCS name, e.g. "e0".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return iccsSquareNames[s]
}

// iccsSquareNames holds the squares' ICCS names (String allocates nothing).
var iccsSquareNames = func() (n [NumSquares]string) {
	for s := range Square(NumSquares) {
		n[s] = string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
	}
	return n
}()

// ParseSquare reads an ICCS square name such as "e0" (case-insensitive).
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 {
		return NoSquare, false
	}
	f := text[0] | 0x20
	r := text[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return NoSquare, false
	}
	return SquareAt(int(f-'a'), int(r-'0')), true
}

// Move is a from-to pair. The zero Move is NoMove; NullMove passes the turn.
type Move uint16

const (
	// NoMove is the zero move.
	NoMove Move = 0
	// NullMove passes the turn (used by hypothetical "if the mover moved again" searches).
	NullMove Move = 0xFFFF
)

// NewMove returns the move from → to.
func NewMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<7) }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7F) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 7 & 0x7F) }

// String returns the ICCS form ("h2e2"); "0000" for the null move.
func (m Move) String() string {
	switch m {
	case NoMove:
		return "(none)"
	case NullMove:
		return "0000"
	}
	return m.From().String() + m.To().String()
}
