package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
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
	// InForce: with the column of the book in force, the games per book in
	// force, and the games it could not place, counted and listed.
	InForce *InForceTally `json:"in_force,omitempty"`
	// Disagreements lists the cycles ending a game on which the book in
	// force (with --rules in-force; else the first book) rules otherwise
	// than the game ended: the first MaxListed; DisagreementsOf is the
	// book's column.
	Disagreements   []Disagreement `json:"disagreements,omitempty"`
	DisagreementsOf string         `json:"disagreements_of,omitempty"`
	// NoResult: cycles that end a game whose record gives no result (or
	// "*"), so no ruling can be compared with it; listed in NoResultGames
	// (the first MaxListed).
	NoResult      int       `json:"ends_without_result,omitempty"`
	NoResultGames []GameRef `json:"ends_without_result_games,omitempty"`
}

// MaxListed bounds each list of a summary (unknown games, bad dates,
// disagreements), so that its memory stays flat whatever the corpus size;
// the counts go on beyond it.
const MaxListed = 500

// InForceTally is what the table of the book in force made of a scan's
// games (each game once, whatever its cycles).
type InForceTally struct {
	Books   map[string]int `json:"books"`   // games per book in force
	Unknown map[string]int `json:"unknown"` // games without one, per reason (computer, undated, no period)
	// UnknownGames lists them (the first MaxListed).
	UnknownGames []GameRef `json:"unknown_games,omitempty"`
	// BadDates: games whose date holds no year (listed in BadDateGames, the
	// first MaxListed); the event name may still have dated them.
	BadDates     int       `json:"bad_dates"`
	BadDateGames []GameRef `json:"bad_date_games,omitempty"`
}

// GameRef names a game in a list.
type GameRef struct {
	ID     string `json:"id"` // the record id, or file#index
	Event  string `json:"event,omitempty"`
	Date   string `json:"date,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// BookSummary is one book's tally.
type BookSummary struct {
	Ruleset       string `json:"ruleset"`
	Extends       string `json:"extends,omitempty"` // the book it extends
	Status        string `json:"status,omitempty"`  // what the book is: official, proposal, draft … (its YAML's status)
	RedMustVary   int    `json:"red_must_vary"`
	BlackMustVary int    `json:"black_must_vary"`
	Draw          int    `json:"draw"`
	Errors        int    `json:"errors"`
	Unknown       int    `json:"unknown,omitempty"` // the in-force column: cycles of games without a book in force
	// Decisive: cycles of games with a decisive result that end in the
	// cycle; LoserMustVary: how many of them the book rules against the
	// side that lost.
	Decisive      int `json:"decisive_ending_in_cycle"`
	LoserMustVary int `json:"loser_must_vary"`
	// Real: of the cycles that end a game with a result (draw or decisive)
	// and that the book ruled on, how many it rules as the game ended (a
	// draw a draw, a decisive game against its loser), in all, per result
	// ("1-0", "0-1", "1/2-1/2") and per decade of the game's year ("1980",
	// …; "undated").
	Real     Tally            `json:"real"`
	ByResult map[string]Tally `json:"real_by_result,omitempty"`
	ByDecade map[string]Tally `json:"real_by_decade,omitempty"`
}

// Tally is Agree rulings of Of.
type Tally struct {
	Agree int `json:"agree"`
	Of    int `json:"of"`
}

func (a Tally) add(b Tally) Tally { return Tally{a.Agree + b.Agree, a.Of + b.Of} }

// Percent is Agree/Of in per cent (0 when Of is 0).
func (a Tally) Percent() float64 {
	if a.Of == 0 {
		return 0
	}
	return 100 * float64(a.Agree) / float64(a.Of)
}

// Disagreement is a cycle ending a game that a book rules otherwise than
// the game ended.
type Disagreement struct {
	ID      string   `json:"id"`
	Event   string   `json:"event,omitempty"`
	Year    int      `json:"year,omitempty"`
	Ply     int      `json:"ply"`
	Result  string   `json:"result"`
	Ruleset string   `json:"ruleset"`
	Book    string   `json:"book,omitempty"` // the in-force column's book
	Verdict string   `json:"verdict"`
	Labels  []string `json:"labels,omitempty"`
}

// NewSummary returns the empty summary of a scan of shard sh under books.
func NewSummary(mode string, books []*interp.Book, sh Shard) *Summary {
	t := &Summary{Type: "summary", Mode: mode, Shard: sh.String(), Summary: make([]BookSummary, len(books)),
		Agreement: make([][]int, len(books))}
	for i, b := range books {
		if b == nil {
			t.Summary[i].Ruleset = InForceID
			t.InForce = &InForceTally{Books: map[string]int{}, Unknown: map[string]int{}}
		} else {
			t.Summary[i].Ruleset, t.Summary[i].Extends, t.Summary[i].Status = b.ID, b.Extends, b.Status
		}
		t.Agreement[i] = make([]int, len(books))
	}
	if len(t.Summary) > 0 {
		t.DisagreementsOf = t.Summary[0].Ruleset
		if t.InForce != nil {
			t.DisagreementsOf = InForceID
		}
	}
	return t
}

// Decade names the decade of a year ("1980"), or "undated".
func Decade(year int) string {
	if year == 0 {
		return "undated"
	}
	return fmt.Sprint(year / 10 * 10)
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
	if pl := it.Res.InForce; pl != nil && t.InForce != nil && it.Game != nil {
		f := t.InForce
		ref := func(reason string) GameRef {
			return GameRef{ID: Key(it.Game, nil), Event: it.Game.Tag("Event"), Date: it.Game.Tag("Date"), Reason: reason}
		}
		if pl.Book != "" {
			f.Books[pl.Book]++
		} else {
			f.Unknown[pl.Unknown]++
			if len(f.UnknownGames) < MaxListed {
				f.UnknownGames = append(f.UnknownGames, ref(pl.Unknown))
			}
		}
		if it.Res.BadDate {
			f.BadDates++
			if len(f.BadDateGames) < MaxListed {
				f.BadDateGames = append(f.BadDateGames, ref("no year in the date"))
			}
		}
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
	if c.EndsGame && RealVerdict(c) == "" {
		t.NoResult++
		if len(t.NoResultGames) < MaxListed {
			t.NoResultGames = append(t.NoResultGames, GameRef{ID: cycleKey(c), Event: c.Event, Date: c.Date,
				Reason: fmt.Sprintf("ends in the cycle at ply %d, result %q", c.Ply, c.Result)})
		}
	}
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
		case Unknown:
			s.Unknown++
			continue // no ruling: nothing to agree with
		default:
			s.Errors++
		}
		if loser != "" {
			s.Decisive++
			if r.Verdict == loser {
				s.LoserMustVary++
			}
		}
		if r.Agrees != nil {
			one := Tally{Of: 1}
			if *r.Agrees {
				one.Agree = 1
			}
			s.Real = s.Real.add(one)
			s.ByResult = addTally(s.ByResult, c.Result, one)
			s.ByDecade = addTally(s.ByDecade, Decade(c.Year), one)
			if !*r.Agrees && r.Ruleset == t.DisagreementsOf && len(t.Disagreements) < MaxListed {
				t.Disagreements = append(t.Disagreements, Disagreement{ID: cycleKey(c), Event: c.Event, Year: c.Year,
					Ply: c.Ply, Result: c.Result, Ruleset: r.Ruleset, Book: r.Book, Verdict: r.Verdict, Labels: r.Labels})
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
		a.Unknown += b.Unknown
		a.Decisive += b.Decisive
		a.LoserMustVary += b.LoserMustVary
		a.Real = a.Real.add(b.Real)
		for k, v := range b.ByResult {
			a.ByResult = addTally(a.ByResult, k, v)
		}
		for k, v := range b.ByDecade {
			a.ByDecade = addTally(a.ByDecade, k, v)
		}
	}
	t.Disagreements = appendListed(t.Disagreements, u.Disagreements)
	t.NoResult += u.NoResult
	t.NoResultGames = appendListed(t.NoResultGames, u.NoResultGames)
	for i, row := range u.Agreement {
		for j, n := range row {
			t.Agreement[i][j] += n
		}
	}
	if u.InForce != nil {
		if t.InForce == nil {
			t.InForce = &InForceTally{Books: map[string]int{}, Unknown: map[string]int{}}
		}
		t.InForce.merge(u.InForce)
	}
	return nil
}

func addTally(m map[string]Tally, k string, v Tally) map[string]Tally {
	if m == nil {
		m = map[string]Tally{}
	}
	m[k] = m[k].add(v)
	return m
}

// cycleKey names a cycle's game: its record id, else file#index.
func cycleKey(c *Cycle) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("%s#%d", filepath.Base(c.File), c.Game)
}

func (f *InForceTally) merge(g *InForceTally) {
	for k, n := range g.Books {
		f.Books[k] += n
	}
	for k, n := range g.Unknown {
		f.Unknown[k] += n
	}
	f.UnknownGames = appendListed(f.UnknownGames, g.UnknownGames)
	f.BadDates += g.BadDates
	f.BadDateGames = appendListed(f.BadDateGames, g.BadDateGames)
}

// appendListed appends b to a, keeping the first MaxListed: the first
// MaxListed of a concatenation, so merging stays associative.
func appendListed[T any](a, b []T) []T {
	return append(a, b[:min(len(b), max(0, MaxListed-len(a)))]...)
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
	defer t.writeReal(w)
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

// writeReal prints how often each book agrees with the real results, per
// result and per decade, the disagreements, and the in-force table's work.
func (t *Summary) writeReal(w io.Writer) {
	ended := 0
	for _, s := range t.Summary {
		ended = max(ended, s.Real.Of)
	}
	if ended > 0 {
		fmt.Fprintf(w, "\nagreement with the real result, of the cycles that end a game with a result\n(a draw ruled a draw, a decisive game ruled against its loser):\n")
		results := []string{"1/2-1/2", "1-0", "0-1"}
		fmt.Fprintf(w, "%-13s %16s", "rule set", "all")
		for _, r := range results {
			fmt.Fprintf(w, " %16s", r)
		}
		fmt.Fprintln(w)
		for _, s := range t.Summary {
			fmt.Fprintf(w, "%-13s %16s", s.Ruleset, tallyText(s.Real))
			for _, r := range results {
				fmt.Fprintf(w, " %16s", tallyText(s.ByResult[r]))
			}
			fmt.Fprintln(w)
		}
		decades := map[string]bool{}
		for _, s := range t.Summary {
			for d := range s.ByDecade {
				decades[d] = true
			}
		}
		ds := slices.Sorted(maps.Keys(decades))
		fmt.Fprintf(w, "\nby decade (%% agreeing, of n):\n%-13s", "rule set")
		for _, d := range ds {
			fmt.Fprintf(w, " %12s", d)
		}
		fmt.Fprintln(w)
		for _, s := range t.Summary {
			fmt.Fprintf(w, "%-13s", s.Ruleset)
			for _, d := range ds {
				x, ok := s.ByDecade[d]
				if !ok {
					fmt.Fprintf(w, " %12s", "-")
					continue
				}
				fmt.Fprintf(w, " %12s", fmt.Sprintf("%.0f%% of %d", x.Percent(), x.Of))
			}
			fmt.Fprintln(w)
		}
		var of Tally
		for _, s := range t.Summary {
			if s.Ruleset == t.DisagreementsOf {
				of = s.Real
			}
		}
		if n := of.Of - of.Agree; n > 0 {
			fmt.Fprintf(w, "\n%s disagrees with the real result on %d cycles:\n", t.DisagreementsOf, n)
			for _, d := range t.Disagreements {
				book := ""
				if d.Book != "" {
					book = " (" + d.Book + ")"
				}
				year := ""
				if d.Year != 0 {
					year = fmt.Sprintf(" %d", d.Year)
				}
				fmt.Fprintf(w, "  %s ply %d%s: %s, ruled %s%s [%s] %s\n", d.ID, d.Ply, year, d.Result, d.Verdict, book,
					strings.Join(d.Labels, " "), d.Event)
			}
			if n > len(t.Disagreements) {
				fmt.Fprintf(w, "  … and %d more (scan --format jsonl marks each ruling \"agrees\")\n", n-len(t.Disagreements))
			}
		}
	}
	if t.NoResult > 0 {
		fmt.Fprintf(w, "\ncycles that end a game without a result (not compared): %d\n", t.NoResult)
		writeRefs(w, t.NoResultGames, t.NoResult)
	}
	t.writeInForce(w)
}

func tallyText(x Tally) string {
	if x.Of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %.1f%%", x.Agree, x.Of, x.Percent())
}

// writeInForce prints what the table of the book in force made of the
// games: the books it gave, the games it could not place and the dates
// that hold no year, listed.
func (t *Summary) writeInForce(w io.Writer) {
	f := t.InForce
	if f == nil {
		return
	}
	count := func(m map[string]int) (int, string) {
		keys := slices.Sorted(maps.Keys(m))
		n, parts := 0, make([]string, 0, len(keys))
		for _, k := range keys {
			n += m[k]
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
		return n, strings.Join(parts, ", ")
	}
	n, books := count(f.Books)
	fmt.Fprintf(w, "\nbook in force: %d games (%s)", n, books)
	for _, s := range t.Summary {
		if s.Ruleset == InForceID && s.Unknown > 0 {
			fmt.Fprintf(w, "; %d cycles not ruled (no book in force)", s.Unknown)
		}
	}
	fmt.Fprintln(w)
	if n, why := count(f.Unknown); n > 0 {
		fmt.Fprintf(w, "no book in force: %d games (%s)\n", n, why)
		writeRefs(w, f.UnknownGames, n)
	}
	if f.BadDates > 0 {
		fmt.Fprintf(w, "dates without a year: %d games\n", f.BadDates)
		writeRefs(w, f.BadDateGames, f.BadDates)
	}
}

func writeRefs(w io.Writer, refs []GameRef, total int) {
	for _, r := range refs {
		fmt.Fprintf(w, "  %s: %s", r.ID, r.Reason)
		if r.Date != "" {
			fmt.Fprintf(w, "; date %q", r.Date)
		}
		if r.Event != "" {
			fmt.Fprintf(w, "; event %q", r.Event)
		}
		fmt.Fprintln(w)
	}
	if total > len(refs) {
		fmt.Fprintf(w, "  … and %d more\n", total-len(refs))
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
