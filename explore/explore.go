package explore

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

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
	// Examples: original examples kept per group (0: 3). Up to that many
	// are minimised, the smallest result reported.
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
	Pieces int      `json:"pieces"`
	A      Decision `json:"a"`
	B      Decision `json:"b"`
	// Index: the candidate's place in the run's order.
	Index int `json:"index"`
}

// Group gathers the cycles the books part on for the same reason: the same
// deciding row and verdict under each, and the same plies labelled
// differently.
type Group struct {
	Key      string   `json:"key"`
	ARow     string   `json:"a_row"`
	AClause  string   `json:"a_clause"`
	AVerdict string   `json:"a_verdict"`
	BRow     string   `json:"b_row"`
	BClause  string   `json:"b_clause"`
	BVerdict string   `json:"b_verdict"`
	Labels   []string `json:"labels_differ,omitempty"` // "ply 2 捉 vs 闲"
	Count    int      `json:"count"`
	// Minimal: the smallest example minimisation reached (fewest pieces).
	Minimal Example `json:"minimal"`
	// From: the original Minimal was minimised from.
	From     int       `json:"minimised_from_pieces"`
	Examples []Example `json:"examples"`
	// MinimiseTime: how long minimising the group's examples took.
	MinimiseTime time.Duration `json:"minimise_ns"`
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
	key     string
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

	type job struct {
		i int
		c Cycle
	}
	type done struct {
		i int
		r result
	}
	jobsCh := make(chan job, 4*jobs)
	doneCh := make(chan done, 4*jobs)
	var cycles []Cycle // by index, kept for the examples
	var stopped string
	var mu sync.Mutex // guards cycles against the collector's reads

	// The producer: candidates in the fixed order, round-robin over the
	// starts, until the budget or the context stops it.
	go func() {
		defer close(jobsCh)
		gens := make([]*generator, len(starts))
		for i := range starts {
			gens[i] = newGenerator(i, starts[i].Pos)
		}
		n := 0
		for {
			any := false
			for _, g := range gens {
				c, ok := g.next()
				if !ok {
					continue
				}
				any = true
				if opt.Count > 0 && n >= opt.Count {
					stopped = StoppedCount
					return
				}
				if ctx.Err() != nil {
					stopped = StoppedInterrupted
					return
				}
				mu.Lock()
				cycles = append(cycles, c)
				mu.Unlock()
				select {
				case jobsCh <- job{n, c}:
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
				n++
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
				doneCh <- done{j.i, judgeOne(books, starts[j.c.Start].Pos, j.c.Moves, opt.Labels)}
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
			groups[d.r.key] = true
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
		g := byKey[r.key]
		if g == nil {
			g = newGroup(r)
			byKey[r.key] = g
			order = append(order, r.key)
		}
		g.Count++
		if len(g.Examples) < nex {
			c := cycles[i]
			g.Examples = append(g.Examples, example(starts[c.Start], c, i, r.ra, r.rb))
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

// judgeOne rules on a cycle under the two books and compares them.
func judgeOne(books []*interp.Book, start *position.Position, moves []position.Move, labels bool) result {
	rs, err := interp.JudgeVerdicts(books, interp.Input{Start: start, Moves: moves})
	if err != nil || len(rs) != 2 {
		return result{err: true}
	}
	r := result{ok: true, ra: rs[0], rb: rs[1]}
	diffs := labelDiffs(rs[0], rs[1])
	if rs[0].Verdict != rs[1].Verdict || (labels && len(diffs) > 0) {
		r.differs = true
		r.key = groupKey(rs[0], rs[1], diffs)
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

// labelDiffs reads "ply 2 捉 vs 闲" for each ply labelled differently.
func labelDiffs(ra, rb interp.Ruling) []string {
	la, lb := labelsOf(ra), labelsOf(rb)
	var out []string
	for i := range max(len(la), len(lb)) {
		x, y := at(la, i), at(lb, i)
		if x != y {
			out = append(out, fmt.Sprintf("ply %d %s vs %s", i+1, x, y))
		}
	}
	return out
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "-"
}

// groupKey says what decided the difference: each book's row and verdict,
// and the labels that differ.
func groupKey(ra, rb interp.Ruling, diffs []string) string {
	k := fmt.Sprintf("%s: %s → %s / %s: %s → %s", ra.Ruleset, rowName(ra), ra.Verdict, rb.Ruleset, rowName(rb), rb.Verdict)
	if len(diffs) > 0 {
		k += ", " + strings.Join(diffs, ", ")
	}
	return k
}

func rowName(r interp.Ruling) string {
	if r.Row == "" {
		return "(no row: default draw)"
	}
	return r.Row
}

func newGroup(r result) *Group {
	return &Group{Key: r.key, ARow: r.ra.Row, AClause: r.ra.Clause, AVerdict: r.ra.Verdict,
		BRow: r.rb.Row, BClause: r.rb.Clause, BVerdict: r.rb.Verdict, Labels: labelDiffs(r.ra, r.rb)}
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
func example(st Start, c Cycle, index int, ra, rb interp.Ruling) Example {
	ex := Example{FEN: st.Pos.FEN(), Shape: c.Shape, Source: st.Source, Pieces: pieces(st.Pos),
		A: decision(ra), B: decision(rb), Index: index}
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
		g.Minimal = example(Start{Pos: p, Source: st.Source, Strict: st.Strict}, c, ex.Index, ra, rb)
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
			if err != nil || len(got) != 2 || got[0].Verdict == got[1].Verdict && len(labelDiffs(got[0], got[1])) == 0 {
				continue
			}
			if groupKey(got[0], got[1], labelDiffs(got[0], got[1])) != key {
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
	r := judgeOne(books, start, moves, true)
	if !r.ok {
		return nil, errors.New("explore: the cycle cannot be judged under both books")
	}
	if !r.differs {
		return nil, errors.New("explore: the books do not part on the cycle")
	}
	p, _, _ := minimise(ctx, books, start, strict, moves, r.key)
	return p, nil
}
