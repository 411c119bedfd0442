package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/outfile"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

// scanHelp is what --help says of the command.
const scanHelp = `Reads game records (PGN, JSON Lines, DhtmlXQ; gzip or not), finds the repetition
cycles of every game and judges each under every selected rule book, in parallel,
in file order. A cycle is judged as ` + "`judge`" + ` judges a game: its last period, from the
first occurrence of the repeated position. Prints a line per cycle and a summary per
book: red-must-vary / black-must-vary / draw / errors, and, of the cycles that end a
game with a decisive result, how many the book rules against the loser.
A bad game is reported (file:line, game, id) and the scan goes on; a progress line
(games, cycles, rate, time left) is shown on stderr when it is a terminal.

text and jsonl are written as the cycles are judged, in input order, in constant
memory whatever the corpus size; jsonl is a JSON object a line: "type": "cycle" or
"error" (a bad game), then one "type": "summary" (what scan-merge adds up). json is
one document built in memory, for small inputs.

--shard K/N judges the K-th of N shares of the games: a game is in share K when
FNV-1a-64(record id) mod N = K-1 (JSON Lines "id", PGN CCPDPath; without one, the file's
base name and the game's index, "games.pgn#12"); an error that is no game's (a file
that cannot be opened) is counted by the first share, and said by every share (exit 1). Run the N shares anywhere, then
xqrules scan-merge their jsonl outputs: the summary of one run over all the games.
Exit status: 0 ok, 1 any bad game or ruling error, or the output could not be
written, 2 bad usage.`

func init() {
	register(&command{name: "scan", summary: "find every repetition in game corpora and judge it under every rule book; summary per book", synopsis: "[--rules all|IDS|FILE.yaml] [--cycles all|first|last] [--format text|jsonl|json] [--quiet] [-j N] [--shard K/N] [--html REPORT.html] [-o OUT] [--cpuprofile F] FILE…", help: scanHelp, flags: runScan, output: true})
}

// scanBatchSize: games travel in small batches — judging a cycle under
// every book takes a fraction of a second, so batches must be small for the
// workers to share them out and for the progress line to move.
const scanBatchSize = 4

// scanRuling is one book's ruling on a cycle.
type scanRuling struct {
	Ruleset string   `json:"ruleset"`
	Verdict string   `json:"verdict"` // a verdict word, or "error"
	Labels  []string `json:"labels,omitempty"`
	// Judged: the plies the book judged, when it judged every move since
	// the position first occurred (judge_from: first) rather than the period.
	Judged *interp.JudgedPlies `json:"judged,omitempty"`
	Error  string              `json:"error,omitempty"`
}

// scanCycle is one cycle found and judged.
type scanCycle struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Game   int    `json:"game"` // 1-based index of the record in its file
	ID     string `json:"id,omitempty"`
	Result string `json:"result,omitempty"`
	// Ply: moves played when the repetition is complete; FromPly: where the
	// period judged starts (its position is FEN).
	Ply         int      `json:"ply"`
	FromPly     int      `json:"from_ply"`
	Occurrences int      `json:"occurrences"`
	FEN         string   `json:"fen"`
	Moves       []string `json:"moves"`
	// EndsGame: the game ends in this repetition (the record's own
	// ends_in_repetition when it has one, for its first cycle).
	EndsGame bool         `json:"ends_game"`
	Rulings  []scanRuling `json:"rulings"`
}

// scanSummary is one book's tally.
type scanSummary struct {
	Ruleset       string `json:"ruleset"`
	Extends       string `json:"extends,omitempty"` // the book it extends
	Status        string `json:"status,omitempty"`  // what the book is: official, proposal, draft … (its YAML's status)
	RedMustVary   int    `json:"red_must_vary"`
	BlackMustVary int    `json:"black_must_vary"`
	Draw          int    `json:"draw"`
	Errors        int    `json:"errors"`
	// Decisive: cycles of games with a decisive result that end in the
	// cycle; LoserMustVary: how many of them the book rules against the
	// side that lost.
	Decisive      int `json:"decisive_ending_in_cycle"`
	LoserMustVary int `json:"loser_must_vary"`
}

type scanReport struct {
	Mode      string        `json:"mode"`
	Games     int           `json:"games"`
	Cycles    []scanCycle   `json:"cycles"`
	Summary   []scanSummary `json:"summary"`
	Agreement [][]int       `json:"agreement"` // see scanTotals
	Errors    []replayError `json:"errors"`
	ElapsedMS int64         `json:"elapsed_ms"`
}

// scanned is what scanning one game found: its cycles judged, or why it
// could not be replayed; other: the game is another shard's.
type scanned struct {
	cycles []scanCycle
	err    error
	other  bool
}

func runScan(fs *pflag.FlagSet) runFunc {
	rulesArg := fs.String("rules", "all", "rule sets: all, bundled ids (11,asian) or rule-set files")
	mode := fs.String("cycles", interp.CyclesAll, "which cycles of a game: all (every distinct cycle in which a position occurs the 3rd time), first (the first of them, as the CCPD corpus records it), last (the cycle the game ends in, as judge finds it)")
	choices(fs, "cycles", interp.CyclesAll, interp.CyclesFirst, interp.CyclesLast)
	format := fs.String("format", "text", "text (a line per cycle as it is judged, then the summary), jsonl (a JSON object per cycle as it is judged, then one summary object; see scan-merge) or json (one document, built in memory: for small inputs)")
	choices(fs, "format", "text", "jsonl", "json")
	quiet := fs.Bool("quiet", false, "text: print the summary and the errors, not a line per cycle")
	jobs := fs.IntP("jobs", "j", runtime.GOMAXPROCS(0), "games judged in parallel")
	shardArg := fs.String("shard", "", "K/N: judge only the K-th of N shares of the games, partitioned by record id (see --help)")
	htmlPath := fs.String("html", "", "also write the summary as an HTML report with charts (verdicts per book, loser must vary, agreement matrix) to this file")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (for go tool pprof; cmd/xqrules/default.pgo is one)")
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		switch *format {
		case "text", "jsonl", "json":
		default:
			return usageErr(e, "scan", "unknown --format %q (want text, jsonl or json)", *format)
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
		sh, err := parseShard(*shardArg)
		if err != nil {
			return usageErr(e, "scan", "%v", err)
		}
		books, st := selectBooks(e, "scan", *rulesArg)
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
		var stop func()
		stop, st, ok = startCPUProfile(e, "scan", *cpuprofile)
		if !ok {
			return st
		}
		defer stop()
		files := args
		start := time.Now()
		tot := newScanTotals(*mode, books, sh)
		out := newScanOutput(e.stdout, *format, *quiet)
		var prog *scanProgress
		var opened func(int, *record.Reader)
		if e.isTerminal { // never in piped output
			prog = newScanProgress(e.stderr, files)
			opened = prog.setReader
		}
		otherErrs := false
		for b := range scanPipeline(files, *jobs, books, *mode, sh, opened) {
			for _, it := range b.items {
				if it.res.other {
					// Another shard's; an error that is no game's is
					// counted by the first, but said by every shard.
					if noGame(&it) {
						fmt.Fprintf(e.stderr, "xqrules scan: %v (counted in shard 1/%d)\n", it.readErr, sh.n)
						otherErrs = true
					}
					continue
				}
				if it.g != nil {
					tot.Games++
				}
				if err := scanErr(&it); err != nil {
					tot.BadGames++
					out.badGame(errorEntry(err))
					continue
				}
				for i := range it.res.cycles {
					tot.add(&it.res.cycles[i])
					out.cycle(&it.res.cycles[i])
				}
			}
			if err := out.flush(); err != nil {
				prog.clear()
				return fail(e, "scan", fmt.Errorf("writing the output: %w (the output is incomplete)", err))
			}
			prog.update(b.file, tot.Games, tot.Cycles, tot.BadGames)
		}
		prog.clear()
		elapsed := time.Since(start)
		if err := out.end(tot, elapsed); err != nil {
			return fail(e, "scan", fmt.Errorf("writing the output: %w (the output is incomplete)", err))
		}
		if html != nil && !*e.spoiled {
			if err := htmlreport.WriteScan(html, tot.htmlSummary(files)); err != nil {
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
		if tot.failed() || otherErrs {
			return exitFailed
		}
		return exitOK
	}
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

// scanPipeline reads the files, judges the games of shard sh in jobs
// goroutines and returns the batches in file order (see gamePipeline;
// opened, when not nil, is told each file's reader): the
// reorder window is the pipeline's channels, a few batches per worker.
func scanPipeline(files []string, jobs int, books []*interp.Book, mode string, sh shard, opened func(int, *record.Reader)) <-chan *gameBatch[scanned] {
	scanner := func() func(*gameItem[scanned]) {
		return func(it *gameItem[scanned]) {
			if !sh.has(it) {
				it.res.other = true
				return
			}
			if it.g != nil && it.readErr == nil {
				it.res.cycles, it.res.err = scanGame(it.g, books, mode)
			}
		}
	}
	return gamePipeline(files, jobs, scanBatchSize, opened, scanner)
}

// scanErr is the item's error: reading the record, or replaying the game.
func scanErr(it *gameItem[scanned]) error {
	if it.readErr != nil {
		return it.readErr
	}
	return it.res.err
}

// scanGame replays a game, finds its cycles and judges each under books.
// The error is the game's (it cannot be replayed); a book that cannot rule
// on a cycle is recorded in the cycle's rulings.
func scanGame(g *record.Game, books []*interp.Book, mode string) ([]scanCycle, error) {
	rp, err := record.Replay(g)
	if err != nil {
		return nil, err
	}
	found := interp.FindCycles(rp.Start, rp.Moves, mode)
	if len(found) > 0 && mode != interp.CyclesLast && g.Raw != nil {
		// The corpus's own reading of whether the game ends in its first
		// threefold cycle (CCPD's ends_in_repetition) wins over ours.
		var x struct {
			Ends *bool `json:"ends_in_repetition"`
		}
		if json.Unmarshal(g.Raw, &x) == nil && x.Ends != nil {
			found[0].EndsGame = *x.Ends
		}
	}
	out := make([]scanCycle, 0, len(found))
	for _, f := range found {
		c := scanCycle{File: g.File, Line: g.Line, Game: g.Index + 1, ID: g.ID, Result: g.Result,
			Ply: f.Ply, FromPly: f.FromPly, Occurrences: f.Occurrences, FEN: f.Start.FEN(), Moves: iccs(f.Moves),
			EndsGame: f.EndsGame}
		c.Rulings = judgeEach(books, f.Input)
		out = append(out, c)
	}
	return out, nil
}

// judgeEach judges in under every book; when the books cannot all rule,
// each is judged alone, so that one book's error does not hide the others'
// rulings. The scan's workers keep the cores busy, so the analyses of a
// cycle run in turn, sharing what they can, and no reason is rendered (interp.JudgeVerdicts).
func judgeEach(books []*interp.Book, in interp.Input) []scanRuling {
	out := make([]scanRuling, len(books))
	rs, err := interp.JudgeVerdicts(books, in)
	if err == nil {
		for i, r := range rs {
			out[i] = rulingOf(r)
		}
		return out
	}
	for i, b := range books {
		rs, err := interp.JudgeVerdicts([]*interp.Book{b}, in)
		if err != nil {
			out[i] = scanRuling{Ruleset: b.ID, Verdict: "error", Error: err.Error()}
			continue
		}
		out[i] = rulingOf(rs[0])
	}
	return out
}

func rulingOf(r interp.Ruling) scanRuling {
	s := scanRuling{Ruleset: r.Ruleset, Verdict: r.Verdict}
	if r.Judged.SinceFirst {
		j := r.Judged
		s.Judged = &j
	}
	for _, m := range r.Moves {
		s.Labels = append(s.Labels, m.Label)
	}
	return s
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
