package interp

// Where a ruling's lists are kept. A ruling holds many short lists: each
// move's tags, targets, arrows, chases and the pieces taking part in them,
// the rules that also held, its exemptions, each side's labels and
// patterns, the notes. Each is built in the session's scratch (reused from
// book to book) and then copied into a block of the ruling's own, one
// block per kind of element: a few allocations a ruling rather than one a
// list. The blocks are the ruling's (the caller's), not the session's.

// room is one ruling's blocks.
type room struct {
	// moves (the cycle's) sizes a new block: room for what most rulings
	// of so many moves hold (in the CCPD corpus a move has about 3 strings,
	// 0.3 attacks, 0.5 chases, 0.1 exemptions).
	moves      int
	strs       []string
	attacks    []Attack
	chases     []ChaseRuling
	exemptions []Exemption
	// What Explain reads later (explain.go): the moves' evidence, and the
	// lists of the two sides the deciding verdict row's reason sees.
	ints      []int
	sideMoves []SideMove
	victims   []Victim
}

func (r *room) strings(l []string) []string { return keep(&r.strs, l, 4*r.moves+8) }

func (r *room) attackList(l []Attack) []Attack { return keep(&r.attacks, l, r.moves+4) }

func (r *room) chaseList(l []ChaseRuling) []ChaseRuling { return keep(&r.chases, l, r.moves+4) }

func (r *room) exemptionList(l []Exemption) []Exemption { return keep(&r.exemptions, l, r.moves) }

func (r *room) intList(l []int) []int { return keep(&r.ints, l, 2*r.moves) }

func (r *room) sideMoveList(l []SideMove) []SideMove { return keep(&r.sideMoves, l, r.moves) }

func (r *room) victimList(l []Victim) []Victim { return keep(&r.victims, l, 4) }

// keep copies list into the block *b and returns the copy (nil when list
// is empty), its capacity its length, so that appending to it cannot touch
// the block. A block without room for it is replaced by a new one of at
// least n elements; the lists kept in the old one stay there.
func keep[T any](b *[]T, list []T, n int) []T {
	if len(list) == 0 {
		return nil
	}
	if cap(*b)-len(*b) < len(list) {
		*b = make([]T, 0, max(n, len(list)))
	}
	*b = append(*b, list...)
	return carve(*b, len(*b)-len(list))
}
