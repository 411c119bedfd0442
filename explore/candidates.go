package explore

import (
	"math/rand/v2"

	"github.com/xqrules/xqrules/position"
)

// The shapes of candidate cycles, all made of moves that capture nothing,
// so that every move can be taken back and the start position recurs.
const (
	// ShapeCheck: a check, an evasion, the check taken back, the evasion
	// taken back (4 plies).
	ShapeCheck = "check"
	// ShapeBack: a move and a reply, each taken back (4 plies).
	ShapeBack = "back-and-forth"
	// ShapeAlternation: the side to move alternates two pieces, each going
	// out and back, while the other side shuttles one piece or alternates
	// two (8 plies): AXF's "two pieces take turns".
	ShapeAlternation = "alternation"
	// ShapePlayed: the cycle a game played from the start (Start.Played),
	// the first candidate of its start.
	ShapePlayed = "played"
)

// Cycle is a candidate: a cycle from one of the starts.
type Cycle struct {
	Start int // index in the starts
	Shape string
	Moves []position.Move
}

// maxAlternations is how many alternations are drawn from one start (of
// thousands possible), and altTries how many draws may be tried for them.
const (
	maxAlternations = 400
	altTries        = 8 * maxAlternations
)

// generator makes the candidate cycles of one start, in a fixed order: the
// cycle a game played there (if any), then the 4-ply cycles whose first
// move checks, the other 4-ply cycles and the alternations, taken in turn
// (check, back, alternation, back …), each kind shuffled by a generator
// seeded with the position, so that the first few of a start are already
// varied.
type generator struct {
	start  int
	pos    *position.Position
	played []position.Move // the start's played cycle, until it is made
	ready  bool
	checks [][2]position.Move
	backs  [][2]position.Move
	rng    *rand.Rand
	quiet  []position.Move // the side to move's moves that capture nothing
	alts   int             // alternations made
	tries  int
	seen   map[[8]position.Move]bool
	turn   int
	// peeked: pending is the next candidate (ok: there is one), made by
	// peek and not yet taken by next.
	peeked    bool
	pending   Cycle
	pendingOK bool
}

func newGenerator(i int, st Start) *generator {
	return &generator{start: i, pos: st.Pos.Clone(), played: st.Played}
}

// quietMoves are p's legal moves that capture nothing.
func quietMoves(p *position.Position) []position.Move {
	var out []position.Move
	for _, m := range p.LegalMoves(nil) {
		if p.At(m.To()) == position.NoPiece {
			out = append(out, m)
		}
	}
	return out
}

func back(m position.Move) position.Move { return position.NewMove(m.To(), m.From()) }

func (g *generator) init() {
	g.ready = true
	p := g.pos
	key := p.Key()
	g.rng = rand.New(rand.NewPCG(key, key>>17|1))
	g.quiet = quietMoves(p)
	g.seen = map[[8]position.Move]bool{}
	for _, a := range g.quiet {
		check := p.GivesCheck(a)
		p.Make(a)
		for _, b := range quietMoves(p) {
			p.Make(b)
			ok := p.IsLegal(back(a))
			if ok {
				p.Make(back(a))
				ok = p.IsLegal(back(b))
				p.Unmake()
			}
			p.Unmake()
			if !ok {
				continue
			}
			if check {
				g.checks = append(g.checks, [2]position.Move{a, b})
			} else {
				g.backs = append(g.backs, [2]position.Move{a, b})
			}
		}
		p.Unmake()
	}
	g.rng.Shuffle(len(g.checks), func(i, j int) { g.checks[i], g.checks[j] = g.checks[j], g.checks[i] })
	g.rng.Shuffle(len(g.backs), func(i, j int) { g.backs[i], g.backs[j] = g.backs[j], g.backs[i] })
}

// order is the turn of the kinds: check, back, alternation, back.
var order = [...]string{ShapeCheck, ShapeBack, ShapeAlternation, ShapeBack}

// next returns the start's next candidate; false when there is none left.
func (g *generator) next() (Cycle, bool) {
	if g.peeked {
		g.peeked = false
		return g.pending, g.pendingOK
	}
	return g.make()
}

// peek returns the candidate next will return, without taking it.
func (g *generator) peek() (Cycle, bool) {
	if !g.peeked {
		g.pending, g.pendingOK = g.make()
		g.peeked = true
	}
	return g.pending, g.pendingOK
}

// make makes the start's next candidate.
func (g *generator) make() (Cycle, bool) {
	if g.played != nil {
		c := Cycle{g.start, ShapePlayed, g.played}
		g.played = nil
		return c, true
	}
	if !g.ready {
		g.init()
	}
	for range 2 * len(order) {
		kind := order[g.turn%len(order)]
		g.turn++
		switch kind {
		case ShapeCheck:
			if len(g.checks) > 0 {
				ab := g.checks[0]
				g.checks = g.checks[1:]
				return Cycle{g.start, ShapeCheck, []position.Move{ab[0], ab[1], back(ab[0]), back(ab[1])}}, true
			}
		case ShapeBack:
			if len(g.backs) > 0 {
				ab := g.backs[0]
				g.backs = g.backs[1:]
				return Cycle{g.start, ShapeBack, []position.Move{ab[0], ab[1], back(ab[0]), back(ab[1])}}, true
			}
		case ShapeAlternation:
			if mv, ok := g.alternation(); ok {
				return Cycle{g.start, ShapeAlternation, mv}, true
			}
		}
	}
	return Cycle{}, false
}

// alternation draws an 8-ply alternation: a, b, c, d, a⁻¹, d′, c⁻¹, d⁻¹
// where a and c move two different pieces of the side to move, and the
// other side either shuttles one piece (d = b⁻¹, d′ = b) or alternates two
// (b, d, then b⁻¹, d⁻¹).
func (g *generator) alternation() ([]position.Move, bool) {
	if len(g.quiet) < 2 {
		return nil, false
	}
	for g.alts < maxAlternations && g.tries < altTries {
		g.tries++
		p := g.pos
		a := g.quiet[g.rng.IntN(len(g.quiet))]
		c := g.quiet[g.rng.IntN(len(g.quiet))]
		if a.From() == c.From() || a.To() == c.From() || c.To() == a.From() || a.To() == c.To() {
			continue
		}
		p.Make(a)
		bs := quietMoves(p)
		p.Unmake()
		if len(bs) == 0 {
			continue
		}
		b := bs[g.rng.IntN(len(bs))]
		var mv []position.Move
		if g.rng.IntN(2) == 0 {
			mv = []position.Move{a, b, c, back(b), back(a), b, back(c), back(b)}
		} else {
			p.Make(a)
			p.Make(b)
			p.Make(c)
			ds := quietMoves(p)
			p.Unmake()
			p.Unmake()
			p.Unmake()
			if len(ds) == 0 {
				continue
			}
			d := ds[g.rng.IntN(len(ds))]
			if d.From() == b.To() {
				continue // the same piece again: not two
			}
			mv = []position.Move{a, b, c, d, back(a), back(b), back(c), back(d)}
		}
		var key [8]position.Move
		copy(key[:], mv)
		if g.seen[key] || !IsCycle(p, mv) {
			continue
		}
		g.seen[key] = true
		g.alts++
		return mv, true
	}
	return nil, false
}

// IsCycle reports whether moves, played from p (not changed), are legal,
// capture nothing, and bring p's position back for the first time at
// their end (same side to move): a real repetition cycle, the shortest
// one ending there.
func IsCycle(p *position.Position, moves []position.Move) bool {
	if len(moves) == 0 || len(moves)%2 != 0 {
		return false
	}
	q := p.Clone()
	key := q.Key()
	for i, m := range moves {
		if !q.IsLegal(m) || q.At(m.To()) != position.NoPiece {
			return false
		}
		q.Make(m)
		if i%2 == 1 && i < len(moves)-1 && q.Key() == key {
			return false
		}
	}
	return q.Key() == key
}
