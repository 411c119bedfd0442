package record

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// fixtures is the repository's testdata/records.
var fixtures = filepath.Join("..", "..", "testdata", "records")

// readAll reads every record of a reader, games and errors in order.
func readAll(t testing.TB, r *Reader) (games []*Game, errs []error) {
	t.Helper()
	for i := 0; ; i++ {
		require.Less(t, i, 1<<20, "Next does not reach io.EOF")
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			require.Nil(t, g, "a record comes with no error")
			errs = append(errs, err)
			continue
		}
		require.NotNil(t, g)
		games = append(games, g)
	}
}

func readFile(t testing.TB, path string) ([]*Game, []error) {
	t.Helper()
	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	return readAll(t, r)
}

func readString(t testing.TB, name, text string) ([]*Game, []error) {
	t.Helper()
	return readAll(t, NewReader(strings.NewReader(text), name))
}

// code returns the stable code of a reading error.
func code(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return "?"
}

// chineseReady reports whether position decodes Chinese notation yet (it is
// written separately); tests replaying Chinese movetext skip until it does.
func chineseReady() bool {
	_, err := position.ParseMove(position.MustParseFEN(position.StartFEN), "炮二平五")
	return err == nil
}

func TestFixtures(t *testing.T) {
	tests := []struct {
		file       string
		format     string
		games      int
		readErrs   []string // codes
		replayErrs int
		chinese    bool // needs the Chinese decoder to replay
		first      func(t *testing.T, g *Game)
	}{
		{file: "wukong_sample.pgn", format: FormatPGN, games: 4, first: func(t *testing.T, g *Game) {
			assert.Equal(t, "Jiafun Cup National Champion 1997", g.Tags["Event"])
			assert.Equal(t, "LIU DaHua", g.Tags["Black"])
			assert.Equal(t, "", g.FEN)
			assert.Equal(t, "", g.Result)
			assert.Len(t, g.Moves, 76)
			assert.Equal(t, []string{"h2e2", "b9c7", "h0g2"}, g.Moves[:3])
			assert.Equal(t, 1, g.Line)
			assert.Equal(t, 5, g.MoveLines[0])
		}},
		{file: "ccpd_chinese_sample.pgn", format: FormatPGN, games: 2, chinese: true, first: func(t *testing.T, g *Game) {
			assert.Equal(t, "對局/大師對局/以賽事分類/全國賽對局譜/00000001.pgn", g.ID)
			assert.Equal(t, "Chinese Chess", g.Tags["Game"])
			assert.Equal(t, "1-0", g.Result)
			assert.Equal(t, position.StartFEN, g.FEN)
			assert.Equal(t, []string{"炮二平五", "炮８平５", "馬二進三"}, g.Moves[:3])
		}},
		{file: "ccpd_sample.jsonl", format: FormatJSONL, games: 6, replayErrs: 1, first: func(t *testing.T, g *Game) {
			assert.Equal(t, "中局/00000001.pgn", g.ID)
			assert.Equal(t, "0-1", g.Result)
			assert.Equal(t, "徐天利", g.Tags["Red"])
			assert.Equal(t, "中局", g.Tags["category"])
			assert.Equal(t, "31", g.Tags["plies"])
			assert.Len(t, g.Moves, 31)
			assert.Equal(t, position.Black, g.StartSide())
			assert.Contains(t, string(g.Raw), `"sha1_16": "1c9a98bae7c98369"`)
		}},
		{file: "ccpd_repetition_sample.jsonl", format: FormatJSONL, games: 3, first: func(t *testing.T, g *Game) {
			assert.Equal(t, "4kab2/4a4/4b4/C3n3p/3P2p2/P1p1C4/4c1P1c/N3B4/4A4/4KAB2 w - - 0 1", g.FEN)
			assert.Len(t, g.Moves, 45)
			assert.Equal(t, "25", g.Tags["cycle_start_ply"])
			assert.Equal(t, "false", g.Tags["ends_in_repetition"])
		}},
		{file: "famous_sample.jsonl", format: FormatJSONL, games: 1},
		{file: "rulecases_sample.jsonl", format: FormatJSONL, games: 2, first: func(t *testing.T, g *Game) {
			assert.Equal(t, "fsf-01", g.ID)
			assert.Equal(t, []string{"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"}, g.Moves)
			assert.Equal(t, "red loses", g.Tags["verdict"])
			_, ok := g.Tags["moves_cn"]
			assert.False(t, ok, "arrays stay in Raw, out of Tags")
		}},
		{file: "cn2020_sample.jsonl", format: FormatJSONL, games: 2},
		{file: "dhtmlxq_sample.html", format: FormatDhtmlXQ, games: 2, first: func(t *testing.T, g *Game) {
			assert.Equal(t, position.StartFEN, g.FEN)
			assert.Equal(t, "LIU DaHua", g.Tags["Black"])
			assert.Equal(t, "", g.Result)
			assert.Equal(t, []string{"h2e2", "b9c7", "h0g2"}, g.Moves[:3])
			assert.Len(t, g.Moves, 76)
		}},
		{file: "bad_illegal.pgn", format: FormatPGN, games: 3, replayErrs: 1},
		{file: "bad_comment.pgn", format: FormatPGN, games: 1, readErrs: []string{CodeComment}},
		{file: "bad_variation.pgn", format: FormatPGN, games: 1, readErrs: []string{CodeVariation}},
		{file: "bad_result.pgn", format: FormatPGN, games: 1, readErrs: []string{CodeResult, CodeResult}},
		{file: "big5.pgn", format: FormatPGN, games: 1, first: func(t *testing.T, g *Game) {
			assert.Equal(t, EncodingBig5, g.Encoding)
			assert.Equal(t, "呂欽", g.Tags["Red"])
			assert.Equal(t, []string{"炮二平五", "馬８進７"}, g.Moves)
		}},
		{file: "mixed_encoding.pgn", format: FormatPGN, games: 1, readErrs: []string{CodeEncoding}},
		{file: "empty.pgn", readErrs: []string{CodeEmpty}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r, err := Open(filepath.Join(fixtures, tt.file))
			require.NoError(t, err)
			defer r.Close()
			games, errs := readAll(t, r)
			assert.Equal(t, tt.format, r.Format())
			require.Len(t, games, tt.games)
			var codes []string
			for _, err := range errs {
				codes = append(codes, code(err))
				assert.Contains(t, err.Error(), tt.file)
			}
			assert.Equal(t, tt.readErrs, codes)
			if tt.first != nil {
				tt.first(t, games[0])
			}
			if tt.chinese && !chineseReady() {
				t.Skip("position does not decode Chinese notation yet")
			}
			n := 0
			for i, g := range games {
				assert.Equal(t, filepath.Join(fixtures, tt.file), g.File)
				assert.Equal(t, tt.format, g.Format)
				rep, err := Replay(g)
				if err != nil {
					n++
					continue
				}
				assert.Len(t, rep.Moves, len(g.Moves), "game %d", i+1)
				assert.Equal(t, len(g.Moves), rep.Final.Ply())
				assert.Equal(t, 0, rep.Start.Ply())
				assert.Equal(t, position.RepetitionCounts(rep.Final.Keys()), rep.Reps.Max, "game %d", i+1)
				assert.Equal(t, naiveReps(rep.Final.Keys()), rep.Reps, "game %d", i+1)
			}
			assert.Equal(t, tt.replayErrs, n, "replay errors")
		})
	}
}

// naiveReps counts repetitions the slow way, comparing every pair of
// positions, to check the shortcut Replay takes (positions compared only
// within a stretch of reversible moves).
func naiveReps(keys []uint64) Repetitions {
	reps := Repetitions{Max: 1}
	seen := map[uint64]int{}
	for i, k := range keys {
		seen[k]++
		n := seen[k]
		reps.Max = max(reps.Max, n)
		switch n {
		case 2:
			reps.Twofold++
		case 3:
			reps.Threefold++
			if reps.FirstThreefold == 0 {
				reps.FirstThreefold = i
			}
		}
	}
	return reps
}

func TestIllegalMoveMidCorpus(t *testing.T) {
	games, errs := readFile(t, filepath.Join(fixtures, "bad_illegal.pgn"))
	require.Empty(t, errs)
	require.Len(t, games, 3)
	_, err := Replay(games[0])
	require.NoError(t, err)
	_, err = Replay(games[2])
	require.NoError(t, err, "the game after the bad one is read and replays")

	_, err = Replay(games[1])
	var re *ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 5, re.Ply)
	assert.Equal(t, 3, re.MoveNo)
	assert.Equal(t, 12, re.Line)
	assert.Equal(t, "h2e2", re.Text)
	assert.Equal(t, 1, re.Game.Index)
	var me *position.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "no-piece", me.Code)
	assert.Equal(t, filepath.Join(fixtures, "bad_illegal.pgn")+`:12: game 2: move 3 (ply 5) "h2e2": iccs move "h2e2": no piece on h2`, err.Error())
}

func TestReadErrorsCarryPlace(t *testing.T) {
	tests := []struct {
		file, code string
		line, game int
		msg        string
	}{
		{"bad_comment.pgn", CodeComment, 3, 1, "unterminated comment (opened at line 3)"},
		{"bad_variation.pgn", CodeVariation, 3, 1, "unterminated variation (opened at line 3)"},
		// Byte 88 opens 全 in GBK (c8 ab), which happens to be valid UTF-8 too.
		{"mixed_encoding.pgn", CodeEncoding, 6, 0, "mixed encodings: not UTF-8 from byte offset 90 though the file's start is (they look like GBK/GB18030)"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, errs := readFile(t, filepath.Join(fixtures, tt.file))
			require.Len(t, errs, 1)
			var e *Error
			require.ErrorAs(t, errs[0], &e)
			assert.Equal(t, tt.code, e.Code)
			assert.Equal(t, tt.line, e.Line)
			assert.Equal(t, tt.game, e.Index+1)
			assert.Contains(t, e.Error(), tt.msg)
		})
	}
}

func TestUnknownResult(t *testing.T) {
	games, errs := readFile(t, filepath.Join(fixtures, "bad_result.pgn"))
	require.Len(t, errs, 2)
	assert.Contains(t, errs[0].Error(), `bad_result.pgn:3: game 1: unknown result`)
	assert.Contains(t, errs[0].Error(), `"2-0"`)
	assert.Contains(t, errs[1].Error(), `bad_result.pgn:6: game 2: unknown result in the Result tag`)
	require.Len(t, games, 1)
	assert.Equal(t, 2, games[0].Index)
	assert.Equal(t, "0-1", games[0].Result)
}

// gzipBytes compresses b.
func gzipBytes(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write(b)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestGzipByMagicNotName(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join(fixtures, "wukong_sample.pgn"))
	require.NoError(t, err)
	dir := t.TempDir()
	for _, name := range []string{"games.pgn", "games.txt", "games.gz"} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, gzipBytes(t, plain), 0o644))
		games, errs := readFile(t, p)
		assert.Empty(t, errs, name)
		assert.Len(t, games, 4, name)
	}
	// And a plain file named .gz is read as it is.
	p := filepath.Join(dir, "plain.pgn.gz")
	require.NoError(t, os.WriteFile(p, plain, 0o644))
	games, errs := readFile(t, p)
	assert.Empty(t, errs)
	assert.Len(t, games, 4)
}

func TestCorruptGzip(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join(fixtures, "wukong_sample.pgn"))
	require.NoError(t, err)
	var big []byte
	for range 50 {
		big = append(big, plain...)
		big = append(big, '\n')
	}
	gz := gzipBytes(t, big)
	tests := map[string][]byte{
		"truncated":  gz[:len(gz)/2],
		"bad header": append([]byte{0x1f, 0x8b, 99}, gz[3:]...),
		"bad data": func() []byte {
			b := bytes.Clone(gz)
			for i := len(b) / 2; i < len(b)/2+64; i++ {
				b[i] ^= 0x5a
			}
			return b
		}(),
		"bad checksum": func() []byte {
			b := bytes.Clone(gz)
			b[len(b)-6] ^= 0xff
			return b
		}(),
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(data), "corrupt.pgn.gz")
			games, errs := readAll(t, r)
			require.NotEmpty(t, errs)
			last := errs[len(errs)-1]
			var e *Error
			require.ErrorAs(t, last, &e)
			assert.Equal(t, CodeGzip, e.Code, "%v", last)
			assert.True(t, e.Fatal)
			assert.Contains(t, e.Error(), "corrupt.pgn.gz")
			assert.Less(t, len(games), 200)
		})
	}
}

func TestEmpty(t *testing.T) {
	for name, data := range map[string][]byte{
		"empty":       nil,
		"blank lines": []byte("\n\n  \n"),
		"empty gzip":  gzipBytes(t, nil),
		"comment":     []byte("{nothing here}\n"),
	} {
		t.Run(name, func(t *testing.T) {
			games, errs := readAll(t, NewReader(bytes.NewReader(data), "empty.pgn"))
			assert.Empty(t, games)
			require.Len(t, errs, 1)
			assert.Equal(t, CodeEmpty, code(errs[0]))
		})
	}
}

// patternReader yields n bytes of a repeated byte, then tail, without
// holding them in memory.
type patternReader struct {
	b    byte
	n    int
	tail []byte
}

func (p *patternReader) Read(buf []byte) (int, error) {
	if p.n > 0 {
		k := min(p.n, len(buf))
		for i := range buf[:k] {
			buf[i] = p.b
		}
		p.n -= k
		return k, nil
	}
	if len(p.tail) == 0 {
		return 0, io.EOF
	}
	k := copy(buf, p.tail)
	p.tail = p.tail[k:]
	return k, nil
}

func TestOverlongLine(t *testing.T) {
	for _, head := range []string{"", "[Event \"x\"]\n\n1. h2e2 h9g7 *\n", `{"fen": "", "moves": "h2e2"}` + "\n"} {
		src := io.MultiReader(strings.NewReader(head), &patternReader{b: 'a', n: MaxLineBytes + 1<<20, tail: []byte("\n1. h2e2 *\n")})
		games, errs := readAll(t, NewReader(src, "long.pgn"))
		require.Len(t, errs, 1)
		var e *Error
		require.ErrorAs(t, errs[0], &e)
		assert.Equal(t, CodeLineTooLong, e.Code)
		assert.True(t, e.Fatal)
		assert.Contains(t, e.Error(), "16 MiB")
		assert.LessOrEqual(t, len(games), 1)
	}
}

func TestOtherFilesGoOnAfterFatal(t *testing.T) {
	// A fatal error stops one reader only: the next file reads normally.
	for _, f := range []string{"mixed_encoding.pgn", "empty.pgn", "wukong_sample.pgn"} {
		games, errs := readFile(t, filepath.Join(fixtures, f))
		if f == "wukong_sample.pgn" {
			assert.Len(t, games, 4)
			assert.Empty(t, errs)
		} else {
			assert.Len(t, errs, 1)
		}
	}
	_, err := Open(filepath.Join(fixtures, "no such file"))
	assert.Equal(t, CodeIO, code(err))
}

func TestPGNMovetext(t *testing.T) {
	tests := []struct {
		name, text string
		moves      []string
		result     string
	}{
		{"numbers", "1. h2e2 h9g7 2. h0g2 *", []string{"h2e2", "h9g7", "h0g2"}, "*"},
		{"glued numbers", "1.h2e2 1...h9g7 2.h0g2 1-0", []string{"h2e2", "h9g7", "h0g2"}, "1-0"},
		{"black continues", "1. h2e2 {c} 1... h9g7 2… h0g2 0-1", []string{"h2e2", "h9g7", "h0g2"}, "0-1"},
		{"nags and marks", "1. h2e2! $1 h9g7?! $6 2. h0g2!! 1/2-1/2", []string{"h2e2", "h9g7", "h0g2"}, "1/2-1/2"},
		{"line comment", "1. h2e2 ; h9g7 is not a move here\nh9g7 *", []string{"h2e2", "h9g7"}, "*"},
		{"multi-line comment", "1. h2e2 {a\nlong (comment) ; with } h9g7 *", []string{"h2e2", "h9g7"}, "*"},
		{"nested variations", "1. h2e2 (1. b2e2 (1. c3c4 {x)} g6g5) h9g7) h9g7 *", []string{"h2e2", "h9g7"}, "*"},
		{"escape line", "1. h2e2\n% ignored h0g2\nh9g7 *", []string{"h2e2", "h9g7"}, "*"},
		{"ideographic space", "1.　炮二平五　马８进７ *", []string{"炮二平五", "马８进７"}, "*"},
		{"wxf", "1. C2.5 H8+7 2. H2+3 R9.8 *", []string{"C2.5", "H8+7", "H2+3", "R9.8"}, "*"},
		{"no result", "1. h2e2 h9g7", []string{"h2e2", "h9g7"}, ""},
		{"crlf", "1. h2e2\r\nh9g7 *\r\n", []string{"h2e2", "h9g7"}, "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readString(t, "t.pgn", "[Event \"t\"]\n\n"+tt.text+"\n")
			require.Empty(t, errs)
			require.Len(t, games, 1)
			assert.Equal(t, tt.moves, games[0].Moves)
			assert.Equal(t, tt.result, games[0].Result)
		})
	}
}

func TestPGNTags(t *testing.T) {
	text := "[Event \"a \\\"quoted\\\" \\\\ name\"] [Site \"b\"]\n" +
		"[Round \"第五屆\"銀荔杯\"全國冠軍賽\"]\n" +
		"[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n[CCPDPath \"x/1.pgn\"]\n[Result \"红胜\"]\n\n1... d9d8 *\n"
	games, errs := readString(t, "t.pgn", text)
	require.Empty(t, errs)
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, `a "quoted" \ name`, g.Tags["Event"])
	assert.Equal(t, "b", g.Tags["Site"])
	assert.Equal(t, `第五屆"銀荔杯"全國冠軍賽`, g.Tags["Round"])
	assert.Equal(t, "x/1.pgn", g.ID)
	assert.Equal(t, "*", g.Result, "the result token wins over the tag")
	assert.Equal(t, position.Black, g.StartSide())
	assert.Equal(t, 1, g.MoveNumber(1))
	assert.Equal(t, 2, g.MoveNumber(2))
	_, err := Replay(g)
	assert.NoError(t, err)

	_, errs = readString(t, "t.pgn", "[Event \"unterminated]\n\n1. h2e2 *\n[Event \"next\"]\n\n1. h2e2 *\n")
	require.Len(t, errs, 1)
	assert.Equal(t, CodeTag, code(errs[0]))
}

func TestJSONLines(t *testing.T) {
	tests := []struct {
		name, row string
		check     func(t *testing.T, g *Game)
		code      string
	}{
		{name: "escapes", row: `{"id": "a\"b\\c\/d\u00e9\ud83d\ude00\n", "event": "\t\u4e2d", "moves": "h2e2  h9g7"}`, check: func(t *testing.T, g *Game) {
			assert.Equal(t, "a\"b\\c/dé😀\n", g.ID)
			assert.Equal(t, "\t中", g.Tags["Event"])
			assert.Equal(t, []string{"h2e2", "h9g7"}, g.Moves)
		}},
		{name: "lone surrogate", row: `{"id": "\ud800x", "moves": []}`, check: func(t *testing.T, g *Game) {
			assert.Equal(t, "\uFFFDx", g.ID)
			assert.Empty(t, g.Moves)
		}},
		{name: "array and nested", row: ` {"expect": {"11": "draw", "x": [1, {"y": "]}"}]}, "moves": ["h2e2", "h9\u0067\u0037"], "n": -1.5e3, "ok": true, "none": null} `, check: func(t *testing.T, g *Game) {
			assert.Equal(t, []string{"h2e2", "h9g7"}, g.Moves)
			assert.Equal(t, "-1.5e3", g.Tags["n"])
			assert.Equal(t, "true", g.Tags["ok"])
			assert.NotContains(t, g.Tags, "none")
			assert.NotContains(t, g.Tags, "expect")
			assert.Contains(t, string(g.Raw), `"expect": {"11": "draw"`)
		}},
		{name: "game fields", row: `{"game_fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "game_moves": "e0d0"}`, check: func(t *testing.T, g *Game) {
			assert.Equal(t, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", g.FEN)
			assert.Equal(t, []string{"e0d0"}, g.Moves)
		}},
		{name: "fen only", row: `{"fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"}`, check: func(t *testing.T, g *Game) {
			assert.Empty(t, g.Moves)
		}},
		{name: "numeric id", row: `{"id": 12, "moves": ""}`, check: func(t *testing.T, g *Game) { assert.Equal(t, "12", g.ID) }},
		{name: "no moves", row: `{"id": "x"}`, code: CodeNoMoves},
		{name: "unknown result", row: `{"moves": "", "result": "2-0"}`, code: CodeResult},
		{name: "trailing comma", row: `{"moves": "h2e2",}`, code: CodeJSON},
		{name: "unterminated", row: `{"moves": "h2e2`, code: CodeJSON},
		{name: "bad escape", row: `{"moves": "h2\e2"}`, code: CodeJSON},
		{name: "bad number", row: `{"moves": "", "n": 01}`, code: CodeJSON},
		{name: "text after", row: `{"moves": ""} x`, code: CodeJSON},
		{name: "array of numbers", row: `{"moves": [1, 2]}`, code: CodeMoves},
		{name: "moves object", row: `{"moves": {"a": 1}}`, code: CodeMoves},
		{name: "bad array", row: `{"moves": ["h2e2" "h9g7"]}`, code: CodeJSON},
		{name: "bad array after a number", row: `{"moves": [1 2]}`, code: CodeJSON},
		{name: "control character", row: "{\"moves\": \"h2e2\th9g7\"}", code: CodeJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readString(t, "t.jsonl", "\n"+tt.row+"\n"+`{"id": "next", "moves": "h2e2"}`+"\n")
			require.Len(t, games, 1+btoi(tt.code == ""))
			assert.Equal(t, "next", games[len(games)-1].ID, "the next row is read")
			if tt.code != "" {
				require.Len(t, errs, 1)
				assert.Equal(t, tt.code, code(errs[0]), "%v", errs[0])
				assert.Contains(t, errs[0].Error(), "t.jsonl:2: game 1")
				return
			}
			require.Empty(t, errs)
			assert.Equal(t, 2, games[0].Line)
			tt.check(t, games[0])
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestDhtmlXQ(t *testing.T) {
	games, errs := readFile(t, filepath.Join(fixtures, "dhtmlxq_sample.html"))
	require.Empty(t, errs)
	require.Len(t, games, 2)
	// The second block is CCPD's 中局/00000001.pgn, from a binit.
	ccpd, errs := readFile(t, filepath.Join(fixtures, "ccpd_sample.jsonl"))
	require.Empty(t, errs)
	g := games[1]
	assert.Equal(t, ccpd[0].FEN, g.FEN)
	assert.Equal(t, ccpd[0].Moves, g.Moves)
	assert.Equal(t, "0-1", g.Result)
	assert.Equal(t, "徐天利", g.Tags["Red"])
	assert.Equal(t, 20, g.Line)
	_, err := Replay(g)
	require.NoError(t, err)

	for name, block := range map[string]string{
		"odd movelist":   "[DhtmlXQ][DhtmlXQ_movelist]774[/DhtmlXQ_movelist][/DhtmlXQ]",
		"off the board":  "[DhtmlXQ][DhtmlXQ_movelist]9747[/DhtmlXQ_movelist][/DhtmlXQ]",
		"short binit":    "[DhtmlXQ][DhtmlXQ_binit]0919[/DhtmlXQ_binit][/DhtmlXQ]",
		"two on a point": "[DhtmlXQ][DhtmlXQ_binit]0909293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit][/DhtmlXQ]",
		"no closing tag": "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ]",
		"unterminated":   "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]",
	} {
		t.Run(name, func(t *testing.T) {
			games, errs := readString(t, "t.html", block+"\n")
			assert.Empty(t, games)
			require.Len(t, errs, 1)
			assert.Equal(t, CodeDhtmlXQ, code(errs[0]), "%v", errs[0])
		})
	}
}

func TestReplay(t *testing.T) {
	games, _ := readFile(t, filepath.Join(fixtures, "rulecases_sample.jsonl"))
	rep, err := Replay(games[0])
	require.NoError(t, err)
	// fsf-01: c2a2 a7b7 a2b2 b7a7 b2a2 … the position after c2a2 occurs
	// after plies 1, 5 and 9.
	assert.Equal(t, Repetitions{Max: 3, Twofold: 4, Threefold: 1, FirstThreefold: 9}, rep.Reps)
	assert.Equal(t, 9, rep.Final.Ply())
	assert.Equal(t, 3, rep.Final.Occurrences())

	// A bad start position is a ReplayError at ply 0.
	g := &Game{File: "x", Line: 3, FEN: "9/9/9/9/9/9/9/9/9/9 w - - 0 1", Moves: []string{"h2e2"}}
	_, err = Replay(g)
	var re *ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 0, re.Ply)
	assert.Contains(t, err.Error(), "x:3: game 1: start position: fen")

	// Each notation goes through position.ParseMove.
	g = &Game{File: "x", Moves: []string{"h2e2", "H9-G7", "nonsense"}}
	_, err = Replay(g)
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, 2, re.MoveNo)
}

func TestReplayerMatchesReplay(t *testing.T) {
	var all []*Game
	for _, f := range []string{"wukong_sample.pgn", "ccpd_sample.jsonl", "ccpd_repetition_sample.jsonl", "rulecases_sample.jsonl", "cn2020_sample.jsonl", "dhtmlxq_sample.html", "bad_illegal.pgn"} {
		games, _ := readFile(t, filepath.Join(fixtures, f))
		all = append(all, games...)
	}
	memo := NewMemo()
	for _, rp := range []*Replayer{{}, {Memo: memo}, {Memo: memo}} { // the second memo pass hits
		for i, g := range append(append([]*Game{}, all...), all...) { // twice: positions are reused
			want, wantErr := Replay(g)
			reps, plies, err := rp.Check(g)
			if wantErr != nil {
				assert.Equal(t, wantErr.Error(), err.Error(), "game %d", i)
				continue
			}
			require.NoError(t, err, "game %d", i)
			assert.Equal(t, want.Reps, reps, "game %d", i)
			assert.Equal(t, len(g.Moves), plies)
		}
	}
	assert.NotEmpty(t, memo.m)
}

func TestGameName(t *testing.T) {
	assert.Equal(t, "f.pgn:12 (x/1)", (&Game{File: "f.pgn", Line: 12, ID: "x/1"}).Name())
	assert.Equal(t, "f.pgn game 3", (&Game{File: "f.pgn", Index: 2}).Name())
	g := &Game{Tags: map[string]string{"event": "e"}}
	assert.Equal(t, "e", g.Tag("Event"))
}

func TestNormResult(t *testing.T) {
	for in, want := range map[string]string{
		"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*", "½-½": "1/2-1/2", "": "",
		"红胜": "1-0", "紅先勝": "1-0", "黑勝": "0-1", "红负": "0-1", "和棋": "1/2-1/2", "紅先和": "1/2-1/2", "未知": "",
	} {
		got, ok := normResult(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"2-0", "red won", "1-1"} {
		_, ok := normResult(in)
		assert.False(t, ok, in)
	}
}

func TestSplitMoves(t *testing.T) {
	for _, s := range []string{"", " ", "h2e2", " h2e2  h9g7 ", "h2e2\th9g7", "炮二平五　马8进7", "a\x01b c"} {
		assert.Equal(t, strings.Fields(s), splitMoves(s), "%q", s)
	}
}

func TestXQFBadKey(t *testing.T) {
	head := append([]byte("XQ\x12\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), make([]byte, 1024)...)
	games, errs := readAll(t, NewReader(bytes.NewReader(head), "game.xqf"))
	assert.Empty(t, games)
	require.Len(t, errs, 1)
	assert.Equal(t, CodeXQF, code(errs[0]))
	// Every square decrypts to 0 (a1): the key yields squares no position has.
	assert.Contains(t, errs[0].Error(), "game.xqf: game 1: XQF: byte offset 17: two pieces on square a0")
}
