package facts

// Offers (兑, 献; 2011/2020 24.4 兑, 24.5 献; 送吃 and the first
// counterattack, 第一反击): the mover's pieces the opponent can take at once
// after the move, each with its takers, whether it could be taken before
// (New) or the move made the capture possible both ways (NewMutual: 兑), its
// protection, and what taking costs the taker (takeNet, takeloss.go: "不致
// 立即被将死或立即在子力价值上遭受损失").

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// offers lists the mover's pieces the opponent can take at once after the
// move (the opponent to move in pos); an offer is new when the piece could not
// be taken at its square before the move, and newly mutual when the move has
// made a capture possible both ways: the piece can now take back a taker it
// could not take before (issue 11 class 3c: a move that frees a horse's leg
// offers an exchange).
func offers(s *searcher, m position.Move) []Offer {
	pos := s.pos
	par := &s.par
	O := pos.Side()
	S := O.Other()
	var out []Offer
	var sb [16]position.Square
	for _, wsq := range pos.Pieces(S, sb[:0]) {
		w := pos.At(wsq)
		if w.Kind() == position.King {
			continue
		}
		var capBuf [16]position.Move
		caps := pos.LegalCapturesInto(capBuf[:0], wsq, O)
		if len(caps) == 0 {
			continue
		}
		of := Offer{Piece: describe(par, pos, wsq), Moved: wsq == m.To()}
		// Was it capturable before? Undo the move and ask at its old square.
		oldSq := wsq
		if of.Moved {
			oldSq = m.From()
		}
		pos.Unmake()
		of.New = !pos.CanCapture(oldSq, O)
		// Could the piece take each taker back before the move (a taker
		// stands where it stood)? See NewMutual.
		var backBefore [16]bool
		for i, c := range caps {
			if i >= len(backBefore) {
				break
			}
			var bb [16]position.Move
			for _, back := range pos.LegalCapturesInto(bb[:0], c.From(), S) {
				if back.From() == oldSq {
					backBefore[i] = true
				}
			}
		}
		pos.Make(m)
		of.Protection = protectionKind(s, wsq, S)
		for i, c := range caps {
			tk := Taker{Piece: describe(par, pos, c.From())}
			tk.SameKind = pos.At(c.From()).Kind() == w.Kind()
			var backBuf [16]position.Move
			for _, back := range pos.LegalCapturesInto(backBuf[:0], c.From(), S) {
				if back.From() == wsq {
					tk.MutualReach = true
				}
			}
			if tk.MutualReach && i < len(backBefore) && !backBefore[i] {
				of.NewMutual = true
			}
			// What taking costs, on the square and anywhere (takeNet),
			// unless the book reads none of it (SkipTakeNet: Net,
			// MatedAtOnce, Line and FreeTake stay zero).
			if par.Skip&SkipTakeNet == 0 {
				net, mated, line := takeNet(s, c, wsq, pieceValue(par, w, wsq))
				tk.Net, tk.MatedAtOnce, tk.Line = net, mated, iccsLine(line)
				if !tk.MatedAtOnce && tk.Net >= 0 {
					of.FreeTake = true
				}
			}
			of.SameKindTaker = of.SameKindTaker || tk.SameKind
			of.Takers = append(of.Takers, tk)
		}
		out = append(out, of)
	}
	return out
}

// markAttackers sets Offer.AttackerOfThreat on each offered piece that is an
// attacker in one of the move's threats that wins something (GainAfter > 0):
// an opponent who takes it answers a chase by taking the chaser, the
// counterattack a book may call 第一反击.
func markAttackers(offers []Offer, threats []Threat) {
	for i := range offers {
		o := &offers[i]
		for _, t := range threats {
			if t.GainAfter > 0 && slices.ContainsFunc(t.Attackers, func(a Piece) bool { return a.Square == o.Piece.Square }) {
				o.AttackerOfThreat = true
				break
			}
		}
	}
}
