package interp

import (
	"strings"
	"unicode"

	"github.com/goccy/go-yaml/ast"

	"github.com/xqrules/xqrules/facts"
)

// rawFile is one rule-set file decoded but not yet merged with what it
// extends, nor compiled.
type rawFile struct {
	id string
	f  *srcFile
	d  *decoder

	title     Title
	titleSet  bool
	summary   string
	notes     string
	year      int
	inForce   Period
	status    string
	extends   string
	extendsAt pos
	sources   []Source
	// citeFrom, citeAs: the clauses taken from the book extended cite the
	// edition citeFrom; this book cites them as citeAs (inherited_cites).
	citeFrom, citeAs string

	params      []paramSet
	labels      []Label
	labelsSet   bool
	labelsAt    pos
	defaultLbl  string
	defaultAt   pos
	defs        map[string][]defSrc // scope → definitions in order
	moves       []*MoveRule
	patterns    []*Pattern
	verdict     []*VerdictRow
	overrides   []override
	topAt       pos
	sourceIDsAt map[string]pos
	// broken: the file is not YAML (or too large); it is not built.
	broken bool
}

// paramSet is one params field as written.
type paramSet struct {
	name  string
	num   int
	str   string
	flag  bool
	at    pos
	isNum bool
}

// defSrc is a named condition (defs) as written.
type defSrc struct {
	name string
	expr exprSrc
	at   pos
	file *srcFile
}

// override is one entry of a book's override list.
type override struct {
	op     string // replace, remove, insert_before, insert_after
	target string
	at     pos
	node   ast.Node // the rule given with it (nil for remove)
	d      *decoder
}

// Def scopes: the environment a named condition is written against.
const (
	scopeMove    = "move"
	scopeThreat  = "threat"
	scopeOffer   = "offer"
	scopeSide    = "side"
	scopeVerdict = "verdict"
)

var topFields = []string{"title", "summary", "year", "in_force", "status", "extends", "inherited_cites", "sources", "notes",
	"params", "labels", "default_label", "defs", "moves", "patterns", "verdict", "override"}

var paramFields = []string{"rook", "horse", "cannon", "advisor", "elephant", "pawn", "crossed_pawn",
	"pawn_trade_no_gain", "mate_depth", "quiet_mate", "quiet_mate_depth", "gain_checks",
	"exchange_depth", "exchange_checks", "node_limit", "repetitions", "chase_exchange", "judge_from"}

var clauseFields = []string{"id", "cite", "source", "status", "why", "quote", "note"}

var moveFields = append([]string{"label", "exempt", "for", "when", "grade", "tags", "reason"}, clauseFields...)
var patternFields = append([]string{"name", "when"}, clauseFields...)
var verdictFields = append([]string{"when", "then", "reason"}, clauseFields...)

// decodeFile decodes one rule-set file. Errors are in d.errs.
func decodeFile(id, name string, data []byte) *rawFile {
	f := newSrcFile(name, data)
	d := &decoder{f: f}
	rf := &rawFile{id: id, f: f, d: d, defs: map[string][]defSrc{}, sourceIDsAt: map[string]pos{}}
	body := d.parseYAML()
	if body == nil {
		rf.broken = true
		return rf
	}
	rf.topAt = d.pos(body)
	seen := map[string]bool{}
	for _, fl := range d.fields(body, "", "the rule set", topFields...) {
		seen[fl.key] = true
		rf.decodeField(fl)
	}
	rf.checkRequired(seen)
	return rf
}

// pair decodes a field that is a mapping of two strings, a and b (title:
// zh, en; in_force: from, to); either may be missing.
func (rf *rawFile) pair(fl field, what, a, b string) (va, vb string) {
	for _, t := range rf.d.fields(fl.value, "", what, a, b) {
		s, _ := rf.d.str(t, "")
		if t.key == a {
			va = s
		} else {
			vb = s
		}
	}
	return va, vb
}

// decodeField decodes one top-level field of the file.
func (rf *rawFile) decodeField(fl field) {
	d := rf.d
	switch fl.key {
	case "title":
		rf.titleSet = true
		rf.title.ZH, rf.title.EN = rf.pair(fl, "title", "zh", "en")
	case "summary":
		rf.summary, _ = d.str(fl, "")
	case "notes":
		rf.notes, _ = d.str(fl, "")
	case "year":
		rf.year, _ = d.integer(fl, "")
	case "in_force":
		rf.inForce.From, rf.inForce.To = rf.pair(fl, "in_force", "from", "to")
	case "status":
		if s, ok := d.str(fl, ""); ok {
			if !contains(bookStatuses, s) {
				d.errorf(fl.value, "", CodeBadValue, "status %q is not one of %s", s, strings.Join(bookStatuses, ", "))
			}
			rf.status = s
		}
	case "extends":
		rf.extends, _ = d.str(fl, "")
		rf.extendsAt = d.pos(fl.value)
	case "inherited_cites":
		rf.decodeInheritedCites(fl)
	case "sources":
		rf.decodeSources(fl)
	case "params":
		rf.decodeParams(fl)
	case "labels":
		rf.decodeLabels(fl)
	case "default_label":
		rf.defaultLbl, _ = d.str(fl, "")
		rf.defaultAt = d.pos(fl.value)
	case "defs":
		rf.decodeDefs(fl)
	case "moves":
		rf.moves = decodeList(d, fl, rf.moves, decodeMoveRule)
	case "patterns":
		rf.patterns = decodeList(d, fl, rf.patterns, decodePattern)
	case "verdict":
		rf.verdict = decodeList(d, fl, rf.verdict, decodeVerdictRow)
	case "override":
		rf.decodeOverrides(fl)
	}
}

// decodeInheritedCites decodes inherited_cites: {from, as}, both needed.
func (rf *rawFile) decodeInheritedCites(fl field) {
	d := rf.d
	for _, t := range d.fields(fl.value, "", "inherited_cites", "from", "as") {
		v, _ := d.str(t, "")
		if t.key == "from" {
			rf.citeFrom = v
		} else {
			rf.citeAs = v
		}
	}
	if rf.citeFrom == "" || rf.citeAs == "" {
		d.errorf(fl.value, "", CodeMissing, "inherited_cites needs from (the edition the clauses taken cite) and as (this book's)")
	}
}

// decodeList appends to out the items of a list field that decode (nil
// for those that do not: their errors are in d.errs).
func decodeList[T any](d *decoder, fl field, out []*T, decode func(*decoder, ast.Node) *T) []*T {
	items, _ := d.list(fl, "")
	for _, it := range items {
		if x := decode(d, it); x != nil {
			out = append(out, x)
		}
	}
	return out
}

// checkRequired reports the fields the file must give and did not (seen:
// those it gives).
func (rf *rawFile) checkRequired(seen map[string]bool) {
	d, f := rf.d, rf.f
	for _, req := range []string{"title", "year", "status"} {
		if !seen[req] {
			d.errs = append(d.errs, f.errorAt(rf.topAt, "", CodeMissing, "missing field %q", req))
		}
	}
	if rf.extends == "" {
		for _, req := range []string{"labels", "verdict"} {
			if !seen[req] {
				d.errs = append(d.errs, f.errorAt(rf.topAt, "", CodeMissing, "missing field %q (a rule set that extends none must give it)", req))
			}
		}
	}
	if rf.titleSet && strings.TrimSpace(rf.title.ZH) == "" && strings.TrimSpace(rf.title.EN) == "" {
		d.errs = append(d.errs, f.errorAt(rf.topAt, "", CodeMissing, "title needs zh or en"))
	}
}

func (rf *rawFile) decodeSources(fl field) {
	d := rf.d
	items, _ := d.list(fl, "")
	for _, it := range items {
		var s Source
		var idAt pos
		for _, t := range d.fields(it, "", "a source", "id", "cite", "url", "note") {
			v, _ := d.str(t, "")
			switch t.key {
			case "id":
				s.ID, idAt = v, d.pos(t.value)
			case "cite":
				s.Cite = v
			case "url":
				s.URL = v
			case "note":
				s.Note = v
			}
		}
		if s.ID == "" {
			d.errorf(it, "", CodeMissing, "a source needs an id")
			continue
		}
		if _, dup := rf.sourceIDsAt[s.ID]; dup {
			d.errs = append(d.errs, rf.f.errorAt(idAt, "", CodeDuplicate, "source id %q given twice", s.ID))
			continue
		}
		rf.sourceIDsAt[s.ID] = idAt
		rf.sources = append(rf.sources, s)
	}
}

func (rf *rawFile) decodeParams(fl field) {
	d := rf.d
	for _, t := range d.fields(fl.value, "", "params", paramFields...) {
		ps := paramSet{name: t.key, at: d.pos(t.value)}
		switch t.key {
		case "pawn_trade_no_gain", "quiet_mate":
			v, ok := d.boolean(t, "")
			if !ok {
				continue
			}
			ps.flag = v
		case "chase_exchange":
			v, ok := d.str(t, "")
			if !ok {
				continue
			}
			switch v {
			case "board":
				ps.num = int(facts.ChaseBoard)
			case "square":
				ps.num = int(facts.ChaseSquare)
			default:
				d.errorf(t.value, "", CodeBadValue, "chase_exchange must be board or square, not %q", v)
				continue
			}
		case "judge_from":
			v, ok := d.str(t, "")
			if !ok {
				continue
			}
			if v != JudgeFromPrevious && v != JudgeFromFirst {
				d.errorf(t.value, "", CodeBadValue, "judge_from must be %s or %s, not %q", JudgeFromPrevious, JudgeFromFirst, v)
				continue
			}
			ps.str = v
		default:
			v, ok := d.integer(t, "")
			if !ok {
				continue
			}
			if v < 0 || v > 10_000_000 {
				d.errorf(t.value, "", CodeBadValue, "%s must be between 0 and 10000000", t.key)
				continue
			}
			ps.num, ps.isNum = v, true
		}
		rf.params = append(rf.params, ps)
	}
}

// applyParams sets the params rf gives on p, and the book's own (the
// repetitions it rules at, the moves it judges) on b.
func (rf *rawFile) applyParams(p *facts.Params, b *Book) {
	for _, ps := range rf.params {
		switch ps.name {
		case "rook":
			p.Rook = ps.num
		case "horse":
			p.Horse = ps.num
		case "cannon":
			p.Cannon = ps.num
		case "advisor":
			p.Advisor = ps.num
		case "elephant":
			p.Elephant = ps.num
		case "pawn":
			p.Pawn = ps.num
		case "crossed_pawn":
			p.CrossedPawn = ps.num
		case "pawn_trade_no_gain":
			p.PawnTradeNoGain = ps.flag
		case "mate_depth":
			p.MateDepth = ps.num
		case "quiet_mate":
			p.QuietMate = ps.flag
		case "quiet_mate_depth":
			p.QuietMateDepth = ps.num
		case "gain_checks":
			p.GainChecks = ps.num
		case "exchange_depth":
			p.ExchangeDepth = ps.num
		case "exchange_checks":
			p.ExchangeChecks = ps.num
		case "node_limit":
			p.NodeLimit = ps.num
		case "repetitions":
			b.Repetitions = ps.num
		case "judge_from":
			b.JudgeFrom = ps.str
		case "chase_exchange":
			p.ChaseExchange = facts.ChaseExchange(ps.num)
		}
	}
}

func (rf *rawFile) decodeLabels(fl field) {
	d := rf.d
	rf.labelsSet = true
	rf.labelsAt = d.pos(fl.value)
	items, _ := d.list(fl, "")
	seen := map[string]bool{}
	for _, it := range items {
		var l Label
		if _, ok := it.(*ast.StringNode); ok {
			l.Name, _ = d.str(field{key: "label", value: it}, "")
		} else {
			for _, t := range d.fields(it, "", "a label", "name", "en", "attack", "note") {
				switch t.key {
				case "name":
					l.Name, _ = d.str(t, "")
				case "en":
					l.EN, _ = d.str(t, "")
				case "attack":
					l.Attack, _ = d.boolean(t, "")
				case "note":
					l.Note, _ = d.str(t, "")
				}
			}
		}
		if l.Name == "" {
			d.errorf(it, "", CodeMissing, "a label needs a name")
			continue
		}
		if seen[l.Name] {
			d.errorf(it, "", CodeDuplicate, "label %q given twice", l.Name)
			continue
		}
		seen[l.Name] = true
		rf.labels = append(rf.labels, l)
	}
	if len(rf.labels) > maxLabels {
		d.errorf(fl.value, "", CodeBadValue, "at most %d labels", maxLabels)
		rf.labels = rf.labels[:maxLabels]
	}
}

func (rf *rawFile) decodeDefs(fl field) {
	d := rf.d
	for _, sc := range d.fields(fl.value, "", "defs", scopeMove, scopeThreat, scopeOffer, scopeSide, scopeVerdict) {
		for _, t := range d.fields(sc.value, "", "defs."+sc.key) {
			if !isIdent(t.key) {
				d.errorf(t.keyN, "", CodeBadValue, "definition name %q is not an identifier (letters, digits, _)", t.key)
				continue
			}
			e := d.exprOf(t, t.key)
			if !e.set {
				continue
			}
			rf.defs[sc.key] = append(rf.defs[sc.key], defSrc{name: t.key, expr: e, at: d.pos(t.keyN), file: rf.f})
		}
	}
}

func (rf *rawFile) decodeOverrides(fl field) {
	d := rf.d
	items, _ := d.list(fl, "")
	for _, it := range items {
		var o override
		o.d = d
		var ruleNode ast.Node
		var ruleKey string
		for _, t := range d.fields(it, "", "an override", "replace", "remove", "insert_before", "insert_after", "with", "rule") {
			switch t.key {
			case "replace", "remove", "insert_before", "insert_after":
				if o.op != "" {
					d.errorf(t.keyN, "", CodeBadValue, "an override does one thing: %s and %s given", o.op, t.key)
					continue
				}
				o.op = t.key
				o.target, _ = d.str(t, "")
				o.at = d.pos(t.value)
			case "with", "rule":
				ruleNode, ruleKey = t.value, t.key
			}
		}
		switch {
		case o.op == "":
			d.errorf(it, "", CodeMissing, "an override needs one of replace, remove, insert_before, insert_after")
			continue
		case o.op == "remove" && ruleNode != nil:
			d.errorf(it, o.target, CodeBadValue, "remove takes no %s", ruleKey)
			continue
		case o.op == "replace" && ruleKey != "with", strings.HasPrefix(o.op, "insert") && ruleKey != "rule":
			want := "with"
			if o.op != "replace" {
				want = "rule"
			}
			d.errorf(it, o.target, CodeMissing, "%s needs %q: the rule to put in", o.op, want)
			continue
		}
		o.node = ruleNode
		rf.overrides = append(rf.overrides, o)
	}
}

// clauseField decodes a field shared by every kind of rule; it reports
// whether t was one.
func decodeClauseField(d *decoder, c *Clause, t field) bool {
	switch t.key {
	case "id":
		c.ID, _ = d.str(t, "")
		c.at = d.pos(t.value)
	case "cite":
		c.Cite, _ = d.str(t, c.ID)
	case "source":
		c.Source, _ = d.str(t, c.ID)
	case "status":
		c.Status, _ = d.str(t, c.ID)
		if c.Status != Verbatim && c.Status != Paraphrased && c.Status != Inferred {
			d.errorf(t.value, c.ID, CodeBadValue, "status %q is not verbatim, paraphrased or inferred", c.Status)
		}
	case "why":
		c.Why, _ = d.str(t, c.ID)
	case "quote":
		c.Quote, _ = d.str(t, c.ID)
	case "note":
		c.Note, _ = d.str(t, c.ID)
	default:
		return false
	}
	return true
}

// checkClause reports what every rule must have.
func checkClause(d *decoder, c *Clause, n ast.Node, what string, identID bool) bool {
	c.file = d.f
	if c.at == (pos{}) {
		c.at = d.pos(n)
	}
	ok := true
	if c.ID == "" {
		d.errorf(n, "", CodeMissing, "%s needs an id", what)
		return false
	}
	if identID && !isIdent(c.ID) {
		d.errs = append(d.errs, d.f.errorAt(c.at, c.ID, CodeBadValue, "a %s id is used in expressions: it must be an identifier (letters, digits, _)", what))
		ok = false
	}
	if !identID && strings.ContainsAny(c.ID, " \t\n") {
		d.errs = append(d.errs, d.f.errorAt(c.at, c.ID, CodeBadValue, "an id has no spaces"))
		ok = false
	}
	if c.Status == "" {
		d.errorf(n, c.ID, CodeMissing, "missing field \"status\" (verbatim, paraphrased or inferred)")
		ok = false
	}
	if c.Status == Inferred && strings.TrimSpace(c.Why) == "" {
		d.errorf(n, c.ID, CodeMissing, "an inferred clause needs \"why\": what the reading rests on")
		ok = false
	}
	if c.Cite == "" {
		d.errorf(n, c.ID, CodeMissing, "missing field \"cite\" (the clause it encodes)")
		ok = false
	}
	return ok
}

func decodeMoveRule(d *decoder, n ast.Node) *MoveRule {
	r := &MoveRule{}
	var whenSet bool
	for _, t := range d.fields(n, idOf(d, n), "a move rule", moveFields...) {
		if decodeClauseField(d, &r.Clause, t) {
			continue
		}
		switch t.key {
		case "label":
			r.Label, _ = d.str(t, r.ID)
			r.labelAt = d.pos(t.value)
		case "exempt":
			r.Exempt = d.strList(t, r.ID)
			r.labelAt = d.pos(t.value)
			if len(r.Exempt) == 0 {
				d.errorf(t.value, idOf(d, n), CodeBadValue, "exempt lists the labels the rule removes")
			}
		case "for":
			r.For, _ = d.str(t, r.ID)
			if r.For != ForThreats && r.For != ForOffers {
				d.errorf(t.value, idOf(d, n), CodeBadValue, "for is threats or offers, not %q", r.For)
				r.For = ForThreats
			}
		case "when":
			r.when = d.exprOf(t, idOf(d, n))
			whenSet = r.when.set
		case "grade":
			r.grade = d.exprOf(t, idOf(d, n))
		case "tags":
			r.Tags = d.strList(t, r.ID)
		case "reason":
			r.reason = d.exprOf(t, idOf(d, n))
		}
	}
	ok := checkClause(d, &r.Clause, n, "a move rule", false) || r.ID != ""
	if !whenSet {
		d.errorf(n, r.ID, CodeMissing, "missing field \"when\"")
		ok = false
	}
	if (r.Label == "") == (len(r.Exempt) == 0) {
		d.errorf(n, r.ID, CodeBadValue, "a move rule gives a label or exempts from labels: exactly one of label, exempt")
		ok = false
	}
	if len(r.Exempt) > 0 && r.grade.set {
		d.errorf(n, r.ID, CodeBadValue, "an exemption has no grade")
		ok = false
	}
	if !ok {
		return nil
	}
	return r
}

func decodePattern(d *decoder, n ast.Node) *Pattern {
	p := &Pattern{}
	for _, t := range d.fields(n, idOf(d, n), "a pattern", patternFields...) {
		if decodeClauseField(d, &p.Clause, t) {
			continue
		}
		switch t.key {
		case "name":
			p.Name, _ = d.str(t, p.ID)
		case "when":
			p.when = d.exprOf(t, idOf(d, n))
		}
	}
	ok := checkClause(d, &p.Clause, n, "pattern", true) || (p.ID != "" && isIdent(p.ID))
	if !p.when.set {
		d.errorf(n, p.ID, CodeMissing, "missing field \"when\"")
		ok = false
	}
	if !ok {
		return nil
	}
	if p.Name == "" {
		p.Name = p.ID
	}
	return p
}

func decodeVerdictRow(d *decoder, n ast.Node) *VerdictRow {
	r := &VerdictRow{}
	for _, t := range d.fields(n, idOf(d, n), "a verdict row", verdictFields...) {
		if decodeClauseField(d, &r.Clause, t) {
			continue
		}
		switch t.key {
		case "when":
			r.when = d.exprOf(t, idOf(d, n))
		case "then":
			r.Then, _ = d.str(t, r.ID)
			if r.Then != SideMustVary && r.Then != OtherMustVary && r.Then != Draw {
				d.errorf(t.value, idOf(d, n), CodeBadValue, "then is side-must-vary, other-must-vary or draw, not %q", r.Then)
			}
		case "reason":
			r.reason = d.exprOf(t, idOf(d, n))
		}
	}
	ok := checkClause(d, &r.Clause, n, "a verdict row", false) || r.ID != ""
	if !r.when.set {
		d.errorf(n, r.ID, CodeMissing, "missing field \"when\"")
		ok = false
	}
	if r.Then == "" {
		d.errorf(n, r.ID, CodeMissing, "missing field \"then\"")
		ok = false
	}
	if !ok {
		return nil
	}
	return r
}

// idOf peeks at a rule's id, so errors in fields decoded before it can name it.
func idOf(d *decoder, n ast.Node) string {
	if m, ok := d.resolve(n).(*ast.MappingNode); ok {
		for _, v := range m.Values {
			if v.Key.String() == "id" {
				if s, ok := d.resolve(v.Value).(*ast.StringNode); ok {
					return s.Value
				}
				return d.resolve(v.Value).GetToken().Value
			}
		}
	}
	return ""
}

// isIdent reports whether s can be used as a name in expressions.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r == '$' || unicode.IsLetter(r)
		if !letter && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	switch s {
	case "true", "false", "nil", "not", "and", "or", "in", "matches", "contains", "startsWith", "endsWith", "let", "if", "else":
		return false
	}
	return true
}
