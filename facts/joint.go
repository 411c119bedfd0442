package facts

// Joint chases (联合捉): which of the mover's pieces a threat needs. A
// capture wins alone or only with partners (winsAlone: a piece that pins
// the protector or keeps it from taking back; cutsOff: one that only stands
// in its way, 拦, is no partner); a battery on one line is the books'
// 车炮联合捉 (2020 图10, 图27, 图28); several attackers against a 少根 victim
// (24.15) are no joint chase (dispensable: the attackers the threat does not
// need); a piece that keeps the victim from leaving its square takes part
// too (不能离线, offline.go). A single chaser against a joint chase is the
// one to vary (2020 26.9.2, 26.9.3).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// joint decides whether the threat needs several pieces (NeedsSeveral), which
// attackers it can do without (Dispensable), and whether the chase is joint
// (联合捉): the exchange wins, no single attacker would win alone (taking
// and losing itself to a recapture), and two or more of the mover's pieces
// bear on it — both attacking, or one backing the other's capture in the
// line, or one making the capture possible or safe (a screen, a piece that
// pins the protector or keeps it from taking back). A piece that only
// stands in the protector's way is no partner: the books' joint chases are
// pieces attacking together (车炮, 马炮联合捉), and 2020 图3 rules 相五退三,
// whose rook wins the horse only because the unmoved advisor e1 cuts the
// rook h1 off, 长捉无根子, not joint.
//
// issue 11 reading: joint follows from the pieces that take part — two or
// more move or give check in the winning line, or a capture wins only with
// a partner that is not a cannon's screen (a piece that pins the protector
// or keeps it from taking back). Pieces that would only take back later in
// an exchange (supporters, a second attacker) make the victim 少根 (24.15:
// 作为根的子少于对方捉的子), not the chase joint: 2020 图26 rules 车六退三,
// whose horse takes the 少根 炮 with the rook behind it, 捉少根子.
func (b *threatBuild) joint(s *searcher) {
	t := &b.t
	battery := b.battery()
	// The pieces that move or give check in the line, less those that only
	// take back on the victim's square (counted before the battery's
	// partners join the participants).
	movers := 0
	for _, p := range t.Participants {
		if q, ok := position.ParseSquare(p.Square); p.Kind != "" && !(ok && b.recapOnly[q]) {
			movers++
		}
	}
	t.NeedsSeveral = t.GainAfter > 0 && !t.ViaCheck && !b.singleWins &&
		(len(t.Attackers) >= 2 || len(t.Supporters) > 0 || countReal(t.Participants) >= 2 || b.helpedAny)
	if t.NeedsSeveral && len(t.Attackers) >= 2 {
		t.Dispensable = dispensable(s, b.vsq, t.Attackers)
	}
	// Partners take part only when no attacker wins alone (one that does
	// needs nobody: the chase is its own).
	if !b.singleWins {
		for _, h := range b.partners {
			b.takesPart(h, h)
		}
	}
	// A battery is the books' 车炮联合 only where no other piece bears on
	// the victim from another line; with one, the pieces make it 少根
	// (2020 参考图49 车3平2: the rook b5 with the cannon b2 behind it and
	// the horse d5, 捉少根子). Nor does a piece that only takes back on the
	// victim's square make the chase joint (see above).
	if battery {
		for _, p := range t.Attackers {
			if q, ok := position.ParseSquare(p.Square); ok && !slices.Contains(b.partners, q) {
				battery = false
			}
		}
		for _, p := range t.Supporters {
			if q, ok := position.ParseSquare(p.Square); ok && !slices.Contains(b.partners, q) {
				battery = false
			}
		}
	}
	t.Joint = t.GainAfter > 0 && !b.singleWins && (movers >= 2 || b.helped || battery)
}

// battery reports whether two of the mover's pieces stand on one line
// through the victim, one behind the other — an attacker and a piece that
// attacks too or takes back after it (a rook in front of its cannon, a
// cannon behind its rook): the books' 车炮联合捉 (2020 图10 "车炮联合捉子",
// 图27, 图28). The first such pair joins the partners. Pieces bearing on the
// victim from different lines make it 少根 instead (图26 车六退三: the horse
// takes, the rook beside the cannon backs it: 捉少根子).
func (b *threatBuild) battery() bool {
	battery := false
	for _, c := range b.caps() {
		a := c.From()
		for _, p := range b.t.Attackers {
			battery = battery || inLine(a, b.vsq, p.Square, &b.partners)
		}
		for _, p := range b.t.Supporters {
			battery = battery || inLine(a, b.vsq, p.Square, &b.partners)
		}
	}
	return battery
}

// winsAlone reports whether the capture c of the victim on vsq wins material
// by itself: the victim is worth more than the capturer loses to a recapture,
// with the board as it is and with each other piece of the mover taken off
// (unless taking it off exposes the mover's king). helpers are the pieces
// without which c does not win by working with the capturer (a cannon's
// screen, a piece that pins the protector or keeps it from taking back by
// attacking the square); blockers the pieces without which c does not win
// only because they stand in a protector's way (拦: its line, its horse's
// leg, its elephant's eye). Both nil when c does not win even with them.
//
// only (NoSquare: every piece) limits the pieces taken off to that one: the
// caller wants to know about it alone (alone then says only that it is no
// helper).
func winsAlone(s *searcher, c position.Move, vsq, only position.Square) (alone bool, helpers, blockers []position.Square) {
	pos := s.pos
	par := &s.par
	S := pos.Side()
	a := c.From()
	ap, victim := pos.At(a), pos.At(vsq)
	// wins reports whether c wins material; shield: c became illegal only
	// because it would expose the mover's king.
	wins := func() (ok, shield bool) {
		if !pos.IsLegal(c) {
			return false, pos.IsPseudoLegal(c)
		}
		loss := 0
		pos.Make(c)
		if pos.CanCapture(vsq, S.Other()) {
			loss = pieceValue(par, ap, vsq)
		}
		pos.Unmake()
		return pieceValue(par, victim, vsq)-loss > 0, false
	}
	if ok, _ := wins(); !ok {
		return false, nil, nil
	}
	var pb [16]position.Square
	for _, b := range pos.Pieces(S, pb[:0]) {
		if b == a || pos.At(b).Kind() == position.King || (only != position.NoSquare && b != only) {
			continue
		}
		pc := pos.Probe(b, position.NoPiece)
		ok, shield := wins()
		cuts := !ok && !shield && cutsOff(pos, c, vsq, b)
		pos.Probe(b, pc)
		switch {
		case cuts:
			blockers = append(blockers, b)
		case !ok && !shield:
			helpers = append(helpers, b)
		}
	}
	return len(helpers) == 0, helpers, blockers
}

// dispensable returns the attackers of the victim on vsq that the victim
// itself attacks (it could take them first) and without which the side to
// move still wins material in the exchange on the victim's square (its own
// complete exchange, ownExchange, with that attacker off the board): the
// victim stays 少根 without them — its roots are still fewer than the
// pieces that take it (24.15) — so taking one of them back does not defuse
// the threat (issue 24 item 2: 2020 参考图49 车3平2 — the horse b6 can take
// the horse d5, but the rook b5 and the cannon b2 behind it still win the
// horse against its one root: 捉少根子; 参考图50, without the cannon, and
// 图21 车四退二 need the horse they can trade with: 兑). pos is restored.
func dispensable(s *searcher, vsq position.Square, attackers []Piece) []Piece {
	pos := s.pos
	V := pos.Side().Other()
	var out []Piece
	var ab [16]position.Square
	// Its own bounded searches, which leave the caller's count and cut as
	// they were; a search cut short reports nothing.
	nodes, cut := s.nodes, s.cut
	defer func() { s.nodes, s.cut = nodes, cut }()
	for _, a := range attackers {
		sq, ok := position.ParseSquare(a.Square)
		if !ok || !slices.Contains(pos.AttackersInto(ab[:0], sq, V), vsq) {
			continue
		}
		s.nodes, s.cut = 0, false
		pc := pos.Probe(sq, position.NoPiece)
		v := s.ownExchange(vsq)
		pos.Probe(sq, pc)
		if !s.cut && v > 0 && v < mateScore/2 {
			out = append(out, a)
		}
	}
	return out
}

// cutsOff reports whether, with the square b empty, the capture c of the
// victim on vsq is legal and every recapture on vsq comes from a protector
// whose way to vsq runs through b (the line of a rook, cannon or king, the
// leg of a horse, the eye of an elephant): a piece standing there only cuts
// the protector off (拦), it does not attack with the capturer. pos is
// restored.
func cutsOff(pos *position.Position, c position.Move, vsq, b position.Square) bool {
	if !pos.IsLegal(c) {
		return false
	}
	pos.Make(c)
	defer pos.Unmake()
	var buf [16]position.Move
	recs := pos.LegalCapturesInto(buf[:0], vsq, pos.Side())
	for _, r := range recs {
		p := r.From()
		if !between(p, vsq, b) && horseLeg(pos, p, vsq) != b && elephantEye(pos, p, vsq) != b {
			return false
		}
	}
	return len(recs) > 0
}

// inLine reports whether the attacker on a and the piece on b (an ICCS
// square) stand on one rank or file with the victim on v, one behind the
// other; if so, both are added to partners.
func inLine(a, v position.Square, b string, partners *[]position.Square) bool {
	bs, ok := position.ParseSquare(b)
	if !ok || bs == a || !(between(bs, v, a) || between(a, v, bs)) {
		return false
	}
	for _, q := range [2]position.Square{a, bs} {
		if !slices.Contains(*partners, q) {
			*partners = append(*partners, q)
		}
	}
	return true
}

// attacks reports whether one of the captures caps starts on sq.
func attacks(caps []position.Move, sq position.Square) bool {
	for _, c := range caps {
		if c.From() == sq {
			return true
		}
	}
	return false
}

func countReal(ps []Piece) int {
	n := 0
	for _, p := range ps {
		if p.Kind != "" {
			n++
		}
	}
	return n
}
