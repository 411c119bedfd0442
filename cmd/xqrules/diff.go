package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/interp"
)

// diffHelp is what --help says of the command.
const diffHelp = `Judges every case (case files: the YAML of testdata/cases/, or JSON Lines rows with
"expect") and every repetition cycle of every game (PGN, JSON Lines, DhtmlXQ; gzip
or not) under two rule sets, and prints those whose verdict or any move's label
differs, both sides shown. With no file, the case files of testdata/cases/.
Exit status: 0 compared (differences are not failures), 1 a case, game or rule set
could not be read or judged, 2 bad usage.`

func init() {
	register(&command{name: "diff", summary: "the cases and game cycles whose verdict or labels differ between two rule books", synopsis: "--rules A,B [--cycles all|first|last] [--format text|json] [-j N] [-o OUT] [CASE_FILE|GAME_FILE…]", help: diffHelp, flags: runDiff, output: true})
}

// diffItem is one case or game cycle judged under the two books.
type diffItem struct {
	Kind string `json:"kind"` // case or cycle
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	ID   string `json:"id,omitempty"`
	Game int    `json:"game,omitempty"` // cycles: 1-based index of the record in its file
	Ply  int    `json:"ply,omitempty"`  // cycles: moves played when the repetition is complete
	FEN  string `json:"fen,omitempty"`  // the cycle's start
	// Moves: the cycle judged (empty when a case has none).
	Moves []string      `json:"moves"`
	A     corpus.Ruling `json:"a"`
	B     corpus.Ruling `json:"b"`
	// VerdictDiffers, and the 1-based plies of the cycle whose labels differ.
	VerdictDiffers bool  `json:"verdict_differs"`
	LabelsDiffer   []int `json:"labels_differ,omitempty"`
}

type diffReport struct {
	A        string        `json:"a"`
	B        string        `json:"b"`
	Compared int           `json:"compared"` // cases and cycles judged by both
	Verdicts int           `json:"verdicts"` // of which the verdict differs
	Labels   int           `json:"labels"`   // of which only labels differ
	Diffs    []diffItem    `json:"diffs"`
	Errors   []replayError `json:"errors"`
}

func runDiff(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "", "the two rule sets to compare: bundled ids or rule-set files (11,draft.yaml)")
	mode := fs.String("cycles", interp.CyclesAll, "game files: which cycles of a game (all, first, last; see scan --help)")
	choices(fs, "cycles", interp.CyclesAll, interp.CyclesFirst, interp.CyclesLast)
	format := fs.String("format", "text", "text or json")
	choices(fs, "format", "text", "json")
	jobs := fs.IntP("jobs", "j", runtime.GOMAXPROCS(0), "cases and games judged in parallel")
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "diff", "unknown --format %q (want text or json)", *format)
		}
		switch *mode {
		case interp.CyclesAll, interp.CyclesFirst, interp.CyclesLast:
		default:
			return usageErr(e, "diff", "unknown --cycles %q (want all, first or last)", *mode)
		}
		if *jobs < 1 {
			return usageErr(e, "diff", "--jobs must be 1 or more")
		}
		if parts := strings.Split(*rulesArg, ","); len(parts) != 2 || strings.TrimSpace(parts[0]) == "all" || strings.TrimSpace(parts[1]) == "all" {
			return usageErr(e, "diff", "--rules wants two rule sets, A,B (e.g. --rules 11,draft.yaml)")
		}
		books, st := selectBooks(e, "diff", *rulesArg)
		if books == nil {
			return st
		}
		if len(books) != 2 {
			return usageErr(e, "diff", "--rules names the same rule set twice")
		}
		files := args
		if len(files) == 0 {
			files, _ = filepath.Glob(filepath.Join("testdata", "cases", "*.yaml"))
			if len(files) == 0 {
				return usageErr(e, "diff", "no file given and no testdata/cases/*.yaml here")
			}
		}

		rep := compareBooks(books, files, *mode, *jobs)
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(rep); err != nil {
				return fail(e, "diff", err)
			}
		} else {
			writeDiffText(e.stdout, &rep)
		}
		if len(rep.Errors) > 0 {
			return exitFailed
		}
		return exitOK
	}
}

// compareBooks judges every case and game cycle of the files under the two
// books and reports those whose verdict or labels differ.
func compareBooks(books []*interp.Book, files []string, mode string, jobs int) diffReport {
	rep := diffReport{A: books[0].ID, B: books[1].ID, Diffs: []diffItem{}, Errors: []replayError{}}
	for _, f := range files {
		var items []diffItem
		var errs []replayError
		if interp.IsCaseFile(f) {
			items, errs = diffCases(f, books, jobs)
		} else {
			items, errs = diffGames(f, books, mode, jobs)
		}
		rep.Errors = append(rep.Errors, errs...)
		for _, it := range items {
			if it.A.Verdict == "error" || it.B.Verdict == "error" {
				msg := it.A.Error
				if msg == "" {
					msg = it.B.Error
				}
				rep.Errors = append(rep.Errors, replayError{File: it.File, Line: it.Line, ID: it.ID, Code: "rule",
					Reason: msg, msg: fmt.Sprintf("%s:%d: %s: %s", it.File, it.Line, it.ID, msg)})
				continue
			}
			rep.Compared++
			it.VerdictDiffers = it.A.Verdict != it.B.Verdict
			for i := range max(len(it.A.Labels), len(it.B.Labels)) {
				if at(it.A.Labels, i) != at(it.B.Labels, i) {
					it.LabelsDiffer = append(it.LabelsDiffer, i+1)
				}
			}
			switch {
			case it.VerdictDiffers:
				rep.Verdicts++
			case len(it.LabelsDiffer) > 0:
				rep.Labels++
			default:
				continue
			}
			rep.Diffs = append(rep.Diffs, it)
		}
	}

	return rep
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// diffCases judges every case of a file under the two books, the cycle
// found as `cases` finds it.
func diffCases(path string, books []*interp.Book, jobs int) ([]diffItem, []replayError) {
	var errs []replayError
	cases, err := readCases(path)
	if err != nil {
		if el, ok := err.(interp.ErrorList); ok {
			for _, x := range el {
				errs = append(errs, replayError{File: x.File, Line: x.Line, Code: x.Code, Reason: x.Msg, msg: x.Error()})
			}
		} else {
			errs = append(errs, replayError{File: path, Code: "io", Reason: err.Error(), msg: fmt.Sprintf("%s: %v", path, err)})
		}
	}
	items := make([]diffItem, len(cases))
	bad := make([]error, len(cases))
	forEach(len(cases), jobs, func(i int) {
		items[i], bad[i] = diffCase(&cases[i], books)
	}, nil)
	var out []diffItem
	for i, c := range cases {
		if bad[i] != nil {
			errs = append(errs, replayError{File: c.File, Line: c.Line, ID: c.ID, Code: "case", Reason: bad[i].Error(),
				msg: fmt.Sprintf("%s:%d: %s: %v", c.File, c.Line, c.ID, bad[i])})
			continue
		}
		out = append(out, items[i])
	}
	return out, errs
}

func diffCase(c *interp.Case, books []*interp.Book) (diffItem, error) {
	it := diffItem{Kind: "case", File: c.File, Line: c.Line, ID: c.ID, Moves: []string{}}
	in, err := c.Input()
	if err != nil {
		return it, err
	}
	if len(in.Moves) > 0 {
		it.FEN, it.Moves = in.Start.FEN(), iccs(in.Moves)
	}
	rs := corpus.JudgeEach(books, in)
	it.A, it.B = rs[0], rs[1]
	return it, nil
}

// diffGames judges every cycle of every game of a record file.
func diffGames(path string, books []*interp.Book, mode string, jobs int) ([]diffItem, []replayError) {
	var out []diffItem
	var errs []replayError
	for b := range corpus.Scan([]string{path}, corpus.Options{Books: books, Cycles: mode, Jobs: jobs, Open: openRecord}) {
		for _, g := range b.Items {
			if err := g.Res.Err; err != nil {
				errs = append(errs, errorEntry(err))
				continue
			}
			for _, c := range g.Res.Cycles {
				out = append(out, diffItem{Kind: "cycle", File: c.File, Line: c.Line, ID: c.ID, Game: c.Game, Ply: c.Ply,
					FEN: c.FEN, Moves: c.Moves, A: c.Rulings[0], B: c.Rulings[1]})
			}
		}
	}
	return out, errs
}

func writeDiffText(w io.Writer, rep *diffReport) {
	for _, er := range rep.Errors {
		fmt.Fprintln(w, er.msg)
	}
	width := max(utf8.RuneCountInString(rep.A), utf8.RuneCountInString(rep.B))
	for _, d := range rep.Diffs {
		where := fmt.Sprintf("%s:%d", d.File, d.Line)
		if d.ID != "" {
			where += " " + d.ID
		}
		if d.Kind == "cycle" {
			where += fmt.Sprintf(" ply %d", d.Ply)
		}
		if d.VerdictDiffers {
			fmt.Fprintf(w, "%s: %s %s, %s %s\n", where, rep.A, d.A.Verdict, rep.B, d.B.Verdict)
		} else {
			fmt.Fprintf(w, "%s: both %s; labels differ at ply %s\n", where, d.A.Verdict, joinInts(d.LabelsDiffer))
		}
		if len(d.Moves) > 0 {
			cells := [][]string{d.Moves, d.A.Labels, d.B.Labels}
			names := []string{"", rep.A, rep.B}
			for r, row := range cells {
				var b strings.Builder
				fmt.Fprintf(&b, "  %-*s", width, names[r])
				for i := range d.Moves {
					fmt.Fprintf(&b, "  %s", pad(at(row, i), 4))
				}
				fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
			}
		}
	}
	if len(rep.Diffs) > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s vs %s: %d of %d differ (%d in verdict, %d in labels only); %d errors\n",
		rep.A, rep.B, rep.Verdicts+rep.Labels, rep.Compared, rep.Verdicts, rep.Labels, len(rep.Errors))
}

// pad pads s to n columns, counting a CJK label as two.
func pad(s string, n int) string {
	w := 0
	for _, r := range s {
		if r >= 0x2E80 {
			w += 2
		} else {
			w++
		}
	}
	if w < n {
		s += strings.Repeat(" ", n-w)
	}
	return s
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
