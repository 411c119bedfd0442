package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/interp"
)

func init() {
	register(&command{name: "cases", summary: "run case files: expected vs actual rulings per case and rule set", synopsis: "[--rules IDS|FILE.yaml] [--format text|json] [--verbose] [-o OUT] FILE…", flags: runCases, output: true})
}

// casesReport is the JSON output of xqrules cases.
type casesReport struct {
	Cases  []interp.CaseResult `json:"cases"`
	Passed int                 `json:"passed"`
	Failed int                 `json:"failed"`
	// Errors: rows that could not be run (the others were).
	Errors []caseError `json:"errors,omitempty"`
	// Known: recorded disagreements (engine believed right, or the source),
	// not counted in passed/failed; Uncounted: qualified expectations.
	Known     int `json:"known"`
	Uncounted int `json:"uncounted"`
	// Labels: per rule set, how many expected move labels agree.
	Labels map[string]labelTally `json:"labels,omitempty"`
}

type caseError struct {
	File  string `json:"file"`
	Line  int    `json:"line,omitempty"`
	ID    string `json:"id,omitempty"`
	Error string `json:"error"`
}

type labelTally struct {
	Agree int `json:"agree"`
	Total int `json:"total"`
}

func runCases(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "", "judge only under these rule sets (default: every rule set a case names); rule-set files are loaded")
	format := fs.String("format", "text", "text or json")
	choices(fs, "format", "text", "json")
	verbose := fs.Bool("verbose", false, "text: list passing results too")
	jobs := fs.IntP("jobs", "j", runtime.NumCPU(), "cases judged in parallel")
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "cases", "unknown --format %q (want text or json)", *format)
		}
		if len(args) == 0 {
			return usageErr(e, "cases", "give one or more case files (.jsonl or .yaml)")
		}
		lib, err := interp.Bundled()
		if err != nil {
			return failRules(e, "cases", err)
		}
		only := map[string]bool{}
		if *rulesArg != "" {
			books, err := lib.Select(*rulesArg)
			if err != nil {
				return failRules(e, "cases", err)
			}
			for _, b := range books {
				only[b.ID] = true
			}
		}

		rep := casesReport{Cases: []interp.CaseResult{}, Labels: map[string]labelTally{}}
		var all []interp.Case
		for _, path := range args {
			cs, err := readCases(path)
			if err != nil {
				if el, ok := err.(interp.ErrorList); ok {
					for _, x := range el {
						rep.Errors = append(rep.Errors, caseError{File: x.File, Line: x.Line, Error: x.Msg})
					}
				} else {
					rep.Errors = append(rep.Errors, caseError{File: path, Error: err.Error()})
				}
			}
			all = append(all, cs...)
		}

		// Judge in parallel; report in file order.
		results := make([][]interp.CaseResult, len(all))
		errs := make([]error, len(all))
		forEach(len(all), *jobs, func(i int) {
			results[i], errs[i] = interp.RunCase(lib, &all[i], only)
		}, nil)

		for i := range all {
			c := &all[i]
			if errs[i] != nil {
				rep.Errors = append(rep.Errors, caseError{File: c.File, Line: c.ErrLine(), ID: c.ID, Error: errs[i].Error()})
				continue
			}
			for _, r := range results[i] {
				rep.Cases = append(rep.Cases, r)
				switch r.Status {
				case "pass":
					rep.Passed++
				case "fail":
					rep.Failed++
				case "known":
					rep.Known++
				case "uncounted":
					rep.Uncounted++
				}
				if r.LabelsTotal > 0 {
					t := rep.Labels[r.Ruleset]
					t.Agree += r.LabelsAgree
					t.Total += r.LabelsTotal
					rep.Labels[r.Ruleset] = t
				}
			}
		}
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			enc.Encode(rep)
		} else {
			writeCasesText(e.stdout, &rep, *verbose)
		}
		if rep.Failed > 0 || len(rep.Errors) > 0 {
			return exitFailed
		}
		return exitOK
	}
}

func writeCasesText(w io.Writer, rep *casesReport, verbose bool) {
	writeRulesetsNamed(w, rep.Cases)
	perBook := map[string]*[2]int{}
	var known, uncounted []interp.CaseResult
	for _, r := range rep.Cases {
		switch r.Status {
		case "pass", "fail":
			t := perBook[r.Ruleset]
			if t == nil {
				t = &[2]int{}
				perBook[r.Ruleset] = t
			}
			t[1]++
			if r.Pass {
				t[0]++
			}
		case "known":
			known = append(known, r)
		case "uncounted":
			uncounted = append(uncounted, r)
		}
		if r.Status == "fail" || (verbose && r.Status == "pass") {
			mark := "FAIL"
			if r.Pass {
				mark = "ok  "
			}
			fmt.Fprintf(w, "%s %-24s %-12s expected %-16s got %-16s%s\n", mark, r.ID, r.Ruleset, r.Expected, r.Actual, labelNote(r))
		} else if verbose && r.Status == "labels-only" {
			fmt.Fprintf(w, "     %-24s %-12s got %-16s%s\n", r.ID, r.Ruleset, r.Actual, labelNote(r))
		}
	}
	writeCaseErrors(w, rep.Errors)
	if len(known) > 0 {
		fmt.Fprintln(w, "\nknown disagreements (recorded, not counted):")
		for _, r := range known {
			agree := "now agrees"
			switch {
			case !r.Pass:
				agree = "still differs"
			case r.LabelsAgree < r.LabelsTotal:
				agree = "verdict agrees, labels still differ" // a labels-only disagreement
			}
			fmt.Fprintf(w, "  %-24s %-12s expected %-16s got %-16s (%s) — %s\n", r.ID, r.Ruleset, r.Expected, r.Actual, agree, r.Note)
		}
	}
	if len(uncounted) > 0 {
		fmt.Fprintln(w, "\nuncounted (qualified expectations):")
		for _, r := range uncounted {
			fmt.Fprintf(w, "  %-24s %-12s got %-16s — source: %s\n", r.ID, r.Ruleset, r.Actual, r.Note)
		}
	}
	ids := make([]string, 0, len(perBook))
	for id := range perBook {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Fprintf(w, "\n%d passed, %d failed, %d rows not run; %d known disagreements, %d uncounted\n",
		rep.Passed, rep.Failed, len(rep.Errors), rep.Known, rep.Uncounted)
	for _, id := range ids {
		t := perBook[id]
		line := fmt.Sprintf("  %-12s verdicts %d/%d (%.1f%%)", id, t[0], t[1], pct(t[0], t[1]))
		if l, ok := rep.Labels[id]; ok {
			line += fmt.Sprintf("  labels %d/%d (%.1f%%)", l.Agree, l.Total, pct(l.Agree, l.Total))
		}
		fmt.Fprintln(w, line)
	}
}

// writeRulesetsNamed says which book each rule set named in words was read
// as, so a reader sees what a row ran under.
func writeRulesetsNamed(w io.Writer, cases []interp.CaseResult) {
	type key struct{ named, book string }
	rows := map[key]map[string]bool{}
	var order []key
	for _, r := range cases {
		if r.RulesetNamed == "" {
			continue
		}
		k := key{r.RulesetNamed, r.Ruleset}
		if rows[k] == nil {
			rows[k] = map[string]bool{}
			order = append(order, k)
		}
		rows[k][r.ID] = true
	}
	if len(order) == 0 {
		return
	}
	fmt.Fprintln(w, "rule sets named in words, judged under:")
	for _, k := range order {
		fmt.Fprintf(w, "  %-8s %q (%s)\n", k.book, k.named, plural(len(rows[k]), "row"))
	}
	fmt.Fprintln(w)
}

// writeCaseErrors prints the rows that could not be run; a run of rows of
// one file with the same error (a file of another form) is one line.
func writeCaseErrors(w io.Writer, errs []caseError) {
	for i := 0; i < len(errs); {
		x := errs[i]
		j := i + 1
		for j < len(errs) && errs[j].File == x.File && errs[j].Error == x.Error && errs[j].Line > 0 {
			j++
		}
		where := x.File
		switch {
		case j-i > 1:
			where += fmt.Sprintf(", %d rows from line %d to %d", j-i, x.Line, errs[j-1].Line)
		case x.Line > 0:
			where += fmt.Sprintf(":%d", x.Line)
			if x.ID != "" && x.ID != fmt.Sprintf("line %d", x.Line) {
				where += " (" + x.ID + ")"
			}
		}
		fmt.Fprintf(w, "ERROR %s: %s\n", where, x.Error)
		i = j
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func labelNote(r interp.CaseResult) string {
	if r.LabelsTotal == 0 || r.LabelsAgree == r.LabelsTotal {
		return ""
	}
	var diffs []string
	for _, d := range r.LabelMismatches() {
		diffs = append(diffs, fmt.Sprintf("ply %d %s→%s", d.Ply, d.Expected, d.Got))
	}
	return fmt.Sprintf("  labels %d/%d: %s", r.LabelsAgree, r.LabelsTotal, strings.Join(diffs, ", "))
}

// plural writes n with its noun: "1 row", "3 rows".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// readCaseFile reads a case file, or standard input for "-".
func readCaseFile(path string) (*interp.CaseFile, error) {
	if path != "-" {
		return interp.ReadCaseFile(path)
	}
	data, err := io.ReadAll(stdinSource)
	if err != nil {
		return nil, fmt.Errorf("standard input: %w", err)
	}
	return interp.ReadCaseData("-", data)
}

// readCases is interp.ReadCases, "-" reading standard input.
func readCases(path string) ([]interp.Case, error) {
	cf, err := readCaseFile(path)
	if cf == nil {
		return nil, err
	}
	return cf.Cases, err
}
