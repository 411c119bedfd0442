package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// plainXQF writes an XQF 1.0 file (the plain version, as its description
// gives it) of a game from the standard start, with a comment after ply 2.
func plainXQF(moves []string, comment string) []byte {
	data := make([]byte, 0x400)
	copy(data, "XQ\x0A")
	copy(data[0x10:], []byte{80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
		89, 79, 69, 59, 49, 39, 29, 19, 9, 77, 17, 86, 66, 46, 26, 6})
	red, _ := simplifiedchinese.GBK.NewEncoder().String("许银川")
	data[0x130] = byte(len(red))
	copy(data[0x131:], red)
	c, _ := simplifiedchinese.GBK.NewEncoder().String(comment)
	node := func(from, to byte, last bool, comment string) {
		flags := byte(0xF0)
		if last {
			flags = 0
		}
		data = append(data, from+24, to+32, flags, 0)
		data = binary.LittleEndian.AppendUint32(data, uint32(len(comment)))
		data = append(data, comment...)
	}
	node(0, 0, len(moves) == 0, "")
	for i, m := range moves {
		cm := ""
		if i == 1 {
			cm = c
		}
		node((m[0]-'a')*10+m[1]-'0', (m[2]-'a')*10+m[3]-'0', i == len(moves)-1, cm)
	}
	return data
}

func TestConvertXQFRoundTrip(t *testing.T) {
	dir := t.TempDir()
	moves := strings.Fields("h2e2 h9g7 h0g2 i9h9 g2h0 h9i9 h0g2 i9h9 g2h0 h9i9 h0g2")
	xqf := filepath.Join(dir, "g.xqf")
	require.NoError(t, os.WriteFile(xqf, plainXQF(moves, "马８进７"), 0o644))
	pgn := filepath.Join(dir, "g.pgn")
	for _, nt := range []string{"chinese", "iccs", "wxf"} {
		_, stderr, st := xq(t, "convert", "--to", "pgn", "--notation", nt, "-o", pgn, xqf)
		require.Equal(t, exitOK, st, stderr)
		b, err := os.ReadFile(pgn)
		require.NoError(t, err)
		assert.Contains(t, string(b), `[Red "许银川"]`)
		assert.Contains(t, string(b), "{马８进７}")
		fromXQF, _, st1 := xq(t, "judge", "--rules", "all", xqf)
		fromPGN, _, st2 := xq(t, "judge", "--rules", "all", pgn)
		assert.Equal(t, st1, st2)
		require.Contains(t, fromXQF, "g2h0", "the XQF game's cycle is judged")
		assert.Equal(t, strings.ReplaceAll(fromXQF, xqf, "F"), strings.ReplaceAll(fromPGN, pgn, "F"), nt)
	}
}

func TestConvertSkipsBadGames(t *testing.T) {
	out, stderr, st := xq(t, "convert", "--to", "jsonl", recordFixture("bad_illegal.pgn"), recordFixture("big5.pgn"), recordFixture("no-such.pgn"))
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, stderr, `bad_illegal.pgn:12: game 2: move 3 (ply 5) "h2e2"`)
	assert.Contains(t, stderr, "no-such.pgn: cannot open")
	assert.Contains(t, stderr, "3 games converted, 2 skipped")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3)
	assert.Contains(t, lines[2], `"red":"呂欽"`)
	assert.Contains(t, lines[2], `"moves":["h2e2","h9g7"]`)
}

func TestEncodingFlag(t *testing.T) {
	dir := t.TempDir()
	text := "[Event \"全國賽\"]\n\n1. 炮二平五 馬８進７ *\n"
	b5, err := traditionalchinese.Big5.NewEncoder().String(text)
	require.NoError(t, err)
	f := filepath.Join(dir, "b.pgn")
	require.NoError(t, os.WriteFile(f, []byte(b5), 0o644))
	out, _, st := xq(t, "replay", f)
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, f+" (big5): games 1, plies 2, errors 0")
	// Forced to GB18030, the Big5 bytes do not read as moves.
	out, _, st = xq(t, "replay", "--encoding", "gbk", f)
	assert.Equal(t, exitFailed, st, out)
	_, stderr, st := xq(t, "replay", "--encoding", "latin1", f)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, stderr, `unknown encoding "latin1"`)
}

func TestConvertJSONLKeepsComments(t *testing.T) {
	dir := t.TempDir()
	xqf := filepath.Join(dir, "g.xqf")
	require.NoError(t, os.WriteFile(xqf, plainXQF(strings.Fields("h2e2 h9g7 h0g2"), "马８进７"), 0o644))
	jl := filepath.Join(dir, "g.jsonl")
	_, stderr, st := xq(t, "convert", "--to", "jsonl", "-o", jl, xqf)
	require.Equal(t, exitOK, st, stderr)
	out, stderr, st := xq(t, "convert", "--to", "pgn", "--notation", "chinese", jl)
	require.Equal(t, exitOK, st, stderr)
	assert.Contains(t, out, "1. 炮二平五 马8进7\n{马８进７}\n2. 马二进三\n*\n")
	assert.Contains(t, out, `[Red "许银川"]`)
}
