package interp

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/expr-lang/expr/checker/nature"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/position/record"
	"github.com/xqrules/xqrules/rules"
)

// Library is a set of rule books by id: the bundled ones and any loaded
// from files. A book may extend any other book of its library.
type Library struct {
	books map[string]*Book
	raw   map[string]*rawFile
	order []string
	// bundled ids, in their listing order
	bundled []string
	// progs: compiled programs shared by the library's books (compiler.cache)
	progs map[string]*pred
	tmpls map[string]*reasonTmpl
	types *nature.Cache
}

// NewLibrary returns an empty library.
func NewLibrary() *Library {
	return &Library{books: map[string]*Book{}, raw: map[string]*rawFile{}, progs: map[string]*pred{}, tmpls: map[string]*reasonTmpl{}, types: &nature.Cache{}}
}

var (
	bundledOnce sync.Once
	bundledLib  *Library
	bundledErr  error
)

// Bundled returns a library holding the books embedded in the binary
// (rules/*.yaml). They are loaded and compiled once per process; the
// returned library is the caller's own, so files added to it do not leak
// into other callers'.
func Bundled() (*Library, error) {
	bundledOnce.Do(func() {
		bundledLib, bundledErr = loadFS(rules.Books, "rules")
	})
	if bundledErr != nil {
		return nil, bundledErr
	}
	l := NewLibrary()
	for id, b := range bundledLib.books {
		l.books[id] = b
		l.raw[id] = bundledLib.raw[id]
	}
	l.order = append(l.order, bundledLib.order...)
	l.bundled = append(l.bundled, bundledLib.bundled...)
	return l, nil
}

// loadFS loads every *.yaml file at the top of fsys as a book; prefix names
// them in errors ("rules/11.yaml").
func loadFS(fsys fs.FS, prefix string) (*Library, error) {
	l := NewLibrary()
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	names = slices.DeleteFunc(names, func(n string) bool { return n == rules.InForceFile })
	var errs ErrorList
	datas := make([][]byte, len(names))
	for i, n := range names {
		if datas[i], err = fs.ReadFile(fsys, n); err != nil {
			return nil, err
		}
	}
	// Parsing the YAML is about half of the load; the files are independent,
	// so they are decoded side by side.
	files := make([]*rawFile, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			files[i] = decodeFile(strings.TrimSuffix(n, ".yaml"), path.Join(prefix, n), datas[i])
		}()
	}
	wg.Wait()
	for _, rf := range files {
		errs = append(errs, rf.d.errs...)
	}
	if _, err := l.add(files, errs); err != nil {
		return nil, err
	}
	l.order = sortedBookIDs(l.books)
	l.bundled = append([]string(nil), l.order...)
	return l, nil
}

// bookOrder is the listing order of the bundled books: the Chinese books
// by year, then the others. Unknown ids sort after, by name.
var bookOrder = []string{"79", "87", "99", "11", "20", "asian", "tw-1982", "wang-zhong", "wang-zhong-2", "ko"}

func sortedBookIDs(books map[string]*Book) []string {
	ids := make([]string, 0, len(books))
	for id := range books {
		ids = append(ids, id)
	}
	rank := func(id string) int {
		for i, x := range bookOrder {
			if x == id {
				return i
			}
		}
		return len(bookOrder)
	}
	sort.Slice(ids, func(i, j int) bool {
		ri, rj := rank(ids[i]), rank(ids[j])
		if ri != rj {
			return ri < rj
		}
		return ids[i] < ids[j]
	})
	return ids
}

// Book returns the book with id, or nil.
func (l *Library) Book(id string) *Book { return l.books[id] }

// Books returns the library's books: bundled ones in their order, then the
// ones added, in the order they were added.
func (l *Library) Books() []*Book {
	out := make([]*Book, 0, len(l.order))
	for _, id := range l.order {
		out = append(out, l.books[id])
	}
	return out
}

// LoadFile loads a rule-set file into the library (its id is the file's
// stem) and returns it compiled, or an ErrorList with every problem.
func (l *Library) LoadFile(name string) (*Book, error) {
	bs, err := l.LoadFiles(name)
	if err != nil {
		return nil, err
	}
	return bs[0], nil
}

// LoadFiles loads several rule-set files together, so that they may extend
// one another in any order. Either all are loaded, or none and the error is
// an ErrorList with every problem of every file.
func (l *Library) LoadFiles(names ...string) ([]*Book, error) {
	var errs ErrorList
	var files []*rawFile
	for _, name := range names {
		data, e := readRuleFile(name)
		if e != nil {
			errs = append(errs, e)
			continue
		}
		id := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		rf := decodeFile(id, name, data)
		errs = append(errs, rf.d.errs...)
		if old, ok := l.raw[id]; ok && old.f.name != name {
			errs = append(errs, &Error{File: name, Code: CodeDuplicateBook,
				Msg: fmt.Sprintf("rule set %q is already loaded from %s", id, old.f.name)})
			continue
		}
		files = append(files, rf)
	}
	return l.add(files, errs)
}

// LoadBytes loads a rule set given as bytes; id is its id, name the name
// errors give it.
func (l *Library) LoadBytes(id, name string, data []byte) (*Book, error) {
	rf := decodeFile(id, name, data)
	errs := append(ErrorList(nil), rf.d.errs...)
	if old, ok := l.raw[id]; ok && old.f.name != name {
		errs = append(errs, &Error{File: name, Code: CodeDuplicateBook,
			Msg: fmt.Sprintf("rule set %q is already loaded from %s", id, old.f.name)})
	}
	bs, err := l.add([]*rawFile{rf}, errs)
	if err != nil {
		return nil, err
	}
	return bs[0], nil
}

// add builds decoded files into the library: all of them, or none. Files
// are built even when decoding found problems, so one load reports every
// error (rules too broken to decode are left out of the build).
func (l *Library) add(files []*rawFile, errs ErrorList) ([]*Book, error) {
	var fresh []*rawFile
	for _, rf := range files {
		if _, dup := l.raw[rf.id]; !dup {
			l.raw[rf.id] = rf
			fresh = append(fresh, rf)
		}
	}
	var out []*Book
	for _, rf := range files {
		if rf.broken {
			out = append(out, nil)
			continue
		}
		b, e := l.build(rf)
		errs = append(errs, e...)
		out = append(out, b)
	}
	if len(errs) == 0 {
		for i, rf := range files {
			if _, ok := l.books[rf.id]; !ok {
				l.order = append(l.order, rf.id)
			}
			l.books[rf.id] = out[i]
		}
		return out, nil
	}
	for _, rf := range fresh {
		delete(l.raw, rf.id)
	}
	errs = dedupe(errs)
	errs.sort()
	return nil, errs
}

// readRuleFile reads a rule-set file, refusing one over MaxFileBytes
// without reading all of it.
func readRuleFile(name string) ([]byte, *Error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, &Error{File: name, Code: CodeIO, Msg: unwrapPathErr(err).Error()}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, &Error{File: name, Code: CodeIO, Msg: unwrapPathErr(err).Error()}
	}
	if len(data) > MaxFileBytes {
		size := int64(len(data))
		if st, err := f.Stat(); err == nil {
			size = st.Size()
		}
		return nil, &Error{File: name, Code: CodeTooLarge,
			Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit for a rule set", size, MaxFileBytes)}
	}
	// GBK or Big5 text is read as such; bytes that are no text are named,
	// never echoed.
	data, _, err = record.DecodeText(data, "")
	if err != nil {
		return nil, &Error{File: name, Code: CodeEncoding, Msg: err.Error()}
	}
	return data, nil
}

// looksLikePath reports whether a --rules item or an extends value names a
// file rather than a book id.
func looksLikePath(s string) bool {
	return strings.ContainsRune(s, '/') || strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".yml")
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Select returns the books the specs name, in order and each once: a book
// id, "all" (every bundled book), a path of a rule-set file (with a '/' or a
// .yaml suffix), which is loaded, or a comma-separated list of these as a
// --rules value gives them. Select("11", "20") and Select("11,20") are the
// same; Select() is Select("all").
func (l *Library) Select(specs ...string) ([]*Book, error) {
	return l.selectSpec(strings.Join(specs, ","))
}

// recite rewrites a cite's references to the edition from as references
// to the edition as: each "; "-separated part that starts with from and a
// space ("2011 24.3; 2020 图14" → "2020 24.3; 2020 图14").
func recite(cite, from, as string) string {
	parts := strings.Split(cite, "; ")
	for i, p := range parts {
		if rest, ok := strings.CutPrefix(p, from+" "); ok {
			parts[i] = as + " " + rest
		}
	}
	return strings.Join(parts, "; ")
}

// ErrNoRuleSet is a rule set asked for by a name that is no bundled book
// nor a file (errors.Is finds it in Select's error).
var ErrNoRuleSet = errors.New("no rule set")

// editionBook is the bundled book of the Chinese rules an edition year
// names ("2011" → "11"), as case files name them (rulesetYears); only a
// book's own edition, not the years whose rules a later book kept.
func editionBook(year string) string {
	for _, ry := range rulesetYears {
		if ry.year == year && strings.HasSuffix(ry.year, ry.book) {
			return ry.book
		}
	}
	return ""
}

func (l *Library) selectSpec(spec string) ([]*Book, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" || spec == "all" {
		out := make([]*Book, 0, len(l.bundled))
		for _, id := range l.bundled {
			out = append(out, l.books[id])
		}
		return out, nil
	}
	var out []*Book
	seen := map[string]bool{}
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		var b *Book
		switch {
		case item == "all":
			bs, _ := l.selectSpec("all")
			for _, b := range bs {
				if !seen[b.ID] {
					seen[b.ID] = true
					out = append(out, b)
				}
			}
			continue
		case looksLikePath(item):
			var err error
			b, err = l.LoadFile(item)
			if err != nil {
				return nil, err
			}
		default:
			b = l.books[item]
			if b == nil {
				b = l.books[editionBook(item)]
			}
			if b == nil {
				return nil, fmt.Errorf("%w %s (bundled: %s; or an edition year: 1979, 1987, 1999, 2011, 2020)", ErrNoRuleSet, excerpt.Quote(item), strings.Join(l.bundled, ", "))
			}
		}
		if !seen[b.ID] {
			seen[b.ID] = true
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: --rules names none", ErrNoRuleSet)
	}
	return out, nil
}

// merged is a book being assembled from its file and what it extends.
type merged struct {
	b       *Book
	defs    map[string][]defSrc
	sources map[string]bool
}

// build merges rf with the books it extends and compiles the result.
func (l *Library) build(rf *rawFile) (*Book, ErrorList) {
	m, errs := l.merge(rf, nil)
	if m == nil || len(errs) > 0 {
		return nil, errs
	}
	c := &compiler{book: m.b, defs: m.defs, cache: l.progs, tmplCache: l.tmpls, ntCache: l.types}
	c.compileBook(m)
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	rd := readsOf(m.b)
	m.b.Params.Detail = detailOf(m.b, rd)
	m.b.Params.Skip = skipOf(m.b, rd)
	return m.b, nil
}

func (l *Library) merge(rf *rawFile, stack []string) (*merged, ErrorList) {
	m, errs := l.extended(rf, stack)
	if m == nil {
		return nil, errs
	}
	m.take(rf)
	errs = append(errs, m.checkIDs()...)
	for _, o := range rf.overrides {
		errs = append(errs, m.apply(o)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return m, nil
}

// extended returns what rf starts from: the book it extends, merged (a
// copy of its own), or an empty book with the default params; nil and the
// errors when the book extended is missing, has errors, or extends back
// (stack: the files whose merge asked for this one).
func (l *Library) extended(rf *rawFile, stack []string) (*merged, ErrorList) {
	for _, s := range stack {
		if s == rf.id {
			return nil, ErrorList{rf.f.errorAt(rf.extendsAt, "", CodeExtendsCycle,
				"extends cycle: %s", strings.Join(append(stack, rf.id), " → "))}
		}
	}
	if rf.extends == "" {
		return &merged{b: &Book{Params: facts.DefaultParams(), Repetitions: 3, JudgeFrom: JudgeFromPrevious}, defs: map[string][]defSrc{}, sources: map[string]bool{}}, nil
	}
	parent := l.raw[rf.extends]
	if parent == nil {
		known := make([]string, 0, len(l.raw))
		for id := range l.raw {
			known = append(known, id)
		}
		sort.Strings(known)
		msg := fmt.Sprintf("extends %q, which is not loaded", rf.extends)
		if looksLikePath(rf.extends) {
			id := strings.TrimSuffix(strings.TrimSuffix(path.Base(rf.extends), ".yaml"), ".yml")
			msg = fmt.Sprintf("extends takes a book id, not a file: load %s before this file (--rules %s,THIS.yaml) and write extends: %q", rf.extends, rf.extends, id)
		} else if s := suggest(rf.extends, known); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return nil, ErrorList{rf.f.errorAt(rf.extendsAt, "", CodeExtendsMissing, "%s", msg)}
	}
	if parent == rf {
		return nil, ErrorList{rf.f.errorAt(rf.extendsAt, "", CodeExtendsCycle, "a rule set cannot extend itself")}
	}
	pm, e := l.merge(parent, append(stack, rf.id))
	if pm == nil {
		if len(stack) == 0 && len(e) > 0 && e[0].Code != CodeExtendsCycle {
			// The parent's own errors are reported when it is loaded.
			return nil, ErrorList{rf.f.errorAt(rf.extendsAt, "", CodeExtendsMissing, "extends %q, which has errors", rf.extends)}
		}
		return nil, e
	}
	return pm.clone(), nil
}

// take adds rf's own parts to the book it starts from: the clauses taken
// re-cited, its title and the like, sources, params, labels, definitions
// (replacing those of the same name) and rules (appended; its overrides
// are applied after).
func (m *merged) take(rf *rawFile) {
	b := m.b
	if rf.citeFrom != "" && rf.citeAs != "" {
		// The clauses taken from the book extended (not yet this file's
		// own) cite this book's edition.
		for _, r := range b.Moves {
			r.Cite = recite(r.Cite, rf.citeFrom, rf.citeAs)
		}
		for _, p := range b.Patterns {
			p.Cite = recite(p.Cite, rf.citeFrom, rf.citeAs)
		}
		for _, r := range b.Verdict {
			r.Cite = recite(r.Cite, rf.citeFrom, rf.citeAs)
		}
	}
	b.ID, b.File, b.Extends = rf.id, rf.f.name, rf.extends
	b.Title, b.Summary, b.Notes, b.Year, b.Status, b.InForce = rf.title, rf.summary, rf.notes, rf.year, rf.status, rf.inForce
	for _, s := range rf.sources {
		replaced := false
		for i := range b.Sources {
			if b.Sources[i].ID == s.ID {
				b.Sources[i], replaced = s, true
			}
		}
		if !replaced {
			b.Sources = append(b.Sources, s)
		}
		m.sources[s.ID] = true
	}
	rf.applyParams(&b.Params, b)
	if rf.labelsSet {
		b.Labels = append([]Label(nil), rf.labels...)
	}
	if rf.defaultLbl != "" {
		b.DefaultLabel = rf.defaultLbl
	}
	for scope, ds := range rf.defs {
		for _, d := range ds {
			replaced := false
			for i := range m.defs[scope] {
				if m.defs[scope][i].name == d.name {
					m.defs[scope][i], replaced = d, true
				}
			}
			if !replaced {
				m.defs[scope] = append(m.defs[scope], d)
			}
		}
	}
	for _, r := range rf.moves {
		b.Moves = append(b.Moves, cloneMove(r))
	}
	for _, p := range rf.patterns {
		b.Patterns = append(b.Patterns, clonePattern(p))
	}
	for _, r := range rf.verdict {
		b.Verdict = append(b.Verdict, cloneRow(r))
	}
}

func (m *merged) clone() *merged {
	b := *m.b
	b.Sources = append([]Source(nil), m.b.Sources...)
	b.Labels = append([]Label(nil), m.b.Labels...)
	b.Moves = nil
	for _, r := range m.b.Moves {
		b.Moves = append(b.Moves, cloneMove(r))
	}
	b.Patterns = nil
	for _, p := range m.b.Patterns {
		b.Patterns = append(b.Patterns, clonePattern(p))
	}
	b.Verdict = nil
	for _, r := range m.b.Verdict {
		b.Verdict = append(b.Verdict, cloneRow(r))
	}
	out := &merged{b: &b, defs: map[string][]defSrc{}, sources: map[string]bool{}}
	for k, v := range m.defs {
		out.defs[k] = append([]defSrc(nil), v...)
	}
	for k := range m.sources {
		out.sources[k] = true
	}
	return out
}

func cloneMove(r *MoveRule) *MoveRule    { c := *r; return &c }
func clonePattern(p *Pattern) *Pattern   { c := *p; return &c }
func cloneRow(r *VerdictRow) *VerdictRow { c := *r; return &c }

// checkIDs reports ids given twice in the merged book (across moves,
// patterns and verdict rows: an override names a rule by its id alone).
func (m *merged) checkIDs() ErrorList {
	var errs ErrorList
	seen := map[string]*Clause{}
	check := func(c *Clause) {
		if prev, ok := seen[c.ID]; ok {
			where := fmt.Sprintf("%s:%d", prev.file.name, prev.at.line)
			errs = append(errs, c.file.errorAt(c.at, c.ID, CodeDuplicate, "id %q is already used (at %s); use override to change a rule", c.ID, where))
			return
		}
		seen[c.ID] = c
	}
	for _, r := range m.b.Moves {
		check(&r.Clause)
	}
	for _, p := range m.b.Patterns {
		check(&p.Clause)
	}
	for _, r := range m.b.Verdict {
		check(&r.Clause)
	}
	return errs
}

// apply performs one override on the merged book.
func (m *merged) apply(o override) ErrorList {
	b := m.b
	d := o.d
	before := len(d.errs)
	fail := func() ErrorList {
		e := append(ErrorList(nil), d.errs[before:]...)
		d.errs = d.errs[:before]
		return e
	}
	for i, r := range b.Moves {
		if r.ID != o.target {
			continue
		}
		var nr *MoveRule
		if o.node != nil {
			if nr = decodeMoveRule(d, o.node); nr == nil {
				return fail()
			}
		}
		b.Moves = splice(b.Moves, i, o.op, nr)
		return m.checkIDs()
	}
	for i, p := range b.Patterns {
		if p.ID != o.target {
			continue
		}
		var np *Pattern
		if o.node != nil {
			if np = decodePattern(d, o.node); np == nil {
				return fail()
			}
		}
		b.Patterns = splice(b.Patterns, i, o.op, np)
		return m.checkIDs()
	}
	for i, r := range b.Verdict {
		if r.ID != o.target {
			continue
		}
		var nr *VerdictRow
		if o.node != nil {
			if nr = decodeVerdictRow(d, o.node); nr == nil {
				return fail()
			}
		}
		b.Verdict = splice(b.Verdict, i, o.op, nr)
		return m.checkIDs()
	}
	var ids []string
	for _, r := range b.Moves {
		ids = append(ids, r.ID)
	}
	for _, p := range b.Patterns {
		ids = append(ids, p.ID)
	}
	for _, r := range b.Verdict {
		ids = append(ids, r.ID)
	}
	msg := fmt.Sprintf("%s %q: no rule, pattern or verdict row has this id", o.op, o.target)
	if s := suggest(o.target, ids); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ErrorList{d.f.errorAt(o.at, o.target, CodeUnknownRule, "%s", msg)}
}

// splice applies op at index i of list.
func splice[T any](list []T, i int, op string, item T) []T {
	switch op {
	case "replace":
		list[i] = item
	case "remove":
		list = append(list[:i:i], list[i+1:]...)
	case "insert_before":
		list = append(list[:i:i], append([]T{item}, list[i:]...)...)
	case "insert_after":
		list = append(list[:i+1:i+1], append([]T{item}, list[i+1:]...)...)
	}
	return list
}

// dedupe drops errors reported twice (a parent's error seen through each
// child).
func dedupe(errs ErrorList) ErrorList {
	seen := map[string]bool{}
	var out ErrorList
	for _, e := range errs {
		k := e.Error() + e.Code
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// envFields are the names a definition may not take, per scope.
var envFields = map[string][]string{
	scopeMove:    fieldNames(reflect.TypeOf(MoveEnv{})),
	scopeThreat:  fieldNames(reflect.TypeOf(ThreatEnv{})),
	scopeOffer:   fieldNames(reflect.TypeOf(OfferEnv{})),
	scopeSide:    fieldNames(reflect.TypeOf(SideEnv{})),
	scopeVerdict: fieldNames(reflect.TypeOf(VerdictEnv{})),
}
