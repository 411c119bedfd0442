package record

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/xqrules/xqrules/position"
)

// xqfSpec is a game to write as XQF, for the tests: the files are made
// here from the format's description, not copied.
type xqfSpec struct {
	ver      byte
	keys     [16]byte // header bytes 0x00-0x0F (only 0x03 and 0x08-0x0F are used, for 1.1+)
	squares  [32]byte // X*10+Y per piece, 0xFF when absent (plain)
	red      string   // GBK-encoded by the writer
	result   byte
	moves    []string // ICCS
	comments map[int]string
}

var standardSquares = [32]byte{80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
	89, 79, 69, 59, 49, 39, 29, 19, 9, 77, 17, 86, 66, 46, 26, 6}

// writeXQF writes s as an XQF file, encrypting it as 1.1+ files are.
func writeXQF(t testing.TB, s xqfSpec) []byte {
	data := make([]byte, xqfHeaderSize)
	copy(data, s.keys[:])
	data[0], data[1], data[2] = 'X', 'Q', s.ver
	var k xqfKeys
	if s.ver > 0x0A {
		k.xy = xqfKey(data[0x0D], data[0x0D])
		k.xyf = xqfKey(data[0x0E], k.xy)
		k.xyt = xqfKey(data[0x0F], k.xyf)
		k.rmk = (uint32(data[0x0C])*256+uint32(data[0x0D]))%32000 + 767
		m := data[3]
		four := [4]byte{data[0x0C]&m | data[8], data[0x0D]&m | data[9], data[0x0E]&m | data[0x0A], data[0x0F]&m | data[0x0B]}
		for i := range k.f32 {
			k.f32[i] = xqfCopyright[i] & four[i%4]
		}
	}
	for i, sq := range s.squares {
		v := sq
		if s.ver > 0x0A {
			v += k.xy
		}
		data[0x10+i] = v
	}
	if s.ver >= 0x0C { // rotate: the file's byte i holds piece (i+KeyXY+1)&31's square
		var rot [32]byte
		for i := range 32 {
			rot[i] = data[0x10+((i+int(k.xy)+1)&31)]
		}
		copy(data[0x10:0x30], rot[:])
	}
	data[0x33] = s.result
	red, err := simplifiedchinese.GBK.NewEncoder().String(s.red)
	require.NoError(t, err)
	data[0x130] = byte(len(red))
	copy(data[0x131:], red)
	node := func(from, to byte, flags byte, comment string) {
		c, err := simplifiedchinese.GBK.NewEncoder().String(comment)
		require.NoError(t, err)
		if c != "" {
			flags |= 0x20
		}
		plain := []byte{from + 24 + k.xyf, to + 32 + k.xyt, flags, 0}
		if s.ver <= 0x0A || c != "" {
			plain = binary.LittleEndian.AppendUint32(plain, uint32(len(c))+k.rmk)
			plain = append(plain, c...)
		}
		for _, b := range plain {
			data = append(data, b+k.f32[len(data)%32])
		}
	}
	more := func(i int) byte {
		if i < len(s.moves) {
			if s.ver <= 0x0A {
				return 0xF0
			}
			return 0x80
		}
		return 0
	}
	node(0, 0, more(0), s.comments[0])
	for i, m := range s.moves {
		sq := func(f, r byte) byte { return (f-'a')*10 + (r - '0') }
		node(sq(m[0], m[1]), sq(m[2], m[3]), more(i+1), s.comments[i+1])
	}
	return data
}

func readXQFBytes(t *testing.T, data []byte, name string) (*Game, error) {
	r := NewReader(bytes.NewReader(data), name)
	defer r.Close()
	return r.Next()
}

func TestXQFWritten(t *testing.T) {
	moves := []string{"h2e2", "h9g7", "h0g2", "i9h9"}
	comments := map[int]string{0: "开局评注", 2: "马８进７，正着"}
	keys := [16]byte{3: 0xBE, 8: 0xE8, 9: 0xD8, 10: 0xBC, 11: 0x84, 12: 0xA5, 13: 0x9C, 14: 0xE7, 15: 0xD8}
	for _, ver := range []byte{0x0A, 0x0B, 0x0C, 0x12} {
		data := writeXQF(t, xqfSpec{ver: ver, keys: keys, squares: standardSquares, red: "许银川", result: 3, moves: moves, comments: comments})
		g, err := readXQFBytes(t, data, "w.xqf")
		require.NoError(t, err, "version %#x", ver)
		assert.Equal(t, moves, g.Moves, "version %#x", ver)
		assert.Equal(t, "", g.FEN, "version %#x: the standard start", ver)
		assert.Equal(t, "许银川", g.Tags["Red"])
		assert.Equal(t, "1/2-1/2", g.Result)
		assert.Equal(t, comments, g.Comments)
		assert.Equal(t, EncodingGB18030, g.Encoding)
		assert.Equal(t, FormatXQF, g.Format)
		_, err = Replay(g)
		assert.NoError(t, err)
	}
}

func TestXQFComposedStart(t *testing.T) {
	// Red's king e0 and rook a0, Black's king e9: everything else off the
	// board (0xFF and other values past 89 alike). Black moves first.
	sq := [32]byte{}
	for i := range sq {
		sq[i] = 0xFF
	}
	sq[0], sq[4], sq[20], sq[1] = 0, 40, 59, 200
	g, err := readXQFBytes(t, writeXQF(t, xqfSpec{ver: 0x12, keys: [16]byte{13: 7, 14: 9, 15: 11}, squares: sq, moves: []string{"f9f8"}}), "c.xqf")
	require.NoError(t, err)
	assert.Equal(t, "5k3/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", g.FEN)
	_, err = Replay(g)
	assert.NoError(t, err)
}

func TestXQFBad(t *testing.T) {
	good := writeXQF(t, xqfSpec{ver: 0x12, keys: [16]byte{13: 5, 14: 6, 15: 7}, squares: standardSquares, moves: []string{"h2e2"}, comments: map[int]string{1: "评注"}})
	tests := []struct {
		name string
		data []byte
		msg  string
	}{
		{"truncated header", good[:600], "XQF: byte offset 600: truncated header"},
		{"unknown version", append([]byte("XQ\x20"), good[3:]...), "XQF: byte offset 2: unknown XQF version 0x20"},
		{"truncated move", good[:len(good)-3-4-4], "XQF: byte offset 1028: truncated: a move needs 4 bytes"},
		{"comment past the end", good[:len(good)-2], "XQF: byte offset 1032: comment of 4 bytes points past the end of the file (2 bytes left)"},
		{"move off the board", func() []byte {
			b := bytes.Clone(good)
			b[0x404] += 95 // the from square of move 1
			return b
		}(), "XQF: byte offset 1028: move 1 off the board"},
	}
	for _, tt := range tests {
		g, err := readXQFBytes(t, tt.data, "bad.xqf")
		assert.Nil(t, g, tt.name)
		require.Error(t, err, tt.name)
		assert.Contains(t, err.Error(), "bad.xqf: game 1: "+tt.msg, tt.name)
		assert.Equal(t, CodeXQF, code(err), tt.name)
	}
}

// The shared samples: SAMPLE.XQF against the PGN the reference converter
// wrote from it, and the two other files read and replayed.
func TestXQFSamples(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "xqf")
	if _, err := os.Stat(filepath.Join(dir, "SAMPLE.XQF")); err != nil {
		t.Skip("../shared/data/xqf absent: the XQF samples are not in the repository")
	}
	for _, f := range []string{"XQFEXAMA.XQF", "XQFEXAMB.XQF"} {
		games, errs := readFile(t, filepath.Join(dir, f))
		require.Empty(t, errs, f)
		require.Len(t, games, 1, f)
		_, err := Replay(games[0])
		assert.NoError(t, err, f)
	}
	xg, errs := readFile(t, filepath.Join(dir, "SAMPLE.XQF"))
	require.Empty(t, errs)
	pg, errs := readFile(t, filepath.Join(dir, "SAMPLE.PGN"))
	require.Empty(t, errs)
	x, p := xg[0], pg[0]
	assert.Equal(t, EncodingGB18030, p.Encoding)
	xr, err := Replay(x)
	require.NoError(t, err)
	pr, err := Replay(p)
	require.NoError(t, err)
	assert.Equal(t, pr.Moves, xr.Moves)
	assert.Len(t, xr.Moves, 75)
	assert.Equal(t, p.FEN, x.FEN)
	assert.Equal(t, p.Result, x.Result)
	for _, tag := range []string{"Event", "Date", "Site", "Red", "Black", "Result", "FEN"} {
		assert.Equal(t, p.Tags[tag], x.Tags[tag], tag)
	}
	norm := func(m map[int]string) map[int]string {
		out := map[int]string{}
		space := regexp.MustCompile(`[\s\x{3000}]+`)
		for k, v := range m {
			out[k] = strings.TrimSpace(space.ReplaceAllString(v, " "))
		}
		return out
	}
	assert.Equal(t, norm(p.Comments), norm(x.Comments))
	assert.Len(t, x.Comments, len(p.Comments))
	t.Logf("SAMPLE.XQF: %d plies, %d comments, tags %v", len(xr.Moves), len(x.Comments), x.Tags)
}

func FuzzXQF(f *testing.F) {
	f.Add(writeXQF(f, xqfSpec{ver: 0x0A, squares: standardSquares, moves: []string{"h2e2", "h9g7"}, comments: map[int]string{1: "x"}}))
	f.Add(writeXQF(f, xqfSpec{ver: 0x12, keys: [16]byte{3: 0xFF, 12: 9, 13: 5, 14: 6, 15: 7}, squares: standardSquares, moves: []string{"h2e2"}}))
	f.Add([]byte("XQ\x12"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &Game{}
		if err := readXQF(data, g, ""); err != nil {
			if !strings.Contains(err.Error(), "byte offset") && !strings.HasPrefix(err.Error(), "XQF texts") {
				t.Fatalf("error without an offset: %v", err)
			}
			return
		}
		_, _ = Replay(g)
	})
}

func TestStartFENUnchanged(t *testing.T) {
	// readXQF compares with position.StartFEN to leave FEN empty.
	assert.True(t, strings.HasSuffix(position.StartFEN, " w - - 0 1"))
}

func FuzzDetectEncoding(f *testing.F) {
	gbk, _ := simplifiedchinese.GBK.NewEncoder().String("[Red \"许银川\"]\n1. 炮二平五 马８进７ *\n")
	f.Add([]byte(gbk))
	f.Add([]byte("1. 炮二平五 马８进７ *\n"))
	f.Add([]byte("1. 炮二平五 \xc2\xed\xa3\xb8 *\n"))
	f.Add([]byte("\x00\x01binary"))
	f.Fuzz(func(t *testing.T, b []byte) {
		enc, err := DetectEncoding(b)
		if err == nil && enc == "" {
			t.Fatal("no encoding and no error")
		}
		if err != nil && bytes.ContainsAny([]byte(err.Error()), "\x00\x01\x02") {
			t.Fatalf("error echoes bytes: %q", err)
		}
		r := NewReader(bytes.NewReader(b), "f")
		defer r.Close()
		for range 1000 {
			if _, err := r.Next(); err != nil && code(err) == "" {
				break
			}
		}
	})
}
