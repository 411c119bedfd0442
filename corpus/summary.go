package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/xqrules/xqrules/interp"
)

// Summary is a scan's summary: counts only, whatever the corpus size. In
// JSON Lines it is the last line of `scan --format jsonl` ("type":
// "summary"), which `scan-merge` adds up ([Summary.Merge]).
type Summary struct {
	Type     string        `json:"type"` // "summary"
	Mode     string        `json:"mode"`
	Games    int           `json:"games"` // records read (of the shard), bad ones included
	Cycles   int           `json:"cycles"`
	BadGames int           `json:"bad_games"` // records that could not be read or replayed
	Shard    string        `json:"shard,omitempty"`
	Summary  []BookSummary `json:"summary"`
	// Agreement[i][j]: the cycles on which books i and j (in the order of
	// Summary) give the same verdict; an error agrees with nothing, so
	// Agreement[i][i] is the cycles book i ruled on.
	Agreement [][]int `json:"agreement"`
}

// BookSummary is one book's tally.
type BookSummary struct {
	Ruleset       string `json:"ruleset"`
	Extends       string `json:"extends,omitempty"` // the book it is a draft of
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

// NewSummary returns the empty summary of a scan of shard sh under books.
func NewSummary(mode string, books []*interp.Book, sh Shard) *Summary {
	t := &Summary{Type: "summary", Mode: mode, Shard: sh.String(), Summary: make([]BookSummary, len(books)),
		Agreement: make([][]int, len(books))}
	for i, b := range books {
		t.Summary[i].Ruleset, t.Summary[i].Extends = b.ID, b.Extends
		t.Agreement[i] = make([]int, len(books))
	}
	return t
}

// AddGame counts one record of the shard: a game read, bad or not, and its
// cycles. Another shard's record ([Scanned].Other) is not counted.
func (t *Summary) AddGame(it *Game) {
	if it.Res.Other {
		return
	}
	if it.Game != nil {
		t.Games++
	}
	if it.Res.Err != nil {
		t.BadGames++
		return
	}
	for i := range it.Res.Cycles {
		t.Add(&it.Res.Cycles[i])
	}
}

// Add counts one cycle in the books' summaries.
func (t *Summary) Add(c *Cycle) {
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

// Failed reports whether a game could not be read or a book could not rule.
func (t *Summary) Failed() bool {
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

// Merge adds u's counts to t's: afterwards t is the summary of the games of
// both. The two must be summaries of the same kind of run (mode, rule
// sets); the error completes "FILE: … than FILE0". Merging is associative
// and, but for the order of whatever is listed, commutative, so shards may
// be merged in any grouping. The merged Shard is t's: set it to "" for the
// whole run's.
func (t *Summary) Merge(u *Summary) error {
	if u.Mode != t.Mode {
		return fmt.Errorf("--cycles %s: another mode (%s)", u.Mode, t.Mode)
	}
	ids := func(s []BookSummary) []string {
		var out []string
		for _, x := range s {
			out = append(out, x.Ruleset)
		}
		return out
	}
	if !slices.Equal(ids(u.Summary), ids(t.Summary)) {
		return fmt.Errorf("rule sets %s: other rule sets (%s)", strings.Join(ids(u.Summary), ","), strings.Join(ids(t.Summary), ","))
	}
	if len(u.Agreement) != len(t.Agreement) {
		return fmt.Errorf("an agreement matrix of %d books: another shape (%d)", len(u.Agreement), len(t.Agreement))
	}
	for i, row := range u.Agreement {
		if len(row) != len(t.Agreement[i]) {
			return fmt.Errorf("an agreement matrix with a row of %d: another shape (%d)", len(row), len(t.Agreement[i]))
		}
	}
	t.Games += u.Games
	t.Cycles += u.Cycles
	t.BadGames += u.BadGames
	for i := range t.Summary {
		a, b := &t.Summary[i], &u.Summary[i]
		a.RedMustVary += b.RedMustVary
		a.BlackMustVary += b.BlackMustVary
		a.Draw += b.Draw
		a.Errors += b.Errors
		a.Decisive += b.Decisive
		a.LoserMustVary += b.LoserMustVary
	}
	for i, row := range u.Agreement {
		for j, n := range row {
			t.Agreement[i][j] += n
		}
	}
	return nil
}

// WriteText prints the summary tables `scan` prints.
func (t *Summary) WriteText(w io.Writer) {
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
	// A draft against the book it extends, when both are scanned.
	for i, s := range t.Summary {
		for j, p := range t.Summary {
			if s.Extends != "" && p.Ruleset == s.Extends {
				fmt.Fprintf(w, "%s against %s, the book it extends: %d of %d cycles change verdict (xqrules diff lists them)\n",
					s.Ruleset, p.Ruleset, t.Cycles-t.Agreement[i][j], t.Cycles)
			}
		}
	}
}

// summaryPrefix starts the summary line scan writes (its first field).
var summaryPrefix = []byte(`{"type":"summary"`)

// ReadSummary reads a `scan --format jsonl` output and returns its summary,
// its last line; an output without one (a run stopped, a full disk) is
// refused.
func ReadSummary(path string) (*Summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var sum *Summary
	sumLine, lineNo := 0, 0
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			lineNo++
			if line[len(line)-1] != '\n' {
				return nil, fmt.Errorf("%s:%d: the last line is cut short (no newline): the output is truncated", path, lineNo)
			}
			if sum != nil && len(bytes.TrimSpace(line)) > 0 {
				return nil, fmt.Errorf("%s:%d: a line after the summary (line %d): not one scan's output", path, lineNo, sumLine)
			}
			if bytes.HasPrefix(line, summaryPrefix) {
				sum = &Summary{}
				if err := json.Unmarshal(line, sum); err != nil {
					return nil, fmt.Errorf("%s:%d: summary: %v", path, lineNo, err)
				}
				sumLine = lineNo
			} else if lineNo == 1 && !bytes.HasPrefix(line, []byte(`{"type":`)) {
				return nil, fmt.Errorf("%s:1: not an output of scan --format jsonl", path)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, lineNo+1, err)
		}
	}
	if sum == nil {
		if lineNo == 0 {
			return nil, fmt.Errorf("%s: empty: no summary line (the output is truncated, or not scan's)", path)
		}
		return nil, fmt.Errorf("%s:%d: the output ends without its summary line: it is truncated (a run stopped, a full disk)", path, lineNo)
	}
	return sum, nil
}
