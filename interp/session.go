package interp

import (
	"bytes"

	"github.com/expr-lang/expr/vm"

	"github.com/xqrules/xqrules/facts"
)

// session is the work shared by the books that rule on one cycle: the
// sets of facts predicates see (envSet: the environments of every move,
// threat and offer, built once, and the results of the move predicates,
// which books share with their compiled programs), the pieces' texts, and
// one VM. The environments of one book's sides (patterns) and verdict rows
// are reused from book to book, since a ruling keeps nothing of them.
type session struct {
	vm vm.VM
	// quiet: the reasons' texts are not rendered (JudgeVerdicts).
	quiet bool
	buf   bytes.Buffer // a reason's text as its template writes it
	// The data of a move's reason and of a verdict's, reused.
	rdata   reasonData
	vdata   verdictData
	envs    map[envKey]*envSet
	reasons map[reasonKey]string
	venv    [2]VerdictEnv
	// Scratch of one book's ruling: its labelled moves, one move's
	// matches and exemptions and their evidence lists, the chases of its
	// moves and their chasers' ids, the pieces' ids by square (assignIDs),
	// each side's moves and victims (red, black), and a reason's evidence.
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
	rthreats  []facts.Threat
	roffers   []facts.Offer
	// texts: pieceText of the pieces of the cycle's facts, by address, as
	// the books' targets and attacks name them.
	texts map[*facts.Piece]string
}

// newSession returns a session for one cycle.
func newSession() *session {
	return &session{envs: map[envKey]*envSet{}, reasons: map[reasonKey]string{}, texts: map[*facts.Piece]string{}}
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

// envSet is one set of facts as predicates see them: the environment of
// every move, threat and offer of a cycle, with the cycle summary, each
// move's material (Own, Opp) and each threat's counter (Back), and the
// params of the first book that ruled on it (every book with the same facts
// and repetitions shares it, and the results of the predicates they share).
type envSet struct {
	// Each environment is a value (MoveEnv, ThreatEnv, OfferEnv) boxed once:
	// expr's VM then reads its fields in place, where through a pointer
	// every field it fetched would be copied to the heap.
	moves []any
	// threats[threatAt[i]+j] is threat j of move i; offers likewise.
	threats           []any
	offers            []any
	threatAt, offerAt []int
	results           map[predAt]bool
}

// predAt is a predicate evaluated on move (elem -1) or its threat or offer
// elem.
type predAt struct {
	p          *pred
	move, elem int
}

// envSet returns the set of facts the book's predicates see, shared by
// every book that uses the same facts and repetitions.
func (ev *evaluator) envSet() *envSet {
	if ev.envs == nil {
		k := envKey{cyc: ev.cyc, reps: ev.b.Repetitions}
		if ev.envs = ev.s.envs[k]; ev.envs == nil {
			ev.envs = ev.newEnvSet()
			ev.s.envs[k] = ev.envs
		}
	}
	return ev.envs
}

// newEnvSet builds the environments of the cycle's moves, threats and
// offers for the book.
func (ev *evaluator) newEnvSet() *envSet {
	n := len(ev.cyc.Moves)
	set := &envSet{moves: make([]any, n), threatAt: make([]int, n), offerAt: make([]int, n), results: map[predAt]bool{}}
	cycle, params := ev.cycleEnv(), ev.b.Params
	nt, no := 0, 0
	for i := range ev.cyc.Moves {
		set.threatAt[i], set.offerAt[i] = nt, no
		nt += len(ev.cyc.Moves[i].Threats)
		no += len(ev.cyc.Moves[i].Offers)
	}
	set.threats, set.offers = make([]any, nt), make([]any, no)
	for i := range ev.cyc.Moves {
		m, prev := ev.around(i)
		own, opp := materialOf(m, m.Side), materialOf(m, otherSide(m.Side))
		set.moves[i] = MoveEnv{Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cycle, Params: params}
		for j := range m.Threats {
			set.threats[set.threatAt[i]+j] = ThreatEnv{Threat: m.Threats[j], Back: counterOf(&m.Threats[j], m),
				Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cycle, Params: params}
		}
		for j := range m.Offers {
			set.offers[set.offerAt[i]+j] = OfferEnv{Offer: m.Offers[j], Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cycle, Params: params}
		}
	}
	return set
}

// moveEnv returns move i's environment.
func (ev *evaluator) moveEnv(i int) any { return ev.envSet().moves[i] }

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

// elemEnv returns the environment of threat (offer) j of move i.
func (ev *evaluator) elemEnv(forWhat string, i, j int) any {
	set := ev.envSet()
	if forWhat == ForThreats {
		return set.threats[set.threatAt[i]+j]
	}
	return set.offers[set.offerAt[i]+j]
}
