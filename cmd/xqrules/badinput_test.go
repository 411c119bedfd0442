package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 25, item 4: an error quotes at most about 80 characters of the
// input around the place, whatever the size of the input; no message
// quotes more than about 200 bytes of it.
func TestErrorsQuoteLittle(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	hugeFEN := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" + huge + " w"
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	pgn := file("huge.pgn", "[FEN \""+hugeFEN+"\"]\n\n1. h2e2 *\n")
	pgnMove := file("move.pgn", "1. h2e2 "+strings.Repeat("炮", 1<<20)+" *\n")
	jsonl := file("huge.jsonl", `{"id": "`+huge+`", "fen": "`+hugeFEN+`", "moves": ["h2e2"]}`+"\n")
	jsonlMove := file("move.jsonl", `{"id": "g1", "moves": ["h2e2", "`+huge+`"]}`+"\n")
	cases := file("cases.jsonl", `{"id": "c1", "fen": "`+hugeFEN+`", "moves": ["h2e2"], "expect": {"11": "draw"}}`+"\n"+
		`{"id": "c2", "moves": ["`+huge+`"], "expect": {"11": "draw"}}`+"\n"+
		`{"id": "c3", "moves": ["h2e2"], "expect": {"11": "`+huge+`"}}`+"\n")
	yamlCases := file("cases.yaml", "cases:\n  - id: y1\n    fen: \""+hugeFEN+"\"\n    moves: h2e2\n    expect: {11: draw}\n  - id: y2\n    moves: h2e2\n    expect: {11: "+huge+"}\n")
	draft := file("draft.yaml", "id: d\nextends: 11\ntitle: {en: "+huge+"}\nnosuch"+huge+": 1\n")
	for _, args := range [][]string{
		{"judge", "--fen", hugeFEN, "--moves", "h2e2"},
		{"judge", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" + huge, "--moves", "h2e2"},
		{"judge", "--moves", "h2e2 " + huge},
		{"judge", "--moves", "h2e2", "--rules", huge},
		{"judge", "--moves", "h2e2", "--format", huge},
		{"facts", "--fen", hugeFEN, "--moves", "h2e2"},
		{"notation", "--to", "wxf", huge},
		{"perft", "--depth", "1", "--fen", hugeFEN},
		{"judge", pgn}, {"replay", pgn}, {"scan", pgn}, {"convert", "--to", "pgn", pgn},
		{"judge", pgnMove}, {"replay", pgnMove},
		{"judge", jsonl}, {"replay", jsonl}, {"replay", jsonlMove},
		{"cases", cases}, {"cases", yamlCases},
		{"rules", "check", draft},
		{"scan", "--shard", huge, pgn},
		{huge},
	} {
		out, errs, st := xq(t, args...)
		assert.NotEqual(t, exitOK, st, "%.80v", args)
		assert.NotEmpty(t, out+errs, "%.80v", args)
		assert.Less(t, len(out+errs), 1500, "%.80v: %.3000s", args, out+errs)
	}
}
