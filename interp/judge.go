package interp

import (
	"fmt"
	"slices"
	"sync"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/position"
)

// Input is a cycle to judge.
type Input struct {
	// Start is the position before the cycle's first move; it is not changed.
	Start *position.Position
	// Moves are the cycle's moves; after them Start's position stands again.
	Moves []position.Move
	// Occurrences: how many times Start's position occurred in the game (2
	// when only one period is known).
	Occurrences int
	Context     Context
	// Whole: every move since Start's position first occurred in the game,
	// ending at it again, when the play came back to it along more than one
	// sequence of moves (so Whole is not Moves repeated); nil otherwise.
	// Returns are the offsets in Whole where the position stands (0 first,
	// len(Whole) last). Books with judge_from: first judge Whole from the
	// first of the position's last `repetitions` occurrences.
	Whole   []position.Move
	Returns []int
	// FromPly and WholeFromPly: how many moves of the game were played
	// before Moves and before Whole (the plies judged are FromPly+1 …
	// FromPly+len(Moves)); 0 for an input that is the cycle itself.
	FromPly, WholeFromPly int
}

// judged returns the moves book b judges of in, and the plies they are.
//
// Under judge_from: first the moves are those since the first of the
// position's last b.Repetitions occurrences (the repetition the book rules
// on: earlier returns to the position are not part of it), unless they only
// repeat the period.
func (in *Input) judged(b *Book) ([]position.Move, JudgedPlies) {
	if b.JudgeFrom == JudgeFromFirst && len(in.Whole) > len(in.Moves) && len(in.Returns) > 0 {
		from := in.Returns[max(0, len(in.Returns)-max(b.Repetitions, 2))]
		if mv := in.Whole[from:]; !repeats(mv, in.Moves) {
			return mv, JudgedPlies{From: in.WholeFromPly + from + 1, To: in.WholeFromPly + len(in.Whole), SinceFirst: true}
		}
	}
	return in.Moves, JudgedPlies{From: in.FromPly + 1, To: in.FromPly + len(in.Moves)}
}

// repeats: moves are period played once or more.
func repeats(moves, period []position.Move) bool {
	if len(period) == 0 || len(moves)%len(period) != 0 {
		return false
	}
	for i := 0; i < len(moves); i += len(period) {
		if !slices.Equal(moves[i:i+len(period)], period) {
			return false
		}
	}
	return true
}

// windows groups books by the moves they judge of in (indexes in books, in
// order; most often one group).
func (in *Input) windows(books []*Book) [][]int {
	var groups [][]int
	var lens []int
	for i, b := range books {
		mv, _ := in.judged(b)
		k := slices.Index(lens, len(mv))
		if k < 0 {
			lens, groups = append(lens, len(mv)), append(groups, nil)
			k = len(groups) - 1
		}
		groups[k] = append(groups[k], i)
	}
	return groups
}

// pick returns the books with the indexes.
func pick(books []*Book, idx []int) []*Book {
	out := make([]*Book, len(idx))
	for k, i := range idx {
		out[k] = books[i]
	}
	return out
}

// Analyzer computes a cycle's facts under each of several sets of params;
// facts.AnalyzeCycles by default, a stand-in in tests.
type Analyzer func(start *position.Position, moves []position.Move, occurrences int, params []facts.Params) ([]facts.Cycle, error)

// Judge rules on in under every book, for the quickest answer on a machine
// with cores to spare. The reasons' texts are left for Explain (an output
// that shows them calls it; the labels, clauses, evidence and verdicts are
// all there without it). Facts are computed once per distinct set of params
// and shared by the books that use it; the analyses under the several sets
// run side by side, each followed on its goroutine by the rulings of its
// books (the bundled books' two analyses differ in length: the shorter
// one's eight books are ruled on this goroutine while the longer, started
// first on its own, goes on).
func Judge(books []*Book, in Input) ([]Ruling, error) {
	if len(in.Moves) == 0 {
		return noCycle(books), nil
	}
	return byWindow(books, in, func(books []*Book, moves []position.Move) ([]Ruling, error) {
		return judgeMoves(books, in, moves)
	})
}

// byWindow rules with judge on the moves each book judges of in (most
// often the same for every book: one call) and says in each ruling which
// plies it judged.
func byWindow(books []*Book, in Input, judge func([]*Book, []position.Move) ([]Ruling, error)) ([]Ruling, error) {
	if len(books) == 0 {
		return nil, nil
	}
	var groups [][]int
	if len(in.Whole) > 0 { // else every book judges the period
		groups = in.windows(books)
	}
	var out []Ruling
	if len(groups) <= 1 {
		moves, _ := in.judged(books[0])
		rs, err := judge(books, moves)
		if err != nil {
			return nil, err
		}
		out = rs
	} else {
		// The longest stretch first: the shorter ones' positions are most
		// often its last ones, whose searches a shared memo then holds
		// (judgeInTurn). Every stretch is judged whatever the order; the
		// error said is the first group's to fail.
		order := make([]int, len(groups))
		for g := range order {
			order[g] = g
		}
		judgedLen := func(g int) int { mv, _ := in.judged(books[groups[g][0]]); return len(mv) }
		slices.SortStableFunc(order, func(g, h int) int { return judgedLen(h) - judgedLen(g) })
		out = make([]Ruling, len(books))
		errs := make([]error, len(groups))
		for _, g := range order {
			idx := groups[g]
			moves, _ := in.judged(books[idx[0]])
			rs, err := judge(pick(books, idx), moves)
			if err != nil {
				errs[g] = err
				continue
			}
			for k, i := range idx {
				out[i] = rs[k]
			}
		}
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
	}
	for i, b := range books {
		_, out[i].Judged = in.judged(b)
	}
	return out, nil
}

// judgeMoves is Judge on the moves given (in's Moves or Whole).
func judgeMoves(books []*Book, in Input, moves []position.Move) ([]Ruling, error) {
	params, of := analyses(books)
	occ := max(in.Occurrences, 2)
	out := make([]Ruling, len(books))
	ruleErrs := make([]error, len(books))
	factErrs := make([]error, len(params))
	run := func(k int) {
		// AnalyzeCycle only reads the start position: the goroutines may
		// share it.
		cyc, err := facts.AnalyzeCycle(in.Start, moves, occ, params[k])
		if err != nil {
			factErrs[k] = err
			return
		}
		s := newSession()
		defer s.done()
		for i, b := range books {
			if of[i] == k {
				out[i], ruleErrs[i] = b.rule(s, &cyc, in.Context)
			}
		}
	}
	// The analysis with the most books to rule on runs on this goroutine,
	// after the others are started on their own: a new goroutine waits a
	// while for a core (a median of ~0.1 ms on this 2-core host), which
	// the longest stretch of work here hides.
	ruled := make([]int, len(params)) // books ruled on each analysis
	for _, k := range of {
		ruled[k]++
	}
	here := 0
	for k, n := range ruled {
		if n > ruled[here] {
			here = k
		}
	}
	var wg sync.WaitGroup
	for k := range params {
		if k != here {
			wg.Go(func() { run(k) })
		}
	}
	run(here)
	wg.Wait()
	for _, err := range factErrs {
		if err != nil {
			return nil, fmt.Errorf("facts: %w", err)
		}
	}
	for _, err := range ruleErrs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// JudgeInTurn is Judge with the analyses run one after another, sharing
// what depends on the positions alone, and across the stretches the books
// judge what depends on the params too (facts.Analyses): less work in all
// (the bundled books' two analyses of a cycle cost about a fifth less), for
// callers that keep every core busy with cycles of their own.
func JudgeInTurn(books []*Book, in Input) ([]Ruling, error) {
	return judgeInTurn(books, in, false)
}

// JudgeVerdicts is JudgeInTurn without the texts of the reasons (every
// Reason is empty but a default label's, and Explain adds none; labels,
// clauses, chases, patterns and verdicts are as JudgeInTurn gives them):
// what a scan of many cycles prints. Its rulings keep nothing for Explain,
// not even the verdict's reason, which JudgeInTurn may render at once.
func JudgeVerdicts(books []*Book, in Input) ([]Ruling, error) {
	return judgeInTurn(books, in, true)
}

// judgeInTurn is JudgeInTurn, quiet or not. The analyses of the stretches
// the books judge share one memo (facts.Analyses): a longer stretch holds
// the positions of the shorter, which then costs little more.
func judgeInTurn(books []*Book, in Input, quiet bool) ([]Ruling, error) {
	x := facts.NewAnalyses()
	defer x.Close()
	return judgeWith(x.AnalyzeCycles, books, in, quiet)
}

// JudgeVerdictsWith is JudgeVerdicts with the fact extractor given: a
// caller judging many cycles of one position (explore's candidates of a
// start) passes one facts.Analyses's AnalyzeCycles, so that they share what
// its memo holds of the positions they have in common.
func JudgeVerdictsWith(analyze Analyzer, books []*Book, in Input) ([]Ruling, error) {
	return judgeWith(analyze, books, in, true)
}

// JudgeWith is JudgeInTurn with the fact extractor given.
func JudgeWith(analyze Analyzer, books []*Book, in Input) ([]Ruling, error) {
	return judgeWith(analyze, books, in, false)
}

func judgeWith(analyze Analyzer, books []*Book, in Input, quiet bool) ([]Ruling, error) {
	if len(in.Moves) == 0 {
		return noCycle(books), nil
	}
	return byWindow(books, in, func(books []*Book, moves []position.Move) ([]Ruling, error) {
		return judgeMovesWith(analyze, books, in, moves, quiet)
	})
}

// judgeMovesWith is judgeWith on the moves given (in's Moves or Whole).
func judgeMovesWith(analyze Analyzer, books []*Book, in Input, moves []position.Move, quiet bool) ([]Ruling, error) {
	params, of := analyses(books)
	cycles, err := analyze(in.Start, moves, max(in.Occurrences, 2), params)
	if err != nil {
		return nil, fmt.Errorf("facts: %w", err)
	}
	s := newSession()
	defer s.done()
	s.quiet = quiet
	out := make([]Ruling, 0, len(books))
	for i, b := range books {
		r, err := b.rule(s, &cycles[of[i]], in.Context)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// analyses returns the distinct params the books' facts are computed with,
// in book order, and for each book the index of its own. Books whose params
// differ only in the fact groups they skip share an analysis, which leaves
// out only what none of them reads.
func analyses(books []*Book) (params []facts.Params, of []int) {
	index := map[facts.Params]int{}
	of = make([]int, len(books))
	for i, b := range books {
		p := factsParams(books, b)
		skip := b.Params.Skip
		p.Skip = 0
		k, ok := index[p]
		if !ok {
			k = len(params)
			index[p] = k
			p.Skip = skip
			params = append(params, p)
		}
		params[k].Skip &= skip
		of[i] = k
	}
	return params, of
}

// factsParams is the params b's facts are computed with: its own, or — when
// it needs only the basic facts and another book whose params give the same
// basic facts needs them all — that book's, so the cycle is analysed once
// (the full facts contain the basic ones).
func factsParams(books []*Book, b *Book) facts.Params {
	p := b.Params
	if p.Detail != facts.DetailBasic {
		return p
	}
	for _, o := range books {
		if o.Params.Detail == facts.DetailFull && sameBasics(o.Params, p) {
			return o.Params
		}
	}
	return p
}

// sameBasics: the basic facts (and the per-cycle ones) under a and b are the
// same — they differ at most in what only the searches read (the mate-threat
// depths, and the detail itself) and in the groups they skip (analyses
// leaves out only what none of the books sharing one reads).
func sameBasics(a, b facts.Params) bool {
	a.MateDepth, a.QuietMate, a.QuietMateDepth, a.Detail, a.Skip = 0, false, 0, 0, 0
	b.MateDepth, b.QuietMate, b.QuietMateDepth, b.Detail, b.Skip = 0, false, 0, 0, 0
	return a == b
}

func noCycle(books []*Book) []Ruling {
	out := make([]Ruling, len(books))
	for i, b := range books {
		t := b.Title.ZH
		if t == "" {
			t = b.Title.EN
		}
		out[i] = Ruling{Ruleset: b.ID, Title: t, Verdict: NoCycle, Moves: []MoveRuling{},
			Reason: "the moves do not end in a repetition (their last position has not occurred before, same side to move): nothing to rule on"}
	}
	return out
}

// whole returns the moves since the final position of keys first occurred,
// the offsets in them where it stands, and the plies before them, when the
// play came back to it along more than one sequence of moves; nil when
// every return repeats period (the moves since its previous occurrence).
func whole(keys []uint64, moves, period []position.Move) ([]position.Move, []int, int) {
	last := keys[len(keys)-1]
	first, prev := -1, -1
	differs := false
	var returns []int
	for i, k := range keys {
		if k != last {
			continue
		}
		if first < 0 {
			first = i
		} else if !slices.Equal(moves[prev:i], period) {
			differs = true
		}
		prev = i
		returns = append(returns, i-first)
	}
	if !differs {
		return nil, nil, 0
	}
	return append([]position.Move(nil), moves[first:]...), returns, first
}

// FindCycle finds the cycle a game ends in: the moves between the two most
// recent occurrences of its final position (same side to move). ok is false
// when the final position has not occurred before. The start position is
// not changed; moves must be legal from it.
func FindCycle(start *position.Position, moves []position.Move) (in Input, ok bool) {
	p := start.Clone()
	for _, m := range moves {
		p.Make(m)
	}
	keys := p.Keys()
	from, ok := position.LastPeriod(keys)
	if !ok {
		return Input{}, false
	}
	at := start.Clone()
	for _, m := range moves[:from] {
		at.Make(m)
	}
	in = Input{Start: at, Moves: append([]position.Move(nil), moves[from:]...),
		Occurrences: position.Occurrences(keys, keys[len(keys)-1]), FromPly: from}
	in.Whole, in.Returns, in.WholeFromPly = whole(keys, moves, in.Moves)
	// Which side first brought back a position already seen, in the stretch
	// of the game that cycles (from the first occurrence of any of the
	// cycle's positions)? keys[j] is the position after ply j, made by the
	// side to move in keys[j-1].
	inCycle := map[uint64]bool{}
	for _, k := range keys[from:] {
		inCycle[k] = true
	}
	e := from
	for j := 0; j < from; j++ {
		if inCycle[keys[j]] {
			e = j
			break
		}
	}
	seen := map[uint64]bool{keys[e]: true}
	for j := e + 1; j < len(keys); j++ {
		if seen[keys[j]] {
			mover := start.Side()
			if (j-1)%2 == 1 {
				mover = mover.Other()
			}
			in.Context.Recreator = mover.String()
			break
		}
		seen[keys[j]] = true
	}
	return in, true
}
