package record

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// corpusFigures is what replaying a file gives.
type corpusFigures struct {
	games, plies, reps, errs int
	encs                     map[string]int
}

func replayBytes(t testing.TB, data []byte) corpusFigures {
	r := NewReader(bytes.NewReader(data), "f")
	defer r.Close()
	f := corpusFigures{encs: map[string]int{}}
	for {
		g, err := r.Next()
		if err == io.EOF {
			return f
		}
		if err != nil {
			f.errs++
			continue
		}
		f.games++
		f.encs[g.Encoding]++
		rp, err := Replay(g)
		if err != nil {
			f.errs++
			continue
		}
		f.plies += len(rp.Moves)
		if rp.Reps.Max >= 3 {
			f.reps++
		}
	}
}

// reencode writes UTF-8 text in enc; a character enc lacks is replaced by
// a character it has (as a file saved in that encoding would lose it).
func reencode(t testing.TB, enc encoding.Encoding, utf8Text []byte) []byte {
	out, err := encoding.ReplaceUnsupported(enc.NewEncoder()).Bytes(utf8Text)
	require.NoError(t, err)
	return out
}

func checkReencoded(t *testing.T, name string, text []byte) {
	want := replayBytes(t, text)
	require.NotZero(t, want.games, name)
	for _, tc := range []struct {
		enc  encoding.Encoding
		name string
	}{{simplifiedchinese.GBK, EncodingGB18030}, {traditionalchinese.Big5, EncodingBig5}} {
		b := reencode(t, tc.enc, text)
		if bytes.Equal(b, text) {
			continue // ASCII only: nothing to guess
		}
		got := replayBytes(t, b)
		assert.Equal(t, map[string]int{tc.name: want.games}, got.encs, "%s as %s: the guess", name, tc.name)
		got.encs = want.encs
		assert.Equal(t, want, got, "%s as %s: games, plies, repetitions, errors", name, tc.name)
	}
}

func TestReencodedFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fixtures, "*.pgn"))
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		if !utf8.Valid(b) || len(b) == 0 {
			continue // not UTF-8 (big5.pgn, mixed_encoding.pgn) or empty
		}
		if replayBytes(t, b).games == 0 {
			continue
		}
		checkReencoded(t, filepath.Base(f), b)
		n++
	}
	assert.GreaterOrEqual(t, n, 5)
}

// The CCPD Chinese-notation corpus, re-encoded in GBK and Big5, replays to
// the same figures as the UTF-8 original.
func TestReencodedCCPD(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "ccpd_national_events_chinese_notation.pgn.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Skip("../shared/data/ccpd_national_events_chinese_notation.pgn.gz absent")
	}
	defer f.Close()
	if testing.Short() {
		t.Skip("-short")
	}
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	text, err := io.ReadAll(zr)
	require.NoError(t, err)
	want := replayBytes(t, text)
	t.Logf("CCPD UTF-8: %d games, %d plies, %d with a threefold, %d errors", want.games, want.plies, want.reps, want.errs)
	checkReencoded(t, "CCPD", text)
}

// A GBK file whose first 64 KiB are ASCII (ICCS games with English tags)
// switches to GBK at its first Chinese line.
func TestEncodingSwitchAfterASCII(t *testing.T) {
	var b bytes.Buffer
	for b.Len() < 80<<10 {
		b.WriteString("[Event \"ASCII\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n")
	}
	ascii := replayBytes(t, b.Bytes()).games
	b.WriteString(reencodeString(t, "[Event \"全国赛\"]\n[Red \"吕钦\"]\n{开局}\n1. 炮二平五 马８进７ *\n"))
	r := NewReader(bytes.NewReader(b.Bytes()), "f")
	defer r.Close()
	var last *Game
	n := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		n++
		last = g
	}
	assert.Equal(t, ascii+1, n)
	assert.Equal(t, EncodingGB18030, last.Encoding)
	assert.Equal(t, "吕钦", last.Tags["Red"])
	assert.Equal(t, []string{"炮二平五", "马８进７"}, last.Moves)
	assert.Equal(t, map[int]string{0: "开局"}, last.Comments)
}

func reencodeString(t testing.TB, s string) string {
	return string(reencode(t, simplifiedchinese.GBK, []byte(s)))
}

func TestDetectEncoding(t *testing.T) {
	two := "1. 炮二平五 马8进7\n" // the two-move file a new user tried
	for _, tt := range []struct {
		name string
		b    []byte
		enc  string
		err  string
	}{
		{"utf-8", []byte(two), EncodingUTF8, ""},
		{"gbk", reencode(t, simplifiedchinese.GBK, []byte(two)), EncodingGB18030, ""},
		{"big5", reencode(t, traditionalchinese.Big5, []byte("1. 炮二平五 馬８進７\n")), EncodingBig5, ""},
		{"binary", []byte("PK\x03\x04\x14\x00\x08\x00\xff\xfe"), "", "a binary file, not text (control byte 0x03 at byte offset 2)"},
		{"mixed", append([]byte(two), reencode(t, simplifiedchinese.GBK, []byte(two))...), EncodingUTF8,
			"mixed encodings: UTF-8 Chinese before byte offset 28, then bytes that are not UTF-8 (they look like GBK/GB18030)"},
	} {
		enc, err := DetectEncoding(tt.b)
		assert.Equal(t, tt.enc, enc, tt.name)
		if tt.err == "" {
			assert.NoError(t, err, tt.name)
		} else {
			assert.EqualError(t, err, tt.err, tt.name)
		}
	}
}
