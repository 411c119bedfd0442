package facts

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/xqrules/xqrules/position"
)

// mateScore marks a mated side in material searches; far above any material sum.
const mateScore = 1 << 20

const maxPly = 64

// searcher runs the bounded searches on one position, by make/unmake: it never
// copies the board and leaves the position as it found it.
type searcher struct {
	*scratch
	pos   *position.Position
	par   Params
	nodes int
	cut   bool
	memo  *memo
}

// scratch is a search's working memory: move lists, lines, per-ply state.
// The searchers of one cycle run one after another, never one inside
// another's search, so they share one (through the memo) instead of each
// allocating its own.
type scratch struct {
	bufs  [maxPly][]position.Move
	pv    [maxPly][maxPly]position.Move
	pvLen [maxPly]int
	// frames: per-ply scratch of the shared gain search.
	frames [maxPly]*frame
	// checker[ply]: where the check given at ply (in a gain search's check
	// line) put the moving piece.
	checker [maxPly]position.Square
}

// memo keeps the results of searches that depend only on the position (its
// key, side to move included) and the parameters, so that the searches of one
// cycle share them: the check lines of gainAll reach the same positions again
// and again, the "before" of one ply and the "after" of another meet after a
// capture, a mate threat after one move is the 自毙 test of the next but one,
// and so on. A result from a search that was cut short is never kept. What
// depends on the piece values is forgotten between the param sets of one
// AnalyzeCycles call (clearValues); the rest depends on the positions alone.
type memo struct {
	exchanges table[exchangeEntry]
	// exAtLeast: a lower bound on the exchange value, from a bounded search
	// that failed high (exchangeBelow).
	exAtLeast table[int]
	baselines map[uint64]baselineEntry
	skipped   map[skipKey]baselineEntry
	threats   map[uint64]threatEntry
	mated1    table[bool] // mate in one by a check
	mated1any table[bool] // mate in one by any move
	gains     map[uint64]gains
	// noMate: the depth within which the side to move has been shown to
	// have no mate by checks.
	noMate table[int]
	// The move lists generated in the cycle's positions, by key: the
	// searches come back to the same positions again and again (a third
	// or more of the lists asked for were generated before), and copying a
	// list costs a fraction of generating it. The lists live in slab, as
	// do the exchanges' lines.
	capsChecks, legals, checkLists table[listRef]
	slab                           []position.Move
	// scratch is shared by the cycle's searchers (see scratch).
	scratch *scratch
}

// listRef locates a remembered move list in memo.slab; caps is how many of
// its moves come first as captures (capturesAndChecks).
type listRef struct{ off, n, caps int32 }

// exchangeEntry is an exchange value and its line, which lives in
// memo.slab.
type exchangeEntry struct {
	v      int
	off, n int32
}

// putExchange remembers the exchange value v of the position, and its line,
// left in pv[ply].
func (s *searcher) putExchange(k uint64, v, ply int) {
	off := len(s.memo.slab)
	s.memo.slab = append(s.memo.slab, s.pv[ply][ply:s.pvLen[ply]]...)
	s.memo.exchanges.put(k, exchangeEntry{v, int32(off), int32(len(s.memo.slab) - off)})
}

// baselineEntry: the unrestricted baseline and the first move of its line.
type baselineEntry struct {
	v     int
	from  position.Square
	taken []position.Square // see baselineLine
}

type skipKey struct {
	key  uint64
	from position.Square
}

func newMemo() *memo {
	return &memo{
		baselines: map[uint64]baselineEntry{},
		skipped:   map[skipKey]baselineEntry{},
		threats:   map[uint64]threatEntry{},
		gains:     map[uint64]gains{},
	}
}

// memos keeps the memos of finished cycles for the next: a cycle fills a few
// hundred map entries and a search's scratch of some 40 KB, which allocating
// afresh for every cycle costs more than clearing.
var memos = sync.Pool{New: func() any { return newMemo() }}

// clearValues forgets what depends on the piece values (exchanges,
// baselines, gains), keeping what depends on the positions alone (move
// lists, mates in one, mate searches), for the analysis of the same cycle
// under other params (AnalyzeCycles).
func (m *memo) clearValues() {
	m.exchanges.clear()
	m.exAtLeast.clear()
	clear(m.baselines)
	clear(m.skipped)
	clear(m.gains)
}

// getMemo returns an empty memo, with scratch, from the pool.
func getMemo() *memo {
	m := memos.Get().(*memo)
	if m.scratch == nil {
		m.scratch = new(scratch)
	}
	return m
}

// putMemo empties m and gives it back to the pool. Nothing in it may be used
// after: results handed out of a cycle's analysis are copies (strings and
// fresh slices), never the memo's own lines.
func putMemo(m *memo) {
	m.clearValues()
	clear(m.threats)
	m.mated1.clear()
	m.mated1any.clear()
	m.noMate.clear()
	m.capsChecks.clear()
	m.legals.clear()
	m.checkLists.clear()
	m.slab = m.slab[:0]
	memos.Put(m)
}

// newSearcher returns a searcher on pos; m may be shared with other searchers
// of the same parameters (nil: a private one).
func newSearcher(pos *position.Position, par Params, m *memo) *searcher {
	if m == nil {
		m = newMemo()
	}
	if m.scratch == nil {
		m.scratch = new(scratch)
	}
	s := &searcher{scratch: m.scratch, pos: pos, par: par, memo: m}
	if s.par.NodeLimit <= 0 {
		s.par.NodeLimit = 200000
	}
	return s
}

// reset starts a new bounded search.
func (s *searcher) reset() { s.nodes, s.cut = 0, false }

func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes > s.par.NodeLimit {
		s.cut = true
		return false
	}
	return true
}

// value is the material value of pc standing on sq.
func (s *searcher) value(pc position.Piece, sq position.Square) int {
	return pieceValue(&s.par, pc, sq)
}

func pieceValue(par *Params, pc position.Piece, sq position.Square) int {
	switch pc.Kind() {
	case position.Rook:
		return par.Rook
	case position.Horse:
		return par.Horse
	case position.Cannon:
		return par.Cannon
	case position.Advisor:
		return par.Advisor
	case position.Elephant:
		return par.Elephant
	case position.Pawn:
		if position.Crossed(pc.Color(), sq) {
			return par.CrossedPawn
		}
		return par.Pawn
	}
	return 0
}

// buf returns the empty move buffer of ply, made on first use (most
// searchers never go deep).
func (s *searcher) buf(ply int) []position.Move {
	if s.bufs[ply] == nil {
		s.bufs[ply] = make([]position.Move, 0, 2*position.MaxMoves)
	}
	return s.bufs[ply][:0]
}

// checks returns the side to move's legal moves that give check (captures
// first, in the order of LegalMoves within each group), less captures of the
// king, in the buffer of ply.
func (s *searcher) checks(ply int) []position.Move {
	if ms, _, ok := s.recalled(&s.memo.checkLists, ply); ok {
		return ms
	}
	ms, nc := s.capturesAndChecks(ply, true)
	n := 0
	for _, m := range ms[:nc] {
		if s.pos.At(m.To()).Kind() != position.King && s.givesCheck(m) {
			ms[n] = m
			n++
		}
	}
	ms = ms[:n+copy(ms[n:], ms[nc:])]
	s.bufs[ply] = ms
	s.remember(&s.memo.checkLists, ms, n)
	return ms
}

// recalled copies the list remembered in lists for the position into the
// buffer of ply, if there is one.
func (s *searcher) recalled(lists *table[listRef], ply int) (ms []position.Move, caps int, ok bool) {
	r, ok := lists.get(s.pos.Key())
	if !ok {
		return nil, 0, false
	}
	ms = append(s.buf(ply), s.memo.slab[r.off:r.off+r.n]...)
	s.bufs[ply] = ms
	return ms, int(r.caps), true
}

// remember keeps a copy of the position's list ms in lists.
func (s *searcher) remember(lists *table[listRef], ms []position.Move, caps int) {
	off := len(s.memo.slab)
	s.memo.slab = append(s.memo.slab, ms...)
	lists.put(s.pos.Key(), listRef{int32(off), int32(len(ms)), int32(caps)})
}

// legal returns the side to move's legal moves in the buffer of ply, less
// captures of the king: in the hypothetical "the mover moves again" after a
// check, taking the king is not a line any book counts.
func (s *searcher) legal(ply int) []position.Move {
	if ms, _, ok := s.recalled(&s.memo.legals, ply); ok {
		return ms
	}
	ms := s.pos.LegalMoves(s.buf(ply))
	n := 0
	for _, m := range ms {
		if s.pos.At(m.To()).Kind() != position.King {
			ms[n] = m
			n++
		}
	}
	s.bufs[ply] = ms[:n]
	s.remember(&s.memo.legals, ms[:n], 0)
	return s.bufs[ply]
}

// givesCheck reports whether the side to move's move m checks the opponent.
func (s *searcher) givesCheck(m position.Move) bool { return s.pos.GivesCheck(m) }

func (s *searcher) setPV(ply int, m position.Move) {
	s.pv[ply][ply] = m
	n := ply + 1
	if ply+1 < maxPly {
		for i := ply + 1; i < s.pvLen[ply+1]; i++ {
			s.pv[ply][i] = s.pv[ply+1][i]
		}
		n = max(s.pvLen[ply+1], ply+1)
	}
	s.pvLen[ply] = n
}

func (s *searcher) line(ply int) []position.Move {
	return append([]position.Move(nil), s.pv[ply][ply:s.pvLen[ply]]...)
}

// qs is the exchange search on one square (negamax, side to move's view):
// either side may stop when not in check; a side in check must answer it (any
// legal move, which may capture elsewhere). Otherwise a side may capture on sq
// (the recaptures of a complete exchange, 完整交换), or, within the shared
// budget of checks, give check — and a side whose previous move gave check may
// then capture anywhere (抽吃: the counter-attack by checks that makes a root
// real or a capture costly). Plain captures elsewhere are not part of the
// exchange: other counter-attacks are the rule sets' business (第一反击),
// judged from the offers. sq = NoSquare allows captures anywhere. It returns
// the material the side to move gains from here.
func (s *searcher) qs(sq position.Square, alpha, beta, depth, ply int) int {
	return s.qsc(sq, alpha, beta, depth, s.par.ExchangeChecks, false, position.NoSquare, ply)
}

// qsc is qs with its state: the checks left, whether the side to move may
// capture anywhere (it gave check last), and a square whose piece may not move
// at this node (the baseline's victim, see gainVia).
func (s *searcher) qsc(sq position.Square, alpha, beta, depth, checks int, freeCapture bool, skipFrom position.Square, ply int) int {
	s.pvLen[ply] = ply
	if !s.tick() || ply >= maxPly-1 {
		return 0
	}
	side := s.pos.Side()
	inCheck := s.pos.InCheck(side)
	var moves []position.Move
	nCaps := 0
	if inCheck {
		if depth <= 0 && !s.pos.InCheck(side.Other()) {
			// Out of depth: only whether the check mates matters (and no
			// answer takes a king, which legal would leave out).
			if !s.pos.HasLegalMove(side) {
				return -mateScore
			}
			return 0
		}
		// Every answer to the check, captures first.
		moves = s.legal(ply)
		if len(moves) == 0 {
			return -mateScore
		}
		if depth <= 0 {
			return 0
		}
		nCaps = s.capturesFirst(moves)
	} else {
		if depth <= 0 || beta <= 0 {
			return 0
		}
		alpha = max(alpha, 0)
		// The captures (on sq, or anywhere after a check, or giving check
		// within the budget), then the quiet checks within the budget: the
		// rest cannot be part of the exchange.
		var nc int
		moves, nc = s.capturesAndChecks(ply, checks > 0)
		n := 0
		for _, m := range moves[:nc] {
			to := m.To()
			if s.pos.At(to).Kind() == position.King {
				continue
			}
			if !(sq == position.NoSquare || to == sq || freeCapture) && (checks <= 0 || !s.givesCheck(m)) {
				continue
			}
			moves[n] = m
			n++
		}
		moves = moves[:n+copy(moves[n:], moves[nc:])]
		nCaps = n
		s.bufs[ply] = moves
		sortCaptures(s, moves[:nCaps])
		slices.Reverse(moves[nCaps:])
	}
	best := -mateScore * 2
	if !inCheck {
		best = 0
	}
	for i, m := range moves {
		if m.From() == skipFrom {
			continue
		}
		capture := i < nCaps
		v := 0
		if capture {
			v = s.value(s.pos.At(m.To()), m.To())
		}
		// A capture off the square, or a quiet move, is here as a check.
		check := !inCheck && !(capture && (sq == position.NoSquare || m.To() == sq || freeCapture))
		// Futility: a capture that gives no check leaves the opponent free
		// to stop, so it is worth at most what it takes; if that cannot
		// raise alpha, the move cannot matter. What this node returns when
		// nothing raises alpha is a bound on its value (fail-soft), so it
		// must not be less than what the move could be worth: v.
		if !inCheck && !check && v <= alpha && !s.givesCheck(m) {
			best = max(best, v)
			continue
		}
		nextChecks := checks
		if check {
			nextChecks--
		}
		if !inCheck && !capture && depth <= 2 {
			// A quiet check one or two plies from the horizon wins
			// nothing but a mate: the answers (or their replies) are out
			// of depth, so the checker takes nothing back for whatever an
			// answer takes, and a line worth 0 or less changes nothing
			// here (standing still is worth 0). Only whether it mates is
			// asked (what qsc would find below, without its answers'
			// searches).
			s.pvLen[ply+1] = ply + 1
			if s.tick() && ply+1 < maxPly-1 && s.mates(m) {
				v = mateScore
			}
		} else {
			s.pos.Make(m)
			// The window shifts by the material just taken: v = taken −
			// child. A side answering a check hands the checker a free
			// capture.
			v -= s.qsc(sq, v-beta, v-alpha, depth-1, nextChecks, inCheck, position.NoSquare, ply+1)
			s.pos.Unmake()
		}
		if v > best {
			best = v
			s.setPV(ply, m)
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// sortCaptures orders captures by the value taken, the most valuable first;
// equal victims in the reverse of the order given (the order the exchange
// search has always used, so its lines do not change with the generator).
func sortCaptures(s *searcher, ms []position.Move) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		v := s.value(s.pos.At(m.To()), m.To())
		j := i
		for j > 0 && s.value(s.pos.At(ms[j-1].To()), ms[j-1].To()) <= v {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
}

// capturesFirst reorders moves in place: captures first, the most valuable
// victim first, then the others, each group as sortCaptures orders ties. It
// returns the number of captures.
func (s *searcher) capturesFirst(ms []position.Move) int {
	var quiet [position.MaxMoves]position.Move
	n, q := 0, 0
	for _, m := range ms {
		if s.pos.At(m.To()) != position.NoPiece {
			ms[n] = m
			n++
		} else {
			quiet[q] = m
			q++
		}
	}
	copy(ms[n:], quiet[:q])
	sortCaptures(s, ms[:n])
	slices.Reverse(ms[n:])
	return n
}

// capturesAndChecks returns, in the buffer of ply, the side to move's legal
// captures and, when checks, its legal quiet checks after them (each group in
// the order of LegalMoves), and the number of captures.
func (s *searcher) capturesAndChecks(ply int, checks bool) ([]position.Move, int) {
	if !checks {
		ms := s.pos.LegalCaptures(s.buf(ply))
		return ms, len(ms)
	}
	if ms, caps, ok := s.recalled(&s.memo.capsChecks, ply); ok {
		return ms, caps
	}
	ms, caps := s.pos.LegalCapturesAndQuietChecks(s.buf(ply))
	s.bufs[ply] = ms
	s.remember(&s.memo.capsChecks, ms, caps)
	return ms, caps
}

// mateInOne returns a move of the side to move after which the opponent has no
// legal move (checks only when checksOnly), or NoMove.
func (s *searcher) mateInOne(ply int, checksOnly bool) position.Move {
	var moves []position.Move
	var e *escapes
	if checksOnly {
		moves = s.checks(ply) // generated as checks: no filtering of every move
	} else {
		e = new(escapes)
		if !s.mayMateInOne(ply, e) {
			return position.NoMove
		}
		moves = s.legal(ply)
	}
	var buf [1]position.Move
	if m := s.mating(moves, false, checksOnly, ply, e, buf[:0]); len(m) > 0 {
		return m[0]
	}
	return position.NoMove
}

// mates reports whether the move m of the side to move leaves the opponent
// without a legal move (mated or stalemated: a loss either way).
func (s *searcher) mates(m position.Move) bool {
	opp := s.pos.Side().Other()
	s.pos.Make(m)
	mated := !s.pos.HasLegalMove(opp)
	s.pos.Unmake()
	return mated
}

// mayMateInOne reports whether the side to move may have a mate in one by
// any move; false only when it surely has none, found without listing its
// moves: when the opponent has two witnesses with zones apart (see
// escapes), a move that gives no check can leave it without a legal move
// only by touching both zones, so going from one to the other — the few
// such moves and the checks are all that is tried. (mateInOne then looks
// again in the order of the legal moves, for the first mate, with e — the
// escapes worked out here, their checks in the buffer of ply+1.) The buffers
// of ply and the plies after it must be free.
func (s *searcher) mayMateInOne(ply int, e *escapes) bool {
	e.init(s, false, ply+1)
	s.farWitnesses(e)
	if e.nz < 2 {
		return true
	}
	mates := func(m position.Move) bool {
		// Cut short: let the full search say.
		return !s.tick() || s.mates(m)
	}
	checks := s.checks(ply + 1)
	e.checks, e.checksKnown = checks, true
	for _, m := range checks {
		if mates(m) {
			return true
		}
	}
	side := s.pos.Side()
	var za, zb [8]position.Square
	for i := range 2 {
		for _, a := range e.zones[i].squares(za[:0]) {
			if s.pos.At(a) == position.NoPiece || s.pos.At(a).Color() != side {
				continue
			}
			for _, b := range e.zones[1-i].squares(zb[:0]) {
				m := position.NewMove(a, b)
				if !s.pos.IsLegal(m) || s.pos.At(b).Kind() == position.King ||
					slices.Contains(checks, m) || leavesRefuge(e.refuges[:e.nr], m) {
					continue
				}
				if mates(m) {
					return true
				}
			}
		}
	}
	return false
}

// matingChecks appends to dst every check of the side to move after which
// the opponent has no legal move (the mates in one by a check).
func (s *searcher) matingChecks(ply int, dst []position.Move) []position.Move {
	return s.mating(s.checks(ply), true, true, ply, nil, dst)
}

// mating appends to dst the moves of the side to move after which the
// opponent has no legal move: the first only, unless all.
//
// Long lists (every move, for a mate or stalemate in one by any move) are
// first filtered by what the opponent could play now (see escapes): a move
// that surely leaves it one of those moves mates nothing and is not played.
// checks: every move of the list gives check (the witnesses, which need a
// move that does not, are not asked). ply is the list's own; the plies
// after it are free.
func (s *searcher) mating(moves []position.Move, all, checks bool, ply int, e *escapes, dst []position.Move) []position.Move {
	if e == nil && len(moves) >= refugeMinMoves {
		e = new(escapes)
		e.init(s, checks, ply+1)
	}
	for _, m := range moves {
		if !s.tick() {
			break
		}
		if len(moves) >= refugeMinMoves && e.leaves(s, m) {
			continue
		}
		if s.mates(m) {
			dst = append(dst, m)
			if !all {
				break
			}
		}
	}
	return dst
}

// refugeMinMoves: below this many moves, mating plays them all (working out
// the refuges would cost more than it saves).
const refugeMinMoves = 8

// escapes is what the opponent (the side not to move) could play if it were
// its turn now, as much of it as mating's filter needs: the squares its king
// could step to (refuges, see leavesRefuge), and up to two moves of its other
// pieces far from its king (witnesses), with the squares each depends on.
//
// A witness x, a piece's move from a to b with both squares far (see far)
// from the opponent's king and the opponent not in check, stays legal after a
// move m that gives no check and whose squares are off x's zone — a, b, the
// horse's leg or the elephant's eye on the way: x is as pseudo-legal after m
// as now, and a move whose squares are far from the king cannot change
// whether it is attacked (the argument of leavesRefuge), so after m and x the
// king is as safe as after m alone, which gives no check.
type escapes struct {
	king    position.Square
	refuges [4]position.Square
	nr      int
	// witnessed: the witnesses have been looked for (when first needed).
	witnessed bool
	witness   [2]position.Move
	zones     [2]zone
	nz        int
	// The side to move's checks (when first needed: a witness is left only
	// by a move that gives none), found in the buffer of ply; checking:
	// every move asked about gives check.
	checking    bool
	checksKnown bool
	checks      []position.Move
	ply         int
}

// zone is a set of squares.
type zone [2]uint64

func (z *zone) add(sq position.Square) { z[sq>>6] |= 1 << (sq & 63) }

func (z *zone) has(sq position.Square) bool { return z[sq>>6]&(1<<(sq&63)) != 0 }

func (z *zone) disjoint(o *zone) bool { return z[0]&o[0] == 0 && z[1]&o[1] == 0 }

// squares appends z's squares to dst.
func (z *zone) squares(dst []position.Square) []position.Square {
	for w, bb := range z {
		for ; bb != 0; bb &= bb - 1 {
			dst = append(dst, position.Square(w*64+bits.TrailingZeros64(bb)))
		}
	}
	return dst
}

// init works out the refuges of the opponent's king; see escapes for
// checking and ply.
func (e *escapes) init(s *searcher, checking bool, ply int) {
	*e = escapes{king: s.pos.King(s.pos.Side().Other()), checking: checking, ply: ply}
	e.nr = s.kingRefuges(&e.refuges)
}

// leaves reports whether m, a legal move of the side to move, surely leaves
// the opponent a legal move.
func (e *escapes) leaves(s *searcher, m position.Move) bool {
	if leavesRefuge(e.refuges[:e.nr], m) {
		return true
	}
	if e.checking {
		return false
	}
	if !e.witnessed {
		s.farWitnesses(e)
	}
	if e.witnessLeft(m) < 0 {
		return false
	}
	if !e.checksKnown {
		e.checks, e.checksKnown = s.checks(e.ply), true
	}
	return !slices.Contains(e.checks, m)
}

// witnessLeft returns the index of a witness whose zone m's squares are off
// (-1: none).
func (e *escapes) witnessLeft(m position.Move) int {
	for i := range e.nz {
		if !e.zones[i].has(m.From()) && !e.zones[i].has(m.To()) {
			return i
		}
	}
	return -1
}

// witnessSteps are the short moves tried as witnesses, by kind: a step, a
// horse's move with its leg, an elephant's with its eye (df, dr, then the
// square on the way, 0 0 for none). Advisors never stand far from their king.
var witnessSteps = [...][][4]int{
	position.Rook:     {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Cannon:   {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Pawn:     {{0, 1, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}},
	position.Horse:    {{1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1}, {2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0}},
	position.Elephant: {{2, 2, 1, 1}, {2, -2, 1, -1}, {-2, 2, -1, 1}, {-2, -2, -1, -1}},
}

// farWitnesses looks for e's witnesses: pseudo-legal short moves of the
// opponent's pieces with both squares far from its king, one per piece, the
// second with a zone apart from the first's.
func (s *searcher) farWitnesses(e *escapes) {
	e.witnessed = true
	k := e.king
	opp := s.pos.Side().Other()
	if k == position.NoSquare || s.pos.InCheck(opp) {
		return
	}
	s.pos.Make(position.NullMove)
	defer s.pos.Unmake()
	var buf [16]position.Square
	for _, a := range s.pos.Pieces(opp, buf[:0]) {
		if !far(k, a) {
			continue
		}
		kind := s.pos.At(a).Kind()
		if int(kind) >= len(witnessSteps) {
			continue
		}
		f, r := a.File(), a.Rank()
		for _, st := range witnessSteps[kind] {
			tf, tr := f+st[0], r+st[1]
			if tf < 0 || tf > 8 || tr < 0 || tr > 9 {
				continue
			}
			b := position.SquareAt(tf, tr)
			x := position.NewMove(a, b)
			if !far(k, b) || !s.pos.IsPseudoLegal(x) {
				continue
			}
			var z zone
			z.add(a)
			z.add(b)
			if st[2] != 0 || st[3] != 0 {
				z.add(position.SquareAt(f+st[2], r+st[3]))
			}
			if e.nz == 1 && !z.disjoint(&e.zones[0]) {
				continue
			}
			e.witness[e.nz], e.zones[e.nz] = x, z
			e.nz++
			if e.nz == len(e.zones) {
				return
			}
			break // one per piece
		}
	}
}

// kingRefuges fills r with the squares the king of the side not to move could
// step to legally if it were to move now, and returns how many there are.
func (s *searcher) kingRefuges(r *[4]position.Square) int {
	k := s.pos.King(s.pos.Side().Other())
	if k == position.NoSquare {
		return 0
	}
	n := 0
	s.pos.Make(position.NullMove)
	f, rk := k.File(), k.Rank()
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		tf, tr := f+d[0], rk+d[1]
		if tf < 0 || tf > 8 || tr < 0 || tr > 9 {
			continue
		}
		t := position.Square(tr*9 + tf)
		if s.pos.IsLegal(position.NewMove(k, t)) {
			r[n] = t
			n++
		}
	}
	s.pos.Unmake()
	return n
}

// leavesRefuge reports whether the move m surely leaves the opponent's king a
// legal step to one of refuges (squares it can step to legally now), so that m
// mates nothing. A move changes whether a square t is attacked, or whether the
// king may step there, only through its two squares: a rook, cannon or king
// line to t runs along t's file or rank (a piece arriving on it attacks,
// blocks or becomes a screen; a piece leaving it uncovers), a horse attacks t
// from two points away with its leg one point diagonally from t, an elephant
// from two points with its eye one point away, a pawn or an advisor from one
// point, and the king's own step to t changes only if m lands on t. So when
// neither square of m is on t's file or rank or within two points of it in
// both directions, stepping to t stays legal after m.
func leavesRefuge(refuges []position.Square, m position.Move) bool {
	for _, t := range refuges {
		if far(t, m.From()) && far(t, m.To()) {
			return true
		}
	}
	return false
}

// far: a and b share no file or rank and are more than two points apart
// across one of them.
func far(a, b position.Square) bool { return !near[a].has(b) }

// near[a] holds the squares not far from a.
var near = func() (n [position.NumSquares]zone) {
	for a := range position.Square(position.NumSquares) {
		for b := range position.Square(position.NumSquares) {
			df, dr := abs(a.File()-b.File()), abs(a.Rank()-b.Rank())
			if df == 0 || dr == 0 || max(df, dr) <= 2 {
				n[a].add(b)
			}
		}
	}
	return n
}()

// mateByChecks reports whether the side to move mates within depth plies by
// checking on every move (连将杀); a mate in one by any move counts at the
// first ply only when quietFirst is set. The line is left in pv[ply].
func (s *searcher) mateByChecks(depth, ply int) bool {
	s.pvLen[ply] = ply
	if depth < 1 || ply >= maxPly-2 || !s.tick() {
		return false
	}
	// A position already shown to have no mate within at least depth plies
	// (by another line of checks, or another search of the cycle) has none
	// within depth: no mate by checks within D means none within d ≤ D.
	k := s.pos.Key()
	if d, ok := s.memo.noMate.get(k); ok && d >= depth {
		return false
	}
	if s.mateByChecksFrom(depth, ply) {
		return true
	}
	if !s.cut && ply+depth < maxPly-2 {
		if d, ok := s.memo.noMate.get(k); !ok || d < depth {
			s.memo.noMate.put(k, depth)
		}
	}
	return false
}

func (s *searcher) mateByChecksFrom(depth, ply int) bool {
	// The checks only: captures that give check, then quiet checks. The
	// deeper plies use their own buffers: these lists stay intact.
	moves := s.checks(ply)
	for _, m := range moves {
		s.pos.Make(m)
		if depth < 3 {
			// The last ply: only whether any answer exists matters.
			mated := !s.pos.HasLegalMove(s.pos.Side())
			s.pos.Unmake()
			if mated {
				s.pvLen[ply+1] = ply + 1
				s.setPV(ply, m)
				return true
			}
			continue
		}
		replies := s.legal(ply + 1)
		if len(replies) == 0 {
			s.pos.Unmake()
			s.pvLen[ply+1] = ply + 1
			s.setPV(ply, m)
			return true
		}
		// The line shown is the one after the last reply (in the order
		// of the legal moves); the replies most likely to escape are
		// tried first: captures, then the others from the last (the
		// king's steps come last in the legal moves).
		last := replies[len(replies)-1]
		s.capturesFirst(replies)
		all := true
		for _, r := range replies {
			s.pos.Make(r)
			ok := s.mateByChecks(depth-2, ply+2)
			s.pos.Unmake()
			if !ok {
				all = false
				break
			}
			if r == last {
				s.setPV(ply+1, r)
			}
		}
		s.pos.Unmake()
		if all {
			s.setPV(ply, m)
			return true
		}
		if s.cut {
			return false
		}
	}
	return false
}

// mateThreat looks for a forced mate for the side to move: in one (any move),
// by consecutive checks within par.MateDepth, or after one quiet move.
func (s *searcher) mateThreat() MateThreat {
	k := s.pos.Key()
	if e, ok := s.memo.threats[k]; ok {
		if mt, ok := e.under(&s.par); ok {
			return mt
		}
	}
	mt, found := s.searchMateThreat()
	if !mt.Cut {
		s.memo.threats[k] = threatEntry{mt, found, s.par.MateDepth, s.par.QuietMate, s.par.QuietMateDepth}
	}
	return mt
}

// threatEntry is a mate threat found with the search bounds it was found
// with; params with other bounds may read it (see under).
type threatEntry struct {
	mt         MateThreat
	found      int // the depth that found it (searchMateThreat)
	depth      int
	quiet      bool
	quietDepth int
}

// under returns the mate threat the search would find under par, when the
// entry says: with the same bounds, the entry itself; without the quiet
// first move and with a depth d within the entry's, the entry's threat if
// the search that found it was within d plies, and no threat otherwise —
// the search looks for the mate in one, then for the shortest mate by
// checks, deepening in steps of two; a mate by checks within some plies is
// one within any more, so a search to d stops at the same step with the
// same line, or finds none.
func (e threatEntry) under(par *Params) (MateThreat, bool) {
	switch {
	case e.depth == par.MateDepth && e.quiet == par.QuietMate && (!e.quiet || e.quietDepth == par.QuietMateDepth):
		return e.mt, true
	case e.quiet || par.QuietMate || par.MateDepth > e.depth:
		return MateThreat{}, false
	case !e.mt.Exists || e.found <= par.MateDepth:
		return e.mt, true
	}
	return MateThreat{}, true
}

// searchMateThreat also returns the depth of the search that found the
// threat: 1 for a mate in one, the step of the deepening for a mate by
// checks (the line shown may be shorter: it follows the last answer).
func (s *searcher) searchMateThreat() (MateThreat, int) {
	s.reset()
	var mt MateThreat
	if m := s.mateInOne(0, false); m != position.NoMove {
		return MateThreat{Exists: true, Kind: "mate-in-1", Plies: 1, Line: []string{m.String()}}, 1
	}
	// Most positions have no mate by checks at all: one search at the full
	// depth says so. Only when it finds one (or is cut short) does the
	// iterative deepening run, for the shortest mate and its line.
	n0 := s.nodes
	none := s.par.MateDepth >= 3 && !s.mateByChecks(s.par.MateDepth, 0) && !s.cut
	if !none {
		s.nodes, s.cut = n0, false
	}
	for d := 3; d <= s.par.MateDepth && !none; d += 2 {
		if s.mateByChecks(d, 0) {
			l := s.line(0)
			return MateThreat{Exists: true, Kind: "checks", Plies: len(l), Line: iccsLine(l), Cut: s.cut}, d
		}
		if s.cut {
			break
		}
	}
	if s.par.QuietMate && !s.cut {
		if l, ok := s.quietMate(); ok {
			return MateThreat{Exists: true, Kind: "quiet", Plies: len(l), Line: iccsLine(l), Cut: s.cut}, 0
		}
	}
	mt.Cut = s.cut
	return mt, 0
}

// quietMate: one quiet move after which every reply allows a mate by checks
// within QuietMateDepth plies (绝杀).
func (s *searcher) quietMate() ([]position.Move, bool) {
	side := s.pos.Side()
	moves := append([]position.Move(nil), s.legal(0)...)
	for _, m := range moves {
		s.pos.Make(m)
		if s.pos.InCheck(side.Other()) {
			s.pos.Unmake()
			continue
		}
		replies := append([]position.Move(nil), s.legal(1)...)
		all := len(replies) > 0
		var line []position.Move
		for _, r := range replies {
			s.pos.Make(r)
			ok := false
			if mm := s.mateInOne(2, false); mm != position.NoMove {
				ok = true
				line = []position.Move{m, r, mm}
			} else {
				for d := 3; d <= s.par.QuietMateDepth && !ok; d += 2 {
					ok = s.mateByChecks(d, 2)
					if ok {
						line = append([]position.Move{m, r}, s.line(2)...)
					}
				}
			}
			s.pos.Unmake()
			if !ok {
				all = false
				break
			}
		}
		s.pos.Unmake()
		if all {
			return line, true
		}
		if s.cut {
			break
		}
	}
	return nil, false
}

// gainResult is the outcome of a gain search against one victim.
type gainResult struct {
	ok       bool // some line takes the victim
	gain     int
	line     []position.Move
	viaCheck bool
	matedAll bool // every direct capture of the victim gets the mover mated at once
	direct   bool // the victim can be taken outright
}

// gainVia finds the best material balance the side to move can force by a
// line whose first capture is the piece on target, possibly after up to
// par.GainChecks checks (抽吃, 连将吃子); the opponent answers checks with any
// legal move and may stop the exchange when it suits it.
func (s *searcher) gainVia(target position.Square) gainResult {
	return s.gainViaChecks(target, s.par.GainChecks, noFloor)
}

// gainViaChecks is gainVia with its own budget of checks before the capture,
// and a floor for the search (see gainSearch): with one, it reports a line
// only if one is worth more than the floor (before the baseline and the pawn
// clamp), and then the same line as without.
func (s *searcher) gainViaChecks(target position.Square, checks, floor int) gainResult {
	s.reset()
	var r gainResult
	g, ok := s.gainSearch(target, checks, 0, &r, floor, noCeil)
	r.ok = ok
	if ok {
		r.line = s.line(0) // the baseline's search overwrites the PV
		base, taken := s.baselineLine(target)
		g += base
		s.pvLen[0] = len(r.line)
		copy(s.pv[0][:], r.line)
		r.gain = g
		r.line = s.line(0)
		if len(r.line) > 0 && r.line[0].To() != target {
			r.viaCheck = true
		}
		r.gain = s.clampPawnTrade(r.line, r.gain, taken)
	}
	return r
}

// gainSearch: side to move S has not yet taken the target. ok=false when no
// line takes it. stats (at the root only) records direct-capture facts.
// Only a line worth more than floor (noFloor: any) can matter to the caller:
// below the root, what cannot beat it (or the best line found here) is not
// searched and is reported as no line; the best line and its value are the
// same as without the floor. Past ceil (noCeil: none) the caller does not
// care how much more a line wins (see gainAll's ceilings): once one reaches
// it the search stops, its value then a lower bound.
func (s *searcher) gainSearch(target position.Square, checks, ply int, stats *gainResult, floor, ceil int) (int, bool) {
	s.pvLen[ply] = ply
	if !s.tick() || ply >= maxPly-4 {
		return 0, false
	}
	moves := s.legal(ply)
	best, found := 0, false
	matedAll, anyDirect := true, false
	// Two passes: the direct captures of the target first, so that on equal
	// balance the direct line is the one reported (ties must not depend on
	// the order moves are generated in, or mirrored boards differ).
	for pass := 0; pass < 2; pass++ {
		for _, m := range moves {
			if (m.To() == target) != (pass == 0) {
				continue
			}
			if m.To() == target {
				anyDirect = true
				v := s.value(s.pos.At(target), target)
				// Taking without check wins at most the victim (the
				// opponent may stop): below the root, skip what cannot
				// matter. At the root every capture is tried (its facts:
				// mated at once or not).
				if ply > 0 && floor != noFloor && v <= floor && !s.givesCheck(m) {
					continue
				}
				s.pos.Make(m)
				var rest int
				if ply == 0 && s.opponentMatesInOne(ply+1) {
					rest = mateScore
				} else {
					matedAll = false
					rest = s.exchange(ply + 1)
				}
				s.pos.Unmake()
				v -= rest
				if !found || v > best {
					best, found = v, true
					s.setPV(ply, m)
					if best >= ceil {
						return best, true
					}
				}
				continue
			}
			// The checks before the victim falls take nothing: a capture
			// with check is a first capture of its own (its victim's
			// threat), or the victim's gain would borrow another piece's
			// (and an exchange of rooks with check would read as a chase
			// of whatever follows) — except the checking piece taking the
			// piece that has just blocked its check: the check goes on
			// (连续将军得子, 2020 图3 车7平8), and the blocker is won on the
			// way.
			if checks <= 0 {
				continue
			}
			gained := 0
			if s.pos.At(m.To()) != position.NoPiece {
				if !s.takesBlocker(m, ply) {
					continue
				}
				gained = s.value(s.pos.At(m.To()), m.To())
			}
			if !s.givesCheck(m) {
				continue
			}
			fl := floor
			if found && best > fl {
				fl = best // a line must beat the best one found here
			}
			if fl != noFloor {
				fl -= gained
			}
			cl := ceil
			if cl != noCeil {
				cl -= gained
			}
			s.checker[ply] = m.To()
			s.pos.Make(m)
			v, ok := s.afterCheck(target, checks-1, ply+1, fl, cl)
			s.pos.Unmake()
			if ok && (!found || gained+v > best) {
				best, found = gained+v, true
				s.setPV(ply, m)
				if best >= ceil {
					return best, true
				}
			}
			if s.cut {
				break
			}
		}
	}
	if ply == 0 && stats != nil {
		stats.direct = anyDirect
		stats.matedAll = anyDirect && matedAll
	}
	return best, found
}

// takesBlocker reports whether the capture m, at ply of a gain search's
// check line, is the piece that moved to give the last check taking the
// piece that answered it by blocking.
func (s *searcher) takesBlocker(m position.Move, ply int) bool {
	return ply >= 2 && m.From() == s.checker[ply-2] && m.To() == s.pos.LastMove().To() &&
		s.pos.At(m.To()).Kind() != position.King
}

// afterCheck: the opponent answers a check; S's line stands only if it takes
// the target against every answer. Returns S's balance from here.
// A line worth no more than floor (noFloor: none) is reported as no line;
// past ceil (noCeil: none) the value is only a lower bound. After the first
// answer the others are searched only up to the least found so far.
func (s *searcher) afterCheck(target position.Square, checks, ply int, floor, ceil int) (int, bool) {
	s.pvLen[ply] = ply
	replies := s.legal(ply) // deeper plies use their own buffers
	if len(replies) == 0 {
		return 0, false // a mate, not a gain through the target
	}
	worst, found := 0, false
	for _, r := range replies {
		t := target
		if r.From() == target {
			t = r.To()
		}
		lost := 0
		if cap := s.pos.At(r.To()); cap != position.NoPiece {
			lost = s.value(cap, r.To())
		}
		cf := floor
		if cf != noFloor {
			cf += lost
		}
		cl := ceil
		if found && worst < cl {
			cl = worst
		}
		if cl != noCeil {
			cl += lost
		}
		s.pos.Make(r)
		v, ok := s.gainSearch(t, checks, ply+1, nil, cf, cl)
		s.pos.Unmake()
		if !ok || (cf != noFloor && v <= cf) {
			return 0, false // the line fails, or cannot beat the floor
		}
		v -= lost
		if !found || v < worst {
			worst, found = v, true
			s.setPV(ply, r)
		}
		if s.cut {
			return 0, false
		}
	}
	return worst, found
}

// opponentMatesInOne: after the mover's move, can the side now to move mate at
// once by a check?
func (s *searcher) opponentMatesInOne(ply int) bool { return s.matesAtOnce(ply, true) }

// matesAtOnce reports whether the side to move has a mate in one (by a check
// only when checksOnly), remembered per position.
func (s *searcher) matesAtOnce(ply int, checksOnly bool) bool {
	k := s.pos.Key()
	m := &s.memo.mated1
	if !checksOnly {
		m = &s.memo.mated1any
	}
	if v, ok := m.get(k); ok {
		return v
	}
	cut := s.cut
	s.cut = false
	v := s.mateInOne(ply, checksOnly) != position.NoMove
	if !s.cut {
		m.put(k, v)
	}
	s.cut = s.cut || cut
	return v
}

// clampPawnTrade applies the floating pawn value (1999 25.3, 2011 26.7): a
// line in which one side gives only pawns for other pieces, or the other way
// round, is no gain — except a pawn given up (with check) to win a rook.
// The pawns given are those traded in the exchange: a pawn of the mover's
// that moves in the line (the capturing pawn, one given with check), or one
// taken back on a square the mover has captured on; a pawn the opponent
// grabs elsewhere meanwhile is not traded (its value is in the balance all
// the same). One pawn given with check that wins two pieces, neither a
// rook, is no gain: 一兵换取数子…均不算得子 (1999 25.3; 2011 26.7 keeps only
// the rook as the exception) — inferred; the alternative would count any
// pawn given with check as the rook's exception does.
//
// The mover's pieces in anyway (the baseline's line takes them whatever the
// mover does) are not given for anything, unless they take part in the line:
// a pawn won while the opponent takes an elephant it could have taken anyway
// is a pawn won (2020 图8), a pawn taken by a rook that is then lost is a rook
// given for a pawn even if the rook was lost anyway (图16: 避抽后 the rook's
// capture becomes a chase).
func (s *searcher) clampPawnTrade(line []position.Move, gain int, anyway []position.Square) int {
	if !s.par.PawnTradeNoGain || gain <= 0 || len(line) == 0 {
		return gain
	}
	var lost, won [2]int // [pawns, others]
	rookWon := false
	mover := s.pos.Side()
	var moved [position.NumSquares]bool // the mover's pieces that move in the line, by origin
	var taken [position.NumSquares]bool // squares the mover has captured on (the exchange's squares)
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square) {
		if cap != position.NoPiece {
			i := 1
			if cap.Kind() == position.Pawn {
				i = 0
			}
			switch {
			case side == mover:
				won[i]++
				rookWon = rookWon || cap.Kind() == position.Rook
				taken[m.To()] = true
			case i == 0 && !moved[capOrigin] && !taken[m.To()]:
				// A pawn the opponent grabs elsewhere is not given in
				// the exchange (26.7 speaks of the pawns traded: the
				// capturing pawn, pawns recaptured on its squares).
			case moved[capOrigin] || !slices.Contains(anyway, capOrigin):
				lost[i]++
			}
		}
		if side == mover {
			moved[fromOrigin] = true
		}
	})
	pawnsForPieces := lost[0] > 0 && lost[1] == 0 && won[1] > 0 && !rookWon
	piecesForPawns := won[0] > 0 && won[1] == 0 && lost[1] > 0
	if pawnsForPieces || piecesForPawns {
		return 0
	}
	return gain
}

// iccsLine names the moves of a line in ICCS, the names sharing one string.
func iccsLine(ms []position.Move) []string {
	out := make([]string, len(ms))
	var buf [4 * 16]byte
	var ends [16]int
	b, e := buf[:0], ends[:0]
	for _, m := range ms {
		if m == position.NoMove || m == position.NullMove {
			b = append(b, m.String()...)
		} else {
			b = append(append(b, m.From().String()...), m.To().String()...)
		}
		e = append(e, len(b))
	}
	all, from := string(b), 0
	for i, end := range e {
		out[i], from = all[from:end], end
	}
	return out
}

// frame is one ply's scratch for the shared gain search, kept in the
// searcher rather than on the stack: the recursion would otherwise carry
// a few kilobytes per ply, and the stack grows and shrinks with it.
type frame struct {
	sub       targets
	fl, cl    floors
	alive, sw [position.NumSquares]bool
	// want: gainAll's victims still wanted (see its ceil).
	want [position.NumSquares]bool
	// vict: the child node's victims (see gainAll).
	vict [16]position.Square
}

// frame returns ply's scratch, made on first use.
func (s *searcher) frame(ply int) *frame {
	if s.frames[ply] == nil {
		s.frames[ply] = new(frame)
	}
	return s.frames[ply]
}

// floors holds, per square, a value a line must beat (noFloor: none), or
// as ceilings a value beyond which a line's worth does not matter (noCeil:
// none).
type floors [position.NumSquares]int

const (
	noFloor = -1 << 40
	noCeil  = 1 << 40
)

// targets holds, per square of the opponent's pieces (in the coordinates of
// the node), the best balance of a line whose first capture is that piece.
type targets struct {
	val [position.NumSquares]int
	ok  [position.NumSquares]bool
}

// gainAll is gainSearch for every opponent piece at once: the check lines
// (抽吃, 连将吃子), which are the expensive part, are searched once and
// shared by all victims. Values are before the baseline and the pawn clamp.
//
// want (nil: every piece) names the victims the caller still needs, in the
// coordinates of this node: the others are not searched and come back not ok.
//
// vict lists the squares of the opponent's pieces (the victims, the king
// included) at this node: everything per square (out, want, floor) is read
// and written at those squares only.
//
// floor (nil: none) says, per victim in this node's coordinates, what a line
// must beat to matter: the root already has that much through the victim
// (a direct capture, or another line). A line worth no more is reported as
// no line — the root's result is the same either way — so a capture that
// cannot beat it (it gives no check, so the opponent may stop: it wins at
// most the victim) is not searched.
//
// ceil (nil: none) says, per victim, a balance beyond which the caller does
// not care how much more a line wins: the answer to a check that it is
// searched under must do no better for the victim than another answer did
// already (the caller takes the least over the answers). Once a victim has
// a line worth its ceiling, its other lines are not searched, and the node
// returns when every victim wanted has one; such a victim's value is then
// only a lower bound, at or above its ceiling.
func (s *searcher) gainAll(checks, ply int, out *targets, root *[position.NumSquares]gainResult, want *[position.NumSquares]bool, floor, ceil *floors, vict []position.Square) {
	*out = targets{}
	if !s.tick() || ply >= maxPly-4 {
		return
	}
	f := s.frame(ply)
	wanted := 0 // with ceilings: the victims wanted and not yet at theirs
	if ceil != nil {
		lw := &f.want
		*lw = [position.NumSquares]bool{}
		for _, q := range vict {
			if want == nil || want[q] {
				lw[q] = true
				wanted++
			}
		}
		want = lw
	}
	// reached reports whether victim q, wanted, now has a line at its
	// ceiling, and drops it from the victims wanted if so.
	reached := func(q position.Square) bool {
		if ceil == nil || !want[q] || !out.ok[q] || out.val[q] < ceil[q] {
			return false
		}
		want[q] = false
		wanted--
		return true
	}
	// The captures, then (within the budget) the quiet checks: a capture
	// with check is a first capture of its own, unless it takes the piece
	// that blocked the last check (see gainSearch).
	moves, nCaps := s.capturesAndChecks(ply, checks > 0)
	s.bufs[ply] = moves
	for i, m := range moves {
		to := m.To()
		// The checking piece that takes the piece blocking its check, with
		// check again, also goes on as a check (see gainSearch).
		goOn := i < nCaps && checks > 0 && s.takesBlocker(m, ply) && s.givesCheck(m)
		if i < nCaps && (want == nil || want[to]) && s.pos.At(to).Kind() != position.King &&
			(floor == nil || s.value(s.pos.At(to), to) > floor[to] || s.givesCheck(m)) {
			cap := s.pos.At(to)
			v := s.value(cap, to)
			s.pos.Make(m)
			// "Gets mated at once" is a fact about the mover's first
			// capture (细则7); deeper in a line the exchange search sees
			// checks and their answers itself.
			mated := ply == 0 && s.opponentMatesInOne(ply+1)
			// Only a balance above the floor, or above what another
			// capture of the victim has found here, matters.
			fl := noFloor
			if floor != nil {
				fl = floor[to]
			}
			if out.ok[to] && out.val[to] > fl {
				fl = out.val[to]
			}
			rest := mateScore
			switch {
			case mated:
			case fl != noFloor:
				// The exchange is asked only whether the opponent wins
				// back less than v - fl (exact when it does).
				rest = s.exchangeBelow(ply+1, v-fl)
			default:
				rest = s.exchange(ply + 1)
			}
			s.pos.Unmake()
			if root != nil {
				r := &root[to]
				if !r.direct {
					r.matedAll = true
				}
				r.direct = true
				r.matedAll = r.matedAll && mated
			}
			if rest != noExchange && (v-rest > out.val[to] || !out.ok[to]) {
				out.val[to], out.ok[to] = v-rest, true
				if reached(to) && wanted == 0 {
					return
				}
			}
		}
		if i < nCaps && !goOn {
			continue
		}
		gained := 0
		if i < nCaps {
			gained = s.value(s.pos.At(to), to)
		}
		// What a line under this check must beat: the floor, or what this
		// node already has through the victim; less what the check takes.
		// The ceilings too are less what the check takes.
		cf, cc := &f.fl, &f.cl
		var cceil *floors
		if ceil != nil {
			cceil = cc
		}
		cv := f.vict[:0] // the victims after the check: less the one it takes
		for _, q := range vict {
			if q == to {
				continue
			}
			cv = append(cv, q)
			fl := noFloor
			if floor != nil {
				fl = floor[q]
			}
			if out.ok[q] && out.val[q] > fl {
				fl = out.val[q]
			}
			if fl != noFloor {
				fl -= gained
			}
			cf[q] = fl
			if ceil != nil {
				cc[q] = noCeil
				if ceil[q] != noCeil {
					cc[q] = ceil[q] - gained
				}
			}
		}
		sub := &f.sub
		s.checker[ply] = to
		s.pos.Make(m)
		s.afterCheckAll(checks-1, ply+1, sub, want, cf, cceil, cv)
		s.pos.Unmake()
		for _, q := range cv {
			if sub.ok[q] {
				if v := gained + sub.val[q]; !out.ok[q] || v > out.val[q] {
					out.val[q], out.ok[q] = v, true
					reached(q)
				}
			}
		}
		if s.cut || (ceil != nil && wanted == 0) {
			return
		}
	}
}

// afterCheckAll: the opponent answers a check; a victim's line stands only if
// it survives every answer (values in the coordinates before the answer).
// want (nil: all) and vict as for gainAll, floor as for gainAll but not nil,
// ceil as for gainAll (nil: none). The answers that take something come
// first: they refute most lines, and once no line survives the search stops.
// Under each answer after the first, a victim's lines are searched only up to
// the least the answers so far leave it (or its ceiling, if less): more
// cannot change the least.
func (s *searcher) afterCheckAll(checks, ply int, out *targets, want *[position.NumSquares]bool, floor, ceil *floors, vict []position.Square) {
	*out = targets{}
	replies := s.legal(ply) // deeper plies use their own buffers
	if len(replies) == 0 {
		return // a mate, not a gain through a piece
	}
	s.capturesFirst(replies)
	f := s.frame(ply)
	alive := &f.alive
	if want != nil {
		*alive = *want
	} else {
		for q := range alive {
			alive[q] = true
		}
	}
	first := true
	for _, r := range replies {
		lost := 0
		if cap := s.pos.At(r.To()); cap != position.NoPiece {
			lost = s.value(cap, r.To())
		}
		// The victims still alive, in the coordinates after the answer.
		sw := &f.sw
		*sw = *alive
		sw[r.To()], sw[r.From()] = alive[r.From()], false
		// The victims and their floors after the answer (the answering
		// piece moved): a line must now beat the floors by what the answer
		// took.
		sf, sc := &f.fl, &f.cl
		var sceil *floors
		if ceil != nil || !first {
			sceil = sc
		}
		cv := f.vict[:0]
		for _, q := range vict {
			fl := floor[q]
			if fl != noFloor {
				fl += lost
			}
			cl := noCeil
			if sceil != nil {
				if ceil != nil {
					cl = ceil[q]
				}
				if !first && out.ok[q] && out.val[q] < cl {
					cl = out.val[q]
				}
				if cl != noCeil {
					cl += lost
				}
			}
			if q == r.From() {
				q = r.To()
			}
			cv = append(cv, q)
			sf[q] = fl
			sc[q] = cl
		}
		sub := &f.sub
		s.pos.Make(r)
		s.gainAll(checks, ply+1, sub, nil, sw, sf, sceil, cv)
		s.pos.Unmake()
		// Map the answer's moved piece back to its square before the answer;
		// in those coordinates the answer's destination holds no victim.
		sub.val[r.From()], sub.ok[r.From()] = sub.val[r.To()], sub.ok[r.To()]
		sub.ok[r.To()] = false
		for _, q := range vict {
			if first {
				out.val[q], out.ok[q] = sub.val[q]-lost, sub.ok[q] && alive[q]
				continue
			}
			if !sub.ok[q] {
				out.ok[q] = false
			} else if out.ok[q] && sub.val[q]-lost < out.val[q] {
				out.val[q] = sub.val[q] - lost
			}
		}
		first = false
		if s.cut {
			*out = targets{}
			return
		}
		// A line must survive every answer: once none does, the other
		// answers cannot bring one back.
		any := false
		for _, q := range vict {
			alive[q] = out.ok[q]
			any = any || alive[q]
		}
		if !any {
			return
		}
	}
}

// gainsAll returns, for every opponent piece, what gainVia would: one shared
// search for all victims, then the baseline, the pawn clamp and the line
// (by gainVia, only where the balance is positive and evidence is needed).
//
// The result is remembered per position (do not modify it): the "after" of
// one ply is where the next ply asks whether its moved piece was chased.
func (s *searcher) gainsAll() gains {
	k := s.pos.Key()
	if g, ok := s.memo.gains[k]; ok {
		return g
	}
	g, cut := s.searchGains(nil)
	if !cut {
		s.memo.gains[k] = g
	}
	return g
}

// gains is what gainsAll finds: the opponent's pieces with a line, by
// square (in square order).
type gains []gainAt

type gainAt struct {
	sq position.Square
	r  gainResult
}

// at returns the result for the piece on sq (ok false: none).
func (g gains) at(sq position.Square) (gainResult, bool) {
	for i := range g {
		if g[i].sq == sq {
			return g[i].r, true
		}
	}
	return gainResult{}, false
}

// gainsFor is gainsAll for the opponent's pieces on the squares want names
// only (the others come back without a line): the same results for those,
// searched for less, and not remembered.
func (s *searcher) gainsFor(want *[position.NumSquares]bool) gains {
	g, _ := s.searchGains(want)
	return g
}

func (s *searcher) searchGains(want *[position.NumSquares]bool) (gains, bool) {
	s.reset()
	var t targets
	var root [position.NumSquares]gainResult
	var vb [16]position.Square
	s.gainAll(s.par.GainChecks, 0, &t, &root, want, nil, nil, s.pos.Pieces(s.pos.Side().Other(), vb[:0]))
	cut := s.cut
	n := 0
	for _, ok := range t.ok {
		if ok {
			n++
		}
	}
	out := make(gains, 0, n)
	for q := range t.ok {
		if !t.ok[q] {
			continue
		}
		sq := position.Square(q)
		r := root[q]
		r.ok, r.gain = true, t.val[q]+s.baseline(sq)
		cut = cut || s.cut
		if r.gain > 0 {
			// The line as evidence: most threats are plain captures, so try
			// without checks first and search the check lines only if the
			// shared search found more than that.
			full := s.gainViaChecks(sq, 0, noFloor)
			if !full.ok || full.gain < r.gain {
				// The line is one worth what the shared search found:
				// the search for it need look at no line worth less (and
				// should it find none, it looks again at them all).
				full = s.gainViaChecks(sq, s.par.GainChecks, t.val[q]-1)
				if !full.ok {
					full = s.gainVia(sq)
				}
			}
			cut = cut || s.cut
			if full.ok {
				full.direct, full.matedAll = r.direct, r.matedAll
				r = full
			}
		}
		out = append(out, gainAt{sq, r})
	}
	return out, cut
}

// exchange is the full-window exchange value for the side to move (what it
// wins from here, captures anywhere), cached by position key. A value from a
// search that was cut short is not kept.
// Its line is left in pv[ply], as qs would leave it.
func (s *searcher) exchange(ply int) int {
	k := s.pos.Key()
	if e, ok := s.memo.exchanges.get(k); ok {
		s.pvLen[ply] = ply + copy(s.pv[ply][ply:], s.memo.slab[e.off:e.off+e.n])
		return e.v
	}
	v := s.qs(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, ply)
	if !s.cut {
		s.putExchange(k, v, ply)
	}
	return v
}

// noExchange: exchangeBelow's "at least beta".
const noExchange = 1 << 30

// exchangeBelow is exchange when its value is below beta, and noExchange
// otherwise: a remembered exact value or bound is used, else a search with
// beta as its bound, which cuts off sooner.
//
// What the bounded search finds is remembered too. Below beta its value is
// exact, and so is its line, the one the full window finds: with alpha at
// −∞ no move at the root fails low, so every child is searched to its exact
// value (its own alpha, v − beta, is below what it returns, or the root
// would have cut off), and deeper down a window differs from the full one
// only in bounds returned for moves that are not best. At or above beta it
// is a lower bound (fail-soft).
func (s *searcher) exchangeBelow(ply, beta int) int {
	k := s.pos.Key()
	if v, ok := s.memo.exchanges.get(k); ok {
		if v.v >= beta {
			return noExchange
		}
		return v.v
	}
	if lb, ok := s.memo.exAtLeast.get(k); ok && lb >= beta {
		return noExchange
	}
	e := s.qs(position.NoSquare, -mateScore*2, beta, s.par.ExchangeDepth, ply)
	if s.cut {
		if e >= beta {
			return noExchange
		}
		return e
	}
	if e >= beta {
		if lb, ok := s.memo.exAtLeast.get(k); !ok || e > lb {
			s.memo.exAtLeast.put(k, e)
		}
		return noExchange
	}
	s.putExchange(k, e, ply)
	return e
}

// baseline is what the opponent could win if the mover passed instead of
// going for the victim on target. Gains are measured against standing still:
// what the opponent could win anyway (a piece already en prise elsewhere) is
// not the victim's doing, while what the capture itself leaves hanging (the
// captor was a root: 做根子捉子) is. The victim's own threats do not count:
// taking it ends them, which is defence, not gain.
//
// The search without the restriction is done once per position: at the root
// of a full-window search the best move's value is exact, so leaving out the
// victim's moves changes the value only when the best line starts with the
// victim; only then is the restricted search run.
func (s *searcher) baseline(target position.Square) int {
	v, _ := s.baselineLine(target)
	return v
}

// baselineLine is baseline with what the opponent takes in its line: the
// squares (in the position before the null move) of the mover's pieces
// taken, which a line through the victim loses anyway.
func (s *searcher) baselineLine(target position.Square) (int, []position.Square) {
	s.pos.Make(position.NullMove)
	k := s.pos.Key()
	e, ok := s.memo.baselines[k]
	if !ok {
		e.v = s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, position.NoSquare, 1)
		e.from = position.NoSquare
		if s.pvLen[1] > 1 {
			e.from = s.pv[1][1].From()
		}
		e.taken = s.takenIn(s.line(1))
		if !s.cut {
			s.memo.baselines[k] = e
		}
	}
	base, taken := e.v, e.taken
	if e.from == target && target != position.NoSquare {
		sk := skipKey{k, target}
		sb, ok := s.memo.skipped[sk]
		if !ok {
			sb.v = s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, target, 1)
			sb.taken = s.takenIn(s.line(1))
			if !s.cut {
				s.memo.skipped[sk] = sb
			}
		}
		base, taken = sb.v, sb.taken
	}
	s.pos.Unmake()
	if base > mateScore/2 || base < 0 {
		return 0, nil // passing loses to mate, or the opponent is in check: no material baseline
	}
	return base, taken
}

// takenIn returns the squares, in the position now, of the pieces of the side
// not to move that the side to move takes in line (followed as they move).
func (s *searcher) takenIn(line []position.Move) []position.Square {
	var out []position.Square
	victims := s.pos.Side().Other()
	s.walkLine(line, func(m position.Move, side position.Color, cap position.Piece, capOrigin, _ position.Square) {
		if cap != position.NoPiece && cap.Color() == victims {
			out = append(out, capOrigin)
		}
	})
	return out
}

// walkLine plays line from the position now and back, calling visit before
// each move with the side moving, the piece it takes (NoPiece if none), and
// the squares, in the position now, the taken piece and the moving piece
// started the line on (pieces are followed as they move).
func (s *searcher) walkLine(line []position.Move, visit func(m position.Move, side position.Color, cap position.Piece, capOrigin, fromOrigin position.Square)) {
	var origin [position.NumSquares]position.Square
	for q := range origin {
		origin[q] = position.Square(q)
	}
	n := 0
	for _, m := range line {
		visit(m, s.pos.Side(), s.pos.At(m.To()), origin[m.To()], origin[m.From()])
		origin[m.To()] = origin[m.From()]
		s.pos.Make(m)
		n++
	}
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
}
