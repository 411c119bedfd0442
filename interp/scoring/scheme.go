package scoring

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/xqrules/xqrules/interp/internal/srcpos"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/rules"
)

// Scheme is one tournament scoring scheme, loaded from a YAML file and with
// every expression compiled and tried once.
type Scheme struct {
	Name        string // short name used on the command line ("dafen-xiaofen")
	Title       string // what the tables show ("大分小分调整法 …")
	Source      string // where the rules come from
	Description string
	File        string // the file it was loaded from, for messages

	points    [2][3]Score // by colour (Red, Black), then by outcome (win, draw, loss)
	Tiebreaks []Tiebreak  // second, third … score, in order of use
	Residual  *Residual   // nil when the scheme does not score drawn material
	Knockout  *KnockoutRule
	Team      *TeamRule
}

// Outcome is a game's result from one player's side.
type Outcome int

// Outcomes.
const (
	Win Outcome = iota
	DrawOutcome
	Loss
)

// Points returns what a player earns for an outcome with the given colour.
func (s *Scheme) Points(c position.Color, o Outcome) Score { return s.points[c][o] }

// Tiebreak is a score that orders players level on points.
type Tiebreak struct {
	Name string
	x    expression // Totals → float
}

// Residual is the scoring of drawn material (余子分, seed 004 §二.1).
type Residual struct {
	Name      string
	material  expression // Pieces → float
	attacking expression // Pieces → bool
	score     expression // Draw → float
}

// KnockoutRule is the knockout tie-break of seed 004 §三 (see SettleKnockout).
type KnockoutRule struct {
	Description      string
	DecideAfterDraws int // drawn games after which the summed 余子分 decides
}

// TeamRule is the team-match tie-break of seed 004 §三 (see SettleTeam).
type TeamRule struct {
	Description string
	MinDraws    int // drawn boards needed before the team 余子分 may decide
}

// Reference is the name of the scheme in use, which tables are compared against.
const Reference = "standard"

// Builtin loads the schemes embedded in the binary (rules/scoring/*.yaml):
// the Reference scheme first, the others by name.
func Builtin() ([]*Scheme, error) {
	// Messages name the file as it is in the repository.
	list, err := loadFS(rules.Scoring, "scoring", "rules/")
	if err != nil {
		return nil, err
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Name == Reference && list[j].Name != Reference })
	return list, nil
}

// LoadFS loads every *.yaml scheme in dir of fsys, sorted by name. All files
// are read and all their errors are returned together (an ErrorList).
func LoadFS(fsys fs.FS, dir string) ([]*Scheme, error) { return loadFS(fsys, dir, "") }

// loadFS is LoadFS with prefix put before each file name in messages.
func loadFS(fsys fs.FS, dir, prefix string) ([]*Scheme, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var (
		out  []*Scheme
		errs ErrorList
	)
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		s, err := Parse(prefix+n, data)
		if err != nil {
			var l ErrorList
			if errors.As(err, &l) {
				errs = append(errs, l...)
				continue
			}
			return nil, err
		}
		out = append(out, s)
	}
	errs = append(errs, checkUnique(out)...)
	if len(errs) > 0 {
		return nil, errs
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// LoadFile loads one scheme from a file on disk.
func LoadFile(name string) (*Scheme, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(name, data)
}

// checkUnique refuses two schemes with one name: the name is how a scheme is
// asked for and how its table is labelled.
func checkUnique(list []*Scheme) ErrorList {
	var errs ErrorList
	seen := map[string]*Scheme{}
	for _, s := range list {
		if first, ok := seen[s.Name]; ok {
			errs = append(errs, &Error{File: s.File, Code: CodeDuplicate,
				Msg: fmt.Sprintf("scheme name %q is already used by %s; give the copy a name of its own", s.Name, first.File)})
			continue
		}
		seen[s.Name] = s
	}
	return errs
}

// CheckUnique returns an error when two of the schemes share a name.
func CheckUnique(list []*Scheme) error {
	if errs := checkUnique(list); len(errs) > 0 {
		return errs
	}
	return nil
}

// The file format, as decoded. Expressions are kept with their position so
// that compile errors point into the file.
type (
	rawScheme struct {
		Name        string        `yaml:"name"`
		Title       string        `yaml:"title"`
		Source      string        `yaml:"source"`
		Description string        `yaml:"description"`
		Points      *rawPoints    `yaml:"points"`
		Tiebreaks   []rawTiebreak `yaml:"tiebreaks"`
		Residual    *rawResidual  `yaml:"residual"`
		Knockout    *rawKnockout  `yaml:"knockout"`
		Team        *rawTeam      `yaml:"team"`
	}
	rawPoints struct {
		Win  exprSrc `yaml:"win"`
		Draw exprSrc `yaml:"draw"`
		Loss exprSrc `yaml:"loss"`
	}
	rawTiebreak struct {
		Name string  `yaml:"name"`
		Expr exprSrc `yaml:"expr"`
	}
	rawResidual struct {
		Name      string  `yaml:"name"`
		Material  exprSrc `yaml:"material"`
		Attacking exprSrc `yaml:"attacking"`
		Score     exprSrc `yaml:"score"`
	}
	rawKnockout struct {
		Description      string `yaml:"description"`
		DecideAfterDraws *int   `yaml:"decide_after_draws"`
	}
	rawTeam struct {
		Description string `yaml:"description"`
		MinDraws    *int   `yaml:"min_draws"`
	}
)

// exprSrc is an expression as written in the file: a scalar (plain, quoted
// or a | block) and where it starts.
type exprSrc struct {
	Text    string
	Line    int // 0 when the field is absent
	Column  int // column of the first character of the text
	Block   bool
	BadKind string // set when the node is not a scalar
}

// UnmarshalYAML keeps the node's position. A non-scalar is not an error here
// (goccy would lose the position); it is reported by the loader.
func (x *exprSrc) UnmarshalYAML(n ast.Node) error {
	tk := n.GetToken()
	x.Line, x.Column = tk.Position.Line, tk.Position.Column
	switch v := n.(type) {
	case *ast.LiteralNode:
		x.Text, x.Block = v.Value.Value, true
	case *ast.StringNode, *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		x.Text = tk.Value
		if tk.Type == token.DoubleQuoteType || tk.Type == token.SingleQuoteType {
			x.Column++
		}
	default:
		x.BadKind = n.Type().String()
	}
	return nil
}

// expression is a compiled expression and where it is written.
type expression struct {
	src    exprSrc
	prog   *vm.Program
	field  string // "points.draw", "residual.score" …
	file   string // the scheme file, for run-time errors
	source string // the file's line where the expression starts
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// loader collects the errors of one file.
type loader struct {
	file  string
	data  []byte
	lines []string
	ast   *ast.File
	errs  ErrorList
}

func (l *loader) errAt(line, col int, code, format string, args ...any) {
	e := &Error{File: l.file, Line: line, Column: col, Code: code, Msg: fmt.Sprintf(format, args...)}
	if line >= 1 && line <= len(l.lines) {
		e.Source = l.lines[line-1]
	}
	l.errs = append(l.errs, e)
}

// errPath reports at a field given by a path ("points.win",
// "tiebreaks[0].expr"): at its key when it is there, else at the nearest
// enclosing field that is (a missing field is reported at its section).
func (l *loader) errPath(p, code, format string, args ...any) {
	line, col := l.find(p)
	l.errAt(line, col, code, format, args...)
}

// find returns the position of the deepest existing node along path: the
// key of a mapping entry, the first key of a sequence element that is a
// mapping, or the element itself; a scalar at the end of the full path is
// pointed at itself.
func (l *loader) find(p string) (line, col int) {
	line, col = 1, 1
	if l.ast == nil || len(l.ast.Docs) == 0 {
		return
	}
	node := l.ast.Docs[0].Body
	for _, seg := range splitPath(p) {
		var next ast.Node
		var at *token.Token
		if i, ok := seg.index(); ok {
			if sq, isSeq := node.(*ast.SequenceNode); isSeq && i < len(sq.Values) {
				next = sq.Values[i]
				at = firstToken(next)
			}
		} else {
			for _, mv := range mappingValues(node) {
				if mv.Key != nil && mv.Key.String() == string(seg) {
					next, at = mv.Value, mv.Key.GetToken()
					break
				}
			}
		}
		if next == nil || at == nil {
			return
		}
		node, line, col = next, at.Position.Line, at.Position.Column
	}
	// The whole path is there: a bad scalar is pointed at itself.
	switch node.(type) {
	case *ast.MappingNode, *ast.MappingValueNode, *ast.SequenceNode:
	default:
		tk := node.GetToken()
		line, col = tk.Position.Line, tk.Position.Column
	}
	return
}

type pathSeg string

func (s pathSeg) index() (int, bool) {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return 0, false
	}
	n := 0
	for _, c := range s[1 : len(s)-1] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// splitPath splits "tiebreaks[0].expr" into tiebreaks, [0], expr.
func splitPath(p string) []pathSeg {
	var out []pathSeg
	for _, part := range strings.Split(p, ".") {
		for part != "" {
			i := strings.IndexByte(part[1:], '[')
			if i < 0 {
				out = append(out, pathSeg(part))
				break
			}
			out = append(out, pathSeg(part[:i+1]))
			part = part[i+1:]
		}
	}
	return out
}

// mappingValues returns the entries of a mapping node (goccy parses a
// one-entry mapping as a bare MappingValueNode).
func mappingValues(n ast.Node) []*ast.MappingValueNode {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}
	}
	return nil
}

func firstToken(n ast.Node) *token.Token {
	if mv := mappingValues(n); len(mv) > 0 && mv[0].Key != nil {
		return mv[0].Key.GetToken()
	}
	return n.GetToken()
}

// Parse reads and checks one scheme. file names it in messages. The error,
// when there is one, is an ErrorList of every problem found.
func Parse(file string, data []byte) (*Scheme, error) {
	l := &loader{file: file, data: data, lines: strings.Split(string(data), "\n")}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		l.yamlErr(err)
		return nil, l.errs
	}
	l.ast = f
	if len(f.Docs) != 1 || f.Docs[0].Body == nil {
		l.errAt(1, 1, CodeYAML, "want exactly one YAML document holding the scheme, found %d", len(f.Docs))
		return nil, l.errs
	}
	var raw rawScheme
	// Strict: a misspelt field ("tiebreak:") is an error, not a silent default.
	if err := yaml.NodeToValue(f.Docs[0].Body, &raw, yaml.Strict()); err != nil {
		l.yamlErr(err)
		return nil, l.errs
	}
	s := l.build(&raw)
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	return s, nil
}

func (l *loader) evalErr(err error) {
	var pe *Error
	if errors.As(err, &pe) {
		l.errs = append(l.errs, pe)
		return
	}
	l.errAt(1, 1, CodeEval, "%v", err)
}

func (l *loader) yamlErr(err error) {
	var ye yaml.Error
	if errors.As(err, &ye) && ye.GetToken() != nil {
		pos := ye.GetToken().Position
		code := CodeYAML
		var uf *yaml.UnknownFieldError
		if errors.As(err, &uf) {
			code = CodeUnknown
		}
		msg := ye.GetMessage()
		if uf != nil {
			if m := unknownField.FindStringSubmatch(msg); m != nil {
				if s := srcpos.Suggest(m[1], schemeFields); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
			}
		}
		if strings.Contains(msg, "mapping value is not allowed") {
			// The usual cause in a scheme: an expression with ": " in it (a ?: ).
			msg += " (write an expression that contains \": \" in quotes or as a | block)"
		}
		l.errAt(pos.Line, pos.Column, code, "%s", msg)
		return
	}
	l.errAt(1, 1, CodeYAML, "%v", err)
}

func (l *loader) build(raw *rawScheme) *Scheme {
	s := &Scheme{Name: raw.Name, Title: raw.Title, Source: raw.Source, Description: raw.Description, File: l.file}
	switch {
	case raw.Name == "":
		l.errPath("name", CodeMissing, "the scheme has no name")
	case !nameRE.MatchString(raw.Name):
		l.errPath("name", CodeBadValue, "name %q: use lower-case letters, digits, '-', '.' or '_' (it is typed on the command line)", raw.Name)
	}
	if s.Title == "" {
		s.Title = s.Name
	}

	if raw.Points == nil {
		l.errPath("points", CodeMissing, "the scheme has no points section (win, draw, loss)")
	} else {
		for o, src := range [3]exprSrc{raw.Points.Win, raw.Points.Draw, raw.Points.Loss} {
			field := [3]string{"win", "draw", "loss"}[o]
			x, ok := l.compile("points."+field, src, Seat{}, expr.AsFloat64())
			if !ok {
				continue
			}
			// Points depend only on the colour: evaluate them now, so a bad
			// value is a load error and games cost nothing.
			for c := position.Red; c <= position.Black; c++ {
				v, err := x.score(Seat{Red: c == position.Red})
				if err != nil {
					l.evalErr(err)
					break
				}
				s.points[c][o] = v
			}
		}
	}

	for i, t := range raw.Tiebreaks {
		p := fmt.Sprintf("tiebreaks[%d]", i)
		if t.Name == "" {
			l.errPath(p, CodeMissing, "tiebreak %d has no name", i+1)
		}
		x, ok := l.compile(p+".expr", t.Expr, Totals{}, expr.AsFloat64())
		if !ok {
			continue
		}
		if _, err := x.score(Totals{Points: 2.8, Opponents: 3.7, Residual: 0.3, Games: 3, Wins: 1, Draws: 1, Losses: 1, RedGames: 2}); err != nil {
			l.evalErr(err)
			continue
		}
		s.Tiebreaks = append(s.Tiebreaks, Tiebreak{Name: t.Name, x: x})
	}

	if r := raw.Residual; r != nil {
		res := &Residual{Name: r.Name}
		if res.Name == "" {
			res.Name = "residual"
		}
		var ok [3]bool
		res.material, ok[0] = l.compile("residual.material", r.Material, Pieces{}, expr.AsFloat64())
		res.attacking, ok[1] = l.compile("residual.attacking", r.Attacking, Pieces{}, expr.AsBool())
		res.score, ok[2] = l.compile("residual.score", r.Score, Draw{}, expr.AsFloat64())
		if ok[0] && ok[1] && ok[2] {
			// A dry run on a few positions, so that a formula that fails when
			// run (a division by zero, a value finer than 0.01) is refused at
			// load rather than in the middle of an event.
			for _, fen := range dryRunFENs {
				p, err := position.ParseFEN(fen)
				if err != nil {
					panic(err) // a fixed, tested list
				}
				if _, err := res.Of(p); err != nil {
					var pe *Error
					if errors.As(err, &pe) {
						pe.Msg += fmt.Sprintf(" (tried on %s at load)", fen)
					}
					l.evalErr(err)
					break
				}
			}
			s.Residual = res
		}
	}

	if k := raw.Knockout; k != nil {
		switch {
		case k.DecideAfterDraws == nil:
			l.errPath("knockout", CodeMissing, "knockout: decide_after_draws is missing")
		case *k.DecideAfterDraws < 1:
			l.errPath("knockout.decide_after_draws", CodeBadValue, "knockout: decide_after_draws must be 1 or more")
		case raw.Residual == nil:
			l.errPath("knockout", CodeBadValue, "knockout compares 余子分, but the scheme has no residual section")
		default:
			s.Knockout = &KnockoutRule{Description: strings.TrimSpace(k.Description), DecideAfterDraws: *k.DecideAfterDraws}
		}
	}
	if t := raw.Team; t != nil {
		switch {
		case t.MinDraws == nil:
			l.errPath("team", CodeMissing, "team: min_draws is missing")
		case *t.MinDraws < 1:
			l.errPath("team.min_draws", CodeBadValue, "team: min_draws must be 1 or more")
		case raw.Residual == nil:
			l.errPath("team", CodeBadValue, "team compares 余子分, but the scheme has no residual section")
		default:
			s.Team = &TeamRule{Description: strings.TrimSpace(t.Description), MinDraws: *t.MinDraws}
		}
	}
	return s
}

// dryRunFENs are the positions every residual rule is tried on at load: the
// start, the seed's worked example (车士相全 vs 炮士象全), and bare kings.
var dryRunFENs = []string{
	position.StartFEN,
	"2bakab2/9/4c4/9/9/9/9/9/9/R1BAKAB2 w - - 0 1",
	"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
}

// compile compiles src with env as its environment. want is the result type
// option (AsFloat64 or AsBool); with WarnOnAny a formula whose type expr
// cannot pin down is refused too, so nothing is left to chance at run time.
func (l *loader) compile(field string, src exprSrc, env any, want expr.Option) (expression, bool) {
	if src.Line == 0 {
		l.errPath(field, CodeMissing, "%s is missing", field)
		return expression{}, false
	}
	if src.BadKind != "" {
		l.errAt(src.Line, src.Column, CodeYAML, "%s: want an expression (a number or text), found a YAML %s", field, src.BadKind)
		return expression{}, false
	}
	if strings.TrimSpace(src.Text) == "" {
		l.errAt(src.Line, src.Column, CodeMissing, "%s is empty", field)
		return expression{}, false
	}
	prog, err := expr.Compile(src.Text, expr.Env(env), want, expr.WarnOnAny())
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			line, col := l.exprPos(src, fe.Line, fe.Column)
			msg := fe.Message
			if m := unknownName.FindStringSubmatch(msg); m != nil {
				if s := srcpos.Suggest(m[1], envNames(env)); s != "" {
					msg += fmt.Sprintf(" (did you mean %s?)", s)
				}
			}
			l.errAt(line, col, CodeCompile, "%s: %s", field, msg)
		} else {
			msg := err.Error()
			if strings.HasSuffix(msg, "but got unknown") {
				msg += " (when the branches of ?: mix whole and decimal numbers, write the whole ones as 0.0, 1.0)"
			}
			l.errAt(src.Line, src.Column, CodeType, "%s: %s", field, msg)
		}
		return expression{}, false
	}
	x := expression{src: src, prog: prog, field: field, file: l.file}
	if src.Line <= len(l.lines) {
		x.source = l.lines[src.Line-1]
	}
	return x, true
}

// exprPos maps a position inside an expression (line 1-based, column
// 0-based, as expr reports them) to the file.
func (l *loader) exprPos(src exprSrc, line, col int) (int, int) {
	if line < 1 {
		line = 1
	}
	if !src.Block {
		return src.Line + line - 1, src.Column + col
	}
	// A | block starts on the line after the indicator; its indentation is
	// that of its first non-blank line.
	indent := 0
	for i := src.Line; i < len(l.lines); i++ {
		t := l.lines[i]
		if strings.TrimSpace(t) != "" {
			indent = len(t) - len(strings.TrimLeft(t, " "))
			break
		}
	}
	return src.Line + line, indent + col + 1
}

// Run-time evaluation. Errors name the expression's file position; the
// caller adds which game it was.

func (x expression) run(env any) (any, error) {
	v, err := expr.Run(x.prog, env)
	if err != nil {
		return nil, x.err(err.Error())
	}
	return v, nil
}

func (x expression) err(msg string) *Error {
	return &Error{File: x.file, Line: x.src.Line, Column: x.src.Column, Code: CodeEval, Msg: x.field + ": " + msg, Source: x.source}
}

func (x expression) score(env any) (Score, error) {
	v, err := x.run(env)
	if err != nil {
		return 0, err
	}
	f, ok := v.(float64)
	if !ok {
		return 0, x.err(fmt.Sprintf("want a number, got %T", v))
	}
	s, err := FromFloat(f)
	if err != nil {
		return 0, x.err(err.Error())
	}
	return s, nil
}

func (x expression) float(env any) (float64, error) {
	v, err := x.run(env)
	if err != nil {
		return 0, err
	}
	f, ok := v.(float64)
	if !ok {
		return 0, x.err(fmt.Sprintf("want a number, got %T", v))
	}
	return f, nil
}

func (x expression) bool(env any) (bool, error) {
	v, err := x.run(env)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, x.err(fmt.Sprintf("want true or false, got %T", v))
	}
	return b, nil
}

var (
	unknownField = regexp.MustCompile(`unknown field "([^"]+)"`)
	unknownName  = regexp.MustCompile(`^unknown name (\S+)`)
)

// schemeFields is every field name of the scheme format, at any level: what
// a misspelt field is compared with.
var schemeFields = tagNames(reflect.TypeOf(rawScheme{}), "yaml")

// envNames is the names an expression environment offers (its expr tags).
func envNames(env any) []string { return tagNames(reflect.TypeOf(env), "expr") }

func tagNames(t reflect.Type, key string) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get(key), ","); name != "" && name != "-" {
			out = append(out, name)
		}
		if f.Type != reflect.TypeOf(exprSrc{}) {
			out = append(out, tagNames(f.Type, key)...)
		}
	}
	return out
}
