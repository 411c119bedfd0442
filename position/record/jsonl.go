package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// JSON Lines rows are read with a small scanner rather than encoding/json:
// a corpus has tens of thousands of rows, and reflection-based decoding into
// a map cost more than replaying the moves. The scanner handles the whole
// JSON grammar (nested values are skipped, escapes decoded); only the fields
// below are interpreted, every other scalar field goes to Game.Tags under
// its own name, and the row itself stays in Game.Raw.
//
// Recognised fields:
//   - "id": Game.ID;
//   - "fen", else "game_fen": Game.FEN;
//   - "moves", else "game_moves": a space-separated string or an array of
//     strings, in any notation;
//   - "result": Game.Result (and Tags["Result"]).
//
// The usual PGN tag names written in lower case ("event", "red", "black",
// "date", "site", "round", "result") are stored under the PGN spelling, so
// that Tags["Event"] means the same for every format.

var pgnTagName = map[string]string{
	"event": "Event", "site": "Site", "date": "Date", "round": "Round",
	"red": "Red", "black": "Black", "result": "Result",
}

func (r *Reader) nextJSONL() (*Game, error) {
	for {
		line, err := r.lines.next()
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return r.parseJSONLine(line, r.lines.line)
	}
}

// jsonRow is the state of one row's scan.
type jsonRow struct {
	s   string // the row (a copy: Game strings point into it)
	i   int    // scan offset
	err string // first syntax error
}

func (r *Reader) parseJSONLine(line []byte, lineNo int) (*Game, error) {
	g := r.newGame(lineNo)
	raw := bytes.Trim(line, " \t\r\n") // JSON whitespace only
	g.Raw = json.RawMessage(bytes.Clone(raw))
	js := &jsonRow{s: string(raw)}
	var moves, gameMoves, gameFEN string
	var moveList, gameMoveList []string
	haveFEN, haveMoves, badMoves := false, false, false
	bad := func() (*Game, error) {
		col := js.i + 1
		lo := max(js.i-20, 0)
		hi := min(js.i+20, len(js.s))
		return nil, r.errorAt(lineNo, g.Index, g.ID, CodeJSON,
			fmt.Sprintf("invalid JSON at column %d: %s", col, js.err), []byte(js.s[lo:hi]))
	}
	js.ws()
	if !js.eat('{') {
		js.fail("want an object")
		return bad()
	}
	js.ws()
	if !js.eat('}') {
		for {
			js.ws()
			key, ok := js.str()
			if !ok {
				return bad()
			}
			js.ws()
			if !js.eat(':') {
				js.fail("want ':' after a key")
				return bad()
			}
			js.ws()
			if js.i >= len(js.s) {
				js.fail("missing value")
				return bad()
			}
			switch c := js.s[js.i]; {
			case c == '"':
				v, ok := js.str()
				if !ok {
					return bad()
				}
				switch key {
				case "id":
					g.ID = v
				case "fen":
					g.FEN, haveFEN = v, true
				case "game_fen":
					gameFEN = v
				case "moves":
					moves, haveMoves = v, true
				case "game_moves":
					gameMoves = v
				default:
					g.setTag(key, v)
				}
			case key == "moves" || key == "game_moves":
				list, ok := js.strArray()
				if !ok {
					if js.err != "" {
						return bad()
					}
					// Not a list of strings: check the syntax
					// all the same, so that a row is either
					// bad JSON or a bad record, never both.
					badMoves = true
					if !js.value() {
						return bad()
					}
					break
				}
				if key == "moves" {
					moveList, haveMoves = list, true
				} else {
					gameMoveList = list
				}
			case c == '[' || c == '{':
				start := js.i
				if !js.skipNested() {
					return bad()
				}
				if key == "comments" && c == '{' {
					// The comments by ply that xqrules convert writes: {"0": "…", "12": "…"}.
					var cs map[int]string
					if json.Unmarshal([]byte(js.s[start:js.i]), &cs) == nil && len(cs) > 0 {
						g.Comments = cs
					}
				}
			default:
				v, ok := js.literal()
				if !ok {
					return bad()
				}
				switch {
				case v == "null":
				case key == "id":
					g.ID = v
				default:
					g.setTag(key, v)
				}
			}
			js.ws()
			if js.eat(',') {
				continue
			}
			if js.eat('}') {
				break
			}
			js.fail("want ',' or '}'")
			return bad()
		}
	}
	js.ws()
	if js.i != len(js.s) {
		js.fail("text after the object")
		return bad()
	}

	if badMoves {
		return nil, r.errorAt(lineNo, g.Index, g.ID, CodeMoves, "moves is not a string or an array of strings", nil)
	}
	if !haveFEN {
		g.FEN = gameFEN
	}
	switch {
	case haveMoves && moveList != nil:
		g.Moves = moveList
	case haveMoves:
		g.Moves = splitMoves(moves)
	case gameMoveList != nil:
		g.Moves = gameMoveList
	case gameMoves != "":
		g.Moves = splitMoves(gameMoves)
	case !haveFEN && gameFEN == "":
		return nil, r.errorAt(lineNo, g.Index, g.ID, CodeNoMoves, "not a game record: no fen or moves field", nil)
	}
	if res, ok := g.Tags["Result"]; ok {
		norm, ok := normResult(res)
		if !ok {
			return nil, r.errorAt(lineNo, g.Index, g.ID, CodeResult, "unknown result", []byte(res))
		}
		g.Result = norm
	}
	return g, nil
}

// splitMoves splits a space-separated move list. It does what strings.Fields
// does for ASCII blanks, at a third of the cost, which shows in a corpus of
// millions of moves; other whitespace (U+3000 …) is left to Fields.
func splitMoves(s string) []string {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c < ' ' {
			return strings.Fields(s)
		}
		if c != ' ' && (i == 0 || s[i-1] == ' ') {
			n++
		}
	}
	moves := make([]string, 0, n)
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j > i {
			moves = append(moves, s[i:j])
		}
		i = j
	}
	return moves
}

func (g *Game) setTag(key, v string) {
	if g.Tags == nil {
		g.Tags = make(map[string]string, 8)
	}
	if k, ok := pgnTagName[key]; ok {
		key = k
	}
	g.Tags[key] = v
}

func (js *jsonRow) fail(msg string) {
	if js.err == "" {
		js.err = msg
	}
}

func (js *jsonRow) ws() {
	for js.i < len(js.s) {
		switch js.s[js.i] {
		case ' ', '\t', '\r', '\n':
			js.i++
		default:
			return
		}
	}
}

func (js *jsonRow) eat(c byte) bool {
	if js.i < len(js.s) && js.s[js.i] == c {
		js.i++
		return true
	}
	return false
}

// str reads a string at js.i. Without escapes the result is a substring of
// the row, so it costs no allocation.
func (js *jsonRow) str() (string, bool) {
	if !js.eat('"') {
		js.fail("want a string")
		return "", false
	}
	start := js.i
	for j := start; j < len(js.s); j++ {
		switch c := js.s[j]; {
		case c == '"':
			js.i = j + 1
			return js.s[start:j], true
		case c == '\\':
			return js.unescape(start)
		case c < 0x20:
			js.i = j
			js.fail("control character in a string")
			return "", false
		}
	}
	js.i = len(js.s)
	js.fail("unterminated string")
	return "", false
}

// unescape decodes a string with escapes, from its first byte at start.
func (js *jsonRow) unescape(start int) (string, bool) {
	b := make([]byte, 0, 64)
	j := start
	for j < len(js.s) {
		c := js.s[j]
		switch {
		case c == '"':
			js.i = j + 1
			return string(b), true
		case c < 0x20:
			js.i = j
			js.fail("control character in a string")
			return "", false
		case c != '\\':
			b = append(b, c)
			j++
			continue
		}
		if j+1 >= len(js.s) {
			break
		}
		e := js.s[j+1]
		j += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(js.s, j)
			if !ok {
				js.i = j
				js.fail(`bad \u escape`)
				return "", false
			}
			j += 4
			if utf16.IsSurrogate(r) {
				// A high surrogate followed by a low one is one rune;
				// a lone surrogate becomes U+FFFD, as encoding/json does.
				if r2, ok := hex4(js.s, j+2); ok && j+1 < len(js.s) && js.s[j] == '\\' && js.s[j+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						j += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			js.i = j - 1
			js.fail(fmt.Sprintf("bad escape \\%c", e))
			return "", false
		}
	}
	js.i = len(js.s)
	js.fail("unterminated string")
	return "", false
}

func hex4(s string, j int) (rune, bool) {
	if j+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[j:j+4], 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}

// strArray reads an array of strings (moves). A value of another type
// returns false with no syntax error and js.i unmoved.
func (js *jsonRow) strArray() ([]string, bool) {
	start := js.i
	notStrings := func() ([]string, bool) {
		js.i = start
		return nil, false
	}
	if !js.eat('[') {
		return notStrings()
	}
	list := make([]string, 0, 16)
	js.ws()
	if js.eat(']') {
		return list, true
	}
	for {
		js.ws()
		if js.i < len(js.s) && js.s[js.i] != '"' {
			return notStrings()
		}
		v, ok := js.str()
		if !ok {
			return nil, false
		}
		list = append(list, v)
		js.ws()
		if js.eat(',') {
			continue
		}
		if js.eat(']') {
			return list, true
		}
		js.fail("want ',' or ']'")
		return nil, false
	}
}

// skipNested skips an array or object, checking its syntax.
func (js *jsonRow) skipNested() bool {
	open := js.s[js.i]
	js.i++
	closer := byte(']')
	if open == '{' {
		closer = '}'
	}
	js.ws()
	if js.eat(closer) {
		return true
	}
	for {
		js.ws()
		if open == '{' {
			if _, ok := js.str(); !ok {
				return false
			}
			js.ws()
			if !js.eat(':') {
				js.fail("want ':' after a key")
				return false
			}
			js.ws()
		}
		if !js.value() {
			return false
		}
		js.ws()
		if js.eat(',') {
			continue
		}
		if js.eat(closer) {
			return true
		}
		js.fail(fmt.Sprintf("want ',' or '%c'", closer))
		return false
	}
}

// value skips any value.
func (js *jsonRow) value() bool {
	if js.i >= len(js.s) {
		js.fail("missing value")
		return false
	}
	switch js.s[js.i] {
	case '"':
		_, ok := js.str()
		return ok
	case '[', '{':
		return js.skipNested()
	}
	_, ok := js.literal()
	return ok
}

// literal reads a number, true, false or null.
func (js *jsonRow) literal() (string, bool) {
	start := js.i
	for js.i < len(js.s) {
		c := js.s[js.i]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			break
		}
		js.i++
	}
	v := js.s[start:js.i]
	switch v {
	case "true", "false", "null":
		return v, true
	}
	if isJSONNumber(v) {
		return v, true
	}
	js.i = start
	js.fail("want a value")
	return "", false
}

// isJSONNumber checks the JSON number grammar: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
