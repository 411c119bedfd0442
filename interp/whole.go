package interp

// Values read whole. detailOf and skipOf judge what a book reads from the
// names of the fields its expressions and templates name. A value read as
// a whole — printed by a reason template ({{.}}, {{.Offer}}), passed to a
// function that looks inside it (printf, toJSON, string, get(Offer, "Net")),
// compared (Move == Prev) — reads every field inside it without naming
// one. When such a value holds a fact that facts.Skip or facts.DetailBasic
// can leave out, the book is judged on every fact (readsWhole), so that
// what it prints is what the facts are.

import (
	"reflect"
	"text/template"
	"text/template/parse"

	"github.com/expr-lang/expr/ast"
)

// readsWhole: some expression or reason template of b reads whole a value
// that holds a fact a skip or the basic detail leaves out.
func readsWhole(b *Book) bool {
	w := wholeCheck{reads: func(f reflect.StructField) bool { return gated(f.Name) }, seen: map[reflect.Type]bool{}}
	progs := []*pred{}
	for _, r := range b.Moves {
		progs = append(progs, r.prog, r.gradeProg)
		if r.tmpl != nil && w.template(r.tmpl.t, reflect.TypeOf(reasonData{})) {
			return true
		}
	}
	for _, p := range b.Patterns {
		progs = append(progs, p.prog)
	}
	for _, v := range b.Verdict {
		progs = append(progs, v.prog)
		if v.tmpl != nil && w.template(v.tmpl.t, reflect.TypeOf(verdictData{})) {
			return true
		}
	}
	for _, p := range progs {
		if p != nil && p.prog != nil && w.expr(p.prog.Node(), true) {
			return true
		}
	}
	return false
}

// readsSideMoves: a verdict reason template may read a side's moves
// (SideEnv.Moves, which live in the session's scratch until the next book:
// explainVerdict) — by name, or in a value it reads whole.
func readsSideMoves(t *template.Template) bool {
	moves := reflect.TypeOf([]SideMove(nil))
	w := wholeCheck{reads: func(f reflect.StructField) bool { return f.Type == moves }, named: true, seen: map[reflect.Type]bool{}}
	return w.template(t, reflect.TypeOf(verdictData{}))
}

// wholeCheck walks expressions and templates for the fields reads picks:
// read within a value read whole, or (named) by name as well. seen
// remembers which types hold such a field.
type wholeCheck struct {
	reads func(f reflect.StructField) bool
	named bool
	seen  map[reflect.Type]bool
}

// gated: a field detailOf or skipOf decides on.
func gated(name string) bool {
	return searchedFacts[name] || offerFacts[name] || variationFacts[name] || takeNetFacts[name]
}

// holds: a value of type t holds a field reads picks, at any depth
// (through structs, pointers, slices, arrays and maps). An unknown type
// (nil) may.
func (w wholeCheck) holds(t reflect.Type) bool {
	if t == nil {
		return true
	}
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	if v, ok := w.seen[t]; ok {
		return v
	}
	w.seen[t] = false // a type holding itself: decided by its other fields
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); w.reads(f) || w.holds(f.Type) {
			w.seen[t] = true
			return true
		}
	}
	return false
}

// walksOnly are expr's builtins that only walk the list they are given
// (their predicate names what it reads) or return some of its elements,
// whose use decides: the list is not read whole by them.
var walksOnly = map[string]bool{
	"len": true, "all": true, "none": true, "any": true, "one": true, "count": true, "sum": true,
	"filter": true, "map": true, "find": true, "findIndex": true, "findLast": true, "findLastIndex": true,
	"groupBy": true, "sortBy": true, "reduce": true, "first": true, "last": true, "take": true,
	"reverse": true, "uniq": true,
}

// expr: node n, whose value is used whole (whole) or only looked into (a
// member's base, the list a builtin walks), reads a gated value whole.
func (w wholeCheck) expr(n ast.Node, whole bool) bool {
	if n == nil {
		return false
	}
	if whole && w.holds(n.Type()) {
		return true
	}
	switch n := n.(type) {
	case *ast.MemberNode:
		return w.expr(n.Node, false) || w.expr(n.Property, true)
	case *ast.ChainNode:
		return w.expr(n.Node, whole)
	case *ast.SliceNode:
		return w.expr(n.Node, whole) || w.expr(n.From, true) || w.expr(n.To, true)
	case *ast.BuiltinNode:
		for i, a := range n.Arguments {
			if w.expr(a, !(i == 0 && walksOnly[n.Name])) {
				return true
			}
		}
	case *ast.PredicateNode:
		return w.expr(n.Node, true)
	case *ast.UnaryNode:
		return w.expr(n.Node, true)
	case *ast.BinaryNode:
		return w.expr(n.Left, true) || w.expr(n.Right, true)
	case *ast.ConditionalNode:
		return w.expr(n.Cond, true) || w.expr(n.Exp1, whole) || w.expr(n.Exp2, whole)
	case *ast.CallNode:
		for _, a := range n.Arguments {
			if w.expr(a, true) {
				return true
			}
		}
		if m, ok := n.Callee.(*ast.MemberNode); ok && m.Method {
			return w.expr(m.Node, true) // a method reads its receiver
		}
		return w.expr(n.Callee, false)
	case *ast.VariableDeclaratorNode:
		return w.expr(n.Value, false) || w.expr(n.Expr, whole)
	case *ast.SequenceNode:
		for _, s := range n.Nodes {
			if w.expr(s, true) {
				return true
			}
		}
	case *ast.ArrayNode:
		for _, e := range n.Nodes {
			if w.expr(e, true) {
				return true
			}
		}
	case *ast.MapNode:
		for _, p := range n.Pairs {
			if w.expr(p, true) {
				return true
			}
		}
	case *ast.PairNode:
		return w.expr(n.Key, true) || w.expr(n.Value, true)
	}
	return false
}

// safeFuncs are the template functions that read only pieces' names and
// squares and strings (templateFuncs) or a length: what they are given is
// not read whole.
func safeFunc(name string) bool { return templateFuncs[name] != nil || name == "len" }

// tmplScope is what a template's names mean where they are used: the type
// of dot and of the variables (nil: unknown).
type tmplScope struct {
	dot  reflect.Type
	vars map[string]reflect.Type
}

// template: t, run on data of type root, reads a gated value whole. The
// templates t defines are walked too, their dot unknown.
func (w wholeCheck) template(t *template.Template, root reflect.Type) bool {
	for _, tt := range t.Templates() {
		if tt.Tree == nil {
			continue
		}
		sc := tmplScope{vars: map[string]reflect.Type{"$": root}}
		if tt.Name() == t.Name() {
			sc.dot = root
		} else {
			sc.vars["$"] = nil
		}
		if w.tnode(tt.Tree.Root, sc) {
			return true
		}
	}
	return false
}

func (w wholeCheck) tnode(n parse.Node, sc tmplScope) bool {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return false
		}
		for _, c := range n.Nodes {
			if w.tnode(c, sc) {
				return true
			}
		}
	case *parse.ActionNode:
		// Printed, unless assigned to variables.
		whole, t := w.pipe(n.Pipe, sc, len(n.Pipe.Decl) == 0)
		for _, v := range n.Pipe.Decl {
			sc.vars[v.Ident[0]] = t
		}
		return whole
	case *parse.IfNode:
		return w.branch(&n.BranchNode, sc, false)
	case *parse.RangeNode:
		return w.branch(&n.BranchNode, sc, true)
	case *parse.WithNode:
		return w.branch(&n.BranchNode, sc, false)
	case *parse.TemplateNode:
		if n.Pipe != nil {
			whole, _ := w.pipe(n.Pipe, sc, true)
			return whole
		}
	}
	return false
}

// branch walks an if, range or with: its pipeline is only tested or walked,
// and in its list dot is the pipeline's value (with), its elements (range)
// or unchanged (if).
func (w wholeCheck) branch(b *parse.BranchNode, sc tmplScope, ranging bool) bool {
	whole, t := w.pipe(b.Pipe, sc, false)
	if whole || w.tnode(b.ElseList, sc) {
		return true
	}
	in := sc
	switch {
	case b.NodeType == parse.NodeWith:
		in.dot = t
		if d := b.Pipe.Decl; len(d) > 0 {
			sc.vars[d[0].Ident[0]] = t
		}
	case ranging:
		in.dot = elemOf(t)
		if d := b.Pipe.Decl; len(d) > 0 {
			sc.vars[d[len(d)-1].Ident[0]] = in.dot
		}
	}
	return w.tnode(b.List, in)
}

// elemOf is the type of the elements of a list (nil: unknown).
func elemOf(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return t.Elem()
	}
	return nil
}

// pipe: pipeline p, its value used whole or not, reads a gated value
// whole; and the type of its value. A command's value is passed to the
// next command's function as its last argument.
func (w wholeCheck) pipe(p *parse.PipeNode, sc tmplScope, whole bool) (bool, reflect.Type) {
	if p == nil {
		return false, nil
	}
	var t reflect.Type
	for i, c := range p.Cmds {
		last := i == len(p.Cmds)-1
		if id, ok := c.Args[0].(*parse.IdentifierNode); ok {
			argsWhole := !safeFunc(id.Ident)
			switch id.Ident {
			case "and", "or", "not":
				argsWhole = whole && last // tested, or one of them printed
			}
			if i > 0 && argsWhole && w.holds(t) {
				return true, nil
			}
			for _, a := range c.Args[1:] {
				if aw, _ := w.operand(a, sc, argsWhole); aw {
					return true, nil
				}
			}
			t = funcResult(id.Ident)
		} else {
			var aw bool
			aw, t = w.operand(c.Args[0], sc, false)
			if aw {
				return true, nil
			}
		}
		if last && whole && w.holds(t) {
			return true, nil
		}
	}
	return false, t
}

// funcResult is the type of what a template function returns (nil:
// unknown, or one of its arguments).
func funcResult(name string) reflect.Type {
	if f := templateFuncs[name]; f != nil {
		return reflect.TypeOf(f).Out(0)
	}
	switch name {
	case "len":
		return reflect.TypeOf(0)
	case "print", "printf", "println", "html", "js", "urlquery":
		return reflect.TypeOf("")
	case "eq", "ne", "lt", "le", "gt", "ge", "not":
		return reflect.TypeOf(false)
	}
	return nil
}

// operand: an argument or a command's operand, used whole or not, reads a
// field reads picks (whole, or by name when named); and its type.
func (w wholeCheck) operand(n parse.Node, sc tmplScope, whole bool) (bool, reflect.Type) {
	var t reflect.Type
	hit, method := false, false
	switch n := n.(type) {
	case *parse.DotNode:
		t = sc.dot
	case *parse.FieldNode:
		t, hit, method = w.field(sc.dot, n.Ident)
	case *parse.VariableNode:
		t, hit, method = w.field(sc.vars[n.Ident[0]], n.Ident[1:])
	case *parse.ChainNode:
		var base reflect.Type
		if p, ok := n.Node.(*parse.PipeNode); ok {
			var pw bool
			if pw, base = w.pipe(p, sc, false); pw {
				return true, nil
			}
		} else {
			var ow bool
			if ow, base = w.operand(n.Node, sc, false); ow {
				return true, nil
			}
		}
		t, hit, method = w.field(base, n.Field)
	case *parse.PipeNode:
		return w.pipe(n, sc, whole)
	case *parse.StringNode:
		t = reflect.TypeOf("")
	case *parse.NumberNode, *parse.BoolNode, *parse.NilNode:
		t = reflect.TypeOf(0)
	}
	return method || w.named && hit || whole && w.holds(t), t
}

// field is the type of field (or method result) path of a value of type t
// (nil: unknown); whether the path names a field reads picks (or one it
// cannot tell: a step of unknown type); and whether it calls a method on a
// value that holds one (a method reads its receiver whole).
func (w wholeCheck) field(t reflect.Type, path []string) (reflect.Type, bool, bool) {
	hit := false
	for _, name := range path {
		if t == nil {
			return nil, true, false
		}
		if m, ok := t.MethodByName(name); ok && m.Type.NumOut() > 0 {
			if w.holds(t) {
				return nil, true, true
			}
			t = m.Type.Out(0)
			continue
		}
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Struct:
			f, ok := t.FieldByName(name)
			if !ok {
				return nil, true, false
			}
			hit = hit || w.reads(f)
			t = f.Type
		case reflect.Map:
			t = t.Elem()
		default:
			return nil, true, false
		}
	}
	return t, hit, false
}
