package interp

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/expr-lang/expr/vm"

	"github.com/xqrules/xqrules/facts"
)

// session is the work shared by the books that rule on one cycle: the
// results of move predicates (books share compiled programs, so a rule
// that two books have in common is evaluated once on a set of facts; see
// envSet.results), the reasons rendered, the pieces' texts, and one VM.
// It also holds what predicates run on, passed by pointer: the views of
// the move, threat and offer at hand (view.go), pointing into the facts,
// and the environments filled from them when the VM needs one. Nothing
// keeps a view or an environment past the predicate it is passed to
// (results are kept by place), so one of each is enough. The
// environments of one book's sides (patterns) and verdict rows and the
// data of one reason are reused likewise, since a ruling keeps nothing of
// them.
type session struct {
	vm    vm.VM
	envs  map[envKey]*envSet
	spare []*envSet // sets of earlier cycles, to be reused
	// The move predicates the books use are numbered from 0 for the
	// results of the sets of facts: number[p.id] is p's number plus one
	// (0: none yet); numbered lists the ids, to clear on reset.
	number   []int
	numbered []int
	reasons  map[reasonKey]string
	mview    moveView
	tview    threatView
	oview    offerView
	// What the views hold (a nil set: nothing yet).
	mAt, tAt, oAt envAt
	// The environments for the VM, and the views they were last filled
	// from (everything a view points to stays as it is for the session,
	// so a field whose address is unchanged need not be copied again).
	menv  MoveEnv
	tenv  ThreatEnv
	oenv  OfferEnv
	mFrom moveView
	tFrom threatView
	oFrom offerView
	venv  [2]VerdictEnv
	rdata reasonData
	vdata verdictData
	// Scratch of one book's ruling: its labelled moves, one move's
	// matches and exemptions and their evidence lists, the chases of its
	// moves and their chasers' ids, the pieces' ids by square (assignIDs),
	// each side's moves and victims (red, black), and a reason's evidence
	// and text.
	moves     []labelled
	matches   []match
	exempts   []exemptHit
	evidence  []int
	chases    []Chase
	ids       []int
	squares   []squareID
	sideMoves [2][]SideMove
	victims   [2][]Victim
	perpetual [2][]Victim
	seen      []int
	nums      []int // the book's move predicates' numbers
	rthreats  []facts.Threat
	roffers   []facts.Offer
	// texts: pieceText of the pieces of the cycle's facts, by address, as
	// the books' targets and attacks name them.
	texts map[*facts.Piece]string
}

// pieceText is pieceText(*p), made once per piece of the cycle's facts.
func (s *session) pieceText(p *facts.Piece) string {
	t, ok := s.texts[p]
	if !ok {
		t = pieceText(*p)
		s.texts[p] = t
	}
	return t
}

// carve returns s.evidence[from:] as a list of its own (nil when empty):
// appending to the buffer later does not touch it.
func (s *session) carve(from int) []int {
	n := len(s.evidence)
	if n == from {
		return nil
	}
	return s.evidence[from:n:n]
}

type envKey struct {
	cyc  *facts.Cycle
	reps int
}

// envSet is one set of facts as predicates see them: a cycle, the cycle
// summary, each move's material (own, opp) and each threat's counter
// (Back), and the params of the first book that ruled on it (every book
// with the same facts and repetitions shares it). Its address identifies
// it in the session's reasons.
type envSet struct {
	cyc      *facts.Cycle
	cycle    CycleEnv
	params   facts.Params
	own, opp []Material
	// backs[backAt[i]+j] is the counter of threat j of move i.
	backs  []Counter
	backAt []int
	// results of the move predicates on the set: for the predicate the
	// session numbers n, on move i (elem -1) or its threat or offer elem,
	// results[n*width+at[i]+elem+1]: 0 not known yet, 1 false, 2 true.
	results []uint8
	at      []int
	width   int
}

// grow makes room in set.results for predicate number n.
func (set *envSet) grow(n int) {
	old, need := len(set.results), (n+1)*set.width
	set.results = slices.Grow(set.results, need-old)[:need]
	clear(set.results[old:])
}

// envAt says what a view is of: the set of facts, the move, and the
// threat or offer (-1 for the move itself).
type envAt struct {
	set  *envSet
	move int
	elem int
}

type reasonKey struct {
	t    *reasonTmpl
	envs *envSet
	move int
	// evidence: bit j is threat (offer) j; evidence lists are ascending.
	evidence uint64
	label    string
}

// sessions keeps released sessions for the next cycle: a session's maps,
// scratch environments and buffers are most of what a ruling would
// otherwise allocate, and the collector's work grows with that.
var sessions = sync.Pool{New: func() any {
	return &session{envs: map[envKey]*envSet{}, reasons: map[reasonKey]string{},
		texts: map[*facts.Piece]string{}}
}}

// newSession returns a session for one cycle; release gives it back.
func newSession() *session { return sessions.Get().(*session) }

// release returns s to the pool, for another cycle.
func (s *session) release() {
	s.reset()
	sessions.Put(s)
}

// reset forgets the cycle: the results, reasons and texts, and what the
// views and the environments filled from them hold. The scratch structs
// and buffers keep their room; they are written before they are read.
// (Until then they still point into the last cycle's facts: a pooled
// session holds on to one cycle's facts at most, until the collector
// empties the pool.)
func (s *session) reset() {
	for _, set := range s.envs {
		s.spare = append(s.spare, set)
	}
	clear(s.envs)
	for _, id := range s.numbered {
		s.number[id] = 0
	}
	s.numbered = s.numbered[:0]
	clear(s.reasons)
	clear(s.texts) // its keys are addresses in this cycle's facts
	s.mAt, s.tAt, s.oAt = envAt{}, envAt{}, envAt{}
	s.mFrom, s.tFrom, s.oFrom = moveView{}, threatView{}, offerView{}
}

// envSet returns the set of facts the book's predicates see, shared by
// every book that uses the same facts and repetitions.
func (ev *evaluator) envSet() *envSet {
	if ev.envs == nil {
		ev.envs = ev.findEnvSet()
	}
	return ev.envs
}

func (ev *evaluator) findEnvSet() *envSet {
	k := envKey{cyc: ev.cyc, reps: ev.b.Repetitions}
	set := ev.s.envs[k]
	if set == nil {
		set = ev.newEnvSet()
		ev.s.envs[k] = set
	}
	return set
}

// newEnvSet makes the book's set of facts, in one the session had for an
// earlier cycle when it can.
func (ev *evaluator) newEnvSet() *envSet {
	set := &envSet{}
	if n := len(ev.s.spare); n > 0 {
		set, ev.s.spare = ev.s.spare[n-1], ev.s.spare[:n-1]
	}
	n := len(ev.cyc.Moves)
	set.cyc, set.cycle, set.params = ev.cyc, ev.cycleEnv(), ev.b.Params
	set.own, set.opp, set.backAt = resize(set.own, n), resize(set.opp, n), resize(set.backAt, n)
	k := 0
	for i := range ev.cyc.Moves {
		m := &ev.cyc.Moves[i]
		set.own[i], set.opp[i] = materialOf(m, m.Side), materialOf(m, otherSide(m.Side))
		set.backAt[i] = k
		k += len(m.Threats)
	}
	set.backs = resize(set.backs, k)
	set.at, set.width = resize(set.at, n), 0
	for i := range ev.cyc.Moves {
		m := &ev.cyc.Moves[i]
		for j := range m.Threats {
			set.backs[set.backAt[i]+j] = counterOf(&m.Threats[j], m)
		}
		set.at[i] = set.width
		set.width += 1 + max(len(m.Threats), len(m.Offers))
	}
	set.results = set.results[:0]
	return set
}

// predNumbers returns the numbers of the book's move predicates in the
// session (-1 for a rule without one).
func (s *session) predNumbers(b *Book, out []int) []int {
	out = out[:0]
	for _, r := range b.Moves {
		if r.prog == nil {
			out = append(out, -1)
			continue
		}
		id := r.prog.id
		if id >= len(s.number) {
			s.number = append(s.number, make([]int, id+1-len(s.number))...)
		}
		if s.number[id] == 0 {
			s.numbered = append(s.numbered, id)
			s.number[id] = len(s.numbered)
		}
		out = append(out, s.number[id]-1)
	}
	return out
}

// resize returns s with length n, reusing its room when it has enough;
// the elements are to be written.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// moveEnv returns the view of move i's environment.
func (ev *evaluator) moveEnv(i int) any {
	s, at := ev.s, envAt{set: ev.envSet(), move: i, elem: -1}
	if s.mAt != at {
		set := at.set
		m, prev := ev.around(i)
		s.mview = moveView{Move: m, Prev: prev, Own: &set.own[i], Opp: &set.opp[i], Cycle: &set.cycle, Params: &set.params}
		s.mAt = at
	}
	return &s.mview
}

// around returns move i and the opponent's move before it (for the first
// move, the cycle's last).
func (ev *evaluator) around(i int) (m, prev *facts.Move) {
	n := len(ev.cyc.Moves)
	return &ev.cyc.Moves[i], &ev.cyc.Moves[(i-1+n)%n]
}

// elems is how many environments a rule with `for` has on move i.
func (ev *evaluator) elems(forWhat string, i int) int {
	switch forWhat {
	case ForThreats:
		return len(ev.cyc.Moves[i].Threats)
	case ForOffers:
		return len(ev.cyc.Moves[i].Offers)
	}
	return 0
}

// elemEnv returns the view of the environment of threat (offer) j of
// move i. The move's part is set once for all its threats (offers).
func (ev *evaluator) elemEnv(forWhat string, i, j int) any {
	s, set := ev.s, ev.envSet()
	m := &ev.cyc.Moves[i]
	if forWhat == ForThreats {
		v := &s.tview
		if s.tAt.set != set || s.tAt.move != i {
			_, prev := ev.around(i)
			*v = threatView{Move: m, Prev: prev, Own: &set.own[i], Opp: &set.opp[i], Cycle: &set.cycle, Params: &set.params}
			s.tAt = envAt{set: set, move: i, elem: -1}
		}
		if s.tAt.elem != j {
			v.Threat, v.Back = &m.Threats[j], &set.backs[set.backAt[i]+j]
			s.tAt.elem = j
		}
		return v
	}
	v := &s.oview
	if s.oAt.set != set || s.oAt.move != i {
		_, prev := ev.around(i)
		*v = offerView{Move: m, Prev: prev, Own: &set.own[i], Opp: &set.opp[i], Cycle: &set.cycle, Params: &set.params}
		s.oAt = envAt{set: set, move: i, elem: -1}
	}
	if s.oAt.elem != j {
		v.Offer = &m.Offers[j]
		s.oAt.elem = j
	}
	return v
}

// envOf returns the environment a view is of, in the session's own (for
// the VM, which reads environments, not views); anything else as it is.
func (s *session) envOf(env any) any {
	switch v := env.(type) {
	case *moveView:
		return fillFrom(&s.menv, v, &s.mFrom)
	case *threatView:
		return fillFrom(&s.tenv, v, &s.tFrom)
	case *offerView:
		return fillFrom(&s.oenv, v, &s.oFrom)
	}
	return env
}

// fillFrom fills *dst from the view v of it, copying only the fields whose
// address differs from the view it was filled from last (*from, then v),
// and returns dst.
func fillFrom[E, V any](dst *E, v, from *V) any {
	viewKinds[reflect.TypeFor[E]()].fill(unsafe.Pointer(dst), unsafe.Pointer(v), unsafe.Pointer(from))
	*from = *v
	return dst
}
