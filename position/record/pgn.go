package record

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// PGN for Xiangqi is chess PGN with a board of its own: tag pairs
// ([Event "…"], [FEN "…"], [Game "Chinese Chess"], CCPD's [CCPDPath "…"]),
// then movetext in ICCS, WXF or Chinese notation, with move numbers ("1.",
// "1...", "1…", also glued: "1.h2e2"), {comments}, ";" comments to the end
// of the line, (variations), possibly nested and skipped, NAGs ("$1"),
// annotation marks ("h2e2!?") and a result ("1-0", "0-1", "1/2-1/2", "*").
//
// A game ends at its result, or at the next tag line when there is none
// (the wukong files have no results). An unterminated comment or variation
// would otherwise swallow every following game, so a line that is a whole
// tag pair ends it: the game is reported, and reading resumes there.

type pgnParser struct {
	r   *Reader
	l   *lineReader
	cur *pgnGame
	out []pgnOut // finished games and errors, in order
}

type pgnOut struct {
	g   *Game
	err error
}

// pgnGame is the game being read.
type pgnGame struct {
	g        *Game
	moves    bool   // movetext seen (a tag line then starts a new game)
	err      *Error // first error; the game is reported as this error
	result   string // from a result token
	tagRes   string // the Result tag as written
	tagLine  int
	comment  int    // >0: inside {comment} opened on this line
	cbuf     []byte // the text of the comment being read
	varDepth int
	varLine  int
	buf      []byte // the moves, concatenated
	ends     []int  // end offset of each move in buf
	lines    []int  // line of each move
}

func (r *Reader) newPGN() *pgnParser { return &pgnParser{r: r, l: r.lines} }

func (p *pgnParser) next() (*Game, error) {
	for len(p.out) == 0 {
		line, err := p.l.next()
		if err == io.EOF {
			p.finish()
			if len(p.out) == 0 {
				return nil, io.EOF
			}
			break
		}
		if err != nil {
			p.cur = nil // a fatal error loses the game being read
			return nil, err
		}
		p.feed(line, p.l.line)
	}
	o := p.out[0]
	p.out = p.out[1:]
	if len(p.out) == 0 {
		p.out = p.out[:0:0] // let the backing array go
	}
	return o.g, o.err
}

// game returns the game being read, starting one at line if needed.
func (p *pgnParser) game(line int) *pgnGame {
	if p.cur == nil {
		p.cur = &pgnGame{g: p.r.newGame(line)}
		p.cur.g.Format = FormatPGN
	}
	return p.cur
}

func (p *pgnParser) fail(pg *pgnGame, line int, code, msg string, text []byte) {
	if pg.err == nil {
		pg.err = p.r.errorAt(line, pg.g.Index, pg.g.ID, code, msg, text)
	}
}

func (p *pgnParser) feed(line []byte, n int) {
	t := bytes.TrimSpace(line)
	if len(t) > 0 && t[0] == '[' && (p.cur == nil || p.cur.comment == 0 && p.cur.varDepth == 0 || isTagLine(t)) {
		p.tagLine(t, n)
		return
	}
	if len(line) > 0 && line[0] == '%' && (p.cur == nil || p.cur.comment == 0) {
		return // PGN escape line
	}
	p.movetext(line, n)
}

// isTagLine reports whether t is one or more complete tag pairs, which
// ends an unterminated comment or variation.
func isTagLine(t []byte) bool {
	ok := true
	parseTags(t, func(name, value string) {}, func(string) { ok = false })
	return ok && len(t) > 0 && t[len(t)-1] == ']'
}

func (p *pgnParser) tagLine(t []byte, n int) {
	if pg := p.cur; pg != nil && (pg.moves || pg.comment > 0 || pg.varDepth > 0) {
		p.finish()
	}
	pg := p.game(n)
	parseTags(t, func(name, value string) {
		g := pg.g
		if g.Tags == nil {
			g.Tags = make(map[string]string, 16)
		}
		g.Tags[name] = value
		switch {
		case name == "FEN":
			g.FEN = value
		case name == "Result":
			pg.tagRes, pg.tagLine = value, n
		case name == "CCPDPath":
			g.ID = value
		case strings.EqualFold(name, "id") && g.ID == "":
			g.ID = value
		}
	}, func(msg string) {
		p.fail(pg, n, CodeTag, "malformed tag pair: "+msg, t)
	})
}

// parseTags reads the tag pairs of a line: [Name "value"] …
func parseTags(t []byte, tag func(name, value string), bad func(msg string)) {
	i := 0
	for {
		for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
			i++
		}
		if i == len(t) {
			return
		}
		if t[i] != '[' {
			bad("text after the tag pairs")
			return
		}
		i++
		for i < len(t) && t[i] == ' ' {
			i++
		}
		start := i
		for i < len(t) && (t[i] == '_' || t[i] >= '0' && t[i] <= '9' || t[i]|0x20 >= 'a' && t[i]|0x20 <= 'z') {
			i++
		}
		name := string(t[start:i])
		if name == "" {
			bad("no tag name")
			return
		}
		for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
			i++
		}
		if i == len(t) || t[i] != '"' {
			bad("want a quoted value after " + name)
			return
		}
		i++
		vstart := i
		var v []byte
		closed := false
		for i < len(t) {
			c := t[i]
			i++
			if c == '\\' && i < len(t) && (t[i] == '"' || t[i] == '\\') {
				v = append(v, t[i])
				i++
				continue
			}
			if c == '"' {
				closed = true
				break
			}
			v = append(v, c)
		}
		if !closed {
			bad("unterminated value of " + name)
			return
		}
		for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
			i++
		}
		if i == len(t) || t[i] != ']' {
			// Quotes inside a value are often left unescaped
			// ([Event "第五屆"銀荔杯"全國冠軍賽"]): the value then ends at
			// the first quote followed by ']'.
			end := quoteBracket(t, vstart)
			if end < 0 {
				bad("want ] after the value of " + name)
				return
			}
			v = t[vstart:end]
			i = end + 1
			for t[i] != ']' {
				i++
			}
		}
		i++
		tag(name, string(v))
	}
}

// quoteBracket returns the index of the first '"' at or after from that is
// followed by optional blanks and ']', or -1.
func quoteBracket(t []byte, from int) int {
	for j := from; j < len(t); j++ {
		if t[j] != '"' {
			continue
		}
		k := j + 1
		for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
			k++
		}
		if k < len(t) && t[k] == ']' {
			return j
		}
	}
	return -1
}

// movetext reads the tokens of one movetext line.
func (p *pgnParser) movetext(line []byte, n int) {
	i := 0
	for i < len(line) {
		pg := p.cur
		if pg != nil && pg.comment > 0 {
			end := bytes.IndexByte(line[i:], '}')
			if end < 0 {
				if pg.varDepth == 0 {
					pg.cbuf = append(append(pg.cbuf, line[i:]...), '\n')
				}
				return
			}
			pg.comment = 0
			if pg.varDepth == 0 {
				pg.keepComment(line[i : i+end])
			}
			i += end + 1
			continue
		}
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == 0xE3 && i+2 < len(line) && line[i+1] == 0x80 && line[i+2] == 0x80: // U+3000 ideographic space
			i += 3
			continue
		case c == ';':
			return
		case c == '{':
			p.game(n).comment = n
			i++
			continue
		case c == '(':
			pg := p.game(n)
			pg.g.Variations++
			if pg.varDepth == 0 {
				pg.varLine = n
			}
			pg.varDepth++
			i++
			continue
		case c == ')':
			pg := p.game(n)
			if pg.varDepth == 0 {
				p.fail(pg, n, CodeVariation, "')' closes no variation", line[i:])
			} else {
				pg.varDepth--
			}
			i++
			continue
		case c == '}':
			p.fail(p.game(n), n, CodeComment, "'}' closes no comment", line[i:])
			i++
			continue
		}
		start := i
		for i < len(line) && !isPGNDelim(line, i) {
			i++
		}
		p.token(line[start:i], n)
	}
}

// keepComment stores the comment read (cbuf, then last) after the moves
// read so far.
func (pg *pgnGame) keepComment(last []byte) {
	text := string(append(pg.cbuf, last...))
	pg.cbuf = pg.cbuf[:0]
	if strings.TrimSpace(text) == "" || !utf8.ValidString(text) {
		return
	}
	g := pg.g
	if g.Comments == nil {
		g.Comments = map[int]string{}
	}
	ply := len(pg.ends)
	if old, ok := g.Comments[ply]; ok {
		text = old + "\n\n" + text
	}
	g.Comments[ply] = text
}

// isPGNDelim reports whether line[i] ends a movetext token.
func isPGNDelim(line []byte, i int) bool {
	switch line[i] {
	case ' ', '\t', '\r', '\f', '\v', '{', '}', '(', ')', ';':
		return true
	case 0xE3:
		return i+2 < len(line) && line[i+1] == 0x80 && line[i+2] == 0x80
	}
	return false
}

func (p *pgnParser) token(tok []byte, n int) {
	pg := p.game(n)
	if pg.varDepth > 0 {
		return
	}
	pg.moves = true
	if tok[0] == '$' { // NAG
		return
	}
	switch string(tok) { // no allocation: the compiler compares in place
	case "1-0", "0-1", "1/2-1/2", "*", "½-½":
		pg.result, _ = normResult(string(tok))
		p.finish()
		return
	}
	if looksLikeResult(tok) {
		p.fail(pg, n, CodeResult, "unknown result (want 1-0, 0-1, 1/2-1/2 or *)", tok)
		p.finish()
		return
	}
	// Move numbers: "12.", "12...", "12…", "…", also glued to the move.
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	k := j
	for k < len(tok) {
		if tok[k] == '.' {
			k++
		} else if bytes.HasPrefix(tok[k:], []byte("…")) {
			k += len("…")
		} else {
			break
		}
	}
	switch {
	case k > j || j == len(tok): // number with dots, dots alone, or a bare number
		tok = tok[k:]
	}
	// Annotation marks: "h2e2!", "C2.5?!".
	for len(tok) > 0 && (tok[len(tok)-1] == '!' || tok[len(tok)-1] == '?') {
		tok = tok[:len(tok)-1]
	}
	if len(tok) == 0 {
		return
	}
	if len(pg.buf)+len(tok) > MaxRecordBytes {
		p.fail(pg, n, CodeRecordTooLarge, "game movetext larger than 16 MiB", nil)
		return
	}
	pg.buf = append(pg.buf, tok...)
	pg.ends = append(pg.ends, len(pg.buf))
	pg.lines = append(pg.lines, n)
}

// looksLikeResult reports whether tok is made of result characters (digits,
// '/', '½', '-', ':') with a '-' or ':' and a digit, like "2-0" or "1:0":
// a result the reader does not know, not a move.
func looksLikeResult(tok []byte) bool {
	sep, digit := false, false
	s := string(tok)
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r == '½':
			digit = true
		case r == '-' || r == ':':
			sep = true
		case r == '/':
		default:
			return false
		}
	}
	return sep && digit
}

// finish ends the game being read and queues it (or its error).
func (p *pgnParser) finish() {
	pg := p.cur
	p.cur = nil
	if pg == nil {
		return
	}
	g := pg.g
	if g.Tags == nil && !pg.moves && pg.err == nil && pg.comment == 0 && pg.varDepth == 0 {
		p.r.index-- // a closed comment or variation alone is no game: give its index back
		return
	}
	if pg.comment > 0 {
		p.fail(pg, pg.comment, CodeComment, fmt.Sprintf("unterminated comment (opened at line %d)", pg.comment), nil)
	}
	if pg.varDepth > 0 {
		p.fail(pg, pg.varLine, CodeVariation, fmt.Sprintf("unterminated variation (opened at line %d)", pg.varLine), nil)
	}
	g.Result = pg.result
	g.Encoding = p.r.enc // a file whose start is ASCII may have switched encoding in this game
	if g.Result == "" && pg.tagRes != "" {
		res, ok := normResult(pg.tagRes)
		if !ok {
			p.fail(pg, pg.tagLine, CodeResult, "unknown result in the Result tag (want 1-0, 0-1, 1/2-1/2 or *)", []byte(pg.tagRes))
		}
		g.Result = res
	}
	if pg.err != nil {
		if pg.err.ID == "" {
			pg.err.ID = g.ID
		}
		p.out = append(p.out, pgnOut{err: pg.err})
		return
	}
	if len(pg.ends) > 0 {
		all := string(pg.buf)
		g.Moves = make([]string, len(pg.ends))
		start := 0
		for i, end := range pg.ends {
			g.Moves[i] = all[start:end]
			start = end
		}
		g.MoveLines = pg.lines
	}
	p.out = append(p.out, pgnOut{g: g})
}

// chineseResult folds the spellings of a Chinese result: traditional to
// simplified, and 先 ("moving first") and 方 ("side") dropped.
var chineseResult = strings.NewReplacer("紅", "红", "勝", "胜", "負", "负", "先", "", "方", "")

// normResult returns the PGN form of a result: the four PGN results, "½-½",
// and the Chinese words of DhtmlXQ and Chinese PGN files (红胜, 黑负, 和棋 …);
// "", "?" and 未知 mean unknown (""). ok is false for anything else.
func normResult(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return s, true
	case "½-½", "0.5-0.5":
		return "1/2-1/2", true
	case "", "?", "未知", "不详", "不詳":
		return "", true
	}
	if !utf8.ValidString(s) {
		return "", false
	}
	switch chineseResult.Replace(s) {
	case "红胜", "黑负":
		return "1-0", true
	case "黑胜", "红负":
		return "0-1", true
	case "和", "和棋", "和局", "红和", "黑和", "平局":
		return "1/2-1/2", true
	}
	return "", false
}
