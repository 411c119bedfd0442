package interp

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// compiler compiles a merged book's expressions. Expressions are compiled
// once, against the value-struct environment of their place in the book;
// `expr.AsBool()` with `expr.WarnOnAny()` refuses a predicate that is not
// boolean, or whose type cannot be known, at load.
type compiler struct {
	book *Book
	defs map[string][]defSrc // scope → definitions, in order
	errs ErrorList
	// cache holds the library's compiled programs by everything that
	// decides their compilation (see cacheKey): a book that extends
	// another, or shares a rule with it word for word, reuses the program
	// instead of parsing and checking it again. Only successes are kept, so
	// every error is still found, and reported where it is written.
	cache map[string]*pred
	// tmplCache likewise holds reason templates that parsed and ran, by
	// data type and text.
	tmplCache map[string]*reasonTmpl
	// ntCache is expr's cache of what it knows of Go types (the
	// environments' fields), shared by the library's compiles: each compile
	// would otherwise walk the large environment structs by reflection
	// again.
	ntCache *nature.Cache
}

// natures is an option that makes expr.Compile use the shared type cache;
// it must come before expr.Env. *cfg is set to the compile's config.
func (c *compiler) natures(cfg **conf.Config) expr.Option {
	return func(x *conf.Config) {
		*cfg = x
		if c.ntCache != nil {
			x.NtCache = *c.ntCache
		}
	}
}

var identRE = regexp.MustCompile(`[\p{L}_][\p{L}\p{N}_]*`)

// cacheKey is what decides the compilation of src in scope: the text, the
// environment, the kind of result, the limits, every definition and
// pattern it can reach by name (with its place and text), and in the side
// and verdict scopes the book's labels and pattern ids (Count.X, side.X).
func (c *compiler) cacheKey(src exprSrc, scope string, env any, wantInt bool, defLimit, patLimit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%T\x00%v\x00%d\x00%d\x00%s", scope, env, wantInt, defLimit, patLimit, src.text)
	if scope == scopeSide || scope == scopeVerdict {
		for _, l := range c.book.Labels {
			b.WriteString("\x00l:")
			b.WriteString(l.Name)
		}
		fmt.Fprintf(&b, "\x00patterns indexed: %v", c.book.patternIndex != nil)
		for _, p := range c.book.Patterns {
			b.WriteString("\x00p:")
			b.WriteString(p.ID)
		}
	}
	seen := map[string]bool{}
	var walk func(text string)
	walk = func(text string) {
		for _, id := range identRE.FindAllString(text, -1) {
			if seen[id] {
				continue
			}
			seen[id] = true
			for i, d := range c.defs[scope] {
				if d.name == id {
					fmt.Fprintf(&b, "\x00d%d:%s=%s", i, d.name, d.expr.text)
					walk(d.expr.text)
				}
			}
			if scope == scopeSide {
				if k, ok := c.book.patternIndex[id]; ok {
					fmt.Fprintf(&b, "\x00q%d:%s=%s", k, id, c.book.Patterns[k].when.text)
					walk(c.book.Patterns[k].when.text)
				}
			}
		}
	}
	walk(src.text)
	return b.String()
}

// exprErr is a problem found while patching an expression, at a rune
// offset in its text.
type exprErr struct {
	at   int
	code string
	msg  string
}

// patcher rewrites book-level names into plain expr before type checking:
//   - a definition's name (defs) is replaced by its expression;
//   - in patterns, an earlier pattern's id is replaced by its expression;
//   - Count.X (X a label) becomes Count[k];
//   - in verdict rows, side.X / other.X (X a pattern) becomes side.Is[k].
type patcher struct {
	c     *compiler
	scope string
	errs  []exprErr
	// defLimit: how many of the scope's definitions are visible (-1: all);
	// patLimit: how many patterns (in side scope).
	defLimit, patLimit int
}

func (p *patcher) fail(n ast.Node, code, format string, args ...any) {
	p.errs = append(p.errs, exprErr{at: n.Location().From, code: code, msg: fmt.Sprintf(format, args...)})
}

func (p *patcher) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if tree := p.inline(n); tree != nil {
			ast.Patch(node, tree)
		}
	case *ast.MemberNode:
		prop, ok := n.Property.(*ast.StringNode)
		if !ok {
			return
		}
		switch base := n.Node.(type) {
		case *ast.IdentifierNode:
			if base.Value == "Count" && (p.scope == scopeSide) {
				p.patchCount(node, n, prop)
			}
			if p.scope == scopeVerdict && (base.Value == "side" || base.Value == "other") {
				p.patchPattern(node, n, prop)
			}
		case *ast.MemberNode:
			if bp, ok := base.Property.(*ast.StringNode); ok && bp.Value == "Count" && p.scope == scopeVerdict {
				p.patchCount(node, n, prop)
			}
		}
	}
}

func (p *patcher) patchCount(node *ast.Node, n *ast.MemberNode, prop *ast.StringNode) {
	k, ok := p.c.book.labelIndex[prop.Value]
	if !ok {
		msg := fmt.Sprintf("Count.%s: %q is not one of the book's labels", prop.Value, prop.Value)
		if s := suggest(prop.Value, labelNames(p.c.book.Labels)); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		p.fail(n, CodeUnknownLabel, "%s", msg)
		return
	}
	ast.Patch(node, &ast.MemberNode{Node: n.Node, Property: &ast.IntegerNode{Value: k}})
}

var sideFields = fieldNames(reflect.TypeOf(SideEnv{}))

func (p *patcher) patchPattern(node *ast.Node, n *ast.MemberNode, prop *ast.StringNode) {
	if contains(sideFields, prop.Value) {
		return
	}
	k, ok := p.c.book.patternIndex[prop.Value]
	if !ok {
		msg := fmt.Sprintf("%s is neither a pattern of the book nor a fact of a side", prop.Value)
		if s := suggest(prop.Value, append(patternIDs(p.c.book.Patterns), sideFields...)); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		p.fail(n, CodeUnknownPattern, "%s", msg)
		return
	}
	is := &ast.MemberNode{Node: n.Node, Property: &ast.StringNode{Value: "Is"}}
	ast.Patch(node, &ast.MemberNode{Node: is, Property: &ast.IntegerNode{Value: k}})
}

// inline returns the expanded tree of a definition or earlier pattern named
// by n, or nil when n names neither.
func (p *patcher) inline(n *ast.IdentifierNode) ast.Node {
	c := p.c
	for i, d := range c.defs[p.scope] {
		if d.name != n.Value {
			continue
		}
		if p.defLimit >= 0 && i >= p.defLimit {
			p.fail(n, CodeExpr, "definition %s is used before it is defined (a definition may use only the ones above it)", n.Value)
			return nil
		}
		return p.expand(n, d.expr, d.name, i, p.patLimit)
	}
	if p.scope == scopeSide {
		if k, ok := c.book.patternIndex[n.Value]; ok {
			if k >= p.patLimit {
				p.fail(n, CodeUnknownPattern, "pattern %s is used before it is defined (a pattern may use only the ones above it)", n.Value)
				return nil
			}
			return p.expand(n, c.book.Patterns[k].when, n.Value, p.defLimit, k)
		}
	}
	return nil
}

func (p *patcher) expand(at *ast.IdentifierNode, src exprSrc, name string, defLimit, patLimit int) ast.Node {
	tree, err := parser.Parse(src.text)
	if err != nil {
		// Its own compile reports the syntax error where it is written.
		p.fail(at, CodeExpr, "%s does not compile (see its definition)", name)
		return nil
	}
	sub := &patcher{c: p.c, scope: p.scope, defLimit: defLimit, patLimit: patLimit}
	ast.Walk(&tree.Node, sub)
	if len(sub.errs) > 0 {
		p.fail(at, sub.errs[0].code, "in %s: %s", name, sub.errs[0].msg)
		return nil
	}
	return tree.Node
}

// counter refuses expressions with too many nodes once inlined.
type counter struct{ n int }

func (c *counter) Visit(*ast.Node) { c.n++ }

// compile compiles one expression for env (a value of the environment's
// type) in scope. wantInt compiles a grade (an integer) instead of a
// predicate. Problems are recorded with the rule id; nil is returned.
func (c *compiler) compile(src exprSrc, rule, scope string, env any, wantInt bool) *pred {
	return c.compileIn(src, rule, scope, env, wantInt, -1, len(c.book.Patterns))
}

// compileIn is compile with only the first defLimit definitions (-1: all)
// and the first patLimit patterns visible.
func (c *compiler) compileIn(src exprSrc, rule, scope string, env any, wantInt bool, defLimit, patLimit int) *pred {
	if len(src.text) > MaxExprBytes {
		c.errs = append(c.errs, src.f.errorAt(src.locate(0), rule, CodeExprSize,
			"expression is %d bytes, over the %d-byte limit", len(src.text), MaxExprBytes))
		return nil
	}
	if strings.TrimSpace(src.text) == "" {
		c.errs = append(c.errs, src.f.errorAt(src.locate(0), rule, CodeMissing, "empty expression"))
		return nil
	}
	key := c.cacheKey(src, scope, env, wantInt, defLimit, patLimit)
	if p, ok := c.cache[key]; ok {
		return p
	}
	p := &patcher{c: c, scope: scope, defLimit: defLimit, patLimit: patLimit}
	cnt := &counter{}
	var cfg *conf.Config
	opts := []expr.Option{c.natures(&cfg), expr.Env(env), expr.Patch(p), expr.Patch(cnt)}
	if wantInt {
		opts = append(opts, expr.AsInt())
	} else {
		opts = append(opts, expr.AsBool())
	}
	opts = append(opts, expr.WarnOnAny()) // after AsBool/AsInt, which it qualifies
	prog, err := expr.Compile(src.text, opts...)
	if c.ntCache != nil && cfg != nil {
		*c.ntCache = cfg.NtCache // keep the maps the first compile made
	}
	if len(p.errs) > 0 {
		for _, e := range p.errs {
			c.errs = append(c.errs, src.f.errorAt(src.locate(e.at), rule, e.code, "%s", e.msg))
		}
		return nil
	}
	if err != nil {
		if _, perr := parser.Parse(src.text); perr != nil {
			// A syntax error: the patches never ran.
			c.report(src, rule, CodeExprSyntax, perr, env)
			return nil
		}
		c.report(src, rule, "", err, env)
		return nil
	}
	if cnt.n > MaxExprNodes {
		c.errs = append(c.errs, src.f.errorAt(src.locate(0), rule, CodeExprSize,
			"expression has %d nodes once definitions are inlined, over the %d limit", cnt.n, MaxExprNodes))
		return nil
	}
	out := internProgram(scope, wantInt, prog)
	if c.cache != nil {
		c.cache[key] = out
	}
	return out
}

// Compiled programs are shared by every book that has the same predicate
// in the same place (after definitions are inlined): the books that rule on
// one cycle then evaluate it once (envSet.results). Programs are immutable.
var programs sync.Map // string → *pred

func internProgram(scope string, wantInt bool, p *vm.Program) *pred {
	key := fmt.Sprintf("%s\x00%v\x00%s", scope, wantInt, p.Node().String())
	if old, ok := programs.Load(key); ok {
		return old.(*pred)
	}
	old, _ := programs.LoadOrStore(key, newPred(p))
	return old.(*pred)
}

var unknownName = regexp.MustCompile(`^unknown name (\S+)`)
var noField = regexp.MustCompile(`has no field (\S+)`)

// report turns an expr error into a positioned Error with a stable code.
func (c *compiler) report(src exprSrc, rule, code string, err error, env any) {
	var fe *file.Error
	at, msg := 0, err.Error()
	if errors.As(err, &fe) {
		at, msg = fe.From, fe.Message
		if at == 0 && fe.Line > 1 {
			at = runeIndex(src.text, fe.Line, fe.Column)
		}
	}
	if code == "" {
		switch {
		case strings.HasPrefix(msg, "unknown name"), strings.Contains(msg, "has no field"):
			code = CodeUnknownName
		case strings.HasPrefix(msg, "expected bool"), strings.HasPrefix(msg, "expected int"):
			code = CodeNotBool
			if strings.HasPrefix(msg, "expected bool") {
				msg = "a predicate must be true or false: " + msg
			} else {
				msg = "a grade must be an integer: " + msg
			}
		default:
			code = CodeExpr
		}
	}
	if m := unknownName.FindStringSubmatch(msg); m != nil {
		known := fieldNames(reflect.TypeOf(env))
		if s := suggest(m[1], known); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
	} else if m := noField.FindStringSubmatch(msg); m != nil {
		if s := suggest(m[1], allFieldNames()); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
	}
	if src.comment != (pos{}) && (code == CodeExpr || code == CodeExprSyntax) {
		msg += fmt.Sprintf(" — the # at %d:%d began a YAML comment and cut the expression short: quote it (when: \"…\") or write a block (when: |)", src.comment.line, src.comment.col)
	}
	c.errs = append(c.errs, src.f.errorAt(src.locate(at), rule, code, "%s", msg))
}

// runeIndex converts a 1-based line and 0-based column in text to a rune index.
func runeIndex(text string, line, col int) int {
	i, l := 0, 1
	for _, r := range text {
		if l == line {
			break
		}
		if r == '\n' {
			l++
		}
		i++
	}
	return i + col
}

// fieldNames lists the names an expression can use on a struct type:
// exported fields, promoted fields of embedded structs, expr tags.
func fieldNames(t reflect.Type) []string {
	var out []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, fieldNames(f.Type)...)
			continue
		}
		name := f.Name
		if tag := f.Tag.Get("expr"); tag != "" {
			name = tag
		}
		out = append(out, name)
	}
	return out
}

// allFieldNames is every field name of every fact type, for suggestions
// after "has no field".
func allFieldNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range []any{MoveEnv{}, ThreatEnv{}, OfferEnv{}, SideEnv{}, Counter{}, Victim{}, Chase{}, SideMove{}, Material{}, CycleEnv{}} {
		var walk func(t reflect.Type, depth int)
		walk = func(t reflect.Type, depth int) {
			for _, n := range fieldNames(t) {
				if !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
			if depth > 2 {
				return
			}
			for i := 0; i < t.NumField(); i++ {
				ft := t.Field(i).Type
				for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, depth+1)
				}
			}
		}
		walk(reflect.TypeOf(v), 0)
	}
	sort.Strings(out)
	return out
}

func labelNames(ls []Label) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Name
	}
	return out
}

func patternIDs(ps []*Pattern) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// compileBook checks and compiles a merged book: labels, definitions,
// move rules, patterns, verdict rows and reason templates. Every problem is
// recorded; the book is usable only when there are none.
func (c *compiler) compileBook(m *merged) {
	if !c.compileLabels(m.b) {
		return
	}
	c.compileDefs()
	if !c.compilePatterns(m) {
		return
	}
	c.compileMoveRules(m)
	for _, r := range m.b.Verdict {
		c.checkSource(m, &r.Clause)
		r.prog = c.compile(r.when, r.ID, scopeVerdict, VerdictEnv{}, false)
		r.tmpl = c.compileTemplate(r.reason, r.ID, verdictData{})
	}
	c.errs = dedupe(c.errs)
	c.errs.sort()
}

// compileLabels indexes the book's labels and finds its default one; false
// when it declares none (nothing else can be checked).
func (c *compiler) compileLabels(b *Book) bool {
	b.labelIndex = map[string]int{}
	for i, l := range b.Labels {
		b.labelIndex[l.Name] = i
	}
	if len(b.Labels) == 0 {
		c.errs = append(c.errs, &Error{File: b.File, Line: 1, Column: 1, Code: CodeMissing, Msg: "the rule set declares no labels"})
		return false
	}
	if b.DefaultLabel == "" {
		b.DefaultLabel = b.Labels[len(b.Labels)-1].Name
	}
	if k, ok := b.labelIndex[b.DefaultLabel]; ok {
		b.defaultLabel = k
		b.defaultReason = defaultReason(b.ID, b.DefaultLabel)
	} else {
		c.errs = append(c.errs, &Error{File: b.File, Line: 1, Column: 1, Code: CodeUnknownLabel,
			Msg: fmt.Sprintf("default_label %q is not one of the labels", b.DefaultLabel)})
	}
	return true
}

// checkLabel reports a label the book does not declare, at p (or the
// clause).
func (c *compiler) checkLabel(cl *Clause, p pos, name string) {
	b := c.book
	if p == (pos{}) {
		p = cl.at
	}
	if _, ok := b.labelIndex[name]; !ok {
		msg := fmt.Sprintf("label %q is not one of the book's labels (%s)", name, strings.Join(labelNames(b.Labels), " "))
		if s := suggest(name, labelNames(b.Labels)); s != "" {
			msg += fmt.Sprintf("; did you mean %s?", s)
		}
		c.errs = append(c.errs, cl.file.errorAt(p, cl.ID, CodeUnknownLabel, "%s", msg))
	}
}

// checkSource reports a clause citing a source the book does not list.
func (c *compiler) checkSource(m *merged, cl *Clause) {
	if cl.Source != "" && !m.sources[cl.Source] {
		c.errs = append(c.errs, cl.file.errorAt(cl.at, cl.ID, CodeUnknownSource, "source %q is not in the book's sources", cl.Source))
	}
}

// compileDefs compiles the definitions: each alone, where it is written,
// seeing only the ones above it.
func (c *compiler) compileDefs() {
	envs := map[string]any{scopeMove: MoveEnv{}, scopeThreat: ThreatEnv{}, scopeOffer: OfferEnv{}, scopeSide: SideEnv{}, scopeVerdict: VerdictEnv{}}
	for _, scope := range []string{scopeMove, scopeThreat, scopeOffer, scopeSide, scopeVerdict} {
		seen := map[string]bool{}
		for i, d := range c.defs[scope] {
			if contains(envFields[scope], d.name) {
				c.errs = append(c.errs, d.file.errorAt(d.at, d.name, CodeBadValue, "definition %s hides the fact of that name", d.name))
				continue
			}
			if seen[d.name] {
				c.errs = append(c.errs, d.file.errorAt(d.at, d.name, CodeDuplicate, "definition %s given twice", d.name))
				continue
			}
			seen[d.name] = true
			c.compileIn(d.expr, d.name, scope, envs[scope], false, i, 0)
		}
	}
}

// compilePatterns indexes and compiles the patterns; false when there are
// more than side.X can hold.
func (c *compiler) compilePatterns(m *merged) bool {
	b := m.b
	if len(b.Patterns) > maxPatterns {
		c.errs = append(c.errs, &Error{File: b.File, Code: CodeBadValue, Msg: fmt.Sprintf("at most %d patterns", maxPatterns)})
		return false
	}
	b.patternIndex = map[string]int{}
	for i, p := range b.Patterns {
		if contains(sideFields, p.ID) {
			c.errs = append(c.errs, p.file.errorAt(p.at, p.ID, CodeBadValue, "pattern id %s is the name of a side's fact; choose another", p.ID))
			continue
		}
		b.patternIndex[p.ID] = i
	}
	for i, p := range b.Patterns {
		c.checkSource(m, &p.Clause)
		p.prog = c.compileIn(p.when, p.ID, scopeSide, SideEnv{}, false, -1, i)
	}
	return true
}

// compileMoveRules compiles the move rules: their labels checked, `when`
// and `grade` against the environment of their `for`, the reason, and an
// exemption with `for` that no rule's evidence could meet refused.
func (c *compiler) compileMoveRules(m *merged) {
	b := m.b
	for _, r := range b.Moves {
		c.checkSource(m, &r.Clause)
		if r.Label != "" {
			c.checkLabel(&r.Clause, r.labelAt, r.Label)
			r.label = b.labelIndex[r.Label]
		}
		for _, l := range r.Exempt {
			c.checkLabel(&r.Clause, r.labelAt, l)
		}
		scope, env := scopeMove, any(MoveEnv{})
		switch r.For {
		case ForThreats:
			scope, env = scopeThreat, ThreatEnv{}
		case ForOffers:
			scope, env = scopeOffer, OfferEnv{}
		}
		r.prog = c.compile(r.when, r.ID, scope, env, false)
		if r.grade.set {
			r.gradeProg = c.compile(r.grade, r.ID, scope, env, true)
		}
		r.tmpl = c.compileTemplate(r.reason, r.ID, reasonData{})
		if len(r.Exempt) > 0 && r.For != ForMove {
			applies := false
			for _, o := range b.Moves {
				if o.Label != "" && o.For == r.For && contains(r.Exempt, o.Label) {
					applies = true
				}
			}
			if !applies {
				c.errs = append(c.errs, r.file.errorAt(r.at, r.ID, CodeNeverApplies,
					"exempts %s %s from %s, but no rule gives those labels for %s", r.For, "evidence", strings.Join(r.Exempt, " "), r.For))
			}
		}
	}
}

// reasonTmpl is a compiled reason template (text/template, with the
// functions of templateFuncs), checked at load on zero data of its type.
type reasonTmpl struct {
	t *template.Template
	// readsSideMoves: the template may read a side's list of moves
	// (verdict rows' reasons: see readsSideMoves).
	readsSideMoves bool
}

var templatePos = regexp.MustCompile(`^template: [^:]*:(\d+)(?::(\d+))?: (.*)$`)

// compileTemplate parses a reason template and runs it once on zero data
// of data's type, so a misspelt field is refused at load, not at run time.
func (c *compiler) compileTemplate(src exprSrc, rule string, data any) *reasonTmpl {
	if !src.set {
		return nil
	}
	key := fmt.Sprintf("%T\x00%s", data, src.text)
	if t, ok := c.tmplCache[key]; ok {
		return t
	}
	t, err := template.New("reason").Funcs(templateFuncs).Option("missingkey=error").Parse(src.text)
	if err == nil {
		var b strings.Builder
		err = t.Execute(&b, data)
	}
	if err == nil {
		rt := &reasonTmpl{t: t, readsSideMoves: readsSideMoves(t)}
		if old, ok := templates.LoadOrStore(key, rt); ok {
			rt = old.(*reasonTmpl)
		}
		if c.tmplCache != nil {
			c.tmplCache[key] = rt
		}
		return rt
	}
	{
		msg, at := err.Error(), 0
		if m := templatePos.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			col := 0
			if m[2] != "" {
				col, _ = strconv.Atoi(m[2])
			}
			at = runeIndex(src.text, line, col)
			msg = m[3]
			if i := strings.Index(msg, "executing \"reason\" at "); i >= 0 {
				msg = msg[i+len("executing \"reason\" at "):]
			}
		}
		c.errs = append(c.errs, src.f.errorAt(src.locate(at), rule, CodeTemplate, "reason template: %s", msg))
		return nil
	}
}

// templates holds the compiled reason templates by data type and text,
// shared by the books with the same reason, like programs.
var templates sync.Map // key → *reasonTmpl
