package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/xqrules/xqrules/rules"
)

// InForce is the table of the rule book in force for a game, by where it
// was played and when (rules/in-force.yaml; see that file for the format):
// a game is placed in a jurisdiction by its event name, its record's path or
// its tags, then its year picks the period, and the period names the book.
// A game the table does not place is unknown, never guessed.
type InForce struct {
	File    string
	Unknown []UnknownEvent // events given no book (computer events)
	Places  []Place        // tried in order; the default place last
	Periods []InForcePeriod
	books   map[string]*Book
}

// Book returns the loaded book a period names (nil if none).
func (t *InForce) Book(id string) *Book { return t.books[id] }

// UnknownEvent is a kind of event no book binds.
type UnknownEvent struct {
	ID, Reason string
	Event      []string // event-name substrings
	Path       []string // record-path substrings
}

// Place is a jurisdiction and how a record is recognised as played there:
// a substring of its event name, of its path (record id) or of a tag.
type Place struct {
	ID, Name, Source string
	Event, Path      []string
	Tags             map[string][]string
	Default          bool // every record no other place matched
}

// InForcePeriod is one row: the book in force at a place from one year to
// another (inclusive; 0: open).
type InForcePeriod struct {
	Place           string
	From, To        int
	Book            string
	Inferred        bool // the sources do not settle it; Note says why
	Source, Note    string
	Line, Column    int // where the row starts in the file
	bookAt, placeAt pos
}

// Codes of the errors of an in-force table.
const (
	CodeOverlap      = "overlap"       // two periods of one place share a year
	CodeUnknownBook  = "unknown-book"  // a period names a book that is not loaded
	CodeUnknownPlace = "unknown-place" // a period names a place the table does not define
)

// BundledInForce loads the embedded rules/in-force.yaml against the
// library's books.
func BundledInForce(lib *Library) (*InForce, error) {
	return LoadInForce("rules/"+rules.InForceFile, rules.InForce, lib)
}

// LoadInForce reads an in-force table. Every period must name a place of
// the table and a book of lib, and no two periods of a place may share a
// year; a table with any error is refused, every error at file:line:col.
func LoadInForce(name string, data []byte, lib *Library) (*InForce, error) {
	d := &decoder{f: newSrcFile(name, data)}
	t := &InForce{File: name, books: map[string]*Book{}}
	body := d.parseYAML()
	if body == nil {
		return nil, d.errs
	}
	for _, fl := range d.fields(body, "", "the in-force table", "title", "notes", "sources", "unknown", "places", "periods") {
		switch fl.key {
		case "unknown":
			items, _ := d.list(fl, "")
			for _, n := range items {
				var u UnknownEvent
				for _, f := range d.fields(n, "", "an unknown event", "id", "reason", "event", "path") {
					switch f.key {
					case "id":
						u.ID, _ = d.str(f, "")
					case "reason":
						u.Reason, _ = d.str(f, "")
					case "event":
						u.Event = d.strList(f, "")
					case "path":
						u.Path = d.strList(f, "")
					}
				}
				t.Unknown = append(t.Unknown, u)
			}
		case "places":
			items, _ := d.list(fl, "")
			for _, n := range items {
				t.Places = append(t.Places, d.place(n))
			}
		case "periods":
			items, _ := d.list(fl, "")
			for _, n := range items {
				p := d.period(n)
				t.Periods = append(t.Periods, p)
			}
		}
	}
	places := map[string]bool{}
	for i, p := range t.Places {
		places[p.ID] = true
		if p.Default && i != len(t.Places)-1 {
			d.errs = append(d.errs, d.f.errorAt(pos{}, p.ID, CodeBadValue, "the default place must be the last"))
		}
	}
	for i, p := range t.Periods {
		at := pos{p.Line, p.Column}
		if !places[p.Place] {
			d.errs = append(d.errs, d.f.errorAt(p.placeAt, "", CodeUnknownPlace, "place %q is not one of the table's places", p.Place))
		}
		if lib != nil && lib.Book(p.Book) != nil {
			t.books[p.Book] = lib.Book(p.Book)
		} else if lib != nil {
			d.errs = append(d.errs, d.f.errorAt(p.bookAt, "", CodeUnknownBook, "book %q is not loaded (bundled: %s)", p.Book, strings.Join(lib.bundled, ", ")))
		}
		if p.From != 0 && p.To != 0 && p.From > p.To {
			d.errs = append(d.errs, d.f.errorAt(at, "", CodeBadValue, "from %d is after to %d", p.From, p.To))
		}
		for _, q := range t.Periods[:i] {
			if q.Place == p.Place && overlap(p, q) {
				d.errs = append(d.errs, d.f.errorAt(at, "", CodeOverlap, "%s %s overlaps the period of line %d (%s)",
					p.Place, p.years(), q.Line, q.years()))
			}
		}
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return t, nil
}

func (d *decoder) place(n ast.Node) Place {
	var p Place
	for _, f := range d.fields(n, "", "a place", "id", "name", "source", "event", "path", "tags", "default") {
		switch f.key {
		case "id":
			p.ID, _ = d.str(f, "")
		case "name":
			p.Name, _ = d.str(f, "")
		case "source":
			p.Source, _ = d.str(f, "")
		case "event":
			p.Event = d.strList(f, "")
		case "path":
			p.Path = d.strList(f, "")
		case "default":
			p.Default, _ = d.boolean(f, "")
		case "tags":
			p.Tags = map[string][]string{}
			for _, tf := range d.fields(f.value, "", "tags") {
				p.Tags[tf.key] = d.strList(tf, "")
			}
		}
	}
	return p
}

func (d *decoder) period(n ast.Node) InForcePeriod {
	var p InForcePeriod
	for i, f := range d.fields(n, "", "a period", "place", "from", "to", "book", "inferred", "source", "note") {
		if i == 0 {
			at := d.pos(f.keyN)
			p.Line, p.Column = at.line, at.col
		}
		switch f.key {
		case "place":
			p.Place, _ = d.str(f, "")
			p.placeAt = d.pos(f.value)
		case "from":
			p.From, _ = d.integer(f, "")
		case "to":
			p.To, _ = d.integer(f, "")
		case "book":
			p.Book, _ = d.str(f, "")
			p.bookAt = d.pos(f.value)
		case "inferred":
			p.Inferred, _ = d.boolean(f, "")
		case "source":
			p.Source, _ = d.str(f, "")
		case "note":
			p.Note, _ = d.str(f, "")
		}
	}
	if p.Book == "" {
		d.errorf(n, "", CodeMissing, "a period needs a book")
	}
	return p
}

// overlap reports whether two periods share a year.
func overlap(p, q InForcePeriod) bool {
	lo := func(x InForcePeriod) int { return x.From } // 0: open, below every year
	hi := func(x InForcePeriod) int {
		if x.To == 0 {
			return 1 << 30
		}
		return x.To
	}
	return lo(p) <= hi(q) && lo(q) <= hi(p)
}

func (p InForcePeriod) years() string {
	from, to := "…", "…"
	if p.From != 0 {
		from = fmt.Sprint(p.From)
	}
	if p.To != 0 {
		to = fmt.Sprint(p.To)
	}
	return from + "–" + to
}

// GameEvent is what the table reads of a game: its event name, its record's
// path (the record id) and its tags; Year is its year (0: unknown).
type GameEvent struct {
	Name, Path string
	Tags       map[string]string
	Year       int
}

// Placement is where the table puts a game: the book in force, or why
// there is none (Unknown).
type Placement struct {
	Place   string
	Book    string
	Period  *InForcePeriod
	Unknown string // "computer", "undated", "no period": no book
}

// Place finds the book in force for ev.
func (t *InForce) Place(ev GameEvent) Placement {
	for _, u := range t.Unknown {
		if containsAny(ev.Name, u.Event) || containsAny(ev.Path, u.Path) {
			return Placement{Unknown: u.ID}
		}
	}
	place := ""
	for _, p := range t.Places {
		if p.Default || containsAny(ev.Name, p.Event) || containsAny(ev.Path, p.Path) || tagsMatch(ev.Tags, p.Tags) {
			place = p.ID
			break
		}
	}
	if place == "" {
		return Placement{Unknown: "no place"}
	}
	var undated *InForcePeriod
	for i := range t.Periods {
		p := &t.Periods[i]
		if p.Place != place {
			continue
		}
		if p.From == 0 && p.To == 0 {
			return Placement{Place: place, Book: p.Book, Period: p} // every year
		}
		if ev.Year == 0 {
			undated = p
			continue
		}
		if (p.From == 0 || p.From <= ev.Year) && (p.To == 0 || ev.Year <= p.To) {
			return Placement{Place: place, Book: p.Book, Period: p}
		}
	}
	if undated != nil {
		return Placement{Place: place, Unknown: "undated"}
	}
	return Placement{Place: place, Unknown: "no period"}
}

func containsAny(s string, subs []string) bool {
	if s == "" {
		return false
	}
	return slices.ContainsFunc(subs, func(x string) bool { return x != "" && strings.Contains(s, x) })
}

func tagsMatch(tags map[string]string, want map[string][]string) bool {
	for k, subs := range want {
		if containsAny(tags[k], subs) {
			return true
		}
	}
	return false
}
