package interp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/interp/internal/srcpos"
)

// Limits on what a rule-set file may ask of the loader.
const (
	// MaxFileBytes bounds a rule-set file. The bundled books are a few tens of
	// KB; a larger file is refused before it is parsed.
	MaxFileBytes = 1 << 20
	// MaxAliasNodes bounds the number of YAML nodes a file's aliases expand
	// to, which refuses the "billion laughs" alias bomb.
	MaxAliasNodes = 100_000
	// MaxExprBytes bounds one expression.
	MaxExprBytes = 4096
	// MaxExprNodes bounds one expression's syntax tree (after definitions are
	// inlined).
	MaxExprNodes = 2000
)

// pos is a 1-based line and column (characters) in a file.
type pos struct{ line, col int }

// srcFile is one rule-set file as read.
type srcFile struct {
	name  string
	data  []byte
	lines []string
	// lineStart[i] is the byte offset of line i+1.
	lineStart []int
}

func newSrcFile(name string, data []byte) *srcFile {
	f := &srcFile{name: name, data: data}
	start := 0
	for i := 0; i <= len(data); i++ {
		if i == len(data) || data[i] == '\n' {
			f.lineStart = append(f.lineStart, start)
			f.lines = append(f.lines, strings.TrimRight(string(data[start:i]), "\r"))
			start = i + 1
		}
	}
	return f
}

// line returns line n (1-based) or "".
func (f *srcFile) line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	return f.lines[n-1]
}

// offset returns the byte offset of p in the file.
func (f *srcFile) offset(p pos) int {
	if p.line < 1 || p.line > len(f.lineStart) {
		return len(f.data)
	}
	off := f.lineStart[p.line-1]
	for c := 1; c < p.col && off < len(f.data) && f.data[off] != '\n'; c++ {
		_, w := utf8.DecodeRune(f.data[off:])
		off += w
	}
	return off
}

// posAt returns the position of byte offset off.
func (f *srcFile) posAt(off int) pos {
	line := 1
	for i := len(f.lineStart) - 1; i >= 0; i-- {
		if f.lineStart[i] <= off {
			line = i + 1
			break
		}
	}
	col := 1 + utf8.RuneCount(f.data[f.lineStart[line-1]:min(off, len(f.data))])
	return pos{line, col}
}

func (f *srcFile) errorAt(p pos, rule, code, format string, args ...any) *Error {
	return &Error{File: f.name, Line: p.line, Column: p.col, Rule: rule, Code: code,
		Msg: fmt.Sprintf(format, args...), Source: f.line(p.line)}
}

// decoder turns a YAML syntax tree into rule-set values, checking as it
// goes: every problem is recorded with its position and decoding carries
// on, so one load reports all of a file's errors.
type decoder struct {
	f       *srcFile
	errs    ErrorList
	anchors map[string]ast.Node
}

func (d *decoder) errorf(n ast.Node, rule, code, format string, args ...any) {
	d.errs = append(d.errs, d.f.errorAt(d.pos(n), rule, code, format, args...))
}

func (d *decoder) pos(n ast.Node) pos {
	if n == nil {
		return pos{}
	}
	t := n.GetToken()
	if t == nil || t.Position == nil {
		return pos{}
	}
	return pos{t.Position.Line, t.Position.Column}
}

// parseYAML parses data; problems go to d.errs and the body is nil.
func (d *decoder) parseYAML() ast.Node {
	if len(d.f.data) > MaxFileBytes {
		d.errs = append(d.errs, &Error{File: d.f.name, Code: CodeTooLarge,
			Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit for a rule set", len(d.f.data), MaxFileBytes)})
		return nil
	}
	file, err := parser.ParseBytes(d.f.data, 0)
	if err != nil {
		p := pos{1, 1}
		msg := err.Error()
		var se *yaml.SyntaxError
		if errors.As(err, &se) {
			msg = se.Message
			if se.Token != nil && se.Token.Position != nil {
				p = pos{se.Token.Position.Line, se.Token.Position.Column}
			}
		} else if i := strings.IndexByte(msg, '\n'); i > 0 {
			msg = msg[:i]
		}
		d.errs = append(d.errs, d.f.errorAt(p, "", CodeYAML, "%s", msg))
		return nil
	}
	if len(file.Docs) != 1 || file.Docs[0].Body == nil {
		d.errs = append(d.errs, &Error{File: d.f.name, Line: 1, Column: 1, Code: CodeYAML,
			Msg: "a rule-set file holds exactly one YAML document"})
		return nil
	}
	body := file.Docs[0].Body
	d.anchors = map[string]ast.Node{}
	c := aliasCounter{d: d, sizes: map[string]int{}}
	if c.size(body); c.over != nil {
		d.errorf(c.over, "", CodeAlias, "aliases expand to more than %d nodes (an alias bomb?)", MaxAliasNodes)
		return nil
	}
	return body
}

// aliasCounter measures the size of a document with its aliases expanded,
// without expanding them: each anchor's size is computed once.
type aliasCounter struct {
	d     *decoder
	sizes map[string]int
	total int
	over  ast.Node
}

func (c *aliasCounter) size(n ast.Node) int {
	if n == nil || c.over != nil {
		return 0
	}
	s := 1
	switch n := n.(type) {
	case *ast.AnchorNode:
		s = c.size(n.Value)
		c.sizes[n.Name.String()] = s
		c.d.anchors[n.Name.String()] = n.Value
		return s
	case *ast.AliasNode:
		s = c.sizes[n.Value.String()] // an unknown anchor counts 0: the parser refuses it
		c.total += s
		if c.total > MaxAliasNodes {
			c.over = n
		}
		return s
	}
	s += c.children(n)
	return s
}

// children sums the sizes of n's children; only alias expansions count
// towards the limit, so a large plain file is not taken for a bomb.
func (c *aliasCounter) children(n ast.Node) int {
	s := 0
	switch n := n.(type) {
	case *ast.TagNode:
		s += c.size(n.Value)
	case *ast.MappingNode:
		for _, v := range n.Values {
			s += c.size(v.Key) + c.size(v.Value)
		}
	case *ast.MappingValueNode:
		s += c.size(n.Key) + c.size(n.Value)
	case *ast.SequenceNode:
		for _, v := range n.Values {
			s += c.size(v)
		}
	}
	return s
}

// resolve looks through anchors, aliases and tags to the value node.
func (d *decoder) resolve(n ast.Node) ast.Node {
	for i := 0; i < 64 && n != nil; i++ {
		switch v := n.(type) {
		case *ast.AnchorNode:
			n = v.Value
		case *ast.AliasNode:
			n = d.anchors[v.Value.String()]
		case *ast.TagNode:
			n = v.Value
		default:
			return n
		}
	}
	return n
}

func isNull(n ast.Node) bool {
	_, ok := n.(*ast.NullNode)
	return n == nil || ok
}

func kindName(n ast.Node) string {
	switch n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.NullNode:
		return "nothing"
	case *ast.IntegerNode:
		return "a number"
	case *ast.FloatNode:
		return "a number"
	case *ast.BoolNode:
		return "a boolean"
	}
	return "a string"
}

// field is one key of a mapping as decoded.
type field struct {
	key   string
	keyN  ast.Node
	value ast.Node // resolved
	raw   ast.Node // as written (for expression positions)
}

// fields decodes a mapping: it reports keys not in known (unknown-field)
// and returns the others in file order; with known nil every key is taken
// (a map of names). what names the mapping in messages.
func (d *decoder) fields(n ast.Node, rule, what string, known ...string) []field {
	n = d.resolve(n)
	var values []*ast.MappingValueNode
	switch m := n.(type) {
	case *ast.MappingNode:
		values = m.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{m}
	default:
		d.errorf(n, rule, CodeType, "%s must be a mapping, not %s", what, kindName(n))
		return nil
	}
	var out []field
	for _, mv := range values {
		key := mv.Key.String()
		if s, ok := mv.Key.(*ast.StringNode); ok {
			key = s.Value
		}
		if known != nil && !contains(known, key) {
			msg := fmt.Sprintf("unknown field %s in %s", excerpt.Quote(key), what)
			if s := suggest(key, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			d.errorf(mv.Key, rule, CodeUnknownField, "%s", msg)
			continue
		}
		out = append(out, field{key: key, keyN: mv.Key, value: d.resolve(mv.Value), raw: mv.Value})
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// str decodes a scalar as a string (numbers and booleans as written).
func (d *decoder) str(f field, rule string) (string, bool) {
	switch v := f.value.(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		return v.Value.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		return v.GetToken().Value, true
	case *ast.NullNode:
		return "", true
	}
	d.errorf(f.value, rule, CodeType, "%s must be a string, not %s", f.key, kindName(f.value))
	return "", false
}

func (d *decoder) integer(f field, rule string) (int, bool) {
	if v, ok := f.value.(*ast.IntegerNode); ok {
		if n, err := strconv.Atoi(v.GetToken().Value); err == nil {
			return n, true
		}
	}
	d.errorf(f.value, rule, CodeType, "%s must be an integer, not %s", f.key, kindName(f.value))
	return 0, false
}

func (d *decoder) boolean(f field, rule string) (bool, bool) {
	if v, ok := f.value.(*ast.BoolNode); ok {
		return v.Value, true
	}
	d.errorf(f.value, rule, CodeType, "%s must be true or false, not %s", f.key, kindName(f.value))
	return false, false
}

// list returns the items of a sequence (resolved).
func (d *decoder) list(f field, rule string) ([]ast.Node, bool) {
	if isNull(f.value) {
		return nil, true
	}
	s, ok := f.value.(*ast.SequenceNode)
	if !ok {
		d.errorf(f.value, rule, CodeType, "%s must be a list, not %s", f.key, kindName(f.value))
		return nil, false
	}
	out := make([]ast.Node, len(s.Values))
	for i, v := range s.Values {
		out[i] = d.resolve(v)
	}
	return out, true
}

// strList decodes a list of strings; a single string is a list of one.
func (d *decoder) strList(f field, rule string) []string {
	if _, ok := f.value.(*ast.SequenceNode); !ok {
		if s, ok := d.str(f, rule); ok && s != "" {
			return []string{s}
		}
		return nil
	}
	items, _ := d.list(f, rule)
	var out []string
	for _, it := range items {
		if s, ok := d.str(field{key: f.key + " item", value: it}, rule); ok {
			out = append(out, s)
		}
	}
	return out
}

// exprSrc is an expression (or template) as written, with what is needed
// to put an error inside it back at its place in the file.
type exprSrc struct {
	text string
	f    *srcFile
	at   pos // where the value starts in the file (after any quote or block header)
	set  bool
	// comment: where a " #" on the value's line began a YAML comment that
	// cut an unquoted expression short (expr's # is the element of a
	// closure); zero when there is none.
	comment pos
}

// exprOf decodes an expression-valued field.
func (d *decoder) exprOf(f field, rule string) exprSrc {
	s, ok := d.str(f, rule)
	if !ok {
		return exprSrc{}
	}
	e := exprSrc{text: strings.TrimRight(s, "\n"), f: d.f, at: d.pos(f.value), set: true}
	switch v := f.value.(type) {
	case *ast.LiteralNode:
		// The block's text starts on the line after its header (| or >).
		hdr := d.pos(v)
		e.at = pos{hdr.line + 1, 1}
	case *ast.StringNode:
		t := v.GetToken()
		if t != nil && (strings.HasPrefix(strings.TrimSpace(t.Origin), "\"") || strings.HasPrefix(strings.TrimSpace(t.Origin), "'")) {
			e.at.col++
		} else {
			e.comment = d.f.commentAfter(e.at, len(s))
		}
	}
	return e
}

// commentAfter returns where a YAML comment (" #") starts on the line of at,
// after the n bytes of a plain value that begins there; zero when none.
func (f *srcFile) commentAfter(at pos, n int) pos {
	if at.line < 1 || at.line > len(f.lines) {
		return pos{}
	}
	line := f.lines[at.line-1]
	start := 0 // at.col counts runes
	for k := 1; k < at.col && start < len(line); k++ {
		_, w := utf8.DecodeRuneInString(line[start:])
		start += w
	}
	from := start + n
	if from > len(line) {
		return pos{}
	}
	i := strings.Index(line[from:], "#")
	if i < 0 {
		return pos{}
	}
	return pos{at.line, at.col + utf8.RuneCountInString(line[start:from+i])}
}

// locate returns the file position of the rune at index i of the
// expression's text. It walks the file from where the value starts and
// matches the text's characters in order, stepping over what YAML drops or
// adds (indentation, folded line breaks, quote escapes), so a position
// inside a | block, a > block or a quoted string lands on the right line
// and column.
func (e exprSrc) locate(i int) pos {
	if e.f == nil {
		return pos{}
	}
	runes := []rune(e.text)
	off := e.f.offset(e.at)
	data := e.f.data
	last := off
	for k := 0; k < len(runes) && k <= i; k++ {
		r := runes[k]
		if off >= len(data) {
			break
		}
		fr, w := utf8.DecodeRune(data[off:])
		if unicode.IsSpace(r) {
			last = off
			if unicode.IsSpace(fr) {
				off += w
			}
			continue
		}
		// Skip what the file has and the value has not (indentation, escapes).
		o := off
		found := false
		for steps := 0; o < len(data) && steps < 256; steps++ {
			fr, w = utf8.DecodeRune(data[o:])
			if fr == r {
				found = true
				break
			}
			o += w
		}
		if !found {
			return e.f.posAt(last)
		}
		last = o
		off = o + w
	}
	return e.f.posAt(last)
}

// suggest is the known name closest to a misspelt one (srcpos.Suggest).
func suggest(s string, known []string) string { return srcpos.Suggest(s, known) }
