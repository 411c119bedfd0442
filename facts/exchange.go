package facts

// The exchange search (qs): on one square, or anywhere, the material the
// side to move can win when either side may stop whenever it is not in
// check, a side in check must answer it, recaptures on the square are the
// complete exchange (完整交换), and within a budget of checks a side may give
// check and, having checked, capture anywhere (抽). Values are negamax from
// the side to move's view, fail-soft; exchange and exchangeBelow remember
// them per position. TestExchangeBoundsSound checks every bounded answer
// against the full window; TestFiguresGolden the values on the figures.

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

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
// capture anywhere (it gave check last), and a square whose piece stands
// aside (NoSquare: none): it neither moves nor is taken, unless by a side
// answering a check. The baseline's victim stands aside (see baselineLine).
// The pieces on s.spared (s.nSpared of them; see spare) are not taken where
// they stand, unless by a side answering a check, but they may move (and,
// once one has, it is a piece like any other): a chase's own pieces in its
// baseline (see baselineLine), an offer's taker in the offer's baseline,
// which still protects what it protected (see offerBaseline).
func (s *searcher) qsc(sq position.Square, alpha, beta, depth, checks int, freeCapture bool, aside position.Square, ply int) int {
	return s.qscNode(s.pos.InCheck(s.pos.Side()), sq, alpha, beta, depth, checks, freeCapture, aside, ply)
}

// qscNode is qsc told whether the side to move is in check (inCheck), as
// the node above may know without asking the board.
func (s *searcher) qscNode(inCheck bool, sq position.Square, alpha, beta, depth, checks int, freeCapture bool, aside position.Square, ply int) int {
	s.pvLen[ply] = ply
	if !s.tick() || ply >= maxPly-1 {
		return 0
	}
	side := s.pos.Side()
	var moves []position.Move
	nCaps := 0
	if inCheck {
		var v int
		var done bool
		if moves, nCaps, v, done = s.qscAnswers(depth, ply); done {
			return v
		}
	} else {
		if depth <= 0 || beta <= 0 {
			return 0
		}
		alpha = max(alpha, 0)
		moves, nCaps = s.qscMoves(sq, checks, freeCapture, ply)
	}
	best := -mateScore * 2
	if !inCheck {
		best = 0
	}
	// In check: whether the best answer so far is a quiet one (see below).
	quietBest := false
	for i, m := range moves {
		if aside != position.NoSquare && !inCheck && (m.From() == aside || m.To() == aside) {
			continue
		}
		if s.nSpared > 0 && !inCheck && s.spared[m.To()] {
			continue
		}
		capture := i < nCaps
		v := 0
		if capture {
			v = s.value(s.pos.At(m.To()), m.To())
		}
		// A capture off the square, or a quiet move, is here as a check.
		check := !inCheck && !(capture && s.onExchange(m, sq, freeCapture, side))
		// Futility: a capture that gives no check leaves the opponent free
		// to stop, so it is worth at most what it takes; if that cannot
		// raise alpha, the move cannot matter. What this node returns when
		// nothing raises alpha is a bound on its value (fail-soft), so it
		// must not be less than what the move could be worth: v.
		if !inCheck && !check && v <= alpha && !s.givesCheck(m) {
			best = max(best, v)
			continue
		}
		a := alpha
		if quietBest && !capture {
			// A quiet answer worth the best one so far is searched to its
			// exact value, to be told apart (below).
			a--
		}
		v = s.qscMove(m, v, sq, a, beta, depth, checks, capture, check, inCheck, aside, ply)
		// Of answers to a check worth the same, the defender takes a
		// capture first (in sortCaptures' order: taking back the checking
		// piece, the complete exchange, is what makes a pawn given with
		// check a pawn traded, 26.7), and of quiet answers the one that
		// holds out longest (the longer line; the first of equally long
		// ones): which of two equal answers is generated first must not
		// decide the line (a king stepping to either side, 2020 图8
		// mirrored: the line decides whether the moved piece takes part,
		// Threat.Cause), and the longest shows all the mover needs
		// against the stoutest defence.
		if v > best || quietBest && !capture && v == best && s.pvLen[ply+1] > s.pvLen[ply] {
			best = v
			quietBest = inCheck && !capture
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

// qscAnswers returns, in check, every answer to the check, in the buffer of
// ply, captures first (capturesFirstIn) and how many — or, done, the node's
// value: a mate, or out of depth.
func (s *searcher) qscAnswers(depth, ply int) (moves []position.Move, nCaps, v int, done bool) {
	side := s.pos.Side()
	if depth <= 0 && !s.pos.InCheck(side.Other()) {
		// Out of depth: only whether the check mates matters (and no
		// answer takes a king, which legal would leave out).
		if !s.pos.HasLegalMove(side) {
			return nil, 0, -mateScore, true
		}
		return nil, 0, 0, true
	}
	all := s.legalView()
	if len(all) == 0 {
		return nil, 0, -mateScore, true
	}
	if depth <= 0 {
		return nil, 0, 0, true
	}
	moves, nCaps = s.capturesFirstIn(ply, all)
	return moves, nCaps, 0, false
}

// qscMoves returns, out of check, the moves of the exchange in the buffer
// of ply and how many of them come first as captures: the captures (on sq,
// or anywhere after a check, or giving check within the budget), the most
// valuable first (sortCaptures), then the quiet checks within the budget.
// The rest cannot be part of the exchange.
func (s *searcher) qscMoves(sq position.Square, checks int, freeCapture bool, ply int) ([]position.Move, int) {
	side := s.pos.Side()
	// Without checks the list is in the buffer already: kept moves never
	// overtake the one read.
	src, nc := s.capturesAndChecks(ply, checks > 0)
	moves := s.buf(ply)
	anywhere := sq == position.NoSquare || freeCapture // every capture is on the exchange
	for _, m := range src[:nc] {
		if s.pos.At(m.To()).Kind() == position.King {
			continue
		}
		if !anywhere && !s.onExchange(m, sq, freeCapture, side) && (checks <= 0 || !s.givesCheck(m)) {
			continue
		}
		moves = append(moves, m)
	}
	n := len(moves)
	for i := len(src) - 1; i >= nc; i-- {
		moves = append(moves, src[i]) // the quiet checks, last first
	}
	s.bufs[ply] = moves
	sortCaptures(s, moves[:n])
	return moves, n
}

// onExchange reports whether side's capture m is part of qsc's exchange on
// sq: on the square, anywhere (sq = NoSquare, or a free capture after a
// check), or on zoneSquare's zone. Other captures are there as checks.
func (s *searcher) onExchange(m position.Move, sq position.Square, freeCapture bool, side position.Color) bool {
	return sq == position.NoSquare || m.To() == sq || freeCapture || sq == zoneSquare && s.onZone(m, side)
}

// qscMove is what qsc's move m, taking v (0: none), is worth to the side to
// move, the node below searched in the window the node's shifts to: v less
// the node below. capture and check say what m is in the exchange (a move
// that is here as a check spends one of the checks left).
func (s *searcher) qscMove(m position.Move, v int, sq position.Square, alpha, beta, depth, checks int, capture, check, inCheck bool, aside position.Square, ply int) int {
	switch {
	case !inCheck && !capture && depth <= 2:
		// A quiet check one or two plies from the horizon wins nothing but
		// a mate: the answers (or their replies) are out of depth, so the
		// checker takes nothing back for whatever an answer takes, and a
		// line worth 0 or less changes nothing here (standing still is
		// worth 0). Only whether it mates is asked (what qsc would find
		// below, without its answers' searches).
		s.pvLen[ply+1] = ply + 1
		if s.tick() && ply+1 < maxPly-1 && s.mates(m) {
			v = mateScore
		}
		return v
	case depth == 1 && !s.givesCheck(m):
		// Out of depth after it and not in check: the node below is worth
		// 0 (what qsc would find there).
		s.pvLen[ply+1] = ply + 1
		s.tick()
		return v
	}
	if check {
		checks--
	}
	below := aside
	if m.From() == aside {
		below = m.To() // it answered a check
	}
	spare := s.nSpared > 0 && s.spared[m.From()]
	if spare {
		s.spared[m.From()] = false // it moved: no longer spared
	}
	side := s.pos.Side()
	zoned := sq == zoneSquare && capture && (side != s.zoneSide || s.ownRoot)
	var saved zone
	if zoned {
		saved = s.zone
		s.zone.add(m.To()) // the opponent may take back there
	}
	s.pos.Make(m)
	// The window shifts by the material just taken: v = taken − child. A
	// side answering a check hands the checker a free capture. A move here
	// as a check gives check, and so does one at depth 1 (or it would be
	// out of depth, above).
	checked := check || depth == 1 || s.pos.InCheck(s.pos.Side())
	v -= s.qscNode(checked, sq, v-beta, v-alpha, depth-1, checks, inCheck, below, ply+1)
	s.pos.Unmake()
	if spare {
		s.spared[m.From()] = true
	}
	if zoned {
		s.zone = saved
	}
	return v
}

// zoneSquare, as qsc's sq, stands for ChaseSquare's exchange after a
// capture (see restZone): the side s.zoneSide (the one answering the
// capture) takes only on the squares of s.zone — the victim's, those of the
// pieces the capturing piece rooted or screened, and every square the other
// side captures on in the exchange (the complete exchange, 完整互吃交换, on
// each) — and by the checks of the exchange search; the capturing side may
// go on to capture anywhere (2020 图4: 以炮换马多得一卒, a pawn won
// elsewhere once the exchange has taken its root).
const zoneSquare position.Square = -2

// onZone reports whether side's capture m is part of the exchange on
// zoneSquare (see there, and searcher.ownRoot).
func (s *searcher) onZone(m position.Move, side position.Color) bool {
	switch {
	case s.zone.has(m.To()):
		return true
	case s.ownRoot && side == s.zoneSide:
		return !slices.Contains(s.rootCaps, m)
	case s.ownRoot:
		return !slices.Contains(s.oppCaps, m)
	}
	return side != s.zoneSide
}

// sortCaptures orders captures by the value taken, the most valuable first.
// Between equal values the order must not depend on the order the moves
// were generated in, or a mirrored or colour-swapped board would report
// another line (and the line decides facts read off it: the protection,
// the baseline's taken pieces, the pawn clamp): a recapture (onto the
// square of the last move) comes first — the complete exchange on its
// square — then by the kind taken, then the least valuable taker first;
// what is still equal, in the reverse of the order given (the order the
// exchange search has always used).
func sortCaptures(s *searcher, ms []position.Move) {
	if len(ms) < 2 {
		return
	}
	last := position.NoSquare
	if lm := s.pos.LastMove(); lm != position.NoMove && lm != position.NullMove {
		last = lm.To()
	}
	// Each move's key, worked out once: the value taken, then recapture,
	// kind taken and the taker's cheapness packed so that a greater key
	// sorts first (values are far below 1<<20 but for mateScore, which no
	// piece is worth).
	keys := s.sortKeys[:len(ms)]
	for i, m := range ms {
		to, from := m.To(), m.From()
		k := int64(s.value(s.pos.At(to), to))<<32 - int64(s.value(s.pos.At(from), from))
		if to == last {
			k += 1 << 28
		}
		keys[i] = k + int64(s.pos.At(to).Kind())<<24
	}
	for i := 1; i < len(ms); i++ {
		m, k := ms[i], keys[i]
		j := i
		for j > 0 && k >= keys[j-1] { // m sorts before ms[j-1], or with it
			ms[j], keys[j] = ms[j-1], keys[j-1]
			j--
		}
		ms[j], keys[j] = m, k
	}
}

// capturesFirstIn returns src's moves in the buffer of ply, captures first,
// the most valuable victim first, then the others, each group as
// sortCaptures orders ties, and the number of captures. src is read only.
func (s *searcher) capturesFirstIn(ply int, src []position.Move) ([]position.Move, int) {
	ms := s.buf(ply)[:len(src)]
	s.bufs[ply] = ms
	return ms, s.capturesFirstTo(ms, src)
}

// capturesFirstTo writes capturesFirstIn's order of src's moves to dst, as
// long as src and apart from it: the captures from the front, the others
// from the back (so in the reverse of src's order).
func (s *searcher) capturesFirstTo(dst, src []position.Move) int {
	n, q := 0, len(dst)
	for _, m := range src {
		if s.pos.At(m.To()) != position.NoPiece {
			dst[n] = m
			n++
		} else {
			q--
			dst[q] = m
		}
	}
	sortCaptures(s, dst[:n])
	return n
}

// capturesBeforeQuiet is capturesFirstIn with the other moves left in the
// order given.
func (s *searcher) capturesBeforeQuiet(ply int, src []position.Move) []position.Move {
	ms, n := s.capturesFirstIn(ply, src)
	slices.Reverse(ms[n:])
	return ms
}

// capturesAndChecks returns the side to move's legal captures and, when
// checks, its legal quiet checks after them (each group in the order of
// LegalMoves), and the number of captures: without checks in the buffer of
// ply, with them the memo's own list (remembered per position), to be read
// only.
func (s *searcher) capturesAndChecks(ply int, checks bool) ([]position.Move, int) {
	if !checks {
		ms := s.pos.LegalCaptures(s.buf(ply))
		return ms, len(ms)
	}
	if ms, caps, ok := s.remembered(&s.memo.capsChecks); ok {
		return ms, caps
	}
	off := len(s.memo.slab)
	slab, caps := s.pos.LegalCapturesAndQuietChecks(s.memo.slab)
	return s.keep(&s.memo.capsChecks, slab, off, caps), caps
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
// is a lower bound (fail-soft). Below beta its line is left in pv[ply], as
// exchange leaves it.
func (s *searcher) exchangeBelow(ply, beta int) int {
	return s.exchangeWithin(ply, -mateScore*2, beta)
}

// exchangeWithin is exchangeBelow that is asked too only whether the value
// is above alpha: at or below it, what it returns is an upper bound on the
// value, itself at or below alpha (fail-soft: the value of a search with
// alpha as its bound, or one remembered), and no line.
func (s *searcher) exchangeWithin(ply, alpha, beta int) int {
	k := s.pos.Key()
	if e, ok := s.memo.exchanges.get(k); ok {
		if e.v >= beta {
			return noExchange
		}
		s.pvLen[ply] = ply + copy(s.pv[ply][ply:], s.memo.slab[e.off:e.off+e.n])
		return e.v
	}
	if lb, ok := s.memo.exAtLeast.get(k); ok && lb >= beta {
		return noExchange
	}
	if ub, ok := s.memo.exAtMost.get(k); ok && ub <= alpha {
		return ub
	}
	e := s.qs(position.NoSquare, alpha, beta, s.par.ExchangeDepth, ply)
	if s.cut {
		if e >= beta {
			return noExchange
		}
		return e
	}
	switch {
	case e >= beta:
		if lb, ok := s.memo.exAtLeast.get(k); !ok || e > lb {
			s.memo.exAtLeast.put(k, e)
		}
		return noExchange
	case e <= alpha:
		if ub, ok := s.memo.exAtMost.get(k); !ok || e < ub {
			s.memo.exAtMost.put(k, e)
		}
		return e
	}
	s.putExchange(k, e, ply)
	return e
}
