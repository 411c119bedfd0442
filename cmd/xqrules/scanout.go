package main

// scan's output, written as the cycles are judged, and its summary,
// accumulated as counts; the shards of a large run.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
)

// writeScanSummary prints the summary tables.
func writeScanSummary(w io.Writer, t *scanTotals) { t.WriteText(w) }

// scanOutput receives the cycles and the bad games in input order, then
// the totals.
type scanOutput interface {
	cycle(c *scanCycle)
	badGame(er replayError)
	// flush writes what is held (after each batch): a write error, such
	// as a full disk, stops the scan.
	flush() error
	end(t *scanTotals, elapsed time.Duration) error
}

func newScanOutput(w io.Writer, format string, quiet bool) scanOutput {
	switch format {
	case "jsonl":
		o := &scanJSONL{w: bufio.NewWriterSize(w, 64<<10)}
		o.enc = json.NewEncoder(o.w)
		o.enc.SetEscapeHTML(false)
		return o
	case "json":
		return &scanJSON{w: w, rep: scanReport{Cycles: []scanCycle{}, Errors: []replayError{}}}
	}
	return &scanText{w: bufio.NewWriterSize(w, 64<<10), quiet: quiet}
}

// scanText: a line per cycle (unless quiet) and per bad game, then the
// summary.
type scanText struct {
	w     *bufio.Writer
	quiet bool
}

func (o *scanText) cycle(c *scanCycle) {
	where := fmt.Sprintf("%s:%d", c.File, c.Line)
	if c.ID != "" {
		where += " (" + c.ID + ")"
	}
	var vs []string
	for _, r := range c.Rulings {
		vs = append(vs, r.Ruleset+" "+shortVerdict(r.Verdict))
		if r.Error != "" {
			msg := r.Error
			if !strings.HasPrefix(msg, "rule set "+r.Ruleset+":") {
				msg = "rule set " + r.Ruleset + ": " + msg
			}
			fmt.Fprintf(o.w, "%s: ply %d: %s\n", where, c.Ply, msg)
		}
	}
	if o.quiet {
		return
	}
	end := ""
	if c.EndsGame {
		end = " ends " + c.Result
	}
	fmt.Fprintf(o.w, "%s ply %d%s: %s | %s\n", where, c.Ply, end, strings.Join(c.Moves, " "), strings.Join(vs, ", "))
}

func (o *scanText) badGame(er replayError) { fmt.Fprintln(o.w, er.msg) }
func (o *scanText) flush() error           { return o.w.Flush() }

func (o *scanText) end(t *scanTotals, _ time.Duration) error {
	if !o.quiet {
		fmt.Fprintln(o.w)
	}
	writeScanSummary(o.w, t)
	return o.w.Flush()
}

// scanJSONL: one JSON object a line — "type": "cycle" (a scanCycle),
// "error" (a bad game, a replayError) — and last the summary.
type scanJSONL struct {
	w   *bufio.Writer
	enc *json.Encoder
}

type jsonlCycle struct {
	Type string `json:"type"`
	*scanCycle
}

type jsonlError struct {
	Type string `json:"type"`
	replayError
}

// The encoder's errors are the writer's, which flush reports.
func (o *scanJSONL) cycle(c *scanCycle)     { o.enc.Encode(jsonlCycle{"cycle", c}) }
func (o *scanJSONL) badGame(er replayError) { o.enc.Encode(jsonlError{"error", er}) }
func (o *scanJSONL) flush() error           { return o.w.Flush() }

func (o *scanJSONL) end(t *scanTotals, _ time.Duration) error {
	if err := o.enc.Encode(t); err != nil {
		return err
	}
	return o.w.Flush()
}

// scanJSON: one document, built in memory (for small inputs).
type scanJSON struct {
	w   io.Writer
	rep scanReport
}

func (o *scanJSON) cycle(c *scanCycle)     { o.rep.Cycles = append(o.rep.Cycles, *c) }
func (o *scanJSON) badGame(er replayError) { o.rep.Errors = append(o.rep.Errors, er) }
func (o *scanJSON) flush() error           { return nil }

func (o *scanJSON) end(t *scanTotals, elapsed time.Duration) error {
	o.rep.Mode, o.rep.Games, o.rep.Summary, o.rep.Agreement, o.rep.ElapsedMS = t.Mode, t.Games, t.Summary, t.Agreement, elapsed.Milliseconds()
	enc := json.NewEncoder(o.w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(o.rep)
}

// htmlSummary is the summary as the HTML report takes it.
func htmlSummary(t *scanTotals, files []string) htmlreport.ScanSummary {
	h := htmlreport.ScanSummary{Files: files, Mode: t.Mode, Shard: t.Shard, Games: t.Games, Cycles: t.Cycles,
		BadGames: t.BadGames, Agreement: t.Agreement}
	for _, s := range t.Summary {
		b := htmlreport.ScanBook{ID: s.Ruleset, Extends: s.Extends, Status: s.Status, RedMustVary: s.RedMustVary,
			BlackMustVary: s.BlackMustVary, Draw: s.Draw, Errors: s.Errors, Unknown: s.Unknown, Decisive: s.Decisive, LoserMustVary: s.LoserMustVary,
			Real: htmlreport.RealTally{Agree: s.Real.Agree, Of: s.Real.Of}, RealByDecade: map[string]htmlreport.RealTally{}}
		for d, x := range s.ByDecade {
			b.RealByDecade[d] = htmlreport.RealTally{Agree: x.Agree, Of: x.Of}
		}
		h.Books = append(h.Books, b)
	}
	return h
}
