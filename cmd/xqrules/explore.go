package main

// xqrules explore: the cycles where two books part, found from start
// positions, grouped by what decided them, one example of each minimised
// (package explore does the work; this file reads the flags and writes the
// report as text, JSON Lines or an HTML page).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/workbench"
	"github.com/xqrules/xqrules/explore"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

const exploreHelp = `Makes the repetition cycles a player can play from start positions — the cycle a
game played there (starts from game records), a move and a reply each taken back (4
plies, checks and their evasions first) and two pieces alternating (8 plies), all
legal and capturing nothing — judges each under the two books and reports the groups
where they part, how many cycles, the smallest example (pieces removed while the
difference stays; its real colours and plies), the smallest originals with their source,
and the repetitions played in the games that fall in the group.

A group is a kind of difference, whatever the colours and wherever the cycle starts:
each book's deciding verdict row and its verdict, the sides named by their part —
"the varying side" (the one the first book makes vary, else the second's; when
neither does, the side whose labels differ more) and "the other side" — and each
side's labels that differ, counted over its moves, not by ply ("the varying side:
捉 vs 闲 on 1 of its 2 moves"; the first book's label first).

--format jsonl: a line per group, then a summary line ("type": "summary"). A group
line ("type": "group") has key (the whole group identity, as text); a_row, a_clause,
a_verdict and b_row, b_clause, b_verdict (verdicts "draw", "the varying side must
vary" or "the other side must vary"); varying and other, each {moves: the side's
moves in the cycle, labels_differ: one "A vs B" per move labelled differently,
sorted}; labels_differ (the same in words); count; minimal and examples (fen, moves,
moves_cn, shape, source, pieces, varying_side: the colour playing the varying side
there, played: the cycle a game played, a and b: each book's ruling with the real
colours); minimised_from_pieces; played_count and played (the group's cycles played
in the games, as examples).

--from: case files (the YAML of testdata/cases/, JSON Lines with "expect"; each
case's cycle start) or game records (PGN, JSON Lines, DhtmlXQ, XQF; each repetition
cycle's start), comma-separated or repeated. Default: testdata/cases/*.yaml, found
here or at the root of the xqrules source tree (the case files are not in the binary).
--budget: a count of candidate cycles (the same report every run, whatever -j) or a
duration (30s, 2m); default 10000. On a terminal a progress line is drawn on stderr.
An interrupt (Ctrl-C) stops the run and writes what was found, marked as stopped early.
Exit status: 0 explored, 1 a start could not be read (reported and skipped) or the
run was interrupted, 2 bad usage.`

func init() {
	register(&command{name: "explore", summary: "find the smallest positions where two rule books part (for drafting a rule)",
		synopsis: "--rules A,B [--from FILES] [--budget N|DURATION] [--labels] [--format text|jsonl|html] [-j N] [-o OUT]",
		help:     exploreHelp, flags: runExplore, output: true})
}

// exploreContext is the context a run stops on: an interrupt (tests replace it).
var exploreContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// parseBudget reads --budget: a positive count or a positive duration.
func parseBudget(s string) (count int, d time.Duration, err error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n <= 0 {
			return 0, 0, fmt.Errorf("--budget %s: want a positive count or duration", s)
		}
		return n, 0, nil
	}
	d, err = time.ParseDuration(s)
	if err != nil {
		return 0, 0, fmt.Errorf("--budget %q: want a count (5000) or a duration (30s, 2m)", s)
	}
	if d <= 0 {
		return 0, 0, fmt.Errorf("--budget %s: want a positive count or duration", s)
	}
	return 0, d, nil
}

func runExplore(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "", "the two rule sets to compare: bundled ids or rule-set files (11,draft.yaml)")
	from := fs.StringSlice("from", nil, "case files or game records to take start positions from (default: testdata/cases/*.yaml)")
	budget := fs.String("budget", "10000", "candidate cycles to judge (a count), or how long to look (a duration: 30s, 2m)")
	labels := fs.Bool("labels", false, "also keep the cycles whose verdicts agree but whose labels differ")
	format := fs.String("format", "text", "text, jsonl or html")
	choices(fs, "format", "text", "jsonl", "html")
	jobs := fs.IntP("jobs", "j", runtime.GOMAXPROCS(0), "candidates judged in parallel")
	examples := fs.Int("examples", 3, "original examples kept (and minimised) per group")
	return func(e *env, args []string) int {
		switch *format {
		case "text", "jsonl", "html":
		default:
			return usageErr(e, "explore", "unknown --format %q (want text, jsonl or html)", *format)
		}
		if *jobs < 1 {
			return usageErr(e, "explore", "--jobs must be 1 or more")
		}
		if *examples < 1 {
			return usageErr(e, "explore", "--examples must be 1 or more")
		}
		if len(args) > 0 {
			return usageErr(e, "explore", "unexpected argument %q (start files go in --from)", args[0])
		}
		count, dur, err := parseBudget(*budget)
		if err != nil {
			return usageErr(e, "explore", "%v", err)
		}
		if parts := strings.Split(*rulesArg, ","); len(parts) != 2 || strings.TrimSpace(parts[0]) == "all" || strings.TrimSpace(parts[1]) == "all" {
			return usageErr(e, "explore", "--rules wants two rule sets, A,B (e.g. --rules 11,draft.yaml)")
		}
		books, st := exploreBooks(e, *rulesArg)
		if books == nil {
			return st
		}
		files := *from
		if len(files) == 0 {
			if files, err = explore.DefaultCaseFiles(); err != nil {
				return usageErr(e, "explore", "%v", err)
			}
		}
		starts, bad, err := explore.ReadStarts(files...)
		if err != nil {
			return fail(e, "explore", err)
		}
		for _, b := range bad {
			fmt.Fprintf(e.stderr, "xqrules explore: skipped start: %s\n", b)
		}
		ctx, stop := exploreContext()
		defer stop()
		opt := explore.Options{Labels: *labels, Count: count, Time: dur, Jobs: *jobs, Examples: *examples}
		shown := false
		if e.isTerminal { // never in piped output
			opt.Progress = func(p explore.Progress) {
				shown = true
				if p.Phase == "minimise" {
					fmt.Fprintf(e.stderr, "\r\033[Kexplore: minimising groups %d/%d", p.Done, p.Groups)
					return
				}
				rate := float64(p.Judged) / max(p.Elapsed.Seconds(), 1e-3)
				fmt.Fprintf(e.stderr, "\r\033[Kexplore: %d cycles judged (%.0f/s), %d where the books part, %d groups", p.Judged, rate, p.Differ, p.Groups)
			}
		}
		rep, err := explore.Run(ctx, books[0], books[1], starts, opt)
		if shown {
			fmt.Fprint(e.stderr, "\r\033[K")
		}
		if err != nil {
			return fail(e, "explore", err)
		}
		out := exploreOut{Report: rep, From: files, Budget: *budget, Bad: bad}
		switch *format {
		case "jsonl":
			err = writeExploreJSONL(e.stdout, &out)
		case "html":
			err = writeExploreHTML(e.stdout, &out)
		default:
			writeExploreText(e.stdout, &out)
		}
		if err != nil {
			return fail(e, "explore", err)
		}
		status := exitOK
		if rep.Stopped == explore.StoppedInterrupted {
			fmt.Fprintf(e.stderr, "xqrules explore: interrupted: stopped early after %d cycles; the report has what was found\n", rep.Judged)
			status = exitFailed
		}
		if len(bad) > 0 {
			status = exitFailed
		}
		return status
	}
}

// exploreBooks loads the two books --rules names (a draft that fails to
// load is refused here, before any work, with file:line:col).
func exploreBooks(e *env, spec string) ([]*interp.Book, int) {
	parts := strings.Split(spec, ",")
	lib, err := interp.Bundled()
	if err != nil {
		return nil, failRules(e, "explore", err)
	}
	var books []*interp.Book
	for _, p := range parts {
		bs, err := lib.Select(strings.TrimSpace(p))
		if err != nil {
			return nil, failRules(e, "explore", err)
		}
		if len(bs) != 1 {
			return nil, usageErr(e, "explore", "--rules: %q is not one rule set", p)
		}
		books = append(books, bs[0])
	}
	return books, exitOK
}

type exploreOut struct {
	*explore.Report
	From   []string
	Budget string
	Bad    []explore.BadStart
}

func stoppedText(r *explore.Report) string {
	switch r.Stopped {
	case explore.StoppedCount:
		return fmt.Sprintf("stopped early: the count budget was spent (%d cycles); more remain", r.Judged)
	case explore.StoppedTime:
		return "stopped early: the time budget ran out; more cycles remain"
	case explore.StoppedInterrupted:
		return "stopped early: interrupted; this is what was found so far"
	}
	return "every candidate cycle of every start judged"
}

func exploreSummary(o *exploreOut) string {
	r := o.Report
	return fmt.Sprintf("explore %s vs %s: %d starts (%d skipped), %d cycles judged (%d could not be), %d where the books part, %d groups; %s",
		r.A, r.B, r.Starts, len(o.Bad), r.Judged, r.Unjudged, r.Differ, len(r.Groups), stoppedText(r))
}

// groupDecisionText is a book's ruling on a group, its sides named by their
// part.
func groupDecisionText(book, row, clause, verdict string) string {
	if row == "" {
		row = "(no row: default)"
	}
	if clause != "" {
		return fmt.Sprintf("%s: %s (%s) → %s", book, row, clause, verdict)
	}
	return fmt.Sprintf("%s: %s → %s", book, row, verdict)
}

func decisionText(d explore.Decision, clause bool) string {
	row := d.Row
	if row == "" {
		row = "(no row: default)"
	}
	s := fmt.Sprintf("%s: %s → %s", d.Book, row, d.Verdict)
	if clause && d.Clause != "" {
		s = fmt.Sprintf("%s: %s (%s) → %s", d.Book, row, d.Clause, d.Verdict)
	}
	return s
}

func writeExploreText(w io.Writer, o *exploreOut) {
	fmt.Fprintln(w, exploreSummary(o))
	for i, g := range o.Groups {
		m := g.Minimal
		fmt.Fprintf(w, "\ngroup %d: %d cycle(s)\n  %s\n  %s\n", i+1, g.Count,
			groupDecisionText(o.A, g.ARow, g.AClause, g.AVerdict), groupDecisionText(o.B, g.BRow, g.BClause, g.BVerdict))
		if len(g.Labels) > 0 {
			fmt.Fprintf(w, "  labels differ: %s\n", strings.Join(g.Labels, "; "))
		}
		fmt.Fprintf(w, "  smallest example: %d pieces (from %d: %s), %s; the varying side is %s\n    %s\n    %s\n", m.Pieces, g.From, m.Source, m.Shape, m.Varying, m.FEN, strings.Join(m.CN, " "))
		for _, d := range []explore.Decision{m.A, m.B} {
			fmt.Fprintf(w, "    %s: %s → %s\n", d.Book, strings.Join(d.Labels, " "), d.Verdict)
		}
		fmt.Fprintf(w, "  originals:\n")
		for _, x := range g.Examples {
			fmt.Fprintf(w, "    %s%s (the varying side %s): %s  %s\n", x.Source, playedMark(x), x.Varying, x.FEN, strings.Join(x.CN, " "))
		}
		if g.PlayedCount > 0 {
			fmt.Fprintf(w, "  played in the games: %d cycle(s)\n", g.PlayedCount)
			for _, x := range g.PlayedIn {
				fmt.Fprintf(w, "    %s (the varying side %s): %s  %s\n", x.Source, x.Varying, x.FEN, strings.Join(x.CN, " "))
			}
		}
	}
}

// playedMark marks an original that a game played.
func playedMark(x explore.Example) string {
	if x.Played {
		return " [played]"
	}
	return ""
}

// writeExploreJSONL writes a line per group ("type": "group": the fields
// of explore.Group, described in exploreHelp), then a summary line ("type":
// "summary").
func writeExploreJSONL(w io.Writer, o *exploreOut) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, g := range o.Groups {
		if err := enc.Encode(struct {
			Type string `json:"type"`
			explore.Group
		}{"group", g}); err != nil {
			return err
		}
	}
	bad := []string{}
	for _, b := range o.Bad {
		bad = append(bad, b.String())
	}
	r := o.Report
	return enc.Encode(map[string]any{"type": "summary", "a": r.A, "b": r.B, "from": o.From, "budget": o.Budget,
		"starts": r.Starts, "skipped": bad, "judged": r.Judged, "unjudged": r.Unjudged, "differ": r.Differ,
		"groups": len(r.Groups), "exhausted": r.Exhausted, "stopped": r.Stopped})
}

type exploreBoard struct {
	SVG  template.HTML
	Ex   explore.Example
	Text string
}

type exploreGroupView struct {
	N      int
	G      explore.Group
	Min    exploreBoard
	Orig   []exploreBoard
	Played []exploreBoard
	Title  string
}

func boardOf(x explore.Example, width int) (exploreBoard, error) {
	p, err := position.ParseFENComposed(x.FEN)
	if err != nil {
		return exploreBoard{}, err
	}
	svg, err := htmlreport.BoardSVG(p, position.NoMove, nil, width, x.FEN)
	if err != nil {
		return exploreBoard{}, err
	}
	return exploreBoard{SVG: template.HTML(svg), Ex: x}, nil
}

var exploreTmpl = template.Must(template.New("explore").Funcs(template.FuncMap{
	"join": strings.Join,
	"groupA": func(a string, g explore.Group) string {
		return groupDecisionText(a, g.ARow, g.AClause, g.AVerdict)
	},
	"groupB": func(b string, g explore.Group) string {
		return groupDecisionText(b, g.BRow, g.BClause, g.BVerdict)
	},
}).Parse(`<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>xqrules explore — {{.A}} vs {{.B}}</title>
<style>{{.CSS}}
.explore-group{border-top:1px solid #ccc;margin-top:1.5em;padding-top:.5em}
.explore-min{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.explore-orig{display:flex;flex-wrap:wrap;gap:1em}
.explore-orig figure{margin:0;max-width:220px;font-size:.85em}
</style></head><body>
<h1>{{.A}} vs {{.B}}: where the books part</h1>
<p>{{.Summary}}</p>
{{if .Bad}}<h2>Skipped starts</h2><ul>{{range .Bad}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Groups}}<ol>{{range .Groups}}<li><a href="#g{{.N}}">{{.G.Count}}× {{.G.Key}}</a></li>{{end}}</ol>{{end}}
{{range .Groups}}<section class="explore-group" id="g{{.N}}">
<h2>Group {{.N}}: {{.G.Count}} cycle(s)</h2>
<p>{{groupA $.A .G}}<br>{{groupB $.B .G}}{{if .G.Labels}}<br>labels differ: {{join .G.Labels "; "}}{{end}}</p>
<div class="explore-min">{{.Min.SVG}}
<div><h3>Smallest example: {{.Min.Ex.Pieces}} pieces (from {{.G.From}}: {{.Min.Ex.Source}})</h3>
<p>The varying side is {{.Min.Ex.Varying}} here.</p>
<p><code>{{.Min.Ex.FEN}}</code></p><p>{{join .Min.Ex.CN " "}}</p>
<table><tr><th>book</th><th>labels</th><th>verdict</th><th>row</th></tr>
<tr><td>{{.Min.Ex.A.Book}}</td><td>{{join .Min.Ex.A.Labels " "}}</td><td>{{.Min.Ex.A.Verdict}}</td><td>{{.Min.Ex.A.Row}} {{.Min.Ex.A.Clause}}</td></tr>
<tr><td>{{.Min.Ex.B.Book}}</td><td>{{join .Min.Ex.B.Labels " "}}</td><td>{{.Min.Ex.B.Verdict}}</td><td>{{.Min.Ex.B.Row}} {{.Min.Ex.B.Clause}}</td></tr>
</table></div></div>
<h3>Originals</h3><div class="explore-orig">{{range .Orig}}<figure>{{.SVG}}<figcaption>{{.Ex.Source}}{{if .Ex.Played}} (played){{end}} (the varying side {{.Ex.Varying}})<br>{{join .Ex.CN " "}}</figcaption></figure>{{end}}</div>
{{if .G.PlayedCount}}<h3>Played in the games: {{.G.PlayedCount}} cycle(s)</h3><div class="explore-orig">{{range .Played}}<figure>{{.SVG}}<figcaption>{{.Ex.Source}} (the varying side {{.Ex.Varying}})<br>{{join .Ex.CN " "}}</figcaption></figure>{{end}}</div>{{end}}
</section>{{end}}
</body></html>
`))

func writeExploreHTML(w io.Writer, o *exploreOut) error {
	page := struct {
		A, B, Summary string
		CSS           template.CSS
		Bad           []string
		Groups        []exploreGroupView
	}{A: o.A, B: o.B, Summary: exploreSummary(o), CSS: template.CSS(htmlreport.ReportCSS())}
	for _, b := range o.Bad {
		page.Bad = append(page.Bad, b.String())
	}
	for i, g := range o.Groups {
		v := exploreGroupView{N: i + 1, G: g}
		var err error
		if v.Min, err = boardOf(g.Minimal, 320); err != nil {
			return err
		}
		for _, x := range g.Examples {
			b, err := boardOf(x, 200)
			if err != nil {
				return err
			}
			v.Orig = append(v.Orig, b)
		}
		for _, x := range g.PlayedIn {
			b, err := boardOf(x, 200)
			if err != nil {
				return err
			}
			v.Played = append(v.Played, b)
		}
		page.Groups = append(page.Groups, v)
	}
	var b bytes.Buffer
	if err := exploreTmpl.Execute(&b, page); err != nil {
		return err
	}
	_, err := w.Write(htmlreport.WithTextFont(b.Bytes()))
	return err
}

// workbenchExplore is the workbench's explore: over the starts of the
// casebook's files (read once, at the first request), bounded in time, on
// one core (the server judges other requests beside it).
func workbenchExplore(caseFiles []string) workbench.ExploreFunc {
	read := sync.OnceValues(func() ([]explore.Start, error) {
		starts, _, err := explore.ReadStarts(caseFiles...)
		return starts, err
	})
	return func(ctx context.Context, a, b *interp.Book, budget time.Duration, progress func(explore.Progress)) (*explore.Report, error) {
		starts, err := read()
		if err != nil {
			return nil, err
		}
		return explore.Run(ctx, a, b, starts, explore.Options{Time: budget, Jobs: 1, Progress: progress})
	}
}
