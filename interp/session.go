package interp

import (
	"bytes"
	"strconv"
	"sync"

	"github.com/expr-lang/expr/vm"

	"github.com/xqrules/xqrules/facts"
)

// session is the work shared by the books that rule on one cycle: the
// sets of facts predicates see (envSet, env.go: the environments of every
// move, threat and offer, built once, and the results of the move
// predicates, which books share with their compiled programs), the reasons
// rendered, the pieces' texts, and one VM. The environments of one book's
// sides (patterns) and verdict rows are reused from book to book, since a
// ruling keeps nothing of them.
type session struct {
	vm vm.VM
	// quiet: the reasons' texts are not rendered (JudgeVerdicts).
	quiet   bool
	envs    map[envKey]*envSet
	reasons map[reasonKey]string
	venv    [2]VerdictEnv
	// buf is a reason's text as its template writes it; rdata and vdata
	// the data of a move's reason and of a verdict's (explain.go).
	buf   bytes.Buffer
	rdata reasonData
	vdata verdictData
	// Scratch of one book's ruling: its labelled moves, one move's
	// matches and exemptions, the moves' evidence lists, their exemptions
	// and what they took, a match's grades, the chases of its moves and
	// their chasers' ids, the pieces' ids by square (assignIDs), each
	// side's moves and victims (red, black), a reason's evidence, and the
	// verdict's notes.
	moves      []labelled
	matches    []match
	exempts    []exemptHit
	evidence   []int
	exemptions []exemption
	taken      []evidenceRef
	grades     []int
	chases     []Chase
	ids        []int
	squares    []squareID
	sideMoves  [2][]SideMove
	victims    [2][]Victim
	perpetual  [2][]Victim
	seen       []int
	rthreats   []facts.Threat
	roffers    []facts.Offer
	notes      []string
	// The lists of a ruling as they are built, before they are kept in
	// its room (room.go): a move's tags; a list of strings (targets, the
	// pieces of a chase, the rules that also held, a side's labels or
	// patterns); a move's chases, attacks and exemptions.
	tags     []string
	strs     []string
	crs      []ChaseRuling
	attacks  []Attack
	exempted []Exemption
	// texts: pieceText of the pieces of the cycle's facts, by name and
	// square, as the books' targets, chases and attacks name them.
	texts map[pieceKey]string
	// occurred: occurrenceNote's notes, by occurrences and repetitions.
	occurred map[[2]int]string
}

// pieceKey is a piece as pieceText names it.
type pieceKey struct{ cn, square string }

// sessions are the sessions free for another cycle: their buffers and
// maps keep their room from cycle to cycle.
var sessions = sync.Pool{New: func() any {
	return &session{envs: map[envKey]*envSet{}, reasons: map[reasonKey]string{}, texts: map[pieceKey]string{}, occurred: map[[2]int]string{}}
}}

// newSession returns a session for one cycle, a free one when there is
// one; done gives it back once the books have ruled.
func newSession() *session { return sessions.Get().(*session) }

// done forgets the cycle and frees the session for another. The rulings
// made in it hold nothing of it (their lists are in their rooms, room.go;
// the texts are strings): they are the caller's.
func (s *session) done() {
	clear(s.envs)
	clear(s.reasons)
	clear(s.texts)
	clear(s.occurred)
	s.quiet = false
	sessions.Put(s)
}

// clear readies the session's scratch for a book's ruling on n moves, and
// returns the labelled moves' room.
func (s *session) clear(n int) []labelled {
	s.moves = append(s.moves[:0], make([]labelled, n)...)
	s.evidence, s.exemptions, s.taken, s.chases, s.notes = s.evidence[:0], s.exemptions[:0], s.taken[:0], s.chases[:0], s.notes[:0]
	return s.moves
}

// pieceText is pieceText(*p), made once per piece of the cycle's facts.
func (s *session) pieceText(p *facts.Piece) string {
	k := pieceKey{p.CN, p.Square}
	t, ok := s.texts[k]
	if !ok {
		t = pieceText(*p)
		s.texts[k] = t
	}
	return t
}

// occurrenceNote is the note of a ruling on a position that occurred n
// times, under a book that rules at reps, made once for the books that
// share it.
func (s *session) occurrenceNote(n, reps int) string {
	k := [2]int{n, reps}
	t, ok := s.occurred[k]
	if !ok {
		t = "the position occurred " + strconv.Itoa(n) + " times; the book rules at " + strconv.Itoa(reps)
		s.occurred[k] = t
	}
	return t
}

// carve returns buf[from:] as a list of its own (nil when empty):
// appending to the buffer later does not touch it. The lists carved from
// the session's buffers live as long as the book's ruling.
func carve[T any](buf []T, from int) []T {
	n := len(buf)
	if n == from {
		return nil
	}
	return buf[from:n:n]
}
