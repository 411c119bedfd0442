package interp

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"text/template"
	"text/template/parse"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/xqrules/xqrules/facts"
)

// A reason template is executed by text/template, which reaches every
// field and calls every function through reflect, allocating as it goes:
// a few microseconds a reason, and a ruling under every book renders
// dozens. The books' reasons use a small subset — text, fields, the
// functions of templateFuncs applied to a field or to dot, and if and with
// on a field — so, as for predicates (fast.go), a template in the subset is
// also compiled once, at load and for its data type, into closures that
// reach the fields at their offsets and append the functions' text
// (appendFuncs) to one buffer. Anything else keeps text/template alone.
// The package's tests render every reason both ways and panic on a
// difference (verifyFast).

// reasonTmpl is a compiled reason template.
type reasonTmpl struct {
	t    *template.Template
	fast fastTmpl // nil: text/template only
}

// fastTmpl appends a template's output for dot, the address of a value of
// the data type it was compiled for, to b.
type fastTmpl func(b []byte, dot unsafe.Pointer) []byte

// compileFast compiles t for data of type dataT; ok is false when the
// template leaves the subset.
func compileFast(t *template.Template, dataT reflect.Type) (fastTmpl, bool) {
	if t.Tree == nil || len(t.Templates()) != 1 {
		return nil, false
	}
	return fastList(t.Tree.Root, dataT)
}

func fastList(n *parse.ListNode, dot reflect.Type) (fastTmpl, bool) {
	if n == nil {
		return func(b []byte, _ unsafe.Pointer) []byte { return b }, true
	}
	parts := make([]fastTmpl, 0, len(n.Nodes))
	for _, c := range n.Nodes {
		f, ok := fastNode(c, dot)
		if !ok {
			return nil, false
		}
		parts = append(parts, f)
	}
	if len(parts) == 1 {
		return parts[0], true
	}
	return func(b []byte, v unsafe.Pointer) []byte {
		for _, f := range parts {
			b = f(b, v)
		}
		return b
	}, true
}

func fastNode(n parse.Node, dot reflect.Type) (fastTmpl, bool) {
	switch n := n.(type) {
	case *parse.TextNode:
		text := string(n.Text)
		return func(b []byte, _ unsafe.Pointer) []byte { return append(b, text...) }, true
	case *parse.ActionNode:
		args, ok := singleCommand(n.Pipe)
		if !ok {
			return nil, false
		}
		switch len(args) {
		case 1: // {{.X.Y}}
			get, t, ok := fastArg(args[0], dot)
			if !ok {
				return nil, false
			}
			return fastPrint(get, t)
		case 2: // {{fn .X.Y}}
			id, ok := args[0].(*parse.IdentifierNode)
			if !ok {
				return nil, false
			}
			get, t, ok := fastArg(args[1], dot)
			if !ok {
				return nil, false
			}
			call, ok := fastFunc(appendFuncs[id.Ident], t)
			if !ok {
				return nil, false
			}
			return func(b []byte, v unsafe.Pointer) []byte { return call(b, get(v)) }, true
		}
	case *parse.IfNode:
		return fastBranch(&n.BranchNode, dot, false)
	case *parse.WithNode:
		return fastBranch(&n.BranchNode, dot, true)
	}
	return nil, false
}

// fastBranch compiles {{if .X}} and {{with .X}}: with sets dot to .X in
// its list (not in the else list).
func fastBranch(n *parse.BranchNode, dot reflect.Type, with bool) (fastTmpl, bool) {
	args, ok := singleCommand(n.Pipe)
	if !ok || len(args) != 1 {
		return nil, false
	}
	get, t, ok := fastArg(args[0], dot)
	if !ok {
		return nil, false
	}
	truth, ok := fastTruth(t)
	if !ok {
		return nil, false
	}
	inner := dot
	if with {
		inner = t
	}
	then, ok := fastList(n.List, inner)
	if !ok {
		return nil, false
	}
	els, ok := fastList(n.ElseList, dot)
	if !ok {
		return nil, false
	}
	return func(b []byte, v unsafe.Pointer) []byte {
		x := get(v)
		switch {
		case !truth(x):
			return els(b, v)
		case with:
			return then(b, x)
		default:
			return then(b, v)
		}
	}, true
}

// singleCommand returns the arguments of a pipeline that is one command
// without declarations.
func singleCommand(p *parse.PipeNode) ([]parse.Node, bool) {
	if p == nil || len(p.Decl) != 0 || len(p.Cmds) != 1 {
		return nil, false
	}
	return p.Cmds[0].Args, true
}

// fastArg compiles dot or a field chain of dot (.X.Y) whose every step is
// an exported field of a struct — no method of that name, no pointer on the
// way, as text/template would find it — into the address of the value.
func fastArg(n parse.Node, dot reflect.Type) (func(unsafe.Pointer) unsafe.Pointer, reflect.Type, bool) {
	switch n := n.(type) {
	case *parse.DotNode:
		return func(v unsafe.Pointer) unsafe.Pointer { return v }, dot, true
	case *parse.FieldNode:
		var off uintptr
		t := dot
		for _, name := range n.Ident {
			if t.Kind() != reflect.Struct {
				return nil, nil, false
			}
			if _, ok := reflect.PointerTo(t).MethodByName(name); ok {
				return nil, nil, false
			}
			f, ok := t.FieldByName(name)
			if !ok || !f.IsExported() {
				return nil, nil, false
			}
			// Embedded structs on the way must be values.
			at := t
			for _, i := range f.Index {
				if at.Kind() != reflect.Struct {
					return nil, nil, false
				}
				sf := at.Field(i)
				off += sf.Offset
				at = sf.Type
			}
			t = f.Type
		}
		return func(v unsafe.Pointer) unsafe.Pointer { return unsafe.Add(v, off) }, t, true
	}
	return nil, nil, false
}

// fastPrint prints a value as text/template does, for the types whose
// printing is plain: int, string, bool.
func fastPrint(get func(unsafe.Pointer) unsafe.Pointer, t reflect.Type) (fastTmpl, bool) {
	switch t {
	case tInt:
		return func(b []byte, v unsafe.Pointer) []byte { return strconv.AppendInt(b, int64(*(*int)(get(v))), 10) }, true
	case tString:
		return func(b []byte, v unsafe.Pointer) []byte { return append(b, *(*string)(get(v))...) }, true
	case tBool:
		return func(b []byte, v unsafe.Pointer) []byte { return strconv.AppendBool(b, *(*bool)(get(v))) }, true
	}
	return nil, false
}

// fastTruth is text/template's truth for the kinds the reasons test.
func fastTruth(t reflect.Type) (func(unsafe.Pointer) bool, bool) {
	switch t.Kind() {
	case reflect.Bool:
		return func(v unsafe.Pointer) bool { return *(*bool)(v) }, true
	case reflect.Int:
		return func(v unsafe.Pointer) bool { return *(*int)(v) != 0 }, true
	case reflect.String:
		return func(v unsafe.Pointer) bool { return len(*(*string)(v)) > 0 }, true
	case reflect.Slice:
		// Every slice header starts with the pointer and the length.
		return func(v unsafe.Pointer) bool { return len(*(*[]byte)(v)) > 0 }, true
	case reflect.Struct:
		return func(unsafe.Pointer) bool { return true }, true
	}
	return nil, false
}

// fastFunc calls an appender of appendFuncs that takes one argument of
// type arg exactly.
func fastFunc(fn any, arg reflect.Type) (func([]byte, unsafe.Pointer) []byte, bool) {
	switch f := fn.(type) {
	case func([]byte, facts.Piece) []byte:
		return typedFunc(f, arg)
	case func([]byte, []facts.Piece) []byte:
		return typedFunc(f, arg)
	case func([]byte, []facts.Taker) []byte:
		return typedFunc(f, arg)
	case func([]byte, []Victim) []byte:
		return typedFunc(f, arg)
	case func([]byte, []string) []byte:
		return typedFunc(f, arg)
	case func([]byte, string) []byte:
		return typedFunc(f, arg)
	}
	return nil, false
}

func typedFunc[T any](f func([]byte, T) []byte, arg reflect.Type) (func([]byte, unsafe.Pointer) []byte, bool) {
	if arg != reflect.TypeFor[T]() {
		return nil, false
	}
	return func(b []byte, v unsafe.Pointer) []byte { return f(b, *(*T)(v)) }, true
}

// appendFuncs are the functions of templateFuncs that the fast forms call,
// as appenders: each appends the text its namesake returns (checked by
// TestAppendFuncs, and by verifyFast wherever the tests render a reason).
var appendFuncs = map[string]any{
	"piece":   appendPiece,
	"pieces":  func(b []byte, ps []facts.Piece) []byte { return appendJoined(b, ps, appendPiece) },
	"takers":  func(b []byte, ts []facts.Taker) []byte { return appendJoined(b, ts, appendTaker) },
	"victims": func(b []byte, vs []Victim) []byte { return appendJoined(b, vs, appendVictim) },
	"prot": func(b []byte, s string) []byte {
		if z, ok := protectionZH[s]; ok {
			return append(b, z...)
		}
		return append(b, s...)
	},
	"line":   appendSpaced,
	"labels": appendSpaced,
	"side": func(b []byte, s string) []byte {
		switch s {
		case "red":
			return append(b, "红方"...)
		case "black":
			return append(b, "黑方"...)
		}
		return append(b, s...)
	},
}

// appendPiece appends pieceText(p).
func appendPiece(b []byte, p facts.Piece) []byte {
	switch {
	case p.CN == "" && p.Square == "":
		return append(b, '?')
	case p.CN == "":
		return append(b, p.Square...)
	}
	b = append(b, p.CN...)
	b = append(b, ' ')
	return append(b, p.Square...)
}

func appendTaker(b []byte, t facts.Taker) []byte { return appendPiece(b, t.Piece) }

func appendVictim(b []byte, v Victim) []byte { return appendPiece(b, v.Piece) }

// appendJoined appends each of list, separated by ", ".
func appendJoined[T any](b []byte, list []T, each func([]byte, T) []byte) []byte {
	for i, x := range list {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = each(b, x)
	}
	return b
}

// appendSpaced appends the strings of l separated by spaces.
func appendSpaced(b []byte, l []string) []byte {
	for i, s := range l {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	return b
}

// render runs a template on data (a pointer to its data type); a failure
// (which load-time checks make unlikely) is shown in the text rather than
// lost. Runs of white space become one space, and the ends are trimmed.
func render(t *reasonTmpl, data any) string {
	var buf []byte
	return renderBuf(t, data, &buf)
}

// renderBuf is render with the fast form writing in *buf, which it keeps
// for the next (a session renders dozens of reasons).
func renderBuf(t *reasonTmpl, data any, buf *[]byte) string {
	if t == nil {
		return ""
	}
	var s string
	if t.fast != nil {
		*buf = t.fast((*buf)[:0], reflect.ValueOf(data).UnsafePointer())
		s = string(*buf)
		if verifyFast {
			var w strings.Builder
			if err := t.t.Execute(&w, data); err != nil || w.String() != s {
				panic(fmt.Sprintf("fast form of reason %q gives %q, text/template %q (%v)", t.t.Tree.Root.String(), s, w.String(), err))
			}
		}
	} else {
		var b strings.Builder
		if err := t.t.Execute(&b, data); err != nil {
			return fmt.Sprintf("(reason unavailable: %v)", err)
		}
		s = b.String()
	}
	return squeeze(s)
}

// squeeze is strings.Join(strings.Fields(s), " "), without the copies
// when s is already so.
func squeeze(s string) string {
	if plain(s) {
		return s
	}
	prevSpace := true // a space at the start is not kept
	for i := 0; i < len(s); i++ {
		c := s[i]
		space := asciiSpace[c]
		if c >= utf8.RuneSelf {
			// Only runes led by these bytes can be spaces (U+0085, U+00A0,
			// U+1680, U+2000–U+205F, U+3000); other bytes, continuation
			// bytes and invalid ones included, are not.
			if c != 0xc2 && c != 0xe1 && c != 0xe2 && c != 0xe3 {
				prevSpace = false
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			if !space {
				prevSpace = false
				i += n - 1
				continue
			}
		}
		if space && (c != ' ' || prevSpace) {
			return strings.Join(strings.Fields(s), " ")
		}
		prevSpace = space
	}
	if prevSpace && s != "" {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// plain reports, in one quick pass, that squeeze has nothing to do: no
// space at either end, none after another, and no other byte that is or
// may begin white space (the ASCII ones and the leads of the other runes
// squeeze decodes). False means only that squeeze must look closer.
func plain(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return s == ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if s[i+1] == ' ' { // s does not end in a space
				return false
			}
			continue
		}
		if maySpace[c] {
			return false
		}
	}
	return true
}

var maySpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, 0xc2: true, 0xe1: true, 0xe2: true, 0xe3: true}
