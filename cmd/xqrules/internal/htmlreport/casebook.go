package htmlreport

import (
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/interp"
)

// Case is one case of a casebook: the case as read, and either its run or
// the error that stopped it.
type Case struct {
	Case *interp.Case
	Run  interp.CaseRun
	Err  error
}

// RowError is a part of a case file that could not be read at all.
type RowError struct {
	File string
	Line int
	Msg  string
}

// Casebook is what the casebook command judged.
type Casebook struct {
	Files []string
	// Books: the ids of the books chosen with --rules ("" when every case
	// was judged under the books it names).
	Rules string
	// Extends: book id → the id of the book it extends, so that a draft
	// the cases expect nothing of is compared with its parent's expectation.
	Extends map[string]string
	Cases   []Case
	Errors  []RowError
	// NotBuilt: the figures of the files' sources left without a case, and why.
	NotBuilt []NotBuilt
}

// NotBuilt is a figure a case file lists as not built.
type NotBuilt struct {
	File, Source, Why string
	Line              int
}

// Tally counts a casebook's results as the cases command does: pass is
// agree, fail disagree; known disagreements and uncounted expectations
// apart; NotRun the rows that could not be run.
type Tally struct {
	Agree, Disagree, Known, Uncounted, NotRun int
}

// Count tallies the casebook's results.
func (cb *Casebook) Count() Tally {
	t := Tally{NotRun: len(cb.Errors)}
	for _, c := range cb.Cases {
		if c.Err != nil {
			t.NotRun++
			continue
		}
		for _, r := range c.Run.Results {
			switch r.Status {
			case "pass":
				t.Agree++
			case "fail":
				t.Disagree++
			case "known":
				t.Known++
			case "uncounted":
				t.Uncounted++
			}
		}
	}
	return t
}

// expectCell is what a case expects of one book, and whether the book's
// verdict agrees.
type expectCell struct {
	// Status: agree, disagree, known, uncounted, labels, inherited-agree,
	// inherited-disagree, or "" when the case expects nothing of the book.
	Status   string
	Expected string
	// From: the book whose expectation this is, when not the book itself
	// (a draft compared with the book it extends).
	From string
	Note string
	// Labels: the expected labels that differ; LabelsAgree of LabelsTotal
	// expected labels agree.
	Labels                   string
	LabelsAgree, LabelsTotal int
	// Parent, ParentVerdict: the nearest book this one extends that was
	// judged too, when its verdict differs (what a draft changes).
	Parent, ParentVerdict string
}

type caseView struct {
	Anchor string
	ID     string
	Where  string // file:line
	Source string
	Ruling string
	Notes  string
	Err    string
	Marks  []markCell // for the table of contents
	Cycle  *cycleView
	// Lecture groups the cases; Quote is the source's ruling verbatim;
	// Constructed: the position was built from the source's words.
	Lecture     string
	Quote       string
	Constructed bool
	// Checks: the source's claims the board verified when the file was read.
	Checks []checkView
}

// checkView is one verified check: the claim, and how it was played.
type checkView struct {
	Says, Where, Then string
}

// groupView is a lecture (or figure group) of the casebook: its cases in
// file order.
type groupView struct {
	Title, Anchor string
	Cases         []*caseView
}

// groupCases groups the cases by lecture, in the order lectures first
// appear; cases without one form a group of their own ("").
func groupCases(cases []*caseView) []groupView {
	var out []groupView
	at := map[string]int{}
	for _, c := range cases {
		i, ok := at[c.Lecture]
		if !ok {
			i = len(out)
			at[c.Lecture] = i
			out = append(out, groupView{Title: c.Lecture, Anchor: fmt.Sprintf("group-%d", i+1)})
		}
		out[i].Cases = append(out[i].Cases, c)
	}
	return out
}

func newCheckViews(checks []interp.CaseCheck) []checkView {
	var out []checkView
	for _, ck := range checks {
		where := "in the position given"
		if ck.After > 0 {
			where = fmt.Sprintf("after ply %d", ck.After)
		}
		if len(ck.Play) > 0 {
			where += ", then " + strings.Join(ck.Play, " ")
		}
		out = append(out, checkView{Says: ck.Says, Where: where, Then: strings.Join(ck.Then, ", ")})
	}
	return out
}

type markCell struct {
	Book, Status, Symbol string
}

type bookTally struct {
	ID                                string
	Agree, Disagree, Known, Uncounted int
	LabelsAgree, LabelsTotal          int
	ParentID                          string
	ParentAgree, ParentDiffer, Judged int
	HasOwn                            bool
	// Changed: cases where its verdict differs from that of the judged
	// book it extends (ChangedFrom).
	ChangedFrom string
	Changed     int
}

var statusSymbol = map[string]string{
	"agree": "✓", "disagree": "✗", "known": "≠", "uncounted": "?", "labels": "·",
	"inherited-agree": "✓", "inherited-disagree": "✗",
}

func newCaseView(i int, c Case, extends map[string]string) (*caseView, error) {
	v := &caseView{Anchor: fmt.Sprintf("case-%d", i+1), ID: c.Case.ID, Source: c.Case.Source,
		Ruling: c.Case.Ruling, Notes: c.Case.Notes, Lecture: c.Case.Lecture, Quote: c.Case.Quote,
		Constructed: c.Case.Constructed}
	v.Where = c.Case.File
	if c.Case.Line > 0 {
		v.Where += fmt.Sprintf(":%d", c.Case.Line)
	}
	if v.ID == "" {
		v.ID = v.Where
	}
	if c.Err != nil {
		v.Err = c.Err.Error()
		return v, nil
	}
	v.Checks = newCheckViews(c.Case.Checks) // read without error: every one held
	in := c.Run.Input
	cv, err := newCycleView("", c.Case.FEN, len(c.Case.Moves), in, len(c.Case.Moves)-len(in.Moves), c.Run.Rulings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", v.ID, err)
	}
	results := map[string]interp.CaseResult{}
	for _, r := range c.Run.Results {
		results[r.Ruleset] = r
	}
	verdicts := map[string]string{}
	for _, r := range c.Run.Rulings {
		verdicts[r.Ruleset] = r.Verdict
	}
	for k, r := range c.Run.Rulings {
		if want, ok := c.Case.Labels[r.Ruleset]; ok {
			for i := range cv.Rows {
				if i < len(want) && want[i] != "" && k < len(cv.Rows[i].Cells) {
					cell := &cv.Rows[i].Cells[k]
					cell.Text, cell.TextAgree = want[i], want[i] == cell.Label
				}
			}
		}
	}
	for _, r := range c.Run.Rulings {
		e := expectFor(c.Case, r, results, extends)
		if p := judgedParent(r.Ruleset, verdicts, extends); p != "" && verdicts[p] != r.Verdict {
			e.Parent, e.ParentVerdict = p, verdicts[p]
		}
		cv.Expected = append(cv.Expected, e)
		if e.Status != "" {
			v.Marks = append(v.Marks, markCell{Book: r.Ruleset, Status: e.Status, Symbol: statusSymbol[e.Status]})
		}
		if e.Parent != "" {
			v.Marks = append(v.Marks, markCell{Book: r.Ruleset, Status: "changed", Symbol: "Δ" + e.Parent})
		}
	}
	v.Cycle = cv
	return v, nil
}

// judgedParent: the nearest book id extends and was judged too, or "".
func judgedParent(id string, judged map[string]string, extends map[string]string) string {
	seen := map[string]bool{id: true}
	for p := extends[id]; p != "" && !seen[p]; p = extends[p] {
		seen[p] = true
		if _, ok := judged[p]; ok {
			return p
		}
	}
	return ""
}

func expectFor(c *interp.Case, r interp.Ruling, results map[string]interp.CaseResult, extends map[string]string) expectCell {
	res, ok := results[r.Ruleset]
	if !ok {
		// A book the case does not name: compare with the nearest book it
		// extends that the case expects a verdict of. Shown, not counted.
		seen := map[string]bool{}
		for id := extends[r.Ruleset]; id != "" && !seen[id]; id = extends[id] {
			seen[id] = true
			if want, ok := c.Expect[id]; ok {
				st := "inherited-disagree"
				if want == r.Verdict {
					st = "inherited-agree"
				}
				return expectCell{Status: st, Expected: want, From: id}
			}
		}
		return expectCell{}
	}
	e := expectCell{Expected: res.Expected, Note: res.Note, Labels: labelDiffs(res),
		LabelsAgree: res.LabelsAgree, LabelsTotal: res.LabelsTotal}
	switch res.Status {
	case "pass":
		e.Status = "agree"
	case "fail":
		e.Status = "disagree"
	case "known", "uncounted":
		e.Status = res.Status
	default:
		e.Status = "labels"
	}
	return e
}

func labelDiffs(r interp.CaseResult) string {
	var diffs []string
	for _, d := range r.LabelMismatches() {
		diffs = append(diffs, fmt.Sprintf("ply %d: expected %s, got %s", d.Ply, d.Expected, d.Got))
	}
	if r.LabelsTotal > 0 && len(diffs) == 0 {
		return fmt.Sprintf("labels %d/%d agree", r.LabelsAgree, r.LabelsTotal)
	}
	return strings.Join(diffs, "; ")
}

// bookTallies: per book, in the order books first appear, its counts.
func bookTallies(cases []*caseView) []bookTally {
	var out []*bookTally
	byID := map[string]*bookTally{}
	for _, c := range cases {
		if c.Cycle == nil {
			continue
		}
		for k, b := range c.Cycle.Books {
			t := byID[b.ID]
			if t == nil {
				t = &bookTally{ID: b.ID}
				byID[b.ID] = t
				out = append(out, t)
			}
			t.Judged++
			e := c.Cycle.Expected[k]
			switch e.Status {
			case "agree":
				t.Agree++
			case "disagree":
				t.Disagree++
			case "known":
				t.Known++
			case "uncounted":
				t.Uncounted++
			case "inherited-agree":
				t.ParentAgree++
				t.ParentID = e.From
			case "inherited-disagree":
				t.ParentDiffer++
				t.ParentID = e.From
			}
			if e.Parent != "" {
				t.Changed++
				t.ChangedFrom = e.Parent
			}
			t.LabelsAgree += e.LabelsAgree
			t.LabelsTotal += e.LabelsTotal
			if e.Status != "" && e.From == "" {
				t.HasOwn = true
			}
		}
	}
	res := make([]bookTally, len(out))
	for i, t := range out {
		res[i] = *t
	}
	return res
}
