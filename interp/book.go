package interp

import "github.com/xqrules/xqrules/facts"

// Verdict words (product.md).
const (
	RedMustVary   = "red-must-vary"
	BlackMustVary = "black-must-vary"
	Draw          = "draw"
	NoCycle       = "no-cycle"
)

// Outcomes a verdict row may give.
const (
	SideMustVary  = "side-must-vary"
	OtherMustVary = "other-must-vary"
)

// Clause statuses: how closely a rule follows its source.
const (
	Verbatim    = "verbatim"    // the source's words
	Paraphrased = "paraphrased" // the source's meaning, in other words
	Inferred    = "inferred"    // not written in the source: our reading (why says on what)
)

// Which moves of a repetition a book judges (judge_from).
const (
	// JudgeFromPrevious: the moves since the previous occurrence of the
	// final position — the shortest cycle that ends there (the default).
	JudgeFromPrevious = "previous"
	// JudgeFromFirst: every move since the first of the final position's
	// last `repetitions` occurrences (the repetition the book rules on),
	// when the play came back to it along more than one sequence (Input.Whole).
	JudgeFromFirst = "first"
)

// Book statuses (rules list).
var bookStatuses = []string{"official", "trial", "proposal", "draft", "reconstruction", "analogy"}

// Collections a rule can range over with `for`.
const (
	ForMove    = ""
	ForThreats = "threats"
	ForOffers  = "offers"
)

// Book is a loaded, merged and compiled rule set.
type Book struct {
	ID      string
	File    string
	Title   Title
	Summary string
	Year    int
	InForce Period
	Status  string
	Extends string
	Sources []Source
	Notes   string
	Params  facts.Params
	// Repetitions is how many times the position must occur before the book
	// rules (循环达三次 → 3). A ruling made on fewer occurrences says so.
	Repetitions int
	// JudgeFrom is which moves of a repetition the book judges (judge_from):
	// JudgeFromPrevious, the moves since the final position's previous
	// occurrence (the shortest cycle ending there), or JudgeFromFirst,
	// every move since the first of its last Repetitions occurrences.
	JudgeFrom string
	// Labels in weight order, heaviest first (从重).
	Labels       []Label
	DefaultLabel string

	Moves    []*MoveRule
	Patterns []*Pattern
	Verdict  []*VerdictRow

	labelIndex   map[string]int
	patternIndex map[string]int
	defaultLabel int
	// defaultReason: the reason of a move no rule gives a label, made once.
	defaultReason string
}

// Title is a book's name in Chinese and English.
type Title struct {
	ZH string `json:"zh"`
	EN string `json:"en"`
}

// Period is when a book was in force (years or dates as written; "" unknown).
type Period struct {
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Source is a reference a book cites.
type Source struct {
	ID   string `json:"id"`
	Cite string `json:"cite"`
	URL  string `json:"url,omitempty"`
	Note string `json:"note,omitempty"`
}

// Label is a move classification.
type Label struct {
	Name string `json:"name"`
	EN   string `json:"en,omitempty"`
	// Attack: the label is an attack (打) — a side whose every move is one
	// is 长打 in the Chinese books' terms.
	Attack bool   `json:"attack,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Clause is the provenance every rule, pattern and verdict row carries.
type Clause struct {
	ID     string // unique in the book
	Cite   string // the clause it encodes ("2011 26.1")
	Source string // a source id from the book's sources, optional
	Status string // verbatim, paraphrased, inferred
	Why    string // for inferred: on what the reading rests
	Quote  string // the source's words, when status is verbatim
	Note   string

	file *srcFile
	at   pos // the id's position
}

// MoveRule labels moves (Label) or exempts them from labels (Exempt).
type MoveRule struct {
	Clause
	Label  string
	Exempt []string
	For    string // "", threats, offers
	Tags   []string

	labelAt pos
	label   int // index of Label in the book's Labels

	when, grade, reason exprSrc
	prog, gradeProg     *pred
	tmpl                *reasonTmpl
}

// Pattern is a named condition over one side's moves.
type Pattern struct {
	Clause
	Name string // display name (长将); the id is what expressions use
	when exprSrc
	prog *pred
}

// VerdictRow is one row of the verdict table.
type VerdictRow struct {
	Clause
	Then   string // side-must-vary, other-must-vary, draw
	when   exprSrc
	reason exprSrc
	prog   *pred
	tmpl   *reasonTmpl
}

// When returns a rule's predicate as written.
func (r *MoveRule) When() string { return r.when.text }

// When returns a pattern's predicate as written.
func (p *Pattern) When() string { return p.when.text }

// When returns a row's predicate as written.
func (r *VerdictRow) When() string { return r.when.text }
