package facts

// table is a hash table keyed by position keys, for the memo's most used
// lookups (a lookup per node of every search): open addressing with linear
// probing, indexed by the key's low bits (Zobrist keys are uniformly
// random), and emptied in constant time by moving to a new generation — a
// slot is in use only if it carries the table's generation — so that a
// pooled memo's tables cost nothing to clear however large an earlier cycle
// made them.
type table[V any] struct {
	slots []slot[V]
	gen   uint32
	n     int // slots in use in this generation
}

type slot[V any] struct {
	key uint64
	gen uint32
	val V
}

// minTableSlots is a new table's size (a power of two).
const minTableSlots = 256

// maxKeptSlots: a table grown beyond this by a large cycle is given back to
// the garbage collector when cleared rather than kept for the next.
const maxKeptSlots = 1 << 16

func (t *table[V]) get(k uint64) (V, bool) {
	if t.n > 0 {
		mask := uint64(len(t.slots) - 1)
		for i := k & mask; ; i = (i + 1) & mask {
			s := &t.slots[i]
			if s.gen != t.gen {
				break
			}
			if s.key == k {
				return s.val, true
			}
		}
	}
	var zero V
	return zero, false
}

func (t *table[V]) put(k uint64, v V) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = slot[V]{key: k, gen: t.gen, val: v}
			t.n++
			return
		}
		if s.key == k {
			s.val = v
			return
		}
	}
}

// grow doubles the table (or makes it) and puts the slots in use back.
func (t *table[V]) grow() {
	old, gen := t.slots, t.gen
	size := max(2*len(old), minTableSlots)
	t.slots, t.gen, t.n = make([]slot[V], size), 1, 0
	for i := range old {
		if old[i].gen == gen && gen != 0 {
			t.put(old[i].key, old[i].val)
		}
	}
}

// clear empties the table.
func (t *table[V]) clear() {
	t.n = 0
	switch {
	case len(t.slots) > maxKeptSlots:
		t.slots, t.gen = nil, 0
	case t.gen == ^uint32(0):
		clear(t.slots) // the generations wrap: start again from zero
		t.gen = 1
	default:
		t.gen++
	}
}
