package main

// scan's output, written as the cycles are judged, and its summary,
// accumulated as counts; the shards of a large run.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

// scanTotals is a scan's summary: counts only, whatever the corpus size.
// In JSON Lines it is the last line ("type": "summary"), which scan-merge
// adds up.
type scanTotals struct {
	Type     string        `json:"type"` // "summary"
	Mode     string        `json:"mode"`
	Games    int           `json:"games"` // records read (of the shard), bad ones included
	Cycles   int           `json:"cycles"`
	BadGames int           `json:"bad_games"` // records that could not be read or replayed
	Shard    string        `json:"shard,omitempty"`
	Summary  []scanSummary `json:"summary"`
	// Agreement[i][j]: the cycles on which books i and j (in the order of
	// Summary) give the same verdict; an error agrees with nothing, so
	// Agreement[i][i] is the cycles book i ruled on.
	Agreement [][]int `json:"agreement"`
}

func newScanTotals(mode string, books []*interp.Book, sh shard) *scanTotals {
	t := &scanTotals{Type: "summary", Mode: mode, Shard: sh.String(), Summary: make([]scanSummary, len(books)),
		Agreement: make([][]int, len(books))}
	for i, b := range books {
		t.Summary[i].Ruleset, t.Summary[i].Extends, t.Summary[i].Status = b.ID, b.Extends, b.Status
		t.Agreement[i] = make([]int, len(books))
	}
	return t
}

// add counts one cycle in the books' summaries.
func (t *scanTotals) add(c *scanCycle) {
	t.Cycles++
	loser := ""
	if c.EndsGame {
		switch c.Result {
		case "1-0":
			loser = interp.BlackMustVary
		case "0-1":
			loser = interp.RedMustVary
		}
	}
	for i, r := range c.Rulings {
		s := &t.Summary[i]
		switch r.Verdict {
		case interp.RedMustVary:
			s.RedMustVary++
		case interp.BlackMustVary:
			s.BlackMustVary++
		case interp.Draw:
			s.Draw++
		default:
			s.Errors++
		}
		if loser != "" {
			s.Decisive++
			if r.Verdict == loser {
				s.LoserMustVary++
			}
		}
		if r.Error != "" || r.Verdict == "error" {
			continue
		}
		for j, q := range c.Rulings {
			if q.Verdict == r.Verdict {
				t.Agreement[i][j]++
			}
		}
	}
}

// failed: a game could not be read or a book could not rule (exit 1).
func (t *scanTotals) failed() bool {
	if t.BadGames > 0 {
		return true
	}
	for _, s := range t.Summary {
		if s.Errors > 0 {
			return true
		}
	}
	return false
}

// writeScanSummary prints the summary tables.
func writeScanSummary(w io.Writer, t *scanTotals) {
	decisive := 0
	if len(t.Summary) > 0 {
		decisive = t.Summary[0].Decisive
	}
	fmt.Fprintf(w, "%d games, %d cycles (%s), %d bad games\n", t.Games, t.Cycles, t.Mode, t.BadGames)
	fmt.Fprintf(w, "%-13s %14s %16s %8s %7s   loser must vary (%d cycles ending a decisive game)\n",
		"rule set", "red-must-vary", "black-must-vary", "draw", "errors", decisive)
	for _, s := range t.Summary {
		fmt.Fprintf(w, "%-13s %14d %16d %8d %7d   %d/%d\n", s.Ruleset, s.RedMustVary, s.BlackMustVary, s.Draw, s.Errors, s.LoserMustVary, s.Decisive)
	}
	if len(t.Summary) < 2 || t.Cycles == 0 {
		return
	}
	fmt.Fprintf(w, "\nagreement: %% of the %d cycles on which two books give the same verdict\n%-13s", t.Cycles, "")
	width := make([]int, len(t.Summary))
	for j, s := range t.Summary {
		width[j] = max(6, len(s.Ruleset))
		fmt.Fprintf(w, " %*s", width[j], s.Ruleset)
	}
	fmt.Fprintln(w)
	for i, s := range t.Summary {
		fmt.Fprintf(w, "%-13s", s.Ruleset)
		for j, n := range t.Agreement[i] {
			fmt.Fprintf(w, " %*.1f", width[j], float64(n)*100/float64(t.Cycles))
		}
		fmt.Fprintln(w)
	}
	// A book against the one it extends, when both are scanned, with what
	// it is (a draft, an edition …).
	for i, s := range t.Summary {
		for j, p := range t.Summary {
			if s.Extends != "" && p.Ruleset == s.Extends {
				what := ""
				if s.Status != "" {
					what = " (" + s.Status + ")"
				}
				fmt.Fprintf(w, "%s%s against %s, the book it extends: %d of %d cycles change verdict (xqrules diff lists them)\n",
					s.Ruleset, what, p.Ruleset, t.Cycles-t.Agreement[i][j], t.Cycles)
			}
		}
	}
}

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

// shard is the K-th of N shares of a corpus (k 0-based; n 0: no sharding).
// A game belongs to shard FNV-1a-64(key) mod N, its key being its record
// id (JSON Lines "id", PGN CCPDPath), or, for a record without one, its
// file's base name and 1-based index ("games.pgn#12"). A record that could
// not be read goes by its id or index likewise; an error that is no game's
// (a file that cannot be opened, a broken gzip stream) is the first
// shard's, so that merged shards count it once.
type shard struct{ k, n int }

func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{}, nil
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return shard{}, fmt.Errorf("--shard %s: want K/N, e.g. 2/3 (the 2nd of 3 shares)", excerpt.Quote(s))
	}
	if n < 1 {
		return shard{}, fmt.Errorf("--shard %s: N, the number of shares, must be 1 or more", s)
	}
	if k < 1 || k > n {
		return shard{}, fmt.Errorf("--shard %s: K must be from 1 to N (%d)", s, n)
	}
	return shard{k - 1, n}, nil
}

func (sh shard) String() string {
	if sh.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", sh.k+1, sh.n)
}

// has reports whether the item is the shard's.
func (sh shard) has(it *gameItem[scanned]) bool {
	if sh.n <= 1 {
		return true
	}
	var key string
	switch fe, _ := it.readErr.(*record.Error); {
	case it.g != nil && it.g.ID != "":
		key = it.g.ID
	case it.g != nil:
		key = fmt.Sprintf("%s#%d", filepath.Base(it.g.File), it.g.Index+1)
	case fe != nil && fe.ID != "":
		key = fe.ID
	case fe != nil && fe.Index >= 0:
		key = fmt.Sprintf("%s#%d", filepath.Base(fe.File), fe.Index+1)
	default: // noGame
		return sh.k == 0
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(sh.n)) == sh.k
}

// htmlSummary is the summary as the HTML report takes it.
func (t *scanTotals) htmlSummary(files []string) htmlreport.ScanSummary {
	h := htmlreport.ScanSummary{Files: files, Mode: t.Mode, Shard: t.Shard, Games: t.Games, Cycles: t.Cycles,
		BadGames: t.BadGames, Agreement: t.Agreement}
	for _, s := range t.Summary {
		h.Books = append(h.Books, htmlreport.ScanBook{ID: s.Ruleset, Extends: s.Extends, Status: s.Status, RedMustVary: s.RedMustVary,
			BlackMustVary: s.BlackMustVary, Draw: s.Draw, Errors: s.Errors, Decisive: s.Decisive, LoserMustVary: s.LoserMustVary})
	}
	return h
}

// noGame reports whether the item is an error that is no game's: a file
// that cannot be opened, a broken gzip stream (the first shard's).
func noGame(it *gameItem[scanned]) bool {
	if it.g != nil || it.readErr == nil {
		return false
	}
	fe, _ := it.readErr.(*record.Error)
	return fe == nil || (fe.ID == "" && fe.Index < 0)
}
