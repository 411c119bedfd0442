package facts

// The chase's own pieces: those of the chasing side that can take the
// victim, back a capture (Threat.Supporters) or screen one of its cannons
// (chaseOf) — kept out of what the baseline writes off as lost anyway (a
// piece the chase needs is the capture's cost: issue 11 class 3; 2020
// 图27, 车炮联合捉子).

import (
	"cmp"
	"slices"

	"github.com/xqrules/xqrules/position"
)

// chasePieces are the side to move's pieces that take part in a chase of
// one victim: those that can take it, those that back a capture, and the
// screens its cannons among them fire over (the mover's own pieces only).
type chasePieces struct {
	sq [8]position.Square
	n  int
}

func (c *chasePieces) add(q position.Square) {
	if c.n < len(c.sq) && !slices.Contains(c.sq[:c.n], q) {
		c.sq[c.n] = q
		c.n++
	}
}

// hash identifies the set (0: none) for the baselines' memo.
func (c chasePieces) hash() uint64 {
	if c.n == 0 {
		return 0
	}
	sq := c.sq[:c.n]
	slices.Sort(sq)
	h := uint64(1)
	for _, q := range sq {
		h = h*131 + uint64(q) + 1
	}
	return h
}

// chaseOf returns the chase pieces of the victim on target, the side to move
// being the chaser.
func chaseOf(pos *position.Position, target position.Square) chasePieces {
	var out chasePieces
	S := pos.Side()
	var cb [16]position.Move
	caps := pos.LegalCapturesInto(cb[:0], target, S)
	for _, c := range caps {
		addCapturer(pos, &out, c.From(), target)
	}
	// The pieces that back a capture: they take next on the victim's square
	// after a first capture and a recapture (a cannon behind the rook, a
	// horse guarding the square: Threat.Supporters), and their screens. A
	// backing piece that would be lost before its turn is the chase's cost
	// as the capturer is (2020 图27: the cannon that escapes the horse and
	// still backs its rook's capture makes the joint chase pay: 车炮联合捉子).
	backers(pos, target, S, caps, func(b position.Square) { addCapturer(pos, &out, b, target) })
	return out
}

// backers calls back with the square of each of S's pieces that can take on
// target after one of S's captures caps and the opponent's recapture — a
// piece backing the capture (Threat.Supporters) — while that line is on the
// board (a square may come more than once).
func backers(pos *position.Position, target position.Square, S position.Color, caps []position.Move, back func(position.Square)) {
	for _, c := range caps {
		pos.Make(c)
		var rb [16]position.Move
		for _, r := range pos.LegalCapturesInto(rb[:0], target, S.Other()) {
			pos.Make(r)
			var sb [16]position.Move
			for _, c2 := range pos.LegalCapturesInto(sb[:0], target, S) {
				if c2.From() != c.From() {
					back(c2.From())
				}
			}
			pos.Unmake()
		}
		pos.Unmake()
	}
}

// addCapturer adds the piece on a, which can take on target, and the screen
// it fires over if it is a cannon and the screen is its side's.
func addCapturer(pos *position.Position, out *chasePieces, a, target position.Square) {
	out.add(a)
	if pos.At(a).Kind() == position.Cannon {
		if sc := screenOf(pos, a, target); sc != position.NoSquare && pos.At(sc).Color() == pos.At(a).Color() {
			out.add(sc)
		}
	}
}

// screenOf returns the square of the one piece between a and b on a rank or
// file (a cannon's screen), or NoSquare.
func screenOf(pos *position.Position, a, b position.Square) position.Square {
	out := position.NoSquare
	df, dr := cmp.Compare(b.File(), a.File()), cmp.Compare(b.Rank(), a.Rank())
	if df != 0 && dr != 0 {
		return position.NoSquare
	}
	for f, r := a.File()+df, a.Rank()+dr; f != b.File() || r != b.Rank(); f, r = f+df, r+dr {
		q := position.SquareAt(f, r)
		if pos.At(q) != position.NoPiece {
			if out != position.NoSquare {
				return position.NoSquare
			}
			out = q
		}
	}
	return out
}
