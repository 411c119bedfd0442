package position

import (
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/internal/excerpt"
)

// StartFEN is the initial position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// FENError is a FEN that could not be read, or describes an impossible position.
// Offset is the byte offset in the FEN text where the problem was found (-1 when
// it concerns the whole position); Code is stable for tests and programs.
type FENError struct {
	FEN    string
	Field  string // "board", "side" or "position"
	Offset int
	Code   string // e.g. "rank-count", "rank-width", "unknown-letter", "king-count", "bad-square", "too-many", "side-not-to-move-in-check", "trailing"
	Msg    string
	// Composed: the position cannot arise in a game but a composed study
	// (排局) or a rule-book diagram may hold it: ParseFENComposed reads it.
	Composed bool
}

func (e *FENError) Error() string {
	msg := e.Msg
	if e.Composed {
		msg += " (possible only in a composed study or a diagram)"
	}
	if e.Offset >= 0 {
		return fmt.Sprintf("fen %s at offset %d: %s (%s)", e.Field, e.Offset, msg, excerpt.Around(e.FEN, e.Offset))
	}
	return fmt.Sprintf("fen %s: %s (%s)", e.Field, msg, excerpt.Quote(e.FEN))
}

// maxCount is how many pieces of each kind a side has in the set.
var maxCount = [8]int{0, 1, 2, 2, 2, 2, 2, 5}

// ParseFEN reads a FEN in the XQBase/UCCI form ("rnbakabnr/9/… w - - 0 1").
// Letters N/H (horse) and B/E (elephant) are accepted, and w, r or b for the
// side to move. Only the board and the side are used; the four fields after
// them may be absent, and when given must be "-", "-" and two counts: any
// other text after the board is refused. This is the one validation every
// reader of a FEN shares (the command line, records, case files).
// The side to move is required: a board alone is refused rather than taken
// as Red's move. The position must be one that can arise: one king each,
// every piece on a point it can reach, no more pieces than the set has, and
// the side not to move not in check. Composed problems (排局) and rule-book
// diagrams often break the middle two; read them with ParseFENComposed (the
// errors that only it would accept say so).
func ParseFEN(fen string) (*Position, error) { return parseFEN(fen, true) }

// ParseFENComposed reads a FEN like ParseFEN but accepts positions that
// cannot arise in a game and are still playable: composed problems (排局),
// rule-book diagrams and record fragments with an advisor, elephant or pawn
// on a point it could never reach, or more pieces of a kind than the set has.
// The structure, one king each inside its palace, the side not to move
// not being in check (nor the kings facing) and nothing after the six
// fields are still required. It is the documented escape for composed
// studies: case files and rule-book figures read their FENs with it; the
// command line with --composed.
func ParseFENComposed(fen string) (*Position, error) { return parseFEN(fen, false) }

func parseFEN(fen string, strict bool) (*Position, error) {
	text := strings.TrimSpace(fen)
	p := Empty()
	bad := func(field string, off int, code, format string, args ...any) *FENError {
		return &FENError{FEN: fen, Field: field, Offset: off, Code: code, Msg: fmt.Sprintf(format, args...)}
	}
	end := strings.IndexAny(text, " \t")
	if end < 0 {
		end = len(text)
	}
	board := text[:end]
	if board == "" {
		return nil, bad("board", 0, "empty", "no board")
	}
	rank, file := 9, 0
	for i := 0; i < len(board); i++ {
		ch := board[i]
		switch {
		case ch == '/':
			if file != 9 {
				return nil, bad("board", i, "rank-width", "rank %d has %d points, want 9", rank, file)
			}
			rank--
			file = 0
			if rank < 0 {
				return nil, bad("board", i, "rank-count", "more than 10 ranks")
			}
		case ch >= '1' && ch <= '9':
			file += int(ch - '0')
			if file > 9 {
				return nil, bad("board", i, "rank-width", "rank %d has more than 9 points", rank)
			}
		default:
			pc, ok := pieceFromLetter(ch)
			if !ok {
				if ch >= 0x80 {
					return nil, bad("board", i, "unknown-letter", "non-ASCII byte 0x%02x in board", ch)
				}
				return nil, bad("board", i, "unknown-letter", "unknown piece letter %q", ch)
			}
			if file >= 9 {
				return nil, bad("board", i, "rank-width", "rank %d has more than 9 points", rank)
			}
			sq := SquareAt(file, rank)
			if pc.Kind() == King && p.kings[pc.Color()] != NoSquare {
				return nil, bad("board", i, "king-count", "a second %s king", pc.Color())
			}
			if why := badSquare(pc, sq); why != "" && (strict || pc.Kind() == King) {
				e := bad("board", i, "bad-square", "%s %s on %s: %s", pc.Color(), pc.Kind(), sq, why)
				e.Composed = pc.Kind() != King
				return nil, e
			}
			p.board[sq] = pc
			if pc.Kind() == King {
				p.kings[pc.Color()] = sq
			}
			file++
		}
	}
	if rank != 0 {
		return nil, bad("board", len(board), "rank-count", "%d ranks, want 10", 10-rank)
	}
	if file != 9 {
		return nil, bad("board", len(board), "rank-width", "rank 0 has %d points, want 9", file)
	}
	for c := Red; c <= Black; c++ {
		if p.kings[c] == NoSquare {
			return nil, bad("board", -1, "king-count", "no %s king", c)
		}
	}
	mat := p.Material()
	for c := Red; c <= Black && strict; c++ {
		for _, k := range Kinds {
			if mat[c][k] > maxCount[k] {
				e := bad("board", -1, "too-many", "%d %s %ss, the set has %d", mat[c][k], c, k, maxCount[k])
				e.Composed = true
				return nil, e
			}
		}
	}
	rest := strings.Fields(text[end:])
	p.side = Red
	if len(rest) == 0 {
		// A board alone does not say whose move it is; guessing Red would
		// silently judge the other side's cycle.
		return nil, bad("side", len(text), "no-side", "no side to move after the board: add \" w\" (Red to move) or \" b\" (Black to move)")
	}
	if len(rest) > 0 {
		off := strings.Index(text[end:], rest[0]) + end
		switch rest[0] {
		case "w", "r", "W", "R":
			p.side = Red
		case "b", "B":
			p.side = Black
		default:
			return nil, bad("side", off, "bad-side", "side to move %s, want w, r or b", excerpt.Quote(rest[0]))
		}
	}
	// The four fields after the side: "-" (castling) and "-" (en passant),
	// which Xiangqi has not, then the half-move and move counts.
	at := end + strings.Index(text[end:], rest[0]) + len(rest[0])
	for i, f := range rest[1:] {
		off := at + strings.Index(text[at:], f)
		at = off + len(f)
		switch {
		case i >= 4:
			return nil, bad("fields", off, "trailing", "text after the six fields (board, side, -, -, half-moves, move number)")
		case i < 2 && f != "-":
			return nil, bad("fields", off, "trailing", "field %d is %s, want - (board, side, -, -, half-moves, move number)", i+3, excerpt.Quote(f))
		case i >= 2 && !isCount(f):
			return nil, bad("fields", off, "trailing", "field %d is %s, want a count (board, side, -, -, half-moves, move number)", i+3, excerpt.Quote(f))
		}
	}
	if p.attacked(p.kings[p.side.Other()], p.side) {
		return nil, bad("position", -1, "side-not-to-move-in-check", "%s is not to move but is in check (or the kings face each other)", p.side.Other())
	}
	p.key = p.computeKey()
	p.startKey = p.key
	return p, nil
}

// isCount: s is a non-negative decimal count.
func isCount(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != "" && len(s) <= 9
}

// MustParseFEN is ParseFEN for constants in tests and examples; it panics on error.
func MustParseFEN(fen string) *Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func pieceFromLetter(ch byte) (Piece, bool) {
	c := Red
	if ch >= 'a' && ch <= 'z' {
		c = Black
		ch -= 'a' - 'A'
	}
	var k Kind
	switch ch {
	case 'K':
		k = King
	case 'A':
		k = Advisor
	case 'B', 'E':
		k = Elephant
	case 'N', 'H':
		k = Horse
	case 'R':
		k = Rook
	case 'C':
		k = Cannon
	case 'P':
		k = Pawn
	default:
		return NoPiece, false
	}
	return MakePiece(c, k), true
}

// badSquare says why pc cannot stand on sq, or "" if it can.
func badSquare(pc Piece, sq Square) string {
	f, r := sq.File(), sq.Rank()
	own := func(rank int) bool { // rank on pc's own half
		if pc.Color() == Red {
			return rank <= 4
		}
		return rank >= 5
	}
	// rel is the rank counted from pc's own back rank.
	rel := r
	if pc.Color() == Black {
		rel = 9 - r
	}
	switch pc.Kind() {
	case King:
		if !palaceAt(f, r) || !own(r) {
			return "outside its palace"
		}
	case Advisor:
		if !palaceAt(f, r) || !own(r) || (f+rel)%2 != 1 {
			return "not on an advisor point"
		}
	case Elephant:
		if !own(r) || rel%2 != 0 || f%2 != 0 || (f%4 == 0) != (rel%4 == 2) {
			return "not on an elephant point"
		}
	case Pawn:
		if rel < 3 {
			return "behind its starting rank"
		}
		if rel <= 4 && f%2 != 0 {
			return "a pawn that has not crossed the river cannot leave its file"
		}
	}
	return ""
}

// FEN returns the position in the XQBase/UCCI form, e.g. StartFEN.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			pc := p.board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.side == Red {
		sb.WriteString(" w - - 0 1")
	} else {
		sb.WriteString(" b - - 0 1")
	}
	return sb.String()
}

// String draws the board, Black at the top, for debugging and test failures.
func (p *Position) String() string {
	var sb strings.Builder
	for r := 9; r >= 0; r-- {
		sb.WriteByte(byte('0' + r))
		sb.WriteByte(' ')
		for f := 0; f < 9; f++ {
			sb.WriteByte(p.board[SquareAt(f, r)].Letter())
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  abcdefghi  ")
	sb.WriteString(p.side.String())
	sb.WriteString(" to move\n")
	return sb.String()
}

// Validate checks that a hand-built position could arise (the checks ParseFEN makes).
func (p *Position) Validate() error {
	_, err := ParseFEN(p.FEN())
	return err
}
