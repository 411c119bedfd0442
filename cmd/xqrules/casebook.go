package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
)

func init() {
	register(&command{name: "casebook", summary: "run case files and write one HTML casebook: boards, moves, every book's labels and verdict, agree/disagree", synopsis: "[--rules IDS|FILE.yaml] [-o OUT.html] [FILE…]  (default: every case file under " + defaultCaseDir + "/)", flags: runCasebook, output: true})
}

// defaultCaseDir is where casebook looks when no file is given.
const defaultCaseDir = "testdata/cases"

// progressMin: fewer cases than this are judged without a progress line.
const progressMin = 20

func runCasebook(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "", "judge every case under these rule sets, drafts included (11,./draft.yaml); default: the ones each case names")
	jobs := fs.IntP("jobs", "j", runtime.NumCPU(), "cases judged in parallel")
	return func(e *env, files []string) int {
		if len(files) == 0 {
			files = defaultCaseFiles()
			if len(files) == 0 {
				return usageErr(e, "casebook", "no case files given and none under %s/", defaultCaseDir)
			}
		}
		lib, err := interp.Bundled()
		if err != nil {
			return failRules(e, "casebook", err)
		}
		var chosen []*interp.Book
		if *rulesArg != "" {
			if chosen, err = lib.Select(*rulesArg); err != nil {
				return failRules(e, "casebook", err)
			}
		}
		cb := &htmlreport.Casebook{Files: files, Rules: *rulesArg, Extends: map[string]string{}}
		for _, b := range append(lib.Books(), chosen...) {
			cb.Extends[b.ID] = b.Extends
		}
		var all []interp.Case
		var unread []string
		for _, path := range files {
			cf, err := readCaseFile(path)
			var el interp.ErrorList
			switch {
			case errors.As(err, &el):
				for _, x := range el {
					cb.Errors = append(cb.Errors, htmlreport.RowError{File: x.File, Line: x.Line, Msg: x.Msg})
				}
			case err != nil:
				cb.Errors = append(cb.Errors, htmlreport.RowError{File: path, Msg: err.Error()})
			}
			if cf == nil {
				// A file that cannot be read at all: the casebook would
				// lack it, and is not written.
				unread = append(unread, path)
				continue
			}
			all = append(all, cf.Cases...)
			for _, nb := range cf.NotBuilt {
				cb.NotBuilt = append(cb.NotBuilt, htmlreport.NotBuilt{File: path, Source: nb.Source, Why: nb.Why, Line: nb.Line})
			}
		}
		if len(unread) > 0 {
			for _, x := range cb.Errors {
				fmt.Fprintf(e.stderr, "xqrules casebook: %s\n", rowErrorText(x))
			}
			return fail(e, "casebook", fmt.Errorf("%d case files could not be read (%s): no casebook written", len(unread), strings.Join(unread, ", ")))
		}
		cb.Cases = judgeCases(e, lib, chosen, all, *jobs)

		if err := htmlreport.WriteCasebook(e.stdout, cb); err != nil {
			return fail(e, "casebook", err)
		}
		t := cb.Count()
		where := ""
		if e.output != "" {
			where = " → " + e.output
		}
		fmt.Fprintf(e.stderr, "casebook: %d cases: %d agree, %d disagree, %d rows not run; %d known disagreements, %d uncounted%s\n",
			len(cb.Cases), t.Agree, t.Disagree, t.NotRun, t.Known, t.Uncounted, where)
		for _, c := range cb.Cases {
			if c.Err != nil {
				fmt.Fprintf(e.stderr, "xqrules casebook: %s:%d (%s): %v\n", c.Case.File, c.Case.ErrLine(), c.Case.ID, c.Err)
			}
		}
		for _, x := range cb.Errors {
			fmt.Fprintf(e.stderr, "xqrules casebook: %s\n", rowErrorText(x))
		}
		// As xqrules cases: a disagreement or a row not run fails the run (the
		// casebook is written all the same).
		if t.Disagree > 0 || t.NotRun > 0 {
			return exitFailed
		}
		return exitOK
	}
}

// defaultCaseFiles lists the case files under testdata/cases/.
func defaultCaseFiles() []string {
	var out []string
	for _, pat := range []string{"*.yaml", "*.yml", "*.jsonl"} {
		m, _ := filepath.Glob(filepath.Join(defaultCaseDir, pat))
		out = append(out, m...)
	}
	return out
}

// judgeCases judges every case in parallel, under chosen or (when chosen
// is empty) under the books each case names; the order is kept.
func judgeCases(e *env, lib *interp.Library, chosen []*interp.Book, all []interp.Case, jobs int) []htmlreport.Case {
	res := make([]htmlreport.Case, len(all))
	judge := func(i int) {
		c := &all[i]
		res[i].Case = c
		books := chosen
		var err error
		if len(books) == 0 {
			books, err = c.BooksIn(lib, nil)
		}
		if err == nil {
			res[i].Run, err = interp.JudgeCase(books, c)
		}
		res[i].Err = err
	}
	var last time.Time
	shown := false
	n := 0
	forEach(len(all), jobs, judge, func(i int) {
		n++
		if e.isTerminal && len(all) >= progressMin && (time.Since(last) >= 100*time.Millisecond || n == len(all)) {
			last = time.Now()
			fmt.Fprintf(e.stderr, "\r\033[Kcasebook [%d/%d] %s", n, len(all), all[i].ID)
			shown = true
		}
	})
	if shown {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	return res
}

// rowErrorText is a case file's error as file:line: message.
func rowErrorText(x htmlreport.RowError) string {
	where := x.File
	if x.Line > 0 {
		where += fmt.Sprintf(":%d", x.Line)
	}
	return where + ": " + x.Msg
}
