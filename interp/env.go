package interp

// The environments: what predicates see of a cycle, and their building —
// the first stage of a ruling, before any rule runs. Every move's
// environment (MoveEnv), each of its threats' (ThreatEnv) and offers'
// (OfferEnv) are built once per set of facts (envSet) and shared by the
// books judged on it; a side's (SideEnv) and a verdict row's (VerdictEnv)
// are built by sides.go and verdict.go from the labelled moves.
//
// They are plain value structs — no pointers, no interfaces — so that
// expressions are type-checked at load (an unknown fact is an error then,
// not a surprise at run time), and each is handed to expr's VM boxed once by
// value, so that evaluating reads its fields in place without allocating.

import "github.com/xqrules/xqrules/facts"

// maxLabels and maxPatterns size the fixed arrays that back Count.X and
// side.X in expressions.
const (
	maxLabels   = 16
	maxPatterns = 48
)

// Material is one side's material after a move, under the book's params.
type Material struct {
	Total     int // material value
	Strong    int // 车马炮 on board
	Attacking int // 车马炮 and crossed pawns (进攻子力)
}

// CycleEnv is what every predicate may know of the cycle as a whole.
type CycleEnv struct {
	Plies       int
	FirstMover  string // red, black
	Occurrences int    // times the start position occurred in the input
	Repetitions int    // the book's repetition count
	Simple      bool   // 简明局面: not both sides have two or more strong pieces
}

// MoveEnv is the environment of a move rule without `for`: the move's facts
// (embedded, so `Check`, `Threats`, `MateThreat.Exists` …), the opponent's
// move just before it, the material of the mover (Own) and of the opponent
// (Opp) after it, the cycle, and the book's params.
type MoveEnv struct {
	facts.Move
	Prev   facts.Move // the opponent's previous move (for ply 1: the cycle's last move)
	Own    Material
	Opp    Material
	Cycle  CycleEnv
	Params facts.Params
}

// Counter is the victim of a threat taking back one of its attackers at
// once — the book's 第一反击 by the victim itself, which some books read as
// making the pair an exchange (兑) or an offer (献) rather than a chase.
// It is derived from the move's offers.
type Counter struct {
	Exists      bool
	Piece       facts.Piece // the attacker the victim can take
	Protection  string      // that attacker's protection
	SameKind    bool
	MatedAtOnce bool // taking gets the victim's side mated at once
	Net         int  // the victim's side's balance after the exchange the capture starts
	// Free: taking costs the victim's side nothing at once — it is not mated
	// and does not lose material on balance (the 2011 献 test, from behind).
	Free bool
}

// ThreatEnv is the environment of a rule with `for: threats`: one threat of
// the move (embedded: `Victim`, `New`, `GainAfter`, `Protection`, `Joint` …),
// the victim's counter-capture, and the same context as MoveEnv with the
// move's facts under Move.
type ThreatEnv struct {
	facts.Threat
	Back   Counter
	Move   facts.Move
	Prev   facts.Move
	Own    Material
	Opp    Material
	Cycle  CycleEnv
	Params facts.Params
}

// OfferEnv is the environment of a rule with `for: offers`: one offer of the
// move (embedded: `Piece`, `Moved`, `Takers`, `FreeTake` …) and the context.
type OfferEnv struct {
	facts.Offer
	Move   facts.Move
	Prev   facts.Move
	Own    Material
	Opp    Material
	Cycle  CycleEnv
	Params facts.Params
}

// Chase is one threat that a labelling rule with `for: threats` took as
// evidence, with the identities of its pieces across the cycle.
type Chase struct {
	facts.Threat
	Rule     string // the rule it is evidence of
	Label    string // that rule's label
	VictimID int    // the victim's identity: the same piece has the same id on every move
	// ChaserIDs are the identities of the attackers.
	ChaserIDs []int
}

// SideMove is one labelled move of a side, as patterns see it.
type SideMove struct {
	Ply    int
	ICCS   string
	Label  string
	Tags   []string
	Attack bool // its label is an attack (打)
	Grade  int
	Rule   string  // the rule that gave its label
	Chases []Chase // evidence threats of its attack-labelled rules
	F      facts.Move
}

// Victim is one enemy piece (by identity) that a side's moves chase.
type Victim struct {
	ID    int
	Piece facts.Piece // where it stood when first chased
	Kind  string
	// Moves: how many of the side's moves chase it; Every: all of them do.
	Moves int
	Every bool
	// Chasers: distinct pieces of the side that chase it over the cycle.
	Chasers int
	// Joint: some chase of it needs two or more pieces; Single: some does not.
	Joint  bool
	Single bool
	// Unprotected: on every move that chases it, its protection is none or
	// false; Insufficient: on some, it is insufficient (少根) and never real.
	Unprotected  bool
	Insufficient bool
	// Protected: on some move that chases it, it has a real root.
	Protected bool
}

// SideEnv is the environment of a pattern: one side's moves in the cycle,
// summaries of them, and the side's cycle facts.
type SideEnv struct {
	Name  string // red, black
	First bool   // it moved first in the cycle
	N     int    // its moves in one period
	// Labels of its moves in order; Count.X is how many are X (a label name).
	Labels []string
	Count  [maxLabels]int
	// Attacks: moves whose label is an attack; Checks: moves that give check
	// whatever their label.
	Attacks int
	Checks  int
	// Lightest and Heaviest of its moves' grades (从重 weights; a book may
	// grade finer than its labels, e.g. a single chase of a rook above a joint
	// chase).
	Lightest int
	Heaviest int
	Moves    []SideMove
	// Victims it chases (with attack-labelled rules), and those it chases on
	// every one of its moves (长捉 of one piece).
	Victims   []Victim
	Perpetual []Victim

	// From facts.Side.
	CanVary       bool
	VaryMove      string // ICCS
	VaryMoveCN    string // Chinese notation
	CompletesLast bool   // it completes the repetition last (后走满重复着法)
	Squares       int    // squares its moved pieces visit (循环点)
	Strong        int
	// Recreates: its move was the first to bring back a position already
	// seen (the surface test of a ko-like rule).
	Recreates bool
	Material  Material // at the cycle's start position
	Cycle     CycleEnv

	// Is backs side.X in verdict rows: Is[k] is pattern k.
	Is [maxPatterns]bool
}

// VerdictEnv is the environment of a verdict row.
type VerdictEnv struct {
	Side  SideEnv `expr:"side"`
	Other SideEnv `expr:"other"`
	Cycle CycleEnv
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
	// results of the move predicates on the environments: slot[p] is where
	// p's begin in results, one per environment (envIndex), each
	// unknown (0), false (1) or true (2).
	slot    map[*pred]int
	results []int8
}

// envIndex numbers the set's environments: the moves', then the threats',
// then the offers' (elem is -1 for a move's own).
func (set *envSet) envIndex(forWhat string, move, elem int) int {
	switch forWhat {
	case ForThreats:
		return len(set.moves) + set.threatAt[move] + elem
	case ForOffers:
		return len(set.moves) + len(set.threats) + set.offerAt[move] + elem
	}
	return move
}

// resultsOf returns where predicate p's results on the set begin, making
// their room on its first use.
func (set *envSet) resultsOf(p *pred) int {
	at, ok := set.slot[p]
	if !ok {
		at = len(set.results)
		set.results = append(set.results, make([]int8, len(set.moves)+len(set.threats)+len(set.offers))...)
		set.slot[p] = at
	}
	return at
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
	set := &envSet{moves: make([]any, n), threatAt: make([]int, n), offerAt: make([]int, n), slot: make(map[*pred]int, 2*len(ev.b.Moves))}
	cycle, params := ev.cycleEnv(), ev.b.Params
	nt, no := 0, 0
	for i := range ev.cyc.Moves {
		set.threatAt[i], set.offerAt[i] = nt, no
		nt += len(ev.cyc.Moves[i].Threats)
		no += len(ev.cyc.Moves[i].Offers)
	}
	set.threats, set.offers = make([]any, nt), make([]any, no)
	// Room for the results of about as many predicates as the book has
	// move rules (the books sharing the set mostly share them).
	set.results = make([]int8, 0, len(ev.b.Moves)*(n+nt+no))
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

// elemEnv returns the environment of threat (offer) j of move i.
func (ev *evaluator) elemEnv(forWhat string, i, j int) any {
	set := ev.envSet()
	if forWhat == ForThreats {
		return set.threats[set.threatAt[i]+j]
	}
	return set.offers[set.offerAt[i]+j]
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

// around returns move i and the opponent's move before it (for the first
// move, the cycle's last).
func (ev *evaluator) around(i int) (m, prev *facts.Move) {
	n := len(ev.cyc.Moves)
	return &ev.cyc.Moves[i], &ev.cyc.Moves[(i-1+n)%n]
}

func (ev *evaluator) cycleEnv() CycleEnv {
	return CycleEnv{Plies: ev.cyc.Plies, FirstMover: ev.cyc.FirstMover, Occurrences: ev.cyc.Occurrences,
		Repetitions: ev.b.Repetitions, Simple: ev.cyc.Simple}
}

func materialOf(m *facts.Move, side string) Material {
	if side == "red" {
		return Material{Total: m.MaterialRed, Strong: m.StrongRed, Attacking: m.AttackingRed}
	}
	return Material{Total: m.MaterialBlack, Strong: m.StrongBlack, Attacking: m.AttackingBlack}
}

func otherSide(s string) string {
	if s == "red" {
		return "black"
	}
	return "red"
}

// counterOf finds the victim of t taking back one of its attackers, from
// the move's offers (the attackers the opponent can take at once).
func counterOf(t *facts.Threat, m *facts.Move) Counter {
	var best Counter
	for _, o := range m.Offers {
		isAttacker := false
		for _, a := range t.Attackers {
			if a.Square == o.Piece.Square {
				isAttacker = true
			}
		}
		if !isAttacker {
			continue
		}
		for _, tk := range o.Takers {
			if tk.Piece.Square != t.Victim.Square {
				continue
			}
			c := Counter{Exists: true, Piece: o.Piece, Protection: o.Protection, SameKind: tk.SameKind,
				MatedAtOnce: tk.MatedAtOnce, Net: tk.Net, Free: !tk.MatedAtOnce && tk.Net >= 0}
			if !best.Exists || (c.Free && !best.Free) || (c.Free == best.Free && c.Net > best.Net) {
				best = c
			}
		}
	}
	return best
}
