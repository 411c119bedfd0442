package position

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pgnGame is one game of a PGN file: its tags and its move tokens.
type pgnGame struct {
	line  int // where the game starts
	tags  map[string]string
	moves []string
}

// readPGN splits a PGN stream into games. It is a test's tokenizer, not the
// record package's reader: tags, move numbers, comments {…}, variations (…),
// annotations $n and results are skipped; every other token is a move.
func readPGN(t testing.TB, path string) []pgnGame {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	gz, err := gzip.NewReader(f)
	require.NoError(t, err)
	defer gz.Close()
	var (
		games   []pgnGame
		g       *pgnGame
		comment bool // inside {…}, which may span lines
		depth   int  // inside (…)
	)
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !comment && depth == 0 && strings.HasPrefix(line, "[") {
			if g == nil || len(g.moves) > 0 {
				games = append(games, pgnGame{line: n, tags: map[string]string{}})
				g = &games[len(games)-1]
			}
			key, value, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			g.tags[key] = strings.Trim(value, `"`)
			continue
		}
		for _, tok := range strings.Fields(line) {
			switch {
			case comment:
				comment = !strings.Contains(tok, "}")
			case strings.HasPrefix(tok, "{"):
				comment = !strings.Contains(tok, "}")
			case strings.HasPrefix(tok, "("):
				depth += strings.Count(tok, "(") - strings.Count(tok, ")")
			case depth > 0:
				depth += strings.Count(tok, "(") - strings.Count(tok, ")")
			case strings.HasPrefix(tok, "$"):
			default:
				if g != nil {
					g.moves = append(g.moves, splitMoveText(tok)...)
				}
			}
		}
	}
	require.NoError(t, sc.Err())
	return games
}

// cnToCanonical maps the characters real files use to those Encode writes.
var cnToCanonical = strings.NewReplacer(
	"車", "车", "俥", "车", "伡", "车", "馬", "马", "傌", "马", "㐷", "马", "砲", "炮", "包", "炮",
	"帥", "帅", "將", "将", "進", "进", "後", "后",
	"１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7", "８", "8", "９", "9",
)

// chineseVariant says how text differs from the canonical encoding of the
// same move beyond the characters' script, or "" when it does not.
func chineseVariant(text, canonical string) string {
	t := cnToCanonical.Replace(strings.TrimSpace(text))
	switch {
	case t == canonical:
		return ""
	case []rune(t)[0] != []rune(canonical)[0] && strings.ContainsRune("前中后", []rune(canonical)[0]):
		return "plain file for a stacked piece"
	}
	return "other: " + t
}

// TestChineseDecodeCCPDPGN decodes every move of the 15,407 CCPD national-event
// PGNs (traditional characters, full-width digits for Black, as CCPD's editors
// wrote them) from each game's [FEN], and checks each move against the data
// collector's own ICCS conversion of the same records when that file is there.
// Every game replays: the 12 defective CCPD records of the data README lie in
// other folders. 9,504 moves name a stacked piece by its file (炮一平二 where
// the canonical text is 后炮平二) because only one of the pair can make the move;
// Decode accepts that, as real records need it.
func TestChineseDecodeCCPDPGN(t *testing.T) {
	path := notationDataFile(t, "ccpd_national_events_chinese_notation.pgn.gz")
	games := readPGN(t, path)
	require.Len(t, games, 15407)
	// The same games converted to ICCS by the data's collector, to check that
	// each move decodes to the move meant, not only to a legal one.
	iccs := map[string][]string{}
	if _, err := os.Stat(notationDataPath("ccpd_games_iccs.jsonl.gz")); err == nil && !testing.Short() {
		type row struct {
			ID    string    `json:"id"`
			Moves moveTexts `json:"moves"`
		}
		readNotationRows(t, notationDataPath("ccpd_games_iccs.jsonl.gz"), func(_ int, r *row) { iccs[r.ID] = r.Moves })
	}
	full, plies, compared := 0, 0, 0
	variants := map[string]int{} // texts that differ from Encode's, by how
	variantExample := map[string]string{}
	kinds := map[string][]string{} // failure kind → games
	for _, g := range games {
		id := g.tags["CCPDPath"]
		p, err := ParseFEN(g.tags["FEN"])
		if err != nil {
			kinds["fen"] = append(kinds["fen"], fmt.Sprintf("%s: %v", id, err))
			continue
		}
		ok := true
		for i, text := range g.moves {
			m, err := Chinese{}.Decode(p, text)
			if err != nil {
				var me *MoveError
				require.True(t, errors.As(err, &me), "%s: %v is not a *MoveError", id, err)
				kind := "move: " + me.Code
				kinds[kind] = append(kinds[kind], fmt.Sprintf("%s ply %d %q: %v\n%s", id, i+1, text, err, p))
				ok = false
				break
			}
			if want, found := iccs[id]; found {
				if i == 0 && !assert.Len(t, want, len(g.moves), "%s: moves in the PGN and in ccpd_games_iccs", id) {
					ok = false
					break
				}
				if !assert.Equal(t, want[i], m.String(), "%s ply %d %q\n%s", id, i+1, text, p) {
					ok = false
					break
				}
				compared++
			}
			if how := chineseVariant(text, Chinese{}.Encode(p, m)); how != "" {
				variants[how]++
				if _, seen := variantExample[how]; !seen {
					variantExample[how] = fmt.Sprintf("%s ply %d: %s for %s", id, i+1, text, Chinese{}.Encode(p, m))
				}
			}
			plies++
			p.Make(m)
		}
		if ok {
			full++
		}
	}
	t.Logf("CCPD national events: %d games, %d replayed fully, %d plies decoded (%d of them checked against ccpd_games_iccs)", len(games), full, plies, compared)
	for how, n := range variants {
		t.Logf("  written otherwise than Encode writes it, %s: %d, e.g. %s", how, n, variantExample[how])
	}
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("  %s: %d game(s)", k, len(kinds[k]))
		for _, g := range kinds[k] {
			t.Logf("    %s", g)
		}
	}
	assert.Equal(t, len(games), full, "games that replay fully")
}

// Positions for the table tests, each built for a case of the notations.
const (
	fenStartBlack = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
	fenRooks      = "4k4/9/9/9/9/R8/9/9/9/R2K5 w - - 0 1"                    // red rooks a4, a0 (file 九)
	fenRooksBlack = "r3k4/9/9/9/r8/9/9/9/9/3K5 b - - 0 1"                    // black rooks a9, a5 (file 1)
	fenHorses     = "4k4/9/9/9/9/5N3/9/5N3/9/3K5 w - - 0 1"                  // red horses f4, f2 (file 四), both free
	fenHorsesOne  = "4k4/9/9/9/9/4PN3/9/5N3/9/3K5 w - - 0 1"                 // the same, e4 taken by a pawn
	fenCannons    = "4k4/9/1C7/9/9/9/9/1C7/9/3K5 w - - 0 1"                  // red cannons b7, b2 (file 八)
	fenPawns2     = "5k3/9/9/4P4/4P4/9/9/9/9/3K5 w - - 0 1"                  // red pawns e6, e5
	fenPawns3     = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1"                // e7, e6, e5
	fenPawns4     = "5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1"              // e8 … e5
	fenPawns5     = "5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1"            // e8 … e4
	fenStacks22   = "5k3/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"              // c6 c5 (file 七), g6 g5 (file 三)
	fenStacks32   = "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"            // c7 c6 c5, g6 g5
	fenAdvisors   = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1"                  // red advisors d2, d0 (file 六)
	fenElephants  = "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1"                  // red elephants c4, c0 (file 七)
	fenPawns3Blk  = "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b - - 0 1"                // black pawns e2 (front), e3, e4
	fenPinned     = "3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1"                  // red rook e1 shields its king
	fenRealPawns3 = "5kb2/9/4b1P2/4N4/9/5CB2/5p3/3A1p3/5cc2/3K1p3 b - - 0 1" // from ccpd_repetition_games.jsonl (CCPD)
)

// canonicalCases are moves with the texts both notations must write for them
// (and read back). They cover every shape of a stacked piece.
var canonicalCases = []struct {
	name, fen, move, chinese, wxf string
}{
	{"cannon", StartFEN, "h2e2", "炮二平五", "C2=5"},
	{"horse", StartFEN, "h0g2", "马二进三", "H2+3"},
	{"horse left", StartFEN, "b0c2", "马八进七", "H8+7"},
	{"elephant", StartFEN, "c0e2", "相七进五", "E7+5"},
	{"advisor", StartFEN, "d0e1", "仕六进五", "A6+5"},
	{"king", StartFEN, "e0e1", "帅五进一", "K5+1"},
	{"rook", StartFEN, "a0a1", "车九进一", "R9+1"},
	{"pawn", StartFEN, "g3g4", "兵三进一", "P3+1"},
	{"cannon takes", StartFEN, "b2b9", "炮八进七", "C8+7"},
	{"black horse", fenStartBlack, "h9g7", "马8进7", "h8+7"},
	{"black cannon", fenStartBlack, "h7e7", "炮8平5", "c8=5"},
	{"black pawn", fenStartBlack, "g6g5", "卒7进1", "p7+1"},
	{"black elephant", fenStartBlack, "c9e7", "象3进5", "e3+5"},
	{"black advisor", fenStartBlack, "d9e8", "士4进5", "a4+5"},
	{"black king", fenStartBlack, "e9e8", "将5进1", "k5+1"},
	{"black rook", fenStartBlack, "i9i8", "车9进1", "r9+1"},
	{"front rook", fenRooks, "a4a5", "前车进一", "R++1"},
	{"rear rook", fenRooks, "a0a1", "后车进一", "R-+1"},
	{"front rook sideways", fenRooks, "a4b4", "前车平八", "R+=8"},
	{"rear rook sideways", fenRooks, "a0c0", "后车平七", "R-=7"},
	{"front rook back", fenRooks, "a4a3", "前车退一", "R+-1"},
	{"black front rook", fenRooksBlack, "a5a4", "前车进1", "r++1"},
	{"black rear rook", fenRooksBlack, "a9a8", "后车进1", "r-+1"},
	{"black front rook sideways", fenRooksBlack, "a5b5", "前车平2", "r+=2"},
	{"front horse", fenHorses, "f4e6", "前马进五", "H++5"},
	{"rear horse", fenHorses, "f2e4", "后马进五", "H-+5"},
	{"rear horse back", fenHorses, "f2e0", "后马退五", "H--5"},
	{"front cannon", fenCannons, "b7e7", "前炮平五", "C+=5"},
	{"rear cannon", fenCannons, "b2b6", "后炮进四", "C-+4"},
	{"two pawns, front", fenPawns2, "e6f6", "前兵平四", "P+=4"},
	{"two pawns, rear", fenPawns2, "e5d5", "后兵平六", "P-=6"},
	{"three pawns, front", fenPawns3, "e7e8", "前兵进一", "P++1"},
	{"three pawns, middle", fenPawns3, "e6f6", "中兵平四", "P5=4"},
	{"three pawns, rear", fenPawns3, "e5d5", "后兵平六", "P-=6"},
	{"four pawns, 1st", fenPawns4, "e8f8", "一兵平四", "++=4"},
	{"four pawns, 2nd", fenPawns4, "e7f7", "二兵平四", "P+=4"},
	{"four pawns, 3rd", fenPawns4, "e6d6", "三兵平六", "P-=6"},
	{"four pawns, 4th", fenPawns4, "e5d5", "四兵平六", "--=6"},
	{"five pawns, 1st", fenPawns5, "e8e9", "一兵进一", "+++1"},
	{"five pawns, 2nd", fenPawns5, "e7d7", "二兵平六", "P+=6"},
	{"five pawns, 3rd", fenPawns5, "e6f6", "三兵平四", "P5=4"},
	{"five pawns, 4th", fenPawns5, "e5d5", "四兵平六", "P-=6"},
	{"two stacks, front", fenStacks22, "c6c7", "前兵七进一", "7++1"},
	{"two stacks, rear", fenStacks22, "c5d5", "后兵七平六", "7-=6"},
	{"two stacks, other front", fenStacks22, "g6g7", "前兵三进一", "3++1"},
	{"two stacks, other rear", fenStacks22, "g5f5", "后兵三平四", "3-=4"},
	{"three and two, middle", fenStacks32, "c6d6", "中兵七平六", "77=6"},
	{"three and two, front", fenStacks32, "c7c8", "前兵七进一", "7++1"},
	{"three and two, rear", fenStacks32, "c5b5", "后兵七平八", "7-=8"},
	{"three and two, pair", fenStacks32, "g6h6", "前兵三平二", "3+=2"},
	{"advisors on a file advance", fenAdvisors, "d0e1", "仕六进五", "A6+5"},
	{"advisors on a file retreat", fenAdvisors, "d2e1", "仕六退五", "A6-5"},
	{"elephants on a file advance", fenElephants, "c0a2", "相七进九", "E7+9"},
	{"elephants on a file retreat", fenElephants, "c4e2", "相七退五", "E7-5"},
	{"black three pawns, front", fenPawns3Blk, "e2d2", "前卒平4", "p+=4"},
	{"black three pawns, middle", fenPawns3Blk, "e3f3", "中卒平6", "p5=6"},
	{"black three pawns, rear", fenPawns3Blk, "e4d4", "后卒平4", "p-=4"},
	{"black three pawns, real game", fenRealPawns3, "f3e3", "后卒平5", "p-=5"},
}

func TestChineseCanonical(t *testing.T) {
	for _, tc := range canonicalCases {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := ICCS{}.Decode(p, tc.move)
			require.NoError(t, err)
			assert.Equal(t, tc.chinese, Chinese{}.Encode(p, m))
			got, err := Chinese{}.Decode(p, tc.chinese)
			require.NoError(t, err)
			assert.Equal(t, tc.move, got.String())
		})
	}
}

// TestChineseDecodeVariants: texts real files and other programs write, which
// Decode must read although Encode writes them otherwise.
func TestChineseDecodeVariants(t *testing.T) {
	cases := []struct {
		name, fen, text, want string
	}{
		{"traditional", StartFEN, "炮二平五", "h2e2"},
		{"traditional cannon 砲", StartFEN, "砲二平五", "h2e2"},
		{"traditional cannon 包", StartFEN, "包二平五", "h2e2"},
		{"traditional rook 俥", StartFEN, "俥九進一", "a0a1"},
		{"rook 車", StartFEN, "車九進一", "a0a1"},
		{"rook 伡", StartFEN, "伡九进一", "a0a1"},
		{"horse 傌", StartFEN, "傌二進三", "h0g2"},
		{"horse 馬", StartFEN, "馬二進三", "h0g2"},
		{"horse 㐷", StartFEN, "㐷二进三", "h0g2"},
		{"king 帥", StartFEN, "帥五進一", "e0e1"},
		{"king 將 for Red", StartFEN, "將五進一", "e0e1"},
		{"advisor 士 for Red", StartFEN, "士六进五", "d0e1"},
		{"elephant 象 for Red", StartFEN, "象七进五", "c0e2"},
		{"pawn 卒 for Red", StartFEN, "卒三进一", "g3g4"},
		{"full-width digits", fenStartBlack, "馬８進７", "h9g7"},
		{"full-width spaces", StartFEN, "\u3000炮二平五\u3000", "h2e2"},
		{"ASCII spaces", StartFEN, "  炮二平五\t", "h2e2"},
		{"general 帅 for Black", fenStartBlack, "帅5进1", "e9e8"},
		{"後 for 后", fenRooks, "後車進一", "a0a1"},
		{"stack word after the piece", fenRooks, "车前平八", "a4b4"},
		{"stack word after the piece, rear", fenCannons, "炮后进四", "b2b6"},
		{"plain file, only one of the pair can move", fenHorsesOne, "马四进五", "f4e6"},
		{"plain file for stacked cannons, as CCPD writes", fenCannons, "炮八进三", "b2b5"},
		{"前 of four pawns", fenPawns4, "前兵平四", "e8f8"},
		{"后 of four pawns", fenPawns4, "后兵平六", "e5d5"},
		{"中 of five pawns", fenPawns5, "中兵平四", "e6f6"},
		{"plain file where one pawn of the stack can move", fenPawns2, "兵五进一", "e6e7"},
		{"ordinal in digits for Black", fenPawns3Blk, "1卒平4", "e2d2"},
		{"ordinal with a file", fenStacks22, "二兵三平四", "g5f5"},
		{"stack word and file, no piece", fenStacks22, "前七进一", "c6c7"},
		{"file then stack word", fenStacks22, "七前进一", "c6c7"},
		{"xqbase: 一 is the front pawn of file 三", fenStacks22, "一兵进一", "g6g7"},
		{"xqbase: 二 the rear one", fenStacks22, "二兵平四", "g5f5"},
		{"xqbase: 三 the front pawn of file 七", fenStacks22, "三兵进一", "c6c7"},
		{"xqbase: 四", fenStacks22, "四兵平八", "c5b5"},
		{"前兵 on two stacks, one can make the move", fenStacks22, "前兵平六", "c6d6"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Chinese{}.Decode(MustParseFEN(tc.fen), tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, m.String())
		})
	}
}

func TestChineseDecodeErrors(t *testing.T) {
	cases := []struct {
		name, fen, text, code, msg string // msg: a part of the message
	}{
		{"empty", StartFEN, "", "syntax", "empty"},
		{"spaces only", StartFEN, " \u3000 ", "syntax", "empty"},
		{"too short", StartFEN, "炮二平", "syntax", "shape"},
		{"too long", StartFEN, "炮二平五五五", "syntax", "too long"},
		{"unknown character", StartFEN, "炮X平五", "syntax", `'X'`},
		{"unknown action", StartFEN, "炮二走五", "syntax", `'走'`},
		{"zero", StartFEN, "炮二平0", "syntax", `'0'`},
		{"two pieces", StartFEN, "炮炮平五", "syntax", "shape"},
		{"no action", StartFEN, "炮二五五", "syntax", "shape"},
		{"ICCS", StartFEN, "h2e2", "syntax", ""},
		// Each side numbers files in its own script; the other's would read
		// another move (马8进7 as Red's 马八进七) and hide a skipped move.
		{"Arabic digits for Red", StartFEN, "马8进7", "wrong-side", "Red is to move"},
		{"full-width digits for Red", StartFEN, "炮２平５", "wrong-side", "Red is to move"},
		{"Chinese numerals for Black", fenStartBlack, "马八进七", "wrong-side", "Black is to move"},
		{"both scripts", StartFEN, "炮二平5", "script", "mixes"},
		{"WXF", StartFEN, "C2=5", "syntax", ""},
		{"no rook on the file", StartFEN, "车五进一", "no-piece", "no red rook on file 五"},
		{"no black rook on the file", fenStartBlack, "车5进1", "no-piece", "no black rook on file 5"},
		{"no stacked horses", StartFEN, "前马进七", "no-piece", "no two red horses"},
		{"no middle of two", fenRooks, "中车进一", "no-piece", "too few"},
		{"no third of two", fenPawns2, "三兵进一", "no-piece", "too few"},
		{"stack word for a lone piece's file", fenPawns2, "前兵四进一", "no-piece", "no red pawn on file 四"},
		{"blocked rook", StartFEN, "车九进九", "illegal", "cannot move from a0 to a9"},
		{"off the board", StartFEN, "炮二进九", "illegal", "off the board"},
		{"horse to its own file", StartFEN, "马二进二", "illegal", "cannot reach file 二"},
		{"horse sideways", StartFEN, "马二平三", "illegal", "sideways"},
		{"rook sideways to its own file", StartFEN, "车九平九", "illegal", "on file 九 already"},
		{"pawn backwards", StartFEN, "兵三退一", "illegal", "cannot move from g3 to g2"},
		{"onto its own piece", StartFEN, "帅五平四", "illegal", "cannot move from e0 to f0"},
		{"pinned", fenPinned, "车五平四", "illegal", "leaves the red king in check"},
		{"rear pawn of five is stuck", fenPawns5, "五兵进一", "illegal", "cannot move from e4 to e5"},
		{"neither pawn of a pair", fenPawns2, "兵五退一", "illegal", "none of the 2"},
		{"both horses can", fenHorses, "马四进五", "ambiguous", "write 前马进五 or 后马进五"},
		{"both horses can, back", fenHorses, "马四退六", "ambiguous", "write 前马退六 or 后马退六"},
		{"前兵 on two stacks, both can", fenStacks22, "前兵进一", "ambiguous", "write 前兵七进一 or 前兵三进一"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Chinese{}.Decode(MustParseFEN(tc.fen), tc.text)
			var me *MoveError
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tc.code, me.Code, "%v", err)
			assert.Equal(t, "chinese", me.Notation)
			assert.Equal(t, tc.text, me.Text)
			assert.Contains(t, me.Error(), tc.msg)
		})
	}
}

func TestChineseEncodeNoPiece(t *testing.T) {
	p := MustParseFEN(StartFEN)
	assert.Empty(t, Chinese{}.Encode(p, NoMove))
	assert.Empty(t, Chinese{}.Encode(p, NullMove))
	assert.Empty(t, Chinese{}.Encode(p, NewMove(SquareAt(4, 4), SquareAt(4, 5))))
}

// TestNotationsEveryLegalMove: in the table tests' positions, full of stacks,
// every legal move's text in each notation decodes back to it, and no two
// moves share a text.
func TestNotationsEveryLegalMove(t *testing.T) {
	for _, fen := range []string{StartFEN, fenStartBlack, fenRooks, fenRooksBlack, fenHorses, fenHorsesOne, fenCannons,
		fenPawns2, fenPawns3, fenPawns4, fenPawns5, fenStacks22, fenStacks32, fenAdvisors, fenElephants, fenPawns3Blk, fenRealPawns3} {
		p := MustParseFEN(fen)
		seen := map[string]Move{}
		for _, m := range p.LegalMoves(nil) {
			for _, n := range []Notation{Chinese{}, WXF{}} {
				text := n.Encode(p, m)
				got, err := n.Decode(p, text)
				if assert.NoError(t, err, "%s %s %s", fen, m, text) {
					assert.Equal(t, m, got, "%s %s", fen, text)
				}
				prev, dup := seen[text]
				assert.False(t, dup, "%s: %s and %s are both %s", fen, prev, m, text)
				seen[text] = m
			}
		}
	}
}
