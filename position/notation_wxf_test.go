package position

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWXFCanonical(t *testing.T) {
	for _, tc := range canonicalCases {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := ICCS{}.Decode(p, tc.move)
			require.NoError(t, err)
			assert.Equal(t, tc.wxf, WXF{}.Encode(p, m))
			got, err := WXF{}.Decode(p, tc.wxf)
			require.NoError(t, err)
			assert.Equal(t, tc.move, got.String())
		})
	}
}

// TestWXFDecodeVariants: texts of WXF's own page, older books and other
// programs, which Decode must read although Encode writes them otherwise.
func TestWXFDecodeVariants(t *testing.T) {
	cases := []struct {
		name, fen, text, want string
	}{
		{"dot for traverse", StartFEN, "C2.5", "h2e2"},
		{"lower case for Red", StartFEN, "c2=5", "h2e2"},
		{"upper case for Black", fenStartBlack, "H8+7", "h9g7"},
		{"N for the horse", StartFEN, "N2+3", "h0g2"},
		{"B for the elephant", StartFEN, "B7+5", "c0e2"},
		{"spaces", StartFEN, " C2.5\t", "h2e2"},
		{"designator first (xqbase's +C-2 form)", fenCannons, "+C.5", "b7e7"},
		{"designator first, rear", fenRooks, "-R+1", "a0a1"},
		{"plain file, only one of the pair can move", fenHorsesOne, "H4+5", "f4e6"},
		{"WXF page: 3 pawns, mid pawn by its file", fenPawns3, "P5.4", "e6f6"},
		{"WXF page: 5 pawns, foremost", fenPawns5, "++.4", "e8f8"},
		{"WXF page: 4 pawns, rearmost", fenPawns4, "--.6", "e5d5"},
		{"WXF page: two files, front", fenStacks22, "7+.6", "c6d6"},
		{"WXF page: two files, middle", fenStacks32, "77.6", "c6d6"},
		{"xqbase letters: the third pawn across two stacks", fenStacks22, "Pc+1", "c6c7"},
		{"xqbase letters, upper case", fenStacks22, "PA+1", "g6g7"},
		{"xqbase letters, one stack", fenPawns4, "Pb=4", "e7f7"},
		{"Fairy-Stockfish: first pawn of file 7", fenStacks22, "17+1", "c6c7"},
		{"Fairy-Stockfish: second pawn of file 3", fenStacks22, "23=4", "g5f5"},
		{"Fairy-Stockfish: third of three", fenPawns3, "35=6", "e5d5"},
		{"P+ on two stacks, one can make the move", fenStacks22, "P+=6", "c6d6"},
		{"side to move decides", fenStartBlack, "C2.5", "b7e7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := WXF{}.Decode(MustParseFEN(tc.fen), tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, m.String())
		})
	}
}

func TestWXFDecodeErrors(t *testing.T) {
	cases := []struct {
		name, fen, text, code, msg string
	}{
		{"empty", StartFEN, "", "syntax", "four characters"},
		{"too long", StartFEN, "C2=55", "syntax", "four characters"},
		{"zero", StartFEN, "C2=0", "syntax", "last character"},
		{"bad way", StartFEN, "C2x5", "syntax", "third character"},
		{"bad letter", StartFEN, "X2=5", "syntax", "piece letter"},
		{"bad designator", StartFEN, "C*=5", "syntax", "does not name a piece"},
		{"ordinal letter for a rook", fenRooks, "Ra+1", "syntax", "does not name a piece"},
		{"mixed signs", StartFEN, "+-=5", "syntax", "does not name a piece"},
		{"Chinese", StartFEN, "炮二平五", "syntax", ""},
		{"ICCS", StartFEN, "h2e2", "syntax", ""},
		{"no rook on the file", StartFEN, "R5+1", "no-piece", "no red rook on file 5"},
		{"no stacked horses", StartFEN, "H++3", "no-piece", "no two red horses"},
		{"no middle of a pair", fenStacks22, "33=4", "no-piece", "file 3 holds 2"},
		{"blocked rook", StartFEN, "R9+9", "illegal", "cannot move from a0 to a9"},
		{"horse sideways", StartFEN, "H2=3", "illegal", "sideways"},
		{"off the board", StartFEN, "C2+9", "illegal", "off the board"},
		{"pinned", fenPinned, "R5=6", "illegal", "leaves the red king in check"},
		{"both horses can", fenHorses, "H4+5", "ambiguous", "write H++5 or H-+5"},
		{"P+ on two stacks, both can", fenStacks22, "P++1", "ambiguous", "write 7++1 or 3++1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := WXF{}.Decode(MustParseFEN(tc.fen), tc.text)
			var me *MoveError
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tc.code, me.Code, "%v", err)
			assert.Equal(t, "wxf", me.Notation)
			assert.Equal(t, tc.text, me.Text)
			assert.Contains(t, me.Error(), tc.msg)
		})
	}
}

func TestWXFEncodeNoPiece(t *testing.T) {
	p := MustParseFEN(StartFEN)
	assert.Empty(t, WXF{}.Encode(p, NoMove))
	assert.Empty(t, WXF{}.Encode(p, NullMove))
	assert.Empty(t, WXF{}.Encode(p, NewMove(SquareAt(4, 4), SquareAt(4, 5))))
}

// TestParseMoveNotations: ParseMove finds the notation of a text, and a text
// recognised by one notation but wrong in the position says why.
func TestParseMoveNotations(t *testing.T) {
	cases := []struct {
		fen, text, want, code string
	}{
		{StartFEN, "h2e2", "h2e2", ""},
		{StartFEN, "C2.5", "h2e2", ""},
		{StartFEN, "炮二平五", "h2e2", ""},
		{fenStartBlack, "炮８平５", "h7e7", ""},
		{fenRooks, "R-+1", "a0a1", ""},
		{fenRooks, "后车进一", "a0a1", ""},
		{StartFEN, "R5+1", "", "no-piece"},
		{StartFEN, "车五进一", "", "no-piece"},
		{fenHorses, "马四进五", "", "ambiguous"},
		{StartFEN, "hello", "", "unknown-notation"},
	}
	for _, tc := range cases {
		m, err := ParseMove(MustParseFEN(tc.fen), tc.text)
		if tc.code == "" {
			if assert.NoError(t, err, tc.text) {
				assert.Equal(t, tc.want, m.String(), tc.text)
			}
			continue
		}
		var me *MoveError
		if assert.ErrorAs(t, err, &me, tc.text) {
			assert.Equal(t, tc.code, me.Code, tc.text)
		}
	}
}
