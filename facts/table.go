package facts

// table is a hash table keyed by position keys, for the memo's most used
// lookups (a lookup per node of every search): open addressing with linear
// probing, indexed by the key's low bits (Zobrist keys are uniformly
// random), and emptied in constant time by moving to a new generation — a
// slot is in use only if it carries the table's generation — so that a
// pooled memo's tables cost nothing to clear however large an earlier cycle
// made them.
//
// A cleared table starts again at the size its last generation needed, in
// the array it had: a lookup is mostly a cache miss on its first slot, and a
// small cycle after a large one then touches only as much memory as it
// needs (measured: 3–10 % per move against keeping the largest size).
type table[V any] struct {
	// slots is the table in use, a power of two long; its array may be
	// longer (what an earlier generation grew it to).
	slots []slot[V]
	gen   uint32
	n     int       // slots in use in this generation
	moved []slot[V] // grow's scratch
}

type slot[V any] struct {
	key uint64
	gen uint32
	val V
}

// minTableSlots is a table's least size (a power of two).
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

// grow doubles the table (or makes it) and puts the slots in use back: in
// the same array under a new generation when it is long enough, else in a
// new one.
func (t *table[V]) grow() {
	size := max(2*len(t.slots), minTableSlots)
	t.moved = t.moved[:0]
	if t.gen != 0 {
		for i := range t.slots {
			if t.slots[i].gen == t.gen {
				t.moved = append(t.moved, t.slots[i])
			}
		}
	}
	if size <= cap(t.slots) {
		t.slots = t.slots[:size]
		t.next()
	} else {
		t.slots, t.gen = make([]slot[V], size), 1
	}
	// The keys moved are distinct and fit: each goes in the first free
	// slot from its own.
	mask := uint64(len(t.slots) - 1)
	for _, s := range t.moved {
		i := s.key & mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = slot[V]{key: s.key, gen: t.gen, val: s.val}
	}
	t.n = len(t.moved)
}

// next moves the table to a new generation, which empties every slot of its
// array.
func (t *table[V]) next() {
	if t.gen == ^uint32(0) {
		clear(t.slots[:cap(t.slots)]) // the generations wrap: start again from zero
		t.gen = 0
	}
	t.gen++
}

// clear empties the table, sized for as many entries as it held.
func (t *table[V]) clear() {
	if cap(t.slots) > maxKeptSlots {
		t.slots, t.gen, t.n, t.moved = nil, 0, 0, nil
		return
	}
	size := minTableSlots
	for size < 2*t.n {
		size *= 2
	}
	t.n = 0
	t.slots = t.slots[:min(len(t.slots), size)]
	t.next()
}
