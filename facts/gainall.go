package facts

// The shared gain search: what the side to move can win through each of
// the opponent's pieces at once (gainAll), the check lines (抽吃, 连将吃子),
// which are the expensive part, searched once for every victim; then, per
// victim, the baseline, the pawn clamp and the line as evidence (gainsAll,
// gainsFor): the gains a move's threats are read from (2011 24.3 捉).
// TestMemoOrderIndependent checks that it answers as the one-victim search
// (gainSearch, gain.go) does.

import (
	"github.com/xqrules/xqrules/position"
)

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
	n := allNode{out: out, want: want, floor: floor, ceil: ceil}
	if ceil != nil {
		n.track(&f.want, vict)
	}
	// The captures, then (within the budget) the quiet checks: a capture
	// with check is a first capture of its own, unless it takes the piece
	// that blocked the last check (see gainSearch).
	moves, nCaps := s.capturesAndChecks(ply, checks > 0)
	for i, m := range moves {
		to := m.To()
		// The checking piece that takes the piece blocking its check, with
		// check again, also goes on as a check (see gainSearch).
		goOn := i < nCaps && checks > 0 && s.takesBlocker(m, ply) && s.givesCheck(m)
		// A capture without check wins at most its victim (the opponent
		// may stop), so one worth no more than the floor cannot matter —
		// under the board reading: under the square reading the rest may
		// give back the zone's baseline (see directLine), and allCapture
		// weighs the capture against the floor itself.
		if i < nCaps && n.wants(to) && s.pos.At(to).Kind() != position.King &&
			(floor == nil || s.value(s.pos.At(to), to) > floor[to] || s.givesCheck(m) || s.par.ChaseExchange == ChaseSquare) {
			if s.allCapture(m, ply, &n, root) && n.wanted == 0 {
				return
			}
		}
		if i < nCaps && !goOn {
			continue
		}
		gained := 0
		if i < nCaps {
			gained = s.value(s.pos.At(to), to)
		}
		s.allCheckLine(m, gained, checks, ply, f, &n, vict)
		if s.cut || (ceil != nil && n.wanted == 0) {
			return
		}
	}
}

// allNode is gainAll's state at a node: the victims' lines found (out), the
// victims still wanted (want, nil: all), their floors and ceilings (nil:
// none) and, with ceilings, how many wanted victims are not yet at theirs.
type allNode struct {
	out         *targets
	want        *[position.NumSquares]bool
	floor, ceil *floors
	wanted      int
}

// track makes lw the node's own copy of the victims of vict it wants, to
// drop each as it reaches its ceiling.
func (n *allNode) track(lw *[position.NumSquares]bool, vict []position.Square) {
	*lw = [position.NumSquares]bool{}
	for _, q := range vict {
		if n.want == nil || n.want[q] {
			lw[q] = true
			n.wanted++
		}
	}
	n.want = lw
}

// wants reports whether the victim on q is still wanted.
func (n *allNode) wants(q position.Square) bool { return n.want == nil || n.want[q] }

// floorOf is what a line through the victim on q must beat here: its floor,
// or the best line through it found here.
func (n *allNode) floorOf(q position.Square) int {
	fl := noFloor
	if n.floor != nil {
		fl = n.floor[q]
	}
	if n.out.ok[q] && n.out.val[q] > fl {
		fl = n.out.val[q]
	}
	return fl
}

// reached reports whether victim q, wanted, now has a line at its ceiling,
// and drops it from the victims wanted if so.
func (n *allNode) reached(q position.Square) bool {
	if n.ceil == nil || !n.want[q] || !n.out.ok[q] || n.out.val[q] < n.ceil[q] {
		return false
	}
	n.want[q] = false
	n.wanted--
	return true
}

// offer records a line worth v through the victim on q, if it is the best
// found here, and reports whether the victim has reached its ceiling.
func (n *allNode) offer(q position.Square, v int) bool {
	if n.out.ok[q] && v <= n.out.val[q] {
		return false
	}
	n.out.val[q], n.out.ok[q] = v, true
	return n.reached(q)
}

// allCapture is gainAll's direct capture m at ply: the victim less what
// the opponent wins back (exchange, asked only below what could matter),
// or less mateScore if the opponent mates at once (a fact of the root's
// captures, kept in root). It reports whether the victim has reached its
// ceiling.
func (s *searcher) allCapture(m position.Move, ply int, n *allNode, root *[position.NumSquares]gainResult) bool {
	to := m.To()
	v := s.value(s.pos.At(to), to)
	square := s.par.ChaseExchange == ChaseSquare
	z, base := s.squareRest(ply, m, square)
	s.pos.Make(m)
	// "Gets mated at once" is a fact about the mover's first capture
	// (细则7); deeper in a line the exchange search sees checks and their
	// answers itself.
	mated := ply == 0 && s.opponentMatesInOne(ply+1)
	// Only a balance above the floor, or above what another capture of
	// the victim has found here, matters.
	fl := n.floorOf(to)
	rest := mateScore
	switch {
	case mated:
	case square:
		// The same rest as gainSearch's, bounded as exchangeBelow is: at
		// least v - fl reads as noExchange.
		if rest = s.zoneExchange(ply+1, z) - base; fl != noFloor && rest >= v-fl {
			rest = noExchange
		}
	case fl != noFloor || n.ceil != nil && n.ceil[to] != noCeil:
		// The exchange is asked only whether the opponent wins back less
		// than v - fl (exact when it does), and, below the ceiling, more
		// than v - ceil (a line at or past it is only a lower bound).
		beta, alpha := noExchange, -mateScore*2
		if fl != noFloor {
			beta = v - fl
		}
		if n.ceil != nil && n.ceil[to] != noCeil {
			alpha = v - n.ceil[to]
		}
		rest = s.exchangeWithin(ply+1, alpha, beta)
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
	return rest != noExchange && n.offer(to, v-rest)
}

// allCheckLine is gainAll's check m at ply, taking gained on the way: the
// lines through every victim but the one it takes, searched under the
// answers (afterCheckAll) against the node's floors and ceilings less what
// the check takes, and recorded in n.
func (s *searcher) allCheckLine(m position.Move, gained, checks, ply int, f *frame, n *allNode, vict []position.Square) {
	to := m.To()
	// What a line under this check must beat: the floor, or what this
	// node already has through the victim; less what the check takes.
	// The ceilings too are less what the check takes.
	cf, cc := &f.fl, &f.cl
	var cceil *floors
	if n.ceil != nil {
		cceil = cc
	}
	cv := f.vict[:0] // the victims after the check: less the one it takes
	for _, q := range vict {
		if q == to {
			continue
		}
		cv = append(cv, q)
		fl := n.floorOf(q)
		if fl != noFloor {
			fl -= gained
		}
		cf[q] = fl
		if n.ceil != nil {
			cc[q] = noCeil
			if n.ceil[q] != noCeil {
				cc[q] = n.ceil[q] - gained
			}
		}
	}
	sub := &f.sub
	s.checker[ply] = to
	s.pos.Make(m)
	s.afterCheckAll(checks-1, ply+1, sub, n.want, cf, cceil, cv)
	s.pos.Unmake()
	if ply == 0 && s.keepRootLines {
		s.keepRootLine(m, gained, n, cf, sub, cv)
	}
	for _, q := range cv {
		if sub.ok[q] {
			n.offer(q, gained+sub.val[q])
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
	all := s.legalView()
	if len(all) == 0 {
		return // a mate, not a gain through a piece
	}
	replies, _ := s.capturesFirstIn(ply, all) // deeper plies use their own buffers
	f := s.frame(ply)
	alive := &f.alive
	if want != nil {
		*alive = *want
	} else {
		for q := range alive {
			alive[q] = true
		}
	}
	for i, r := range replies {
		first := i == 0
		lost := 0
		if cap := s.pos.At(r.To()); cap != position.NoPiece {
			lost = s.value(cap, r.To())
		}
		sceil, cv := s.answerWindow(f, r, lost, first, out, floor, ceil, vict)
		sub := &f.sub
		s.pos.Make(r)
		s.gainAll(checks, ply+1, sub, nil, &f.sw, &f.fl, sceil, cv)
		s.pos.Unmake()
		leastOver(out, sub, r, lost, first, alive, vict)
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

// answerWindow sets up, in f, the search under the answer r (taking lost)
// of afterCheckAll's victims (vict, those alive in f.alive), in the
// coordinates after the answer (the answering piece moved): the victims
// still alive (f.sw), their floors (f.fl), which a line must now beat by
// what the answer took, and, with ceilings or after the first answer, their
// ceilings (f.cl, returned; nil: none): the ceiling given, or the least the
// answers so far leave the victim, if less. It returns the victims.
func (s *searcher) answerWindow(f *frame, r position.Move, lost int, first bool, out *targets, floor, ceil *floors, vict []position.Square) (*floors, []position.Square) {
	sw := &f.sw
	*sw = f.alive
	sw[r.To()], sw[r.From()] = f.alive[r.From()], false
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
	return sceil, cv
}

// leastOver takes into out, the least over the answers so far, what the
// victims (vict) win under the answer r that took lost (sub, in the
// coordinates after it): a victim keeps a line only if it has one under
// every answer.
func leastOver(out, sub *targets, r position.Move, lost int, first bool, alive *[position.NumSquares]bool, vict []position.Square) {
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
	s.rootLines, s.keepRootLines = s.rootLines[:0], true
	s.gainAll(s.par.GainChecks, 0, &t, &root, want, nil, nil, s.pos.Pieces(s.pos.Side().Other(), vb[:0]))
	s.keepRootLines = false
	cut := s.cut
	// The evidence searches below, in this position, skip the root's check
	// lines the shared search has shown cannot matter (rootLines).
	s.rootKnown = !cut
	defer func() { s.rootKnown = false }()
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
		r.ok, r.raw = true, t.val[q]
		r.gain = r.raw + s.baseline(sq)
		r.kept = r.gain
		cut = cut || s.cut
		// A pawn's losing line is worked out too: the pawn clamp may make
		// it even (a piece given for the pawn, clampPawnTrade).
		if r.gain > 0 || r.gain < 0 && r.gain > -mateScore/2 && s.par.PawnTradeNoGain && s.pos.At(sq).Kind() == position.Pawn {
			// The line as evidence: most threats are plain captures, so try
			// without checks first and search the check lines only if the
			// shared search found more than that.
			full := s.gainViaChecks(sq, 0, noFloor, noCeil)
			if !full.ok || full.found < t.val[q] || full.clamped {
				// The line is one worth what the shared search found:
				// the search for it need look at no line worth less (and
				// should it find none, it looks again at them all).
				full = s.gainViaChecks(sq, s.par.GainChecks, t.val[q]-1, t.val[q]+1)
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
