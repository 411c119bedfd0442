package facts

// The threat (捉's raw material; 2011/2020 24.3 捉, 1999 28.3 and 29.1–29.4):
// what the mover, moving again, can win through one enemy piece (the
// victim) — by taking it next move, after checks (连将吃子, 抽吃) or through a
// complete exchange (26.5) — and the parts of that threat a book weighs.
// threat builds it in named steps, each checkable against the text:
//
//  1. gains: what the line wins after the move and before it (24.3 得子;
//     new or not: 从没捉到捉, newness.go);
//  2. attackers and supporters: who can take the victim, who backs the
//     capture, which captures win alone and which need partners;
//  3. the line's parts: the pieces that move or check in the winning line
//     (Participants) and what they take (Wins);
//  4. the king's or the pawn's own gain (26.1, kingpawn.go);
//  5. joint chase (联合捉, joint.go) and what keeps the victim in place
//     (不能离线, offline.go);
//  6. the victim's protection (真根/假根/少根, 24.15), protection.go;
//  7. how the move took part and how it made the threat (Cause, newness.go).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// threatBuild is a threat under construction: the victim, the line that wins
// it, and what one step of threat finds for the later ones. It holds no
// pointer to the stack (its buffers are arrays) nor to the searcher (the
// steps that search are given it), so that it and the searcher stay there.
type threatBuild struct {
	pos     *position.Position // P′: the mover to move (after a null move)
	par     Params             // the searcher's own (a copy: b keeps no pointer into it)
	S       position.Color     // the mover
	vsq     position.Square
	victim  position.Piece
	movedTo position.Square // where the move put its piece
	after   gainResult      // the best line after the move
	t       Threat
	// capBuf[:nCaps] are the mover's legal captures of the victim (caps).
	capBuf [16]position.Move
	nCaps  int

	// From gains: the threat is new only because a standing mate threat no
	// longer answers the capture (lifted, 解杀), or its gain grew only once
	// the chase's own pieces are kept (grewOnly).
	lifted, grewOnly bool
	// From attackers: some attacker wins alone; some capture needs a
	// partner (helped: one that is not a mere cannon's screen; helpedAny:
	// any); partners are the pieces without which a capture does not win
	// (not screens), and those of a battery.
	singleWins, helped, helpedAny bool
	partners                      []position.Square
	// From the line: the pieces listed as Participants (by starting
	// square); those whose only moves in the line take back on the
	// victim's square after the mover's first capture there (recapOnly,
	// for the pieces seen moving: recapSeen) — the second attacker of an
	// exchange (少根), no partner; the balance before the mover's last
	// capture and its capturer (lastBefore, lastBy); and the king or pawn
	// whose capture is the line's only one (firstBy).
	listed, recapSeen, recapOnly [position.NumSquares]bool
	lastBefore                   int
	lastBy, firstBy              position.Kind
}

// caps are the mover's legal captures of the victim.
func (b *threatBuild) caps() []position.Move { return b.capBuf[:b.nCaps] }

// threat builds the facts of one victim; the side to move is the mover (after
// a null move), pos is P′. The steps run in this order: each reads what the
// steps before it found.
func threat(s *searcher, m position.Move, vsq position.Square, after, before gainResult,
	oldProtection string, pinnedBefore, pinnedNow []position.Square, nw newness) Threat {
	pos := s.pos
	b := threatBuild{
		pos: pos, par: s.par, S: pos.Side(),
		vsq: vsq, victim: pos.At(vsq), movedTo: m.To(), after: after,
		lastBy: position.NoKind, firstBy: position.NoKind,
	}
	// The mover's legal captures of the victim (one per piece: at most 16).
	b.nCaps = len(pos.LegalCapturesInto(b.capBuf[:0], vsq, b.S))

	b.gains(before, nw)           // 24.3 得子, after and before; new or not (从没捉到捉)
	b.attackers(s)                // who can take it, alone or with partners
	b.supporters()                // who backs a capture
	b.lineParts()                 // who takes part in the line, what it takes
	b.kingPawnLast()              // 26.1: the king's or pawn's last capture
	b.joint(s)                    // 联合捉, or several against a 少根 piece
	b.offline(s)                  // 不能离线: pieces that pin it
	b.victimProtection(s)         // 真根, 假根, 少根 (24.15)
	b.trapped(s)                  // 不能离线: the moved piece traps it
	b.kingPawnOnly()              // 26.1: the king's or pawn's only capture
	b.rootKept(s)                 // 做根子捉子 (26.5)
	checks := b.movedPieceParts() // how the moved piece takes part
	b.cause(m, oldProtection, pinnedBefore, pinnedNow, nw.rescued, checks)
	return b.t
}

// gains fills in what the line wins after the move and before it (24.3 得子,
// mate scores clamped to the victim's value), and whether the threat is new
// (从没捉到捉 / 新增得子; 1999 29.2 "上一着尚不存在"): see Threat.New.
func (b *threatBuild) gains(before gainResult, nw newness) {
	pos, par, vsq, victim, after := b.pos, &b.par, b.vsq, b.victim, &b.after
	b.t = Threat{
		Victim:            describe(par, pos, vsq),
		HasAfter:          true,
		GainAfter:         clampGain(after.gain, pieceValue(par, victim, vsq)),
		HasBefore:         before.ok,
		GainBefore:        clampGain(before.gain, pieceValue(par, victim, vsq)),
		LineGainAfter:     after.raw,
		LineGainBefore:    before.raw,
		ViaCheck:          after.viaCheck,
		Direct:            after.direct,
		MatedAfterCapture: after.matedAll,
		Line:              iccsLine(after.line),
		LineCN:            chineseLine(pos, after.line),
	}
	t := &b.t
	t.ChaseGainAfter = clampGain(after.kept, pieceValue(par, victim, vsq))
	t.ChaseGainBefore = clampGain(before.kept, pieceValue(par, victim, vsq))
	if !before.ok {
		t.GainBefore, t.ChaseGainBefore = 0, 0
	}
	t.New = t.GainAfter > 0 && (!before.ok || t.ChaseGainBefore < t.ChaseGainAfter)
	// 解杀还捉: before the move every capture of the victim let the
	// opponent mate (24.2 杀: its standing threat stood after the capture),
	// and now one does not — the capture was worth nothing before
	// (2020 参考图35 车4平6: 解杀后形成炮捉车，判捉).
	b.lifted = nw.lifted && t.GainAfter > 0 && !t.New
	t.New = t.New || b.lifted
	// grewOnly: the gain grew only once the chase's own pieces are kept
	// (the move shielded or rescued a piece of the chase); the gain
	// against the board's baseline did not.
	b.grewOnly = t.New && before.ok && t.GainBefore >= t.GainAfter
	t.DirectBefore = before.ok && before.direct
}

// attackers lists the mover's pieces that can take the victim next move and
// asks of each capture whether it gives check, whether the attacker wins
// alone or with whose help, and whether the moved piece takes part in it.
func (b *threatBuild) attackers(s *searcher) {
	t := &b.t
	// Whether each attacker wins alone, and with whose help, matters to
	// Joint only, which needs a gain without checks; otherwise only whether
	// the moved piece helps or blocks (MovedPieceTakesPart) is asked.
	only := position.NoSquare
	if !(t.GainAfter > 0 && !t.ViaCheck) {
		only = b.movedTo
	}
	if len(b.caps()) > 0 {
		t.Attackers = make([]Piece, 0, len(b.caps()))
	}
	for _, c := range b.caps() {
		b.attacker(c)
		b.winsWith(s, c, only)
		var backBuf [16]position.Move
		for _, back := range b.pos.LegalCapturesInto(backBuf[:0], c.From(), b.S.Other()) {
			if back.From() == b.vsq {
				t.MutualReach = true
			}
		}
	}
}

// attacker describes the piece that makes the capture c: whether c gives
// check (or uncovers one), whether it is the moved piece, and whether it is
// of the victim's kind.
func (b *threatBuild) attacker(c position.Move) {
	pos, t, a := b.pos, &b.t, c.From()
	t.Attackers = append(t.Attackers, describe(&b.par, pos, a))
	if pos.GivesCheck(c) {
		t.CaptureChecks = true
		pos.Make(c)
		for _, k := range pos.Checkers(pos.Side()) {
			if k != c.To() {
				t.CaptureDiscoversCheck = true
			}
		}
		pos.Unmake()
	}
	if a == b.movedTo {
		t.MovedPieceAttacks = true
	}
	if pos.At(a).Kind() == b.victim.Kind() {
		t.SameKind = true
	}
}

// winsWith asks whether the capture c wins material alone: take, and lose at
// most itself to a recapture — also without the other attackers, which may
// be what makes its capture possible or safe (a rook that is a cannon's
// screen and keeps the king from taking back: 车炮联合捉)? It notes the
// screens of a cannon's winning capture, the capture's partners, and
// whether the moved piece helps it (only: see winsAlone).
func (b *threatBuild) winsWith(s *searcher, c position.Move, only position.Square) {
	pos, t, vsq, movedTo := b.pos, &b.t, b.vsq, b.movedTo
	a := c.From()
	ap := pos.At(a)
	alone, helpers, blockers := winsAlone(s, c, vsq, only)
	if ap.Kind() == position.Cannon && (alone || len(helpers) > 0 || len(blockers) > 0) {
		// The screen of a cannon's capture that wins: the cannon is
		// the one that chases (the screen is not a co-attacker of
		// this capture, even when it attacks the victim too).
		var sb [16]position.Square
		for _, q := range pos.Pieces(b.S, sb[:0]) {
			if between(a, vsq, q) && !slices.ContainsFunc(t.Screens, func(p Piece) bool { return p.Square == q.String() }) {
				t.Screens = append(t.Screens, describe(&b.par, pos, q))
			}
		}
	}
	b.singleWins = b.singleWins || alone
	b.helpedAny = b.helpedAny || len(helpers) > 0
	for _, h := range helpers {
		// A cannon's screen is no partner — the cannon is the one
		// attacker, whoever placed the screen — unless the screen
		// attacks the victim too: a rook in front of its cannon is
		// the books' 车炮联合捉 (2020 图10, 图27, 图28).
		if ap.Kind() == position.Cannon && between(a, vsq, h) && !attacks(b.caps(), h) {
			continue
		}
		b.helped = true
		if !slices.Contains(b.partners, h) {
			b.partners = append(b.partners, h)
		}
	}
	if slices.Contains(helpers, movedTo) || slices.Contains(blockers, movedTo) {
		t.MovedPieceTakesPart = true // e.g. it pins the protector or cuts it off
		// It screens the victim from its protector — unless its help
		// is the check the capture uncovers (抽: the protector may not
		// take back while the king is in check), which is a check.
		if !checksAfter(pos, c, movedTo) {
			t.MovedPieceScreens = true
		}
	}
	if ap.Kind() == position.Cannon && between(a, vsq, movedTo) {
		t.MovedPieceScreens = true // the cannon fires over it
	}
}

// supporters lists who can take next on the square after a capture and a
// recapture (x-ray backing: a cannon behind the rook on the file), and
// whether the attackers are the king or pawns (26.1: 本身捉).
func (b *threatBuild) supporters() {
	t := &b.t
	supporting := map[position.Square]bool{}
	backers(b.pos, b.vsq, b.S, b.caps(), func(sq position.Square) {
		if supporting[sq] {
			return
		}
		supporting[sq] = true
		t.Supporters = append(t.Supporters, describe(&b.par, b.pos, sq))
		if sq == b.movedTo {
			t.MovedPieceTakesPart = true
			t.MovedPieceCaptures = true
		}
	})
	t.KingAttacker, t.PawnAttacker = false, false
	t.OnlyKing, t.OnlyPawn = len(b.caps()) > 0, len(b.caps()) > 0
	for _, a := range t.Attackers {
		t.KingAttacker = t.KingAttacker || a.Kind == "king"
		t.PawnAttacker = t.PawnAttacker || a.Kind == "pawn"
		t.OnlyKing = t.OnlyKing && a.Kind == "king"
		t.OnlyPawn = t.OnlyPawn && a.Kind == "pawn"
	}
}

// movedPieceParts says how the moved piece takes part in the threat beyond
// attacking or helping a capture (see Threat.MovedPieceTakesPart): it moves
// in the line, or gives check in it (抽); it reports the latter.
func (b *threatBuild) movedPieceParts() (checks bool) {
	t, line, movedTo := &b.t, b.after.line, b.movedTo
	checks = checksIn(b.pos, line, movedTo)
	t.MovedPieceTakesPart = t.MovedPieceTakesPart || t.MovedPieceAttacks || movesIn(line, movedTo) || checks
	t.MovedPieceCaptures = t.MovedPieceCaptures || t.MovedPieceAttacks || movesIn(line, movedTo)
	t.MovedPieceChecks = checks
	return checks
}

// checksAfter reports whether the mover's piece on sq gives check once the
// capture c is played (a check c uncovers, or c's own). pos is restored.
func checksAfter(pos *position.Position, c position.Move, sq position.Square) bool {
	mover := pos.Side()
	pos.Make(c)
	defer pos.Unmake()
	return slices.Contains(pos.Checkers(mover.Other()), sq)
}

// clampGain keeps mate scores out of material figures: a line that ends in
// mating the other side is reported as winning at least the victim.
func clampGain(g, victimValue int) int {
	if g > mateScore/2 {
		return max(victimValue, 1)
	}
	if g < -mateScore/2 {
		return -mateScore
	}
	return g
}
