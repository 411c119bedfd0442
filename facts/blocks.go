package facts

// Blocks and follows (拦, 跟): the move shortens an enemy piece's moves by
// standing in its way (拦: its line, its horse's leg, its elephant's eye —
// the 2011/2020 term between 献 24.5 and 跟 24.7), or the moved piece keeps
// attacking the enemy piece that has just moved, which is protected, and
// wins nothing (跟, 2011/2020 24.7; 1999 28.9 counts both as 闲).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// blocks reports the enemy pieces whose moves the piece now on to shortens
// (拦): their pseudo-legal destinations with to occupied, against to empty.
// Only a piece near to (see far) can be concerned: a rook's or cannon's line
// through to runs along its file or rank, a horse's leg and an elephant's eye
// are next to it, and the other pieces' destinations depend only on where
// their own side stands.
func blocks(s *searcher, to position.Square) (bool, []Piece) {
	pos := s.pos // the opponent is to move
	var buf, nearby [16]position.Square
	var with [16]int
	n := 0
	for _, from := range pos.Pieces(pos.Side(), buf[:0]) {
		if !far(from, to) {
			nearby[n], with[n] = from, pos.PseudoMoveCount(from)
			n++
		}
	}
	pc := pos.Probe(to, position.NoPiece)
	var shortened [16]bool
	for i, from := range nearby[:n] {
		shortened[i] = with[i] < pos.PseudoMoveCount(from)
	}
	pos.Probe(to, pc)
	var out []Piece
	for i, from := range nearby[:n] {
		if shortened[i] {
			out = append(out, describe(&s.par, pos, from))
		}
	}
	slices.SortFunc(out, func(a, b Piece) int { return cmpString(a.Square, b.Square) })
	return len(out) > 0, out
}

// follows (跟): after m the moved piece attacks the enemy piece that moved just
// before (prev), that piece is protected, and the attack wins nothing.
func follows(s *searcher, m, prev position.Move, threats []Threat) (bool, []Piece) {
	pos := s.pos
	u := prev.To()
	pc := pos.At(u)
	if pc == position.NoPiece || pc.Color() == pos.At(m.To()).Color() || pc.Kind() == position.King {
		return false, nil
	}
	attacks := false
	var capBuf [16]position.Move
	for _, c := range pos.LegalCapturesInto(capBuf[:0], u, pos.At(m.To()).Color()) {
		if c.From() == m.To() {
			attacks = true
		}
	}
	if !attacks {
		return false, nil
	}
	for _, t := range threats {
		if t.Victim.Square == u.String() && t.GainAfter > 0 {
			return false, nil
		}
	}
	kind := protectionKind(s, u, pc.Color())
	if kind != "real" {
		return false, nil
	}
	return true, []Piece{describe(&s.par, pos, u)}
}
