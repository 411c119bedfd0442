package facts

// Protection (根; 1999 28.16 有根子/无根子, 假根, 少根; 2011/2020 24.3 捉 of a
// 无根子, 24.15 少根 "作为根的子少于对方捉的子"): how a piece is protected
// against the side that would take it — "none"; "real" (真根: some recapture
// answers every capture, a hidden one, 暗根, included); "false" (假根: the
// protector cannot really take back — it is pinned, cut off by the capture,
// or taking back gets its side mated at once); "insufficient" (少根: real,
// but the exchange still loses material for its side, decided by the
// threat). A threat's victim also gets RootKeptGain: the capture of an
// unrooted piece by a piece that roots others (做根子捉子, 26.5).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// victimProtection classifies the victim's protection (真根/假根), 少根 where
// the exchange on it still wins (24.15), with the mates that make a root
// false.
func (b *threatBuild) victimProtection(s *searcher) {
	t := &b.t
	var rootMates []position.Move
	t.Protection, t.ProtectionWhy, t.Protectors, t.HiddenRoot, rootMates = protection(s, b.vsq, b.S.Other())
	if len(rootMates) > 0 {
		t.RootMates = iccsLine(rootMates)
	}
	if t.Protection == "real" && t.GainAfter > 0 && t.Direct && !t.ViaCheck {
		t.Protection = "insufficient"
		t.ProtectionWhy = "the exchange still loses material for its side"
	}
}

// rootKept: for a victim without a real root that can be taken outright,
// the gain when a piece that roots others takes it and what the opponent
// then wins from those pieces is not counted (做根子捉子; see
// Threat.RootKeptGain). Under SkipRootKept it is left 0.
func (b *threatBuild) rootKept(s *searcher) {
	t := &b.t
	if b.par.Skip&SkipRootKept != 0 {
		return
	}
	t.RootKeptGain = t.GainAfter
	if (t.Protection == "none" || t.Protection == "false") && t.Direct && !t.MatedAfterCapture {
		if g, ok := s.rootKeptGain(b.vsq); ok {
			t.RootKeptGain = max(t.GainAfter, clampGain(g, pieceValue(&b.par, b.victim, b.vsq)))
		}
	}
}

// protection classifies how the piece on vsq (of side V) is protected against
// the other side A: "none", "real", "false" (假根: a protector that cannot
// really take back) — the caller upgrades real to "insufficient" when the
// exchange still loses. Recaptures that get V mated at once do not count;
// when they alone make the root false (no capture is left unanswered for
// another reason), mates lists the checks that mate after them (every one,
// sorted, each once).
func protection(s *searcher, vsq position.Square, V position.Color) (kind, why string, protectors []Piece, hidden bool, mates []position.Move) {
	return protect(s, vsq, V, true)
}

// protectionKind is protection's kind alone (the protectors go undescribed).
func protectionKind(s *searcher, vsq position.Square, V position.Color) string {
	kind, _, _, _, _ := protect(s, vsq, V, false)
	return kind
}

// protect is protection, with the protectors described only when asked.
func protect(s *searcher, vsq position.Square, V position.Color, describeProtectors bool) (kind, why string, protectors []Piece, hidden bool, mates []position.Move) {
	pos := s.pos
	par := &s.par
	A := V.Other()
	if pos.Side() != A {
		// The attacker takes first and the protector's recapture is then
		// checked for a mate by the attacker: the attacker must be the side
		// to move, or the mate would be looked for the wrong way round.
		pos.Make(position.NullMove)
		defer pos.Unmake()
	}
	s.reset() // its own bounded search: results must not depend on earlier calls
	var geoBuf [16]position.Square
	geo := pos.AttackersInto(geoBuf[:0], vsq, V)
	if describeProtectors && len(geo) > 0 {
		protectors = make([]Piece, len(geo))
		for i, g := range geo {
			protectors[i] = describe(par, pos, g)
		}
	}
	var capBuf [16]position.Move
	caps := pos.LegalCapturesInto(capBuf[:0], vsq, A)
	if len(caps) == 0 {
		kind, why = unattackedRoot(pos, geo, V)
		return kind, why, protectors, false, nil
	}
	answered := true
	// byMates: every capture left unanswered is so only because each of its
	// recaptures gets mated at once (none is pinned or cut off).
	byMates := true
	for _, c := range caps {
		pos.Make(c)
		ok, recaptures, cm := s.answerCapture(vsq, V, geo, &why, &hidden)
		if !ok {
			answered = false
			byMates = byMates && recaptures > 0
			mates = append(mates, cm...)
			if recaptures == 0 && why == "" {
				why = whyNoRecapture(pos, c, vsq, V, geo)
			}
		}
		pos.Unmake()
	}
	switch {
	case answered && (len(geo) > 0 || hidden):
		return "real", "", protectors, hidden, nil
	case len(geo) > 0 || hidden:
		if !byMates {
			mates = nil
		}
		slices.SortFunc(mates, func(a, b position.Move) int { return cmpString(a.String(), b.String()) })
		return "false", why, protectors, hidden, slices.Compact(mates)
	}
	return "none", "", protectors, hidden, nil
}

// unattackedRoot is the protection of a piece on which the attacker has no
// legal capture, its protectors being on geo: "none" without any, "false"
// when every one is pinned, else "real".
func unattackedRoot(pos *position.Position, geo []position.Square, V position.Color) (kind, why string) {
	if len(geo) == 0 {
		return "none", ""
	}
	pinned := pos.Pinned(V)
	for _, g := range geo {
		if !slices.Contains(pinned, g) {
			return "real", ""
		}
	}
	return "false", "every protector is pinned"
}

// answerCapture asks, after a capture on vsq (V, the protector's side, to
// move), whether some recapture does not get V mated at once (ok), how many
// legal recaptures there are, and the attacker's mating checks after those
// that do (cm). A recapture by a piece not among the protectors geo is a
// hidden root (暗根); why gets the first recapture that gets mated, unless
// it is set.
func (s *searcher) answerCapture(vsq position.Square, V position.Color, geo []position.Square, why *string, hidden *bool) (ok bool, recaptures int, cm []position.Move) {
	pos := s.pos
	var recBuf [16]position.Move
	rec := pos.LegalCapturesInto(recBuf[:0], vsq, V)
	for _, r := range rec {
		if !slices.Contains(geo, r.From()) {
			*hidden = true
		}
		pos.Make(r)
		mated := s.matesAtOnce(maxPly-3, true)
		if mated {
			cm = s.matingChecks(maxPly-3, cm)
		}
		pos.Unmake()
		if !mated {
			return true, len(rec), cm
		}
		if *why == "" {
			*why = "recapturing with " + r.From().String() + " gets mated at once"
		}
	}
	return false, len(rec), cm
}

// whyNoRecapture says why no protector on geo can take back after the
// capture c on vsq (V to move): it would expose its king, or c cut it off.
func whyNoRecapture(pos *position.Position, c position.Move, vsq position.Square, V position.Color, geo []position.Square) string {
	still := pos.Attackers(vsq, V)
	switch {
	case len(geo) == 0:
		return ""
	case anyIn(geo, still):
		return "protector " + geo[0].String() + " cannot recapture: it would expose its king (pinned or facing kings)"
	}
	return "the capture " + c.String() + " cuts the protector " + geo[0].String() + " off"
}

func anyIn(a, b []position.Square) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}
