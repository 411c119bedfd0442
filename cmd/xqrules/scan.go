package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/outfile"
	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

// scanHelp is what --help says of the command.
const scanHelp = `Reads game records (PGN, JSON Lines, DhtmlXQ; gzip or not), finds the repetition
cycles of every game and judges each under every selected rule book, in parallel,
in file order. A cycle is judged as ` + "`judge`" + ` judges a game: its last period, from the
first occurrence of the repeated position. Prints a line per cycle and a summary per
book: red-must-vary / black-must-vary / draw / errors, and, of the cycles that end a
game with a decisive result, how many the book rules against the loser; of the
cycles that end a game with a result, how many it rules as the game ended (per
result and decade), and the disagreements. --rules in-force adds the column of the
book in force for each game (rules/in-force.yaml: place and year → book; a game
it cannot place, a computer event or an undated game, is listed, never guessed).
A bad game is reported (file:line, game, id) and the scan goes on; a progress line
(games, cycles, rate, time left) is shown on stderr when it is a terminal.

text and jsonl are written as the cycles are judged, in input order, in constant
memory whatever the corpus size; jsonl is a JSON object a line: "type": "cycle" or
"error" (a bad game), then one "type": "summary" (what scan-merge adds up). json is
one document built in memory, for small inputs. -o OUT writes text, jsonl or json
to the file OUT instead of standard output (beside it, renamed into place only
when the scan did not stop on an error; never one of the inputs); --html and
--cpuprofile are written the same way. parquet (with -o DIR) writes the
cycles to DIR/cycles.parquet (cycles-K-of-N.parquet with --shard), a row per cycle
with every book's verdict, labels, clause and agreement with the real result (go doc
github.com/xqrules/xqrules/corpus.ParquetCycle), and the summary line to
DIR/summary….jsonl beside it; stdout gets the bad games and the summary table. A
DIR holding files other than the shards' is refused unless --force.

--shard K/N judges the K-th of N shares of the games: a game is in share K when
FNV-1a-64(record id) mod N = K-1 (JSON Lines "id", PGN CCPDPath; without one, the file's
base name and the game's index, "games.pgn#12"); an error that is no game's (a file
that cannot be opened) is counted by the first share, and said by every share (exit 1). Run the N shares anywhere, then
xqrules scan-merge their jsonl outputs: the summary of one run over all the games.
--shard auto takes K and N from a scheduler: a Kubernetes Indexed Job
(JOB_COMPLETION_INDEX, 0-based, and XQRULES_SHARD_COUNT, which you set to the
Job's completions, or --shard auto/N) or a Slurm job array (SLURM_ARRAY_TASK_ID,
SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN); deploy/ has an example of each.
Exit status: 0 ok, 1 any bad game or ruling error, or the output could not be
written, 2 bad usage.`

func init() {
	register(&command{name: "scan", summary: "find every repetition in game corpora and judge it under every rule book; summary per book", synopsis: "[--rules all|in-force|IDS|FILE.yaml] [--cycles all|first|last] [--format text|jsonl|json [-o OUT] | --format parquet -o DIR [--force]] [--quiet] [-j N] [--shard K/N|auto] [--html REPORT.html] [--cpuprofile F] FILE…", help: scanHelp, flags: runScan})
}

// The scan's cycles and summary are the corpus package's.
type (
	scanCycle  = corpus.Cycle
	scanTotals = corpus.Summary
)

type scanReport struct {
	Mode      string               `json:"mode"`
	Games     int                  `json:"games"`
	Cycles    []scanCycle          `json:"cycles"`
	Summary   []corpus.BookSummary `json:"summary"`
	Agreement [][]int              `json:"agreement"` // see corpus.Summary
	Errors    []replayError        `json:"errors"`
	ElapsedMS int64                `json:"elapsed_ms"`
}

// scanMemoryLimit is scan's soft memory limit (runtime/debug.SetMemoryLimit):
// the collector works harder near it rather than let the heap grow.
const scanMemoryLimit = 60 << 20

func runScan(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "all", "rule sets: all, bundled ids (11,asian), rule-set files, or in-force: each game under the book in force at its date and place (rules/in-force.yaml)")
	mode := fs.String("cycles", interp.CyclesAll, "which cycles of a game: all (every distinct cycle in which a position occurs the 3rd time), first (the first of them, as the CCPD corpus records it), last (the cycle the game ends in, as judge finds it)")
	choices(fs, "cycles", interp.CyclesAll, interp.CyclesFirst, interp.CyclesLast)
	format := fs.String("format", "text", "text (a line per cycle as it is judged, then the summary), jsonl (a JSON object per cycle as it is judged, then one summary object; see scan-merge), json (one document, built in memory: for small inputs) or parquet (the cycles to -o DIR as a Parquet file per shard, see --help)")
	choices(fs, "format", "text", "jsonl", "json", "parquet")
	outPath := fs.StringP("output", "o", "", "text, jsonl, json: write to this file instead of standard output (replaced only when the whole output is written; never one of the inputs); parquet: the directory the Parquet file and its summary line are written to")
	force := fs.Bool("force", false, "--format parquet: write into -o DIR even when it holds other files")
	quiet := fs.Bool("quiet", false, "text: print the summary and the errors, not a line per cycle")
	jobs := fs.IntP("jobs", "j", runtime.GOMAXPROCS(0), "games judged in parallel")
	shardArg := fs.String("shard", "", "K/N: judge only the K-th of N shares of the games, partitioned by record id; auto: the share a Kubernetes Indexed Job or a Slurm job array runs this process as (see --help)")
	htmlPath := fs.String("html", "", "also write the summary as an HTML report with charts (verdicts per book, loser must vary, agreement matrix, agreement with the real results by book and decade) to this file")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (for go tool pprof; cmd/xqrules/default.pgo is one)")
	addEncodingFlag(fs)
	var scan runFunc
	// -o is the output file of text, jsonl and json, as every command's
	// (runWithOutput), and the directory of parquet.
	run := func(e *env, args []string) int {
		if *format == "parquet" || *outPath == "" || *outPath == "-" {
			return scan(e, args)
		}
		if st, err := os.Stat(*outPath); err == nil && st.IsDir() {
			return usageErr(e, "scan", "-o %s is a directory: --format parquet writes into a directory, text, jsonl and json to a file", *outPath)
		}
		return runWithOutput(e, "scan", *outPath, scan, args)
	}
	scan = func(e *env, args []string) int {
		switch *format {
		case "text", "jsonl", "json", "parquet":
		default:
			return usageErr(e, "scan", "unknown --format %q (want text, jsonl, json or parquet)", *format)
		}
		if *format == "parquet" && (*outPath == "" || *outPath == "-") {
			return usageErr(e, "scan", "--format parquet writes into a directory: give it with -o DIR")
		}
		if *force && *format != "parquet" {
			return usageErr(e, "scan", "--force is for --format parquet -o DIR (a file given with -o is always replaced)")
		}
		switch *mode {
		case interp.CyclesAll, interp.CyclesFirst, interp.CyclesLast:
		default:
			return usageErr(e, "scan", "unknown --cycles %q (want all, first or last)", *mode)
		}
		if len(args) == 0 {
			return usageErr(e, "scan", "no file given (see xqrules scan --help)")
		}
		if *jobs < 1 {
			return usageErr(e, "scan", "--jobs must be 1 or more")
		}
		sh, err := corpus.ParseShard(*shardArg)
		if err != nil {
			return usageErr(e, "scan", "%v", err)
		}
		books, table, st := selectScanBooks(e, *rulesArg)
		if books == nil {
			return st
		}
		ok := true
		var html *outfile.File
		if *htmlPath != "" {
			// Claimed before the work, so an unwritable path fails at once.
			if html, st, ok = e.create("scan", "--html", *htmlPath); !ok {
				return st
			}
			defer html.Abort()
		}
		// The cycles in flight take a few MB, but their searches allocate
		// far more: collecting less often saves some 8 % of the CPU (CCPD
		// corpus, all books). A soft memory limit keeps the peak flat
		// whatever the corpus size (GOGC 400 alone doubled it, 60 → 125 MB; with
		// the limit ~74 MB peak RSS on the CCPD corpus, CPU as with GOGC 400 alone);
		// GOGC or GOMEMLIMIT in the environment win.
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(400))
		}
		if os.Getenv("GOMEMLIMIT") == "" {
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(scanMemoryLimit))
		}
		var stop func()
		stop, st, ok = startCPUProfile(e, "scan", *cpuprofile)
		if !ok {
			return st
		}
		defer stop()
		files := args
		start := time.Now()
		tot := corpus.NewSummary(*mode, books, sh)
		var out scanOutput
		if *format == "parquet" {
			pq, err := newScanParquet(e, *outPath, *force, sh, &scanText{w: bufio.NewWriterSize(e.stdout, 64<<10), quiet: true})
			var ie *outfile.InputError
			if errors.As(err, &ie) {
				return usageErr(e, "scan", "-o: %v", err)
			}
			if err != nil {
				return fail(e, "scan", err)
			}
			defer pq.discard()
			out = pq
		} else {
			out = newScanOutput(e.stdout, *format, *quiet)
		}
		var prog *scanProgress
		var opened func(int, *record.Reader)
		if e.isTerminal { // never in piped output
			prog = newScanProgress(e.stderr, files)
			opened = prog.setReader
		}
		otherErrs := false
		opt := corpus.Options{Books: books, InForce: table, Cycles: *mode, Jobs: *jobs, Shard: sh, Open: openRecord, Opened: opened}
		for b := range corpus.Scan(files, opt) {
			for i := range b.Items {
				it := &b.Items[i]
				if it.Res.Other {
					// Another shard's; an error that is no game's is
					// counted by the first, but said by every shard.
					if corpus.NoGame(it.Game, it.ReadErr) {
						fmt.Fprintf(e.stderr, "xqrules scan: %v (counted in shard 1/%d)\n", it.ReadErr, sh.N())
						otherErrs = true
					}
					continue
				}
				tot.AddGame(it)
				if it.Res.Err != nil {
					out.badGame(errorEntry(it.Res.Err))
					continue
				}
				for i := range it.Res.Cycles {
					out.cycle(&it.Res.Cycles[i])
				}
			}
			if err := out.flush(); err != nil {
				prog.clear()
				return fail(e, "scan", fmt.Errorf("writing the output: %w (the output is incomplete)", err))
			}
			prog.update(b.File, tot.Games, tot.Cycles, tot.BadGames)
		}
		prog.clear()
		elapsed := time.Since(start)
		if err := out.end(tot, elapsed); err != nil {
			return fail(e, "scan", fmt.Errorf("writing the output: %w (the output is incomplete)", err))
		}
		if html != nil && !*e.spoiled {
			if err := htmlreport.WriteScan(html, htmlSummary(tot, files)); err != nil {
				return fail(e, "scan", err)
			}
			if err := html.Commit(); err != nil {
				return fail(e, "scan", err)
			}
		}
		if *format != "json" {
			// The CLI's own timing, on stderr so the report stays comparable.
			per := ""
			if n := tot.Cycles; n > 0 {
				per = fmt.Sprintf(" (%.2f ms per cycle under %d books)", float64(elapsed.Milliseconds())/float64(n), len(books))
			}
			fmt.Fprintf(e.stderr, "scan: %d cycles judged in %.1f s%s, %d jobs\n", tot.Cycles, elapsed.Seconds(), per, *jobs)
		}
		if tot.Failed() || otherErrs {
			return exitFailed
		}
		return exitOK
	}
	return run
}

// selectScanBooks selects the books of --rules; "in-force" among them is
// the column of the book in force for each game (a nil book), read from
// the table rules/in-force.yaml.
func selectScanBooks(e *env, spec string) ([]*interp.Book, *interp.InForce, int) {
	var before, after []string
	inForce := false
	for _, item := range strings.Split(spec, ",") {
		switch {
		case strings.TrimSpace(item) == corpus.InForceID:
			inForce = true
		case inForce:
			after = append(after, item)
		default:
			before = append(before, item)
		}
	}
	if !inForce {
		books, st := selectBooks(e, "scan", spec)
		return books, nil, st
	}
	lib, err := interp.Bundled()
	if err != nil {
		return nil, nil, failRules(e, "scan", err)
	}
	table, err := interp.BundledInForce(lib)
	if err != nil {
		return nil, nil, failRules(e, "scan", err)
	}
	sel := func(items []string) ([]*interp.Book, error) {
		if strings.TrimSpace(strings.Join(items, "")) == "" {
			return nil, nil // Select("") is every book
		}
		return lib.Select(items...)
	}
	b1, err := sel(before)
	if err != nil {
		return nil, nil, failRules(e, "scan", err)
	}
	b2, err := sel(after)
	if err != nil {
		return nil, nil, failRules(e, "scan", err)
	}
	books := append(append(b1, nil), b2...)
	return books, table, exitOK
}

func shortVerdict(v string) string {
	switch v {
	case interp.RedMustVary:
		return "red"
	case interp.BlackMustVary:
		return "black"
	case interp.Draw:
		return "draw"
	}
	return v
}

// scanProgress draws one status line on a terminal, at most ten times a
// second: the file, the games and cycles so far, the rate, and the time
// left, estimated from the bytes of the files read so far.
type scanProgress struct {
	w     io.Writer
	files []string
	sizes []int64 // each file's size (0 when it cannot be read)
	total int64
	start time.Time
	last  time.Time
	cur   atomic.Pointer[progressFile] // the file being read, set by the reading goroutine
	shown bool
}

func newScanProgress(w io.Writer, files []string) *scanProgress {
	p := &scanProgress{w: w, files: files, sizes: make([]int64, len(files)), start: time.Now()}
	for i, f := range files {
		if st, err := os.Stat(f); err == nil {
			p.sizes[i] = st.Size()
			p.total += st.Size()
		}
	}
	return p
}

// setReader is called by the reading goroutine when a file is opened (nil
// when there is no progress line).
func (p *scanProgress) setReader(i int, r *record.Reader) { p.cur.Store(&progressFile{i, r}) }

// read is how many bytes of the files have been read.
func (p *scanProgress) read() int64 {
	c := p.cur.Load()
	if c == nil {
		return 0
	}
	var n int64
	for _, s := range p.sizes[:c.index] {
		n += s
	}
	read, _ := c.r.Progress()
	return n + read
}

func (p *scanProgress) update(file, games, cycles, errs int) {
	if p == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	el := now.Sub(p.start)
	rate, eta := "", ""
	if s := el.Seconds(); s > 0 {
		rate = fmt.Sprintf(", %.1f cycles/s", float64(cycles)/s)
	}
	if done := p.read(); done > 0 && p.total > 0 && el > time.Second {
		left := time.Duration(float64(el) * float64(p.total-min(done, p.total)) / float64(done))
		eta = fmt.Sprintf(", %d%%, ETA %v", done*100/p.total, left.Round(time.Second))
	}
	fmt.Fprintf(p.w, "\r\033[Kscan [%d/%d] %s: %d games, %d cycles%s%s, %d bad games", file+1, len(p.files),
		filepath.Base(p.files[file]), games, cycles, rate, eta, errs)
	p.shown = true
}

func (p *scanProgress) clear() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
