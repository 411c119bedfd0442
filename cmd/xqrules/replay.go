package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

// replayHelp is what --help says of the command.
const replayHelp = `Replays every game of every file and reports the games, plies, errors and
repetitions (games in which a position occurs 2 and 3 times).
Files are PGN (ICCS, WXF or Chinese moves), JSON Lines (fen + moves) or
DhtmlXQ, gzip-compressed or not; the format is recognised from the content.
A bad game is reported and the run goes on.
Exit status: 0 all replayed, 1 any error, 2 bad usage.`

func init() {
	register(&command{name: "replay", summary: "replay every game of record files (PGN, JSON Lines, DhtmlXQ, XQF; UTF-8, GBK or Big5; gzip or not) and count repetitions", synopsis: "[--format text|json] [--list] [--jobs N] [--dedupe=false] [-o OUT] FILE…", help: replayHelp, flags: runReplay, output: true})
}

// replayBatch is how many records travel together through the pipeline:
// enough to make the channel traffic negligible, few enough to keep the
// memory of the records in flight small.
const replayBatch = 256

// replayed is what replaying one record found.
type replayed struct {
	plies int
	reps  record.Repetitions
	err   error // a *record.ReplayError
}

// replayReport is the --format json output (and what the text output says).
type replayReport struct {
	Games          int           `json:"games"`
	Plies          int           `json:"plies"`
	Errors         []replayError `json:"errors"`
	Repetitions    int           `json:"repetitions"` // games in which some position occurs at least 3 times
	GamesWith2Fold int           `json:"games_with_2fold"`
	GamesWith3Fold int           `json:"games_with_3fold"`
	ElapsedMS      int64         `json:"elapsed_ms"`
	Files          []replayFile  `json:"files"`
	// Threefold lists the games with a position occurring 3 times (--list).
	Threefold []threefoldGame `json:"threefold,omitempty"`
}

// threefoldGame is a game in which some position occurs at least 3 times.
type threefoldGame struct {
	File           string `json:"file"`
	Line           int    `json:"line"`
	Game           int    `json:"game"`
	ID             string `json:"id,omitempty"`
	Max            int    `json:"max_occurrences"`
	FirstThreefold int    `json:"first_threefold_ply"` // the ply after which a position first occurs for the 3rd time
	Plies          int    `json:"plies"`
}

type replayFile struct {
	File     string `json:"file"`
	Format   string `json:"format"`
	Encoding string `json:"encoding,omitempty"` // the text encoding the file was read as (utf-8, gb18030, big5)
	Games    int    `json:"games"`
	Plies    int    `json:"plies"`
	Errors   int    `json:"errors"`
}

// replayError is one error, flat, for JSON readers.
type replayError struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Game   int    `json:"game,omitempty"` // 1-based index of the record in its file
	ID     string `json:"id,omitempty"`
	Ply    int    `json:"ply,omitempty"`
	MoveNo int    `json:"move,omitempty"` // the move number as the record prints it
	Text   string `json:"text,omitempty"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
	Fatal  bool   `json:"fatal,omitempty"` // the rest of the file was not read
	msg    string
}

func runReplay(fs *pflag.FlagSet) runFunc {
	format := fs.String("format", "text", "output: text or json")
	choices(fs, "format", "text", "json")
	jobs := fs.IntP("jobs", "j", runtime.GOMAXPROCS(0), "goroutines replaying games (reading is one more)")
	list := fs.Bool("list", false, "also list the games in which a position occurs 3 times")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (for go tool pprof)")
	dedupe := fs.Bool("dedupe", true, "replay a game identical to an earlier one (same start, same moves) only once; the counts are the same")
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "replay", "unknown --format %q (want text or json)", *format)
		}
		if len(args) == 0 {
			return usageErr(e, "replay", "no file given (see xqrules replay --help)")
		}
		if *jobs < 1 {
			return usageErr(e, "replay", "--jobs must be 1 or more")
		}
		files := args
		// The records in flight are a few MB, but a corpus allocates hundreds:
		// collecting less often saves about a sixth of the reading time.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
		stop, st, ok := startCPUProfile(e, "replay", *cpuprofile)
		if !ok {
			return st
		}
		defer stop()

		start := time.Now()
		rep := replayReport{Errors: []replayError{}, Files: make([]replayFile, len(files))}
		for i, f := range files {
			rep.Files[i].File = f
		}
		var prog *progress
		if e.isTerminal {
			prog = &progress{w: e.stderr, files: files}
		}
		var memo *record.Memo
		if *dedupe {
			memo = record.NewMemo()
		}
		var opened func(int, *record.Reader)
		if prog != nil {
			opened = prog.setReader
		}
		replayer := func() func(*corpus.Item[replayed]) {
			rp := record.Replayer{Memo: memo}
			return func(it *corpus.Item[replayed]) {
				if it.Game != nil {
					it.Res.reps, it.Res.plies, it.Res.err = rp.Check(it.Game)
				}
			}
		}
		// noRecord: nothing in the file so far reads as a record (see
		// looksNoRecord); such a file gets one error, not one per "game".
		noRecord := make([]bool, len(files))
		for i := range noRecord {
			noRecord[i] = true
		}
		for b := range corpus.Pipeline(files, corpus.Reading{Jobs: *jobs, BatchSize: replayBatch, Open: openRecord, Opened: opened}, replayer) {
			rf := &rep.Files[b.File]
			for _, it := range b.Items {
				if it.ReadErr != nil {
					rep.Errors = append(rep.Errors, errorEntry(it.ReadErr))
					rf.Errors++
					continue
				}
				if !looksNoRecord(it.Game, it.Res.err) {
					noRecord[b.File] = false
				}
				r := &it.Res
				rep.Games++
				rep.Plies += r.plies
				rf.Games++
				rf.Plies += r.plies
				rf.Format = it.Game.Format
				rf.Encoding = it.Game.Encoding
				if r.err != nil {
					rep.Errors = append(rep.Errors, errorEntry(r.err))
					rf.Errors++
					continue
				}
				if r.reps.Max >= 2 {
					rep.GamesWith2Fold++
				}
				if r.reps.Max >= 3 {
					rep.GamesWith3Fold++
					if *list {
						g := it.Game
						rep.Threefold = append(rep.Threefold, threefoldGame{File: g.File, Line: g.Line, Game: g.Index + 1, ID: g.ID,
							Max: r.reps.Max, FirstThreefold: r.reps.FirstThreefold, Plies: r.plies})
					}
				}
			}
			if prog != nil {
				prog.update(b.File, rep.Games, rep.Plies, len(rep.Errors), false)
			}
		}
		if prog != nil {
			prog.clear()
		}
		rep.Errors = noRecordErrors(rep.Errors, rep.Files, noRecord)
		for i := range rep.Files {
			if f := &rep.Files[i]; noRecord[i] && f.Games > 0 { // no game was read
				rep.Games -= f.Games
				f.Games, f.Errors = 0, 1
			}
		}
		el := time.Since(start)
		rep.Repetitions = rep.GamesWith3Fold
		rep.ElapsedMS = el.Milliseconds()

		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(rep); err != nil {
				return fail(e, "replay", err)
			}
		} else {
			for _, er := range rep.Errors {
				fmt.Fprintln(e.stdout, er.msg)
			}
			for _, g := range rep.Threefold {
				id := ""
				if g.ID != "" {
					id = " (" + g.ID + ")"
				}
				fmt.Fprintf(e.stdout, "%s:%d: game %d%s: a position occurs %d times, the 3rd time after ply %d of %d\n",
					g.File, g.Line, g.Game, id, g.Max, g.FirstThreefold, g.Plies)
			}
			for _, f := range rep.Files {
				enc := "" // UTF-8 goes without saying
				if f.Encoding != "" && f.Encoding != record.EncodingUTF8 {
					enc = " (" + f.Encoding + ")"
				}
				if len(rep.Files) > 1 || enc != "" {
					fmt.Fprintf(e.stdout, "%s%s: games %d, plies %d, errors %d\n", f.File, enc, f.Games, f.Plies, f.Errors)
				}
			}
			fmt.Fprintf(e.stdout, "games %d, plies %d, errors %d\n", rep.Games, rep.Plies, len(rep.Errors))
			fmt.Fprintf(e.stdout, "repetitions: %d games with a position occurring at least twice, %d at least 3 times\n",
				rep.GamesWith2Fold, rep.GamesWith3Fold)
			fmt.Fprintf(e.stderr, "replay: %v, %.2f M plies/s\n", el.Round(time.Millisecond), float64(rep.Plies)/el.Seconds()/1e6)
		}
		if len(rep.Errors) > 0 {
			return exitFailed
		}
		return exitOK
	}
}

// errorEntry flattens a reading or replay error.
// looksNoRecord: a game read from a text that is no record — read as PGN
// (the format of last resort), with no tag, its first move no move in any
// notation.
func looksNoRecord(g *record.Game, err error) bool {
	var re *record.ReplayError
	var me *position.MoveError
	return g.Format == record.FormatPGN && len(g.Tags) == 0 &&
		errors.As(err, &re) && re.Ply == 1 && errors.As(re.Err, &me) && me.Code == "unknown-notation"
}

// noRecordErrors replaces the errors of each file in which nothing reads
// as a record by one: the file is not a record file.
func noRecordErrors(errs []replayError, files []replayFile, noRecord []bool) []replayError {
	out := errs[:0:0]
	said := map[string]bool{}
	for _, e := range errs {
		i := slices.IndexFunc(files, func(f replayFile) bool { return f.File == e.File })
		if i < 0 || !noRecord[i] || files[i].Games == 0 {
			out = append(out, e)
			continue
		}
		if !said[e.File] {
			said[e.File] = true
			reason := "not a record file: nothing in it reads as PGN, JSON Lines, DhtmlXQ or XQF"
			if e.Text != "" {
				reason += fmt.Sprintf(" (its first word, %s, is no move)", excerpt.Quote(e.Text))
			}
			out = append(out, replayError{File: e.File, Code: "not-a-record", Reason: reason, msg: e.File + ": " + reason})
		}
	}
	return out
}

func errorEntry(err error) replayError {
	var re *record.ReplayError
	var fe *record.Error
	switch {
	case errors.As(err, &re):
		g := re.Game
		e := replayError{File: g.File, Line: re.Line, Game: g.Index + 1, ID: g.ID, Ply: re.Ply, MoveNo: re.MoveNo,
			Text: re.Text, Reason: re.Err.Error(), msg: re.Error()}
		var me *position.MoveError
		var fen *position.FENError
		switch {
		case errors.As(re.Err, &me):
			e.Code = me.Code
		case errors.As(re.Err, &fen):
			e.Code = "fen-" + fen.Code
		default:
			e.Code = "replay"
		}
		return e
	case errors.As(err, &fe):
		e := replayError{File: fe.File, Line: fe.Line, ID: fe.ID, Text: fe.Text, Code: fe.Code, Fatal: fe.Fatal, msg: fe.Error()}
		if fe.Index >= 0 {
			e.Game = fe.Index + 1
		}
		e.Reason = fe.Msg
		if fe.Err != nil {
			e.Reason += ": " + fe.Err.Error()
		}
		return e
	}
	return replayError{Code: "error", Reason: err.Error(), msg: err.Error()}
}

// progress draws one status line on a terminal, at most ten times a second.
type progress struct {
	w     io.Writer
	files []string
	last  time.Time
	cur   atomic.Pointer[progressFile]
	shown bool
}

type progressFile struct {
	index int
	r     *record.Reader
}

// setReader is called by the reading goroutine when a file is opened.
func (p *progress) setReader(i int, r *record.Reader) { p.cur.Store(&progressFile{i, r}) }

func (p *progress) update(file, games, plies, errs int, force bool) {
	now := time.Now()
	if !force && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	pct := ""
	if c := p.cur.Load(); c != nil && c.index == file {
		if read, size := c.r.Progress(); size > 0 {
			pct = fmt.Sprintf(" %3d%%", min(100, read*100/size))
		}
	}
	name := filepath.Base(p.files[file])
	fmt.Fprintf(p.w, "\r\033[Kreplay [%d/%d] %s%s: %d games, %d plies, %d errors", file+1, len(p.files), name, pct, games, plies, errs)
	p.shown = true
}

func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
