package scoring

import "github.com/xqrules/xqrules/position"

// DrawnMaterial is how a drawn game's final position was scored: each side's
// pieces, their material value, whether they can still attack, and the
// resulting 余子分. Indexes are position.Red and position.Black.
type DrawnMaterial struct {
	Pieces    [2]Pieces
	Material  [2]float64
	Attacking [2]bool
	Score     [2]Score
}

// Of scores a drawn game's final position (seed 004 §二.1): residual.material
// and residual.attacking for each side, then residual.score for each side
// seen from its own chair. Nothing here knows piece values or the ±0.8 cap:
// they are in the scheme file.
func (r *Residual) Of(final *position.Position) (DrawnMaterial, error) {
	var d DrawnMaterial
	for c := position.Red; c <= position.Black; c++ {
		pc := PiecesOf(final, c)
		m, err := r.material.float(pc)
		if err != nil {
			return d, err
		}
		a, err := r.attacking.bool(pc)
		if err != nil {
			return d, err
		}
		d.Pieces[c], d.Material[c], d.Attacking[c] = pc, m, a
	}
	for c := position.Red; c <= position.Black; c++ {
		o := c.Other()
		env := Draw{
			Me:  d.Pieces[c].side(d.Material[c], d.Attacking[c]),
			Opp: d.Pieces[o].side(d.Material[o], d.Attacking[o]),
			Red: c == position.Red,
		}
		s, err := r.score.score(env)
		if err != nil {
			return d, err
		}
		d.Score[c] = s
	}
	return d, nil
}
