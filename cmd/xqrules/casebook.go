package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
)

func init() {
	register(&command{name: "casebook", summary: "run case files and write one HTML casebook: boards, moves, every book's labels and verdict, agree/disagree", run: runCasebook})
}

// defaultCaseDir is where casebook looks when no file is given.
const defaultCaseDir = "testdata/cases"

// progressMin: fewer cases than this are judged without a progress line.
const progressMin = 20

func runCasebook(e *env, args []string) int {
	fs := newFlags(e, "casebook", "[--rules IDS|FILE.yaml] [-o OUT.html] [FILE…]  (default: every case file under "+defaultCaseDir+"/)")
	rulesArg := fs.String("rules", "", "judge every case under these rule sets, drafts included (11,./draft.yaml); default: the ones each case names")
	outPath := fs.String("o", "", "write the casebook to this file (default: standard output)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "cases judged in parallel")
	// Flags may follow the files (casebook FILE -o book.html), as a
	// committee types it.
	var files []string
	for rest := args; ; {
		if st, ok := parseFlags(e, fs, rest); !ok {
			return st
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
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
	// Claim the output before the work, so an unwritable path fails at once.
	out, err := newOutput(e, *outPath)
	if err != nil {
		return fail(e, "casebook", err)
	}
	defer out.discard()

	cb := &htmlreport.Casebook{Files: files, Rules: *rulesArg, Extends: map[string]string{}}
	for _, b := range append(lib.Books(), chosen...) {
		cb.Extends[b.ID] = b.Extends
	}
	var all []interp.Case
	for _, path := range files {
		cf, err := interp.ReadCaseFile(path)
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
			continue
		}
		all = append(all, cf.Cases...)
		for _, nb := range cf.NotBuilt {
			cb.NotBuilt = append(cb.NotBuilt, htmlreport.NotBuilt{File: path, Source: nb.Source, Why: nb.Why, Line: nb.Line})
		}
	}
	cb.Cases = judgeCases(e, lib, chosen, all, *jobs)

	if err := htmlreport.WriteCasebook(out, cb); err != nil {
		return fail(e, "casebook", err)
	}
	if err := out.commit(); err != nil {
		return fail(e, "casebook", err)
	}
	t := cb.Count()
	where := ""
	if *outPath != "" {
		where = " → " + *outPath
	}
	fmt.Fprintf(e.stderr, "casebook: %d cases: %d agree, %d disagree, %d rows not run; %d known disagreements, %d uncounted%s\n",
		len(cb.Cases), t.Agree, t.Disagree, t.NotRun, t.Known, t.Uncounted, where)
	for _, c := range cb.Cases {
		if c.Err != nil {
			fmt.Fprintf(e.stderr, "xqrules casebook: %s:%d (%s): %v\n", c.Case.File, c.Case.ErrLine(), c.Case.ID, c.Err)
		}
	}
	for _, x := range cb.Errors {
		where := x.File
		if x.Line > 0 {
			where += fmt.Sprintf(":%d", x.Line)
		}
		fmt.Fprintf(e.stderr, "xqrules casebook: %s: %s\n", where, x.Msg)
	}
	// As xqrules cases: a disagreement or a row not run fails the run (the
	// casebook is written all the same).
	if t.Disagree > 0 || t.NotRun > 0 {
		return exitFailed
	}
	return exitOK
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

// output is where the casebook goes: standard output, or a file written
// beside its final path and renamed into place when complete, so a run
// that fails leaves no half casebook.
type output struct {
	io.Writer
	tmp  *os.File
	path string
}

func newOutput(e *env, path string) (*output, error) {
	if path == "" || path == "-" {
		return &output{Writer: e.stdout}, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("-o %s: is a directory", path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))+"-*.html")
	if err != nil {
		return nil, fmt.Errorf("-o %s: cannot write there: %w", path, unwrapPath(err))
	}
	return &output{Writer: f, tmp: f, path: path}, nil
}

func (o *output) commit() error {
	if o.tmp == nil {
		return nil
	}
	err := o.tmp.Close()
	if err == nil {
		err = os.Chmod(o.tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		return fmt.Errorf("-o %s: %w", o.path, err)
	}
	o.tmp = nil
	return nil
}

// discard removes the temporary file of a run that did not commit.
func (o *output) discard() {
	if o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
	}
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
