package explore

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// Why a run stopped before every candidate was judged (Report.Stopped).
const (
	StoppedCount       = "count"       // the count budget was spent
	StoppedTime        = "time"        // the time budget ran out
	StoppedInterrupted = "interrupted" // the context was cancelled (SIGINT)
)

// Options bound and shape a run. The zero value judges every candidate on
// every core, verdicts only.
type Options struct {
	// Labels keeps the cycles whose verdicts agree but whose labels differ.
	Labels bool
	// Count: judge at most this many candidates (0: no limit). The
	// candidates are made in a fixed order, so a count budget gives the same
	// report every run, whatever Jobs.
	Count int
	// Time: stop making candidates after this long (0: no limit).
	// Minimisation follows it and stops only when the context is done.
	Time time.Duration
	// Jobs: candidates judged in parallel (0: GOMAXPROCS).
	Jobs int
	// Examples: original examples kept per group (0: 3), those with the
	// fewest pieces (then the first made). All are minimised, the smallest
	// result reported.
	Examples int
	// Progress, when set, is called from time to time (never concurrently).
	Progress func(Progress)
}

// Progress is where a run stands.
type Progress struct {
	Phase   string        `json:"phase"`  // "judge" or "minimise"
	Judged  int           `json:"judged"` // candidates judged
	Differ  int           `json:"differ"` // of which the books part
	Groups  int           `json:"groups"`
	Done    int           `json:"done"` // minimise: groups done, of Groups
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Decision is one book's ruling on a cycle, in short.
type Decision struct {
	Book    string   `json:"book"`
	Verdict string   `json:"verdict"`
	Row     string   `json:"row,omitempty"`
	Clause  string   `json:"clause,omitempty"`
	Labels  []string `json:"labels"`
	Reason  string   `json:"reason,omitempty"`
}

// Example is one cycle where the books part.
type Example struct {
	FEN    string   `json:"fen"`
	Moves  []string `json:"moves"`    // ICCS
	CN     []string `json:"moves_cn"` // Chinese notation
	Shape  string   `json:"shape"`
	Source string   `json:"source"`
	// Played: the cycle is the one a game played (Shape is ShapePlayed);
	// Source names the game and the ply it started at.
	Played bool `json:"played,omitempty"`
	Pieces int  `json:"pieces"`
	// Varying: the colour ("red" or "black") that plays the group's
	// varying side in this example.
	Varying string   `json:"varying_side"`
	A       Decision `json:"a"`
	B       Decision `json:"b"`
	// Index: the candidate's place in the run's order.
	Index int `json:"index"`
}

// Group gathers the cycles the books part on for the same reason, whatever
// the colours and wherever the cycle starts: the same deciding row and
// verdict under each book, the verdicts naming the sides by their part (the
// side a book makes vary, the other side) rather than by colour, and the
// same label differences for each side, counted as a multiset over its
// moves rather than by ply. A cycle and its colour-swapped twin, or the
// same cycle entered one ply later, land in the same group.
type Group struct {
	// Key: the whole of the group's identity, as text, e.g.
	// "11: 25.2-both-allowed → draw / no-26.2: 25.3-one-forbidden → the
	// varying side must vary; the varying side: 闲 vs 捉 on 1 of its 2
	// moves".
	Key     string `json:"key"`
	ARow    string `json:"a_row"`
	AClause string `json:"a_clause"`
	// AVerdict and BVerdict name sides by their part: VerdictDraw,
	// VerdictVaryingSide or VerdictOtherSide.
	AVerdict string `json:"a_verdict"`
	BRow     string `json:"b_row"`
	BClause  string `json:"b_clause"`
	BVerdict string `json:"b_verdict"`
	// Varying: the side a book makes vary (A's when A names one, else
	// B's); when neither does (both draw, Options.Labels), the side whose
	// labels differ more. Other: the other side.
	Varying SideDiff `json:"varying"`
	Other   SideDiff `json:"other"`
	// Labels: the label differences in words, one per side that has any
	// ("the varying side: 捉 vs 闲 on 1 of its 2 moves").
	Labels []string `json:"labels_differ,omitempty"`
	Count  int      `json:"count"`
	// Minimal: the smallest example minimisation reached (fewest pieces),
	// with its real plies and colours (Example.Varying says which colour
	// plays the varying side in it).
	Minimal Example `json:"minimal"`
	// From: the original Minimal was minimised from.
	From     int       `json:"minimised_from_pieces"`
	Examples []Example `json:"examples"`
	// Played: how many of the group's cycles were played in the games
	// read, and the first of them (up to Options.Examples): real
	// repetitions where the books part, for a committee to read.
	PlayedCount int       `json:"played_count"`
	PlayedIn    []Example `json:"played,omitempty"`
	// MinimiseTime: how long minimising the group's examples took.
	MinimiseTime time.Duration `json:"minimise_ns"`
}

// The verdicts of a group, the sides named by their part.
const (
	VerdictDraw        = "draw"
	VerdictVaryingSide = "the varying side must vary"
	VerdictOtherSide   = "the other side must vary"
)

// SideDiff is how one side's labels differ between the books: Differ has
// one "A's label vs B's label" per move of the side labelled differently,
// sorted (a multiset: which of its moves, and at which ply, does not
// count); Moves is how many moves the side makes in the cycle.
type SideDiff struct {
	Moves  int      `json:"moves"`
	Differ []string `json:"labels_differ,omitempty"`
}

// Report is what a run found.
type Report struct {
	A string `json:"a"`
	B string `json:"b"`
	// Starts: the positions candidates were made from.
	Starts int `json:"starts"`
	// Judged: candidates judged; Unjudged: of which a book could not rule
	// (a mate on the way …); Differ: on which the books part.
	Judged   int `json:"judged"`
	Unjudged int `json:"unjudged"`
	Differ   int `json:"differ"`
	// Exhausted: every candidate of every start was judged.
	Exhausted bool `json:"exhausted"`
	// Stopped: why the run stopped early ("" when it did not).
	Stopped string        `json:"stopped,omitempty"`
	Groups  []Group       `json:"groups"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// candidate result, by index.
type result struct {
	ok      bool
	differs bool
	kind    kind
	ra, rb  interp.Ruling
	err     bool
}

// Run makes candidate cycles from starts, judges each under a and b and
// reports the groups of those where the books part, each with one example
// minimised. It stops early, with what it found, on the budget of opt or
// when ctx is done (Report.Stopped says which).
func Run(ctx context.Context, a, b *interp.Book, starts []Start, opt Options) (*Report, error) {
	if a == nil || b == nil {
		return nil, errors.New("explore: two books are needed")
	}
	if opt.Count < 0 || opt.Time < 0 {
		return nil, errors.New("explore: a budget must be positive")
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	nex := opt.Examples
	if nex <= 0 {
		nex = 3
	}
	t0 := time.Now()
	books := []*interp.Book{a, b}
	rep := &Report{A: a.ID, B: b.ID, Starts: len(starts), Groups: []Group{}}

	var deadline <-chan time.Time
	if opt.Time > 0 {
		tm := time.NewTimer(opt.Time)
		defer tm.Stop()
		deadline = tm.C
	}

	// A job is a batch of candidates of one start, indices first..: they
	// are judged with one facts.Analyses, whose memo they share (the
	// start's position and its neighbours; a third faster for two books
	// with the same params, BenchmarkJudgeCandidatesSameParams).
	type job struct {
		first int
		cs    []Cycle
	}
	type done struct {
		i int
		r result
	}
	jobsCh := make(chan job, 2*jobs)
	doneCh := make(chan done, 4*jobs)
	var cycles []Cycle // by index, kept for the examples
	var stopped string
	var mu sync.Mutex // guards cycles against the collector's reads

	// The producer: candidates in the fixed order — round-robin over the
	// starts, perStart of each at a turn — until the budget or the
	// context stops it.
	go func() {
		defer close(jobsCh)
		gens := make([]*generator, len(starts))
		for i := range starts {
			gens[i] = newGenerator(i, starts[i])
		}
		n := 0
		for {
			any := false
			for _, g := range gens {
				batch, more := nextBatch(g, perStart, opt.Count, n)
				any = any || len(batch) > 0 || more
				if len(batch) == 0 {
					if more { // the count budget is spent
						stopped = StoppedCount
						return
					}
					continue
				}
				if ctx.Err() != nil {
					stopped = StoppedInterrupted
					return
				}
				mu.Lock()
				cycles = append(cycles, batch...)
				mu.Unlock()
				select {
				case jobsCh <- job{n, batch}:
				case <-ctx.Done():
					mu.Lock()
					cycles = cycles[:n]
					mu.Unlock()
					stopped = StoppedInterrupted
					return
				case <-deadline:
					mu.Lock()
					cycles = cycles[:n]
					mu.Unlock()
					stopped = StoppedTime
					return
				}
				n += len(batch)
			}
			if !any {
				rep.Exhausted = true
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobsCh {
				x := facts.NewAnalyses()
				for k, c := range j.cs {
					doneCh <- done{j.first + k, judgeOne(x, books, starts[c.Start].Pos, c.Moves, opt.Labels)}
				}
				x.Close()
			}
		}()
	}
	go func() { wg.Wait(); close(doneCh) }()

	results := map[int]result{}
	groups := map[string]bool{}
	last := time.Now()
	for d := range doneCh {
		results[d.i] = d.r
		rep.Judged++
		if d.r.err {
			rep.Unjudged++
		}
		if d.r.differs {
			rep.Differ++
			groups[d.r.kind.key] = true
		}
		if opt.Progress != nil && time.Since(last) >= 100*time.Millisecond {
			last = time.Now()
			opt.Progress(Progress{Phase: "judge", Judged: rep.Judged, Differ: rep.Differ, Groups: len(groups), Elapsed: time.Since(t0)})
		}
	}
	rep.Stopped = stopped
	if rep.Exhausted {
		rep.Stopped = ""
	}
	if opt.Progress != nil {
		opt.Progress(Progress{Phase: "judge", Judged: rep.Judged, Differ: rep.Differ, Groups: len(groups), Elapsed: time.Since(t0)})
	}

	// Group in candidate order (the same whatever the workers did).
	byKey := map[string]*Group{}
	var order []string
	for i := range len(cycles) {
		r, ok := results[i]
		if !ok || !r.differs {
			continue
		}
		g := byKey[r.kind.key]
		if g == nil {
			g = newGroup(r)
			byKey[r.kind.key] = g
			order = append(order, r.kind.key)
		}
		g.Count++
		c := cycles[i]
		if n := pieces(starts[c.Start].Pos); len(g.Examples) < nex || n < g.Examples[len(g.Examples)-1].Pieces {
			g.Examples = keepSmallest(g.Examples, example(starts[c.Start], c, i, r.ra, r.rb, r.kind.colour), nex)
		}
		if c.Shape == ShapePlayed {
			g.PlayedCount++
			if len(g.PlayedIn) < nex {
				g.PlayedIn = append(g.PlayedIn, example(starts[c.Start], c, i, r.ra, r.rb, r.kind.colour))
			}
		}
	}
	for _, k := range order {
		rep.Groups = append(rep.Groups, *byKey[k])
	}
	sort.SliceStable(rep.Groups, func(i, j int) bool { return rep.Groups[i].Count > rep.Groups[j].Count })

	// Minimise each group's examples, groups in parallel.
	if ctx.Err() == nil {
		var next, ndone int
		var gm sync.Mutex
		var mwg sync.WaitGroup
		for range min(jobs, len(rep.Groups)) {
			mwg.Add(1)
			go func() {
				defer mwg.Done()
				for {
					gm.Lock()
					i := next
					next++
					gm.Unlock()
					if i >= len(rep.Groups) {
						return
					}
					minimiseGroup(ctx, books, starts, cycles, &rep.Groups[i])
					gm.Lock()
					ndone++
					if opt.Progress != nil {
						opt.Progress(Progress{Phase: "minimise", Judged: rep.Judged, Differ: rep.Differ, Groups: len(rep.Groups), Done: ndone, Elapsed: time.Since(t0)})
					}
					gm.Unlock()
				}
			}()
		}
		mwg.Wait()
	}
	for i := range rep.Groups {
		if rep.Groups[i].Minimal.FEN == "" { // not minimised (interrupted)
			rep.Groups[i].Minimal = rep.Groups[i].Examples[0]
			rep.Groups[i].From = rep.Groups[i].Minimal.Pieces
		}
	}
	if ctx.Err() != nil && rep.Stopped == "" {
		rep.Stopped = StoppedInterrupted
	}
	rep.Elapsed = time.Since(t0)
	return rep, nil
}

// keepSmallest adds ex to examples, kept in order of fewest pieces (then
// of candidate order) and at most n long: the smallest originals read
// best and minimise furthest.
func keepSmallest(examples []Example, ex Example, n int) []Example {
	at := len(examples)
	for at > 0 && examples[at-1].Pieces > ex.Pieces {
		at--
	}
	examples = slices.Insert(examples, at, ex)
	if len(examples) > n {
		examples = examples[:n]
	}
	return examples
}

// perStart is how many candidates of a start are made at its turn: one
// turn of the generator's kinds (check, back, alternation, back), judged
// together (see job).
const perStart = len(order)

// nextBatch takes up to per candidates of g, no more than the count budget
// (0: none) leaves after n; more reports that g had one the budget left
// out.
func nextBatch(g *generator, per, count, n int) (batch []Cycle, more bool) {
	for len(batch) < per {
		if count > 0 && n+len(batch) >= count {
			_, more = g.peek()
			return batch, more
		}
		c, ok := g.next()
		if !ok {
			break
		}
		batch = append(batch, c)
	}
	return batch, false
}

// judgeOne rules on a cycle under the two books and compares them, with x's
// memo (nil: a memo of its own).
func judgeOne(x *facts.Analyses, books []*interp.Book, start *position.Position, moves []position.Move, labels bool) result {
	if x == nil {
		x = facts.NewAnalyses()
		defer x.Close()
	}
	rs, err := interp.JudgeVerdictsWith(x.AnalyzeCycles, books, interp.Input{Start: start, Moves: moves})
	if err != nil || len(rs) != 2 {
		return result{err: true}
	}
	r := result{ok: true, ra: rs[0], rb: rs[1]}
	if rs[0].Verdict != rs[1].Verdict || (labels && labelsDiffer(rs[0], rs[1])) {
		r.differs = true
		r.kind = kindOf(rs[0], rs[1])
	}
	return r
}

func labelsOf(r interp.Ruling) []string {
	out := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		out[i] = m.Label
	}
	return out
}

// labelsDiffer: some ply is labelled differently by the two rulings.
func labelsDiffer(ra, rb interp.Ruling) bool {
	la, lb := labelsOf(ra), labelsOf(rb)
	for i := range max(len(la), len(lb)) {
		if at(la, i) != at(lb, i) {
			return true
		}
	}
	return false
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "-"
}

// kind is what groups a difference: the two rulings read without colours
// or ply numbers (Group).
type kind struct {
	key                string
	aVerdict, bVerdict string
	varying, other     SideDiff
	labels             []string
	colour             string // the colour that plays the varying side
}

// kindOf reads the two rulings by the sides' parts: the varying side is the
// one A makes vary, else the one B makes vary, else (neither names a side)
// the side whose labels differ more (the first in words on a tie: a tie in
// words is the same description either way).
func kindOf(ra, rb interp.Ruling) kind {
	diff := map[string]*SideDiff{"red": {}, "black": {}}
	la, lb := labelsOf(ra), labelsOf(rb)
	for i := range max(len(la), len(lb)) {
		side := ""
		if i < len(ra.Moves) {
			side = ra.Moves[i].Side
		} else {
			side = rb.Moves[i].Side
		}
		d := diff[side]
		if d == nil {
			d = &SideDiff{}
			diff[side] = d
		}
		d.Moves++
		x, y := at(la, i), at(lb, i)
		if x != y {
			d.Differ = append(d.Differ, x+" vs "+y)
		}
	}
	for _, d := range diff {
		sort.Strings(d.Differ)
	}
	k := kind{colour: varyingColour(ra.Verdict)}
	named := true
	if k.colour == "" {
		k.colour = varyingColour(rb.Verdict)
	}
	if k.colour == "" {
		named = false
		r, b := diff["red"], diff["black"]
		k.colour = "red"
		if len(b.Differ) > len(r.Differ) || len(b.Differ) == len(r.Differ) && sideWords("", b) < sideWords("", r) {
			k.colour = "black"
		}
	}
	otherColour := "black"
	if k.colour == "black" {
		otherColour = "red"
	}
	k.varying, k.other = *diff[k.colour], *diff[otherColour]
	k.aVerdict, k.bVerdict = relVerdict(ra.Verdict, k.colour), relVerdict(rb.Verdict, k.colour)
	vName, oName := "the varying side", "the other side"
	if !named {
		vName = "one side"
	}
	for _, s := range []struct {
		name string
		d    SideDiff
	}{{vName, k.varying}, {oName, k.other}} {
		if len(s.d.Differ) > 0 {
			k.labels = append(k.labels, sideWords(s.name, &s.d))
		}
	}
	k.key = fmt.Sprintf("%s: %s → %s / %s: %s → %s", ra.Ruleset, rowName(ra), k.aVerdict, rb.Ruleset, rowName(rb), k.bVerdict)
	if len(k.labels) > 0 {
		k.key += "; " + strings.Join(k.labels, "; ")
	}
	return k
}

// sideWords reads a side's label differences: "the varying side: 捉 vs 闲
// ×2, 将 vs 闲 on 3 of its 4 moves".
func sideWords(name string, d *SideDiff) string {
	var parts []string
	for i := 0; i < len(d.Differ); {
		j := i
		for j < len(d.Differ) && d.Differ[j] == d.Differ[i] {
			j++
		}
		p := d.Differ[i]
		if j-i > 1 {
			p += fmt.Sprintf(" ×%d", j-i)
		}
		parts = append(parts, p)
		i = j
	}
	return fmt.Sprintf("%s: %s on %d of its %d moves", name, strings.Join(parts, ", "), len(d.Differ), d.Moves)
}

// varyingColour is the colour a verdict makes vary ("" for none).
func varyingColour(v string) string {
	switch v {
	case interp.RedMustVary:
		return "red"
	case interp.BlackMustVary:
		return "black"
	}
	return ""
}

// relVerdict names a verdict's side by its part.
func relVerdict(v, varying string) string {
	switch c := varyingColour(v); {
	case v == interp.Draw:
		return VerdictDraw
	case c == "":
		return v
	case c == varying:
		return VerdictVaryingSide
	}
	return VerdictOtherSide
}

func rowName(r interp.Ruling) string {
	if r.Row == "" {
		return "(no row: default draw)"
	}
	return r.Row
}

func newGroup(r result) *Group {
	k := r.kind
	return &Group{Key: k.key, ARow: r.ra.Row, AClause: r.ra.Clause, AVerdict: k.aVerdict,
		BRow: r.rb.Row, BClause: r.rb.Clause, BVerdict: k.bVerdict, Varying: k.varying, Other: k.other, Labels: k.labels}
}

func decision(r interp.Ruling) Decision {
	return Decision{Book: r.Ruleset, Verdict: r.Verdict, Row: r.Row, Clause: r.Clause, Labels: labelsOf(r), Reason: r.Reason}
}

func pieces(p *position.Position) int {
	n := 0
	for s := position.Square(0); s < position.NumSquares; s++ {
		if p.At(s) != position.NoPiece {
			n++
		}
	}
	return n
}

// example writes a cycle for the report.
func example(st Start, c Cycle, index int, ra, rb interp.Ruling, varying string) Example {
	ex := Example{FEN: st.Pos.FEN(), Shape: c.Shape, Source: st.Source, Played: c.Shape == ShapePlayed,
		Pieces: pieces(st.Pos), Varying: varying, A: decision(ra), B: decision(rb), Index: index}
	q := st.Pos.Clone()
	for _, m := range c.Moves {
		ex.Moves = append(ex.Moves, m.String())
		ex.CN = append(ex.CN, position.Chinese{}.Encode(q, m))
		q.Make(m)
	}
	return ex
}

// minimiseGroup minimises the group's examples and keeps the smallest.
func minimiseGroup(ctx context.Context, books []*interp.Book, starts []Start, cycles []Cycle, g *Group) {
	t0 := time.Now()
	best := -1
	for k, ex := range g.Examples {
		c := cycles[ex.Index]
		st := starts[c.Start]
		p, ra, rb := minimise(ctx, books, st.Pos, st.Strict, c.Moves, g.Key)
		if best >= 0 && pieces(p) >= g.Minimal.Pieces {
			continue
		}
		best = k
		g.Minimal = example(Start{Pos: p, Source: st.Source, Strict: st.Strict}, c, ex.Index, ra, rb, kindOf(ra, rb).colour)
		g.Minimal.Played = false // its moves were played, not from this position
		g.From = ex.Pieces
	}
	g.MinimiseTime = time.Since(t0)
}

// Minimise removes pieces from start, one at a time, while the position
// stays legal (as strict or composed as start), moves stay a cycle from it
// and the two books still part on it in the group key says; it stops when
// no piece can go. The kings and the pieces the cycle moves stay.
func minimise(ctx context.Context, books []*interp.Book, start *position.Position, strict bool, moves []position.Move, key string) (*position.Position, interp.Ruling, interp.Ruling) {
	cur := start.Clone()
	rs, _ := interp.JudgeVerdicts(books, interp.Input{Start: cur, Moves: moves})
	var keep [position.NumSquares]bool
	for _, m := range moves {
		keep[m.From()], keep[m.To()] = true, true
	}
	for changed := true; changed && ctx.Err() == nil; {
		changed = false
		for s := position.Square(0); s < position.NumSquares; s++ {
			pc := cur.At(s)
			if pc == position.NoPiece || pc.Kind() == position.King || keep[s] {
				continue
			}
			q, ok := without(cur, s, strict)
			if !ok || !IsCycle(q, moves) {
				continue
			}
			got, err := interp.JudgeVerdicts(books, interp.Input{Start: q, Moves: moves})
			if err != nil || len(got) != 2 || got[0].Verdict == got[1].Verdict && !labelsDiffer(got[0], got[1]) {
				continue
			}
			if kindOf(got[0], got[1]).key != key {
				continue
			}
			cur, rs, changed = q, got, true
		}
	}
	if len(rs) != 2 {
		return cur, interp.Ruling{}, interp.Ruling{}
	}
	return cur, rs[0], rs[1]
}

// without is p with the piece on s removed, read back from its FEN so that
// the position package checks it.
func without(p *position.Position, s position.Square, strict bool) (*position.Position, bool) {
	q := p.Clone()
	q.Place(s, position.NoPiece)
	r, err := setup(q.FEN(), strict)
	return r, err == nil
}

// Minimise is the minimisation Run applies to each group's examples,
// exported for callers with a cycle of their own: it removes from start
// every piece it can while the position stays legal (strictly, when
// strict), moves stay a cycle and a and b still part on it for the same
// reason (the same deciding rows, verdicts and differing labels). It
// returns the smallest position reached.
func Minimise(ctx context.Context, a, b *interp.Book, start *position.Position, strict bool, moves []position.Move) (*position.Position, error) {
	books := []*interp.Book{a, b}
	r := judgeOne(nil, books, start, moves, true)
	if !r.ok {
		return nil, errors.New("explore: the cycle cannot be judged under both books")
	}
	if !r.differs {
		return nil, errors.New("explore: the books do not part on the cycle")
	}
	p, _, _ := minimise(ctx, books, start, strict, moves, r.kind.key)
	return p, nil
}
