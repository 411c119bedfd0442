package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzPGN feeds arbitrary bytes to the reader (which picks PGN for most of
// them) and replays what it returns: no panic, no endless loop, every
// record or error accounted for.
//
//	go test -run - -fuzz FuzzPGN -fuzztime 60s ./position/record/
func FuzzPGN(f *testing.F) {
	for _, name := range []string{"wukong_sample.pgn", "ccpd_chinese_sample.pgn", "bad_illegal.pgn", "bad_comment.pgn",
		"bad_variation.pgn", "bad_result.pgn", "big5.pgn", "dhtmlxq_sample.html"} {
		b, err := os.ReadFile(filepath.Join(fixtures, name))
		if err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"", "{", "(", "[", "[Event \"", "1.", "1...", "$", "%", ";", "}", ")", "1-0 0-1 * 1/2-1/2",
		"[A \"\"]\n{\n[B \"x\"]\n1. h2e2 (", "1. C2.5 h8+7 2. 炮二平五 马8进7", "1.h2e2!?$1 {x} (1... b9c7 (2. x)) *",
		"[DhtmlXQ][DhtmlXQ_binit]99[/DhtmlXQ_binit][/DhtmlXQ]", "{\"moves\": \"h2e2\"}", "\x1f\x8b",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog(data)()
		r := NewReader(bytes.NewReader(data), "fuzz.pgn")
		index := -1
		for calls := 0; ; calls++ {
			if calls > len(data)+2 {
				t.Fatalf("more records than bytes: Next does not reach io.EOF")
			}
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("error of type %T: %v", err, err)
				}
				_ = e.Error()
				continue
			}
			if g.Index <= index {
				t.Fatalf("game index %d after %d", g.Index, index)
			}
			index = g.Index
			for _, m := range g.Moves {
				if m == "" {
					t.Fatalf("empty move text in %q", g.Moves)
				}
			}
			if rep, err := Replay(g); err == nil && rep.Final.Ply() != len(g.Moves) {
				t.Fatalf("replayed %d plies of %d", rep.Final.Ply(), len(g.Moves))
			}
		}
	})
}

// FuzzJSONL checks the hand-written JSON scanner against encoding/json:
// the same rows are accepted, and strings decode to the same text.
func FuzzJSONL(f *testing.F) {
	b, err := os.ReadFile(filepath.Join(fixtures, "ccpd_sample.jsonl"))
	if err == nil {
		for _, line := range bytes.Split(b, []byte("\n")) {
			f.Add(line)
		}
	}
	for _, s := range []string{
		`{"id": "a\"b\\c\/d\u00e9\ud83d\ude00", "moves": ["h2e2"]}`, `{"id": "\ud800", "moves": ""}`,
		`{"moves": "", "n": -0.5e+3, "x": [1, {"a": null}], "t": true}`, `{"moves": "",}`, `{"moves": 01}`,
		`{}`, `{"moves": [], "id": 1}`, `{"a":1}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, row []byte) {
		defer watchdog(row)()
		if bytes.ContainsAny(row, "\n\r") || !utf8.Valid(row) || len(bytes.Trim(row, " \t")) == 0 || bytes.Trim(row, " \t")[0] != '{' {
			return // one line, UTF-8, an object: what the scanner sees
		}
		r := NewReader(bytes.NewReader(row), "fuzz.jsonl")
		r.started = true
		r.lines = &lineReader{name: "fuzz.jsonl"}
		r.format = FormatJSONL
		g, err := r.parseJSONLine(row, 1)

		var std map[string]any
		stdErr := json.Unmarshal(row, &std)
		var e *Error
		if err != nil && errors.As(err, &e) && e.Code == CodeJSON {
			if stdErr == nil {
				t.Fatalf("scanner refuses a row encoding/json accepts: %v", err)
			}
			return
		}
		if stdErr != nil {
			t.Fatalf("scanner accepts a row encoding/json refuses (%v)", stdErr)
		}
		if err != nil {
			return // a valid row that is no game record (no moves, unknown result)
		}
		if id, ok := std["id"].(string); ok && id != g.ID {
			t.Fatalf("id %q, encoding/json %q", g.ID, id)
		}
		if fen, ok := std["fen"].(string); ok && fen != g.FEN {
			t.Fatalf("fen %q, encoding/json %q", g.FEN, fen)
		}
		for k, v := range std {
			if c, ok := pgnTagName[k]; ok && std[c] != nil {
				continue // "event" and "Event" both: one tag
			}
			if s, ok := v.(string); ok && k != "id" && k != "fen" && k != "moves" && k != "game_fen" && k != "game_moves" {
				if got := g.Tags[canonTag(k)]; got != s {
					t.Fatalf("tag %q = %q, encoding/json %q", k, got, s)
				}
			}
		}
	})
}

// watchdog panics, naming the input, when a fuzz call runs for more than
// ten seconds: go test -fuzz has no time limit per input, and a hang would
// otherwise stall the run silently. Call the returned func when done.
func watchdog(input []byte) (stop func()) {
	t := time.AfterFunc(10*time.Second, func() {
		panic(fmt.Sprintf("no result after 10s for input %q", input))
	})
	return func() { t.Stop() }
}

func canonTag(k string) string {
	if c, ok := pgnTagName[k]; ok {
		return c
	}
	return k
}
