package interp

import (
	"fmt"
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/vm"
)

// A predicate is evaluated by expr's VM, which reaches every field through
// reflect (about 20–40 ns a field). Most predicates of the books are
// simple: fields of the value-struct environments, boolean operators,
// integer and string comparisons, `in` a constant list, ternaries, len,
// string slices, and any/all/none/count over a slice. For those, the
// type-checked and optimised tree of the compiled program is turned once,
// at load, into Go closures that read the fields at their offsets.
// Anything else — and any node that could fail at run time (an index out
// of range, a nil, a division) — keeps the VM, so a closure never has to
// reproduce an error.
// The closures are built from expr's own typed tree, with expr's own field
// resolution (checker.FieldIndex), and in the package's tests every fast
// evaluation is also run on the VM and compared (verifyFast, set for all
// of them: every predicate of every bundled book over the case files).
//
// A predicate outside the subset may still start with conditions inside
// it: `A && B && C` with A and B fast and C not. Those are its guard: when
// the guard is false the VM would stop there too (&& evaluates left to
// right and stops at the first false, and a fast condition cannot fail),
// so the predicate is false without the VM; when it holds, the VM
// evaluates the whole predicate.

// pred is a compiled predicate or grade: the VM program, and the fast
// closure when the expression is in the subset.
type pred struct {
	prog *vm.Program
	// typ and ptr: the runtime types (eface words) of the environment and
	// of a pointer to it; the interpreter passes either, or a view.
	typ, ptr unsafe.Pointer
	// view: how the environment is viewed, when it is (view.go); the fast
	// form then reads a view, and the VM the environment filled from it.
	view *viewKind
	b    boolFn // a predicate's fast form, or nil
	i    intFn  // a grade's fast form, or nil
	// guard: the leading fast conditions of a predicate without a fast
	// form, or nil.
	guard boolFn
	// id numbers the predicates, from 0 in the order they are made (a
	// session numbers the ones its books use from these, see predNumbers).
	id int
}

// predCount is how many predicates have been made, for their ids.
var predCount atomic.Int64

type (
	boolFn func(env, el unsafe.Pointer) bool
	intFn  func(env, el unsafe.Pointer) int
	strFn  func(env, el unsafe.Pointer) string
	addrFn func(env, el unsafe.Pointer) unsafe.Pointer
)

// eface is the layout of an interface{} value. fastOK checks at start-up
// that it reads a boxed struct as expected; if not, the fast forms are off.
type eface struct {
	typ, data unsafe.Pointer
}

func efaceOf(v *any) *eface { return (*eface)(unsafe.Pointer(v)) }

var fastOK = func() bool {
	type probe struct {
		A int
		B bool
		C string
	}
	var v any = probe{A: 7, B: true, C: "x"}
	var w any = probe{}
	var x any = &probe{A: 7, B: true, C: "x"}
	e, f, g := efaceOf(&v), efaceOf(&w), efaceOf(&x)
	p, q := (*probe)(e.data), (*probe)(g.data)
	return e.typ == f.typ && p.A == 7 && p.B && p.C == "x" && q.A == 7 && q.B && q.C == "x"
}()

// fastFor returns what the fast form reads for env — the environment's
// address (env is a boxed struct or a pointer to one: the data word is the
// struct's address either way) or, for a viewed environment, its view —
// and whether the fast form applies to it.
func (p *pred) fastFor(env *any) (unsafe.Pointer, bool) {
	e := efaceOf(env)
	if p.typ == nil || e.data == nil {
		return nil, false
	}
	if p.view != nil {
		switch e.typ {
		case p.view.ptr:
			return e.data, true
		case p.typ, p.ptr:
			return p.view.of(e.data), true
		}
		return nil, false
	}
	return e.data, e.typ == p.typ || e.typ == p.ptr
}

// vmEnv returns env as the VM takes it: the environment itself, filled
// from a view (allocated: the interpreter fills its own instead, see
// session.envOf).
func (p *pred) vmEnv(env any) any {
	if e := efaceOf(&env); p.view != nil && p.view.ptr != nil && e.typ == p.view.ptr && e.data != nil {
		return p.view.env(e.data)
	}
	return env
}

var (
	tInt    = reflect.TypeOf(0)
	tBool   = reflect.TypeOf(false)
	tString = reflect.TypeOf("")
)

// fastCompiler builds closures for one program's tree.
type fastCompiler struct {
	cache *nature.Cache
	env   nature.Nature
	envT  reflect.Type
	view  *viewKind // the closures read a view of the environment
}

// newPred wraps a compiled program, adding its fast form when it has one.
func newPred(prog *vm.Program, env any, wantInt bool) *pred {
	p := &pred{prog: prog, view: viewKinds[reflect.TypeOf(env)], id: int(predCount.Add(1) - 1)}
	if !fastOK {
		return p
	}
	fc := &fastCompiler{cache: &nature.Cache{}, envT: reflect.TypeOf(env), view: p.view}
	fc.env = fc.cache.FromType(fc.envT)
	node := prog.Node()
	if wantInt {
		if f, ok := fc.int(node); ok {
			p.i = f
		}
	} else if f, ok := fc.bool(node); ok {
		p.b = f
	} else {
		p.guard = fc.guard(node)
	}
	if p.b != nil || p.i != nil || p.guard != nil {
		e, ptr := env, reflect.New(fc.envT).Interface()
		p.typ, p.ptr = efaceOf(&e).typ, efaceOf(&ptr).typ
	}
	return p
}

// guard compiles the leading conditions of an && chain that are in the
// subset (nil when the first is not).
func (fc *fastCompiler) guard(n ast.Node) boolFn {
	var terms []ast.Node // the chain's conditions, in order
	var flatten func(n ast.Node)
	flatten = func(n ast.Node) {
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
			flatten(b.Left)
			flatten(b.Right)
			return
		}
		terms = append(terms, n)
	}
	flatten(n)
	var g boolFn
	for _, t := range terms {
		f, ok := fc.bool(t)
		if !ok {
			break
		}
		if g == nil {
			g = f
			continue
		}
		l := g
		g = func(env, el unsafe.Pointer) bool { return l(env, el) && f(env, el) }
	}
	return g
}

// offset returns the byte offset of the field at index path idx in t,
// refusing a path through a pointer.
func offset(t reflect.Type, idx []int) (uintptr, reflect.Type, bool) {
	var off uintptr
	for _, i := range idx {
		if t.Kind() != reflect.Struct {
			return 0, nil, false
		}
		f := t.Field(i)
		off += f.Offset
		t = f.Type
	}
	return off, t, true
}

// addr compiles a node that denotes a place in the environment (a field, an
// element of a fixed array, the current element of a predicate) into the
// address of that place.
func (fc *fastCompiler) addr(n ast.Node) (addrFn, reflect.Type, bool) {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		ok, idx, _ := checker.FieldIndex(fc.cache, fc.env, n)
		if !ok {
			return nil, nil, false
		}
		if fc.view != nil {
			// Field idx[0] of the view holds the address of the
			// environment's field; the rest of the path is inside it.
			top := idx[0]
			off, t, ok := offset(fc.envT.Field(top).Type, idx[1:])
			if !ok || t != n.Type() {
				return nil, nil, false
			}
			return func(env, _ unsafe.Pointer) unsafe.Pointer { return unsafe.Add(viewField(env, top), off) }, t, true
		}
		off, t, ok := offset(fc.envT, idx)
		if !ok || t != n.Type() {
			return nil, nil, false
		}
		return func(env, _ unsafe.Pointer) unsafe.Pointer { return unsafe.Add(env, off) }, t, true
	case *ast.PointerNode:
		if n.Name != "" || n.Type() == nil {
			return nil, nil, false
		}
		return func(_, el unsafe.Pointer) unsafe.Pointer { return el }, n.Type(), true
	case *ast.MemberNode:
		if n.Optional || n.Method {
			return nil, nil, false
		}
		base, bt, ok := fc.addr(n.Node)
		if !ok {
			return nil, nil, false
		}
		switch prop := n.Property.(type) {
		case *ast.StringNode:
			if bt.Kind() != reflect.Struct {
				return nil, nil, false
			}
			ok, idx, _ := checker.FieldIndex(fc.cache, fc.env, n)
			if !ok {
				return nil, nil, false
			}
			off, t, ok := offset(bt, idx)
			if !ok || t != n.Type() {
				return nil, nil, false
			}
			return func(env, el unsafe.Pointer) unsafe.Pointer { return unsafe.Add(base(env, el), off) }, t, true
		case *ast.IntegerNode:
			// A fixed array (Count, Is) at a constant index in range.
			if bt.Kind() != reflect.Array || prop.Value < 0 || prop.Value >= bt.Len() || bt.Elem() != n.Type() {
				return nil, nil, false
			}
			off := uintptr(prop.Value) * bt.Elem().Size()
			return func(env, el unsafe.Pointer) unsafe.Pointer { return unsafe.Add(base(env, el), off) }, bt.Elem(), true
		}
	}
	return nil, nil, false
}

func (fc *fastCompiler) bool(n ast.Node) (boolFn, bool) {
	if n.Type() != tBool {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.BoolNode:
		v := n.Value
		return func(_, _ unsafe.Pointer) bool { return v }, true
	case *ast.ConstantNode:
		v, ok := n.Value.(bool)
		return func(_, _ unsafe.Pointer) bool { return v }, ok
	case *ast.UnaryNode:
		if n.Operator != "!" && n.Operator != "not" {
			return nil, false
		}
		f, ok := fc.bool(n.Node)
		return func(env, el unsafe.Pointer) bool { return !f(env, el) }, ok
	case *ast.ConditionalNode:
		c, ok1 := fc.bool(n.Cond)
		a, ok2 := fc.bool(n.Exp1)
		b, ok3 := fc.bool(n.Exp2)
		return choose(c, a, b), ok1 && ok2 && ok3
	case *ast.BinaryNode:
		return fc.binaryBool(n)
	case *ast.BuiltinNode:
		return fc.builtinBool(n)
	case *ast.IdentifierNode, *ast.MemberNode, *ast.PointerNode:
		a, t, ok := fc.addr(n)
		return load[bool](a, ok && t == tBool)
	}
	return nil, false
}

func (fc *fastCompiler) binaryBool(n *ast.BinaryNode) (boolFn, bool) {
	switch n.Operator {
	case "&&", "and":
		l, ok1 := fc.bool(n.Left)
		r, ok2 := fc.bool(n.Right)
		return func(env, el unsafe.Pointer) bool { return l(env, el) && r(env, el) }, ok1 && ok2
	case "||", "or":
		l, ok1 := fc.bool(n.Left)
		r, ok2 := fc.bool(n.Right)
		return func(env, el unsafe.Pointer) bool { return l(env, el) || r(env, el) }, ok1 && ok2
	case "==", "!=":
		neg := n.Operator == "!="
		lt, rt := n.Left.Type(), n.Right.Type()
		if lt != rt {
			return nil, false
		}
		var eq boolFn
		var ok bool
		switch lt {
		case tInt:
			eq, ok = equalBy(fc.int, n)
		case tString:
			eq, ok = equalBy(fc.str, n)
		case tBool:
			eq, ok = equalBy(fc.bool, n)
		}
		if !ok {
			return nil, false
		}
		if neg {
			return func(env, el unsafe.Pointer) bool { return !eq(env, el) }, true
		}
		return eq, true
	case "<", ">", "<=", ">=":
		if n.Left.Type() != tInt || n.Right.Type() != tInt {
			return nil, false
		}
		l, ok1 := fc.int(n.Left)
		r, ok2 := fc.int(n.Right)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Operator {
		case "<":
			return func(env, el unsafe.Pointer) bool { return l(env, el) < r(env, el) }, true
		case ">":
			return func(env, el unsafe.Pointer) bool { return l(env, el) > r(env, el) }, true
		case "<=":
			return func(env, el unsafe.Pointer) bool { return l(env, el) <= r(env, el) }, true
		default:
			return func(env, el unsafe.Pointer) bool { return l(env, el) >= r(env, el) }, true
		}
	case "in":
		return fc.in(n)
	}
	return nil, false
}

// in compiles `x in [constants]` (a constant set after expr's optimiser,
// or a literal array) for strings and ints.
func (fc *fastCompiler) in(n *ast.BinaryNode) (boolFn, bool) {
	switch n.Left.Type() {
	case tString:
		l, ok := fc.str(n.Left)
		set, ok2 := constSet(n.Right, func(e ast.Node) (string, bool) {
			s, ok := e.(*ast.StringNode)
			if !ok {
				return "", false
			}
			return s.Value, true
		})
		if ok && ok2 {
			return inSet(l, set), true
		}
	case tInt:
		l, ok := fc.int(n.Left)
		set, ok2 := constSet(n.Right, func(e ast.Node) (int, bool) {
			i, ok := e.(*ast.IntegerNode)
			if !ok {
				return 0, false
			}
			return i.Value, true
		})
		if ok && ok2 {
			return inSet(l, set), true
		}
	}
	return nil, false
}

// equal is the closure of `l == r`.
func equal[T comparable](l, r func(env, el unsafe.Pointer) T) boolFn {
	return func(env, el unsafe.Pointer) bool { return l(env, el) == r(env, el) }
}

// equalBy compiles n's two sides with compile (the compiler of their type)
// and compares them.
func equalBy[T comparable, F ~func(env, el unsafe.Pointer) T](compile func(ast.Node) (F, bool), n *ast.BinaryNode) (boolFn, bool) {
	l, ok1 := compile(n.Left)
	r, ok2 := compile(n.Right)
	if !ok1 || !ok2 {
		return nil, false
	}
	return equal[T](l, r), true
}

// choose is cond ? a : b.
func choose[T any](cond boolFn, a, b func(env, el unsafe.Pointer) T) func(env, el unsafe.Pointer) T {
	return func(env, el unsafe.Pointer) T {
		if cond(env, el) {
			return a(env, el)
		}
		return b(env, el)
	}
}

// load reads the T at the address a gives, when ok (the address is of a
// field of type T).
func load[T any](a addrFn, ok bool) (func(env, el unsafe.Pointer) T, bool) {
	if !ok {
		return nil, false
	}
	return func(env, el unsafe.Pointer) T { return *(*T)(a(env, el)) }, true
}

// constSet reads the right side of `in`: a constant set (after expr's
// optimiser) or a literal array whose elements lit reads.
func constSet[T comparable](n ast.Node, lit func(ast.Node) (T, bool)) ([]T, bool) {
	var set []T
	switch r := n.(type) {
	case *ast.ConstantNode:
		m, ok := r.Value.(map[T]struct{})
		if !ok {
			return nil, false
		}
		for k := range m {
			set = append(set, k)
		}
	case *ast.ArrayNode:
		for _, e := range r.Nodes {
			v, ok := lit(e)
			if !ok {
				return nil, false
			}
			set = append(set, v)
		}
	default:
		return nil, false
	}
	return set, true
}

// inSet is the closure of `x in set`.
func inSet[T comparable](x func(env, el unsafe.Pointer) T, set []T) boolFn {
	return func(env, el unsafe.Pointer) bool {
		v := x(env, el)
		for _, s := range set {
			if s == v {
				return true
			}
		}
		return false
	}
}

// slice compiles the first argument of a builtin over a slice: the
// address of the slice header and its element type.
func (fc *fastCompiler) slice(n ast.Node) (addrFn, reflect.Type, bool) {
	a, t, ok := fc.addr(n)
	if !ok || t.Kind() != reflect.Slice {
		return nil, nil, false
	}
	return a, t.Elem(), true
}

// each calls f with the address of each element of the slice at p, until
// f returns false.
func each(p unsafe.Pointer, size uintptr, f func(el unsafe.Pointer) bool) {
	s := *(*[]byte)(p) // only the header's pointer and length are used
	data := unsafe.Pointer(unsafe.SliceData(s))
	for i := 0; i < len(s); i++ {
		if !f(unsafe.Add(data, uintptr(i)*size)) {
			return
		}
	}
}

// predicateOf compiles the closure argument of any/all/none/count.
func (fc *fastCompiler) predicateOf(n *ast.BuiltinNode) (addrFn, uintptr, boolFn, bool) {
	if len(n.Arguments) != 2 || n.Map != nil || n.Threshold != nil {
		return nil, 0, nil, false
	}
	a, et, ok := fc.slice(n.Arguments[0])
	if !ok {
		return nil, 0, nil, false
	}
	pn, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil, 0, nil, false
	}
	body, ok := fc.bool(pn.Node)
	if !ok {
		return nil, 0, nil, false
	}
	return a, et.Size(), body, true
}

func (fc *fastCompiler) builtinBool(n *ast.BuiltinNode) (boolFn, bool) {
	switch n.Name {
	case "any", "all", "none":
	default:
		return nil, false
	}
	a, size, body, ok := fc.predicateOf(n)
	if !ok {
		return nil, false
	}
	switch n.Name {
	case "any":
		return func(env, el unsafe.Pointer) bool {
			found := false
			each(a(env, el), size, func(e unsafe.Pointer) bool {
				found = body(env, e)
				return !found
			})
			return found
		}, true
	case "all":
		return func(env, el unsafe.Pointer) bool {
			all := true
			each(a(env, el), size, func(e unsafe.Pointer) bool {
				all = body(env, e)
				return all
			})
			return all
		}, true
	default: // none
		return func(env, el unsafe.Pointer) bool {
			found := false
			each(a(env, el), size, func(e unsafe.Pointer) bool {
				found = body(env, e)
				return !found
			})
			return !found
		}, true
	}
}

func (fc *fastCompiler) int(n ast.Node) (intFn, bool) {
	if n.Type() != tInt {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.IntegerNode:
		v := n.Value
		return func(_, _ unsafe.Pointer) int { return v }, true
	case *ast.ConstantNode:
		v, ok := n.Value.(int)
		return func(_, _ unsafe.Pointer) int { return v }, ok
	case *ast.UnaryNode:
		f, ok := fc.int(n.Node)
		switch n.Operator {
		case "-":
			return func(env, el unsafe.Pointer) int { return -f(env, el) }, ok
		case "+":
			return f, ok
		}
		return nil, false
	case *ast.ConditionalNode:
		c, ok1 := fc.bool(n.Cond)
		a, ok2 := fc.int(n.Exp1)
		b, ok3 := fc.int(n.Exp2)
		return choose(c, a, b), ok1 && ok2 && ok3
	case *ast.BinaryNode:
		if n.Left.Type() != tInt || n.Right.Type() != tInt {
			return nil, false
		}
		l, ok1 := fc.int(n.Left)
		r, ok2 := fc.int(n.Right)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Operator {
		case "+":
			return func(env, el unsafe.Pointer) int { return l(env, el) + r(env, el) }, true
		case "-":
			return func(env, el unsafe.Pointer) int { return l(env, el) - r(env, el) }, true
		case "*":
			return func(env, el unsafe.Pointer) int { return l(env, el) * r(env, el) }, true
		}
		return nil, false
	case *ast.BuiltinNode:
		switch n.Name {
		case "len":
			if len(n.Arguments) != 1 {
				return nil, false
			}
			a, t, ok := fc.addr(n.Arguments[0])
			if !ok {
				return nil, false
			}
			switch t.Kind() {
			case reflect.Slice:
				return func(env, el unsafe.Pointer) int { return len(*(*[]byte)(a(env, el))) }, true
			case reflect.String:
				if t != tString {
					return nil, false
				}
				return func(env, el unsafe.Pointer) int { return len(*(*string)(a(env, el))) }, true
			}
			return nil, false
		case "count":
			a, size, body, ok := fc.predicateOf(n)
			if !ok {
				return nil, false
			}
			return func(env, el unsafe.Pointer) int {
				k := 0
				each(a(env, el), size, func(e unsafe.Pointer) bool {
					if body(env, e) {
						k++
					}
					return true
				})
				return k
			}, true
		}
		return nil, false
	case *ast.IdentifierNode, *ast.MemberNode, *ast.PointerNode:
		a, t, ok := fc.addr(n)
		return load[int](a, ok && t == tInt)
	}
	return nil, false
}

func (fc *fastCompiler) str(n ast.Node) (strFn, bool) {
	if n.Type() != tString {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.StringNode:
		v := n.Value
		return func(_, _ unsafe.Pointer) string { return v }, true
	case *ast.ConstantNode:
		v, ok := n.Value.(string)
		return func(_, _ unsafe.Pointer) string { return v }, ok
	case *ast.ConditionalNode:
		c, ok1 := fc.bool(n.Cond)
		a, ok2 := fc.str(n.Exp1)
		b, ok3 := fc.str(n.Exp2)
		return choose(c, a, b), ok1 && ok2 && ok3
	case *ast.SliceNode:
		return fc.sliceStr(n)
	case *ast.IdentifierNode, *ast.MemberNode, *ast.PointerNode:
		a, t, ok := fc.addr(n)
		return load[string](a, ok && t == tString)
	}
	return nil, false
}

// sliceStr compiles s[from:to] on a string, which expr slices by bytes,
// counting negative bounds from the end and clamping both to the string
// (runtime.Slice): it never fails.
func (fc *fastCompiler) sliceStr(n *ast.SliceNode) (strFn, bool) {
	if n.Node.Type() != tString {
		return nil, false
	}
	str, ok := fc.str(n.Node)
	if !ok {
		return nil, false
	}
	bound := func(b ast.Node) (intFn, bool) {
		if b == nil {
			return nil, true
		}
		return fc.int(b)
	}
	from, ok1 := bound(n.From)
	to, ok2 := bound(n.To)
	if !ok1 || !ok2 {
		return nil, false
	}
	return func(env, el unsafe.Pointer) string {
		v := str(env, el)
		a, b := 0, len(v)
		if from != nil {
			a = from(env, el)
		}
		if to != nil {
			b = to(env, el)
		}
		return sliceClamped(v, a, b)
	}, true
}

// sliceClamped is v[a:b] as expr's runtime.Slice takes it.
func sliceClamped(v string, a, b int) string {
	n := len(v)
	if a < 0 {
		a = max(n+a, 0)
	}
	if b < 0 {
		b = max(n+b, 0)
	}
	b = min(b, n)
	a = min(a, b)
	return v[a:b]
}

// verifyFast makes every fast evaluation also run on the VM and panic when
// the two differ; the package's tests turn it on (fast_test.go).
var verifyFast bool

// decide evaluates a predicate without the VM when it can: by its fast
// form, or by its guard when the guard is false. ok is false when the VM
// must decide.
func (p *pred) decide(m *vm.VM, env any) (v, ok bool) {
	if p.b == nil && p.guard == nil {
		return false, false
	}
	data, ok := p.fastFor(&env)
	if !ok {
		return false, false
	}
	if p.b != nil {
		v = p.b(data, nil)
	} else if p.guard(data, nil) {
		return false, false
	}
	if verifyFast {
		p.verify(m, env, v)
	}
	return v, true
}

// runBool evaluates a predicate: without the VM when it can (decide),
// else on the VM.
func (p *pred) runBool(m *vm.VM, env any) (bool, error) {
	if v, ok := p.decide(m, env); ok {
		return v, nil
	}
	return p.runVM(m, p.vmEnv(env))
}

// runVM evaluates a predicate on the VM, env being an environment (not a
// view).
func (p *pred) runVM(m *vm.VM, env any) (bool, error) {
	out, err := m.Run(p.prog, env)
	if err != nil {
		return false, err
	}
	v, _ := out.(bool)
	return v, nil
}

// runInt evaluates a grade likewise.
func (p *pred) runInt(m *vm.VM, env any) (int, error) {
	if p.i != nil {
		if data, ok := p.fastFor(&env); ok {
			v := p.i(data, nil)
			if verifyFast {
				p.verify(m, env, v)
			}
			return v, nil
		}
	}
	out, err := m.Run(p.prog, p.vmEnv(env))
	if err != nil {
		return 0, err
	}
	v, _ := out.(int)
	return v, nil
}

func (p *pred) verify(m *vm.VM, env any, fast any) {
	out, err := m.Run(p.prog, p.vmEnv(env))
	if err != nil || out != fast {
		panic(fmt.Sprintf("fast form of %q gives %v, the VM %v (%v)", p.prog.Source().String(), fast, out, err))
	}
}
