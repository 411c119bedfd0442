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

	"github.com/xqrules/xqrules/facts"
)

// A reason template is executed by text/template, which reaches every
// field and calls every function through reflect, allocating as it goes:
// a few microseconds a reason, and a ruling under every book renders
// dozens. The books' reasons use a small subset — text, fields, the
// functions of templateFuncs applied to a field or to dot, and if and with
// on a field — so, as for predicates (fast.go), a template in the subset is
// also compiled once, at load and for its data type, into closures that
// reach the fields by index and call the functions directly. Anything else
// keeps text/template alone. The package's tests render every reason both
// ways and panic on a difference (verifyFast).

// reasonTmpl is a compiled reason template.
type reasonTmpl struct {
	t    *template.Template
	fast fastTmpl // nil: text/template only
}

// fastTmpl writes a template's output for dot, a struct of the data type
// it was compiled for that is addressable (reached through a pointer).
type fastTmpl func(b *strings.Builder, dot reflect.Value)

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
		return func(*strings.Builder, reflect.Value) {}, true
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
	return func(b *strings.Builder, v reflect.Value) {
		for _, f := range parts {
			f(b, v)
		}
	}, true
}

func fastNode(n parse.Node, dot reflect.Type) (fastTmpl, bool) {
	switch n := n.(type) {
	case *parse.TextNode:
		text := string(n.Text)
		return func(b *strings.Builder, _ reflect.Value) { b.WriteString(text) }, true
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
			call, ok := fastFunc(templateFuncs[id.Ident], t)
			if !ok {
				return nil, false
			}
			return func(b *strings.Builder, v reflect.Value) { b.WriteString(call(get(v))) }, true
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
	return func(b *strings.Builder, v reflect.Value) {
		x := get(v)
		switch {
		case !truth(x):
			els(b, v)
		case with:
			then(b, x)
		default:
			then(b, v)
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
// way, as text/template would find it.
func fastArg(n parse.Node, dot reflect.Type) (func(reflect.Value) reflect.Value, reflect.Type, bool) {
	switch n := n.(type) {
	case *parse.DotNode:
		return func(v reflect.Value) reflect.Value { return v }, dot, true
	case *parse.FieldNode:
		var index []int
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
			for at, i := t, 0; i < len(f.Index)-1; i++ {
				at = at.Field(f.Index[i]).Type
				if at.Kind() != reflect.Struct {
					return nil, nil, false
				}
			}
			index = append(index, f.Index...)
			t = f.Type
		}
		return func(v reflect.Value) reflect.Value { return v.FieldByIndex(index) }, t, true
	}
	return nil, nil, false
}

// fastPrint prints a value as text/template does, for the types whose
// printing is plain: int, string, bool.
func fastPrint(get func(reflect.Value) reflect.Value, t reflect.Type) (fastTmpl, bool) {
	switch t {
	case tInt:
		return func(b *strings.Builder, v reflect.Value) { b.WriteString(strconv.Itoa(int(get(v).Int()))) }, true
	case tString:
		return func(b *strings.Builder, v reflect.Value) { b.WriteString(get(v).String()) }, true
	case tBool:
		return func(b *strings.Builder, v reflect.Value) { b.WriteString(strconv.FormatBool(get(v).Bool())) }, true
	}
	return nil, false
}

// fastTruth is text/template's truth for the kinds the reasons test.
func fastTruth(t reflect.Type) (func(reflect.Value) bool, bool) {
	switch t.Kind() {
	case reflect.Bool:
		return reflect.Value.Bool, true
	case reflect.Int:
		return func(v reflect.Value) bool { return v.Int() != 0 }, true
	case reflect.String, reflect.Slice:
		return func(v reflect.Value) bool { return v.Len() > 0 }, true
	case reflect.Struct:
		return func(reflect.Value) bool { return true }, true
	}
	return nil, false
}

// fastFunc calls a function of templateFuncs that takes one argument of
// type arg exactly, without reflect's call.
func fastFunc(fn any, arg reflect.Type) (func(reflect.Value) string, bool) {
	switch f := fn.(type) {
	case func(facts.Piece) string:
		return typedFunc(f, arg)
	case func([]facts.Piece) string:
		return typedFunc(f, arg)
	case func([]facts.Taker) string:
		return typedFunc(f, arg)
	case func([]Victim) string:
		return typedFunc(f, arg)
	case func([]string) string:
		return typedFunc(f, arg)
	case func(string) string:
		return typedFunc(f, arg)
	}
	return nil, false
}

func typedFunc[T any](f func(T) string, arg reflect.Type) (func(reflect.Value) string, bool) {
	if arg != reflect.TypeFor[T]() {
		return nil, false
	}
	return func(v reflect.Value) string { return f(*v.Addr().Interface().(*T)) }, true
}

// render runs a template on data (a pointer to its data type); a failure
// (which load-time checks make unlikely) is shown in the text rather than
// lost. Runs of white space become one space, and the ends are trimmed.
func render(t *reasonTmpl, data any) string {
	if t == nil {
		return ""
	}
	var b strings.Builder
	if t.fast != nil {
		t.fast(&b, reflect.ValueOf(data).Elem())
		if verifyFast {
			var w strings.Builder
			if err := t.t.Execute(&w, data); err != nil || w.String() != b.String() {
				panic(fmt.Sprintf("fast form of reason %q gives %q, text/template %q (%v)", t.t.Tree.Root.String(), b.String(), w.String(), err))
			}
		}
	} else if err := t.t.Execute(&b, data); err != nil {
		return fmt.Sprintf("(reason unavailable: %v)", err)
	}
	return squeeze(b.String())
}

// squeeze is strings.Join(strings.Fields(s), " "), without the copies
// when s is already so.
func squeeze(s string) string {
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
