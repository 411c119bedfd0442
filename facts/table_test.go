package facts

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTableMatchesMap puts, overwrites, looks up and clears random keys (and
// keys that collide in the low bits) in a table and in a Go map side by
// side, across growths and clears.
func TestTableMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tb table[int]
	ref := map[uint64]int{}
	key := func() uint64 {
		if rng.IntN(3) == 0 {
			return uint64(rng.IntN(64)) << 40 // same low bits: long probe runs
		}
		return rng.Uint64() | 1
	}
	for round := 0; round < 40; round++ {
		n := rng.IntN(5000)
		if round == 7 {
			n = 2*maxKeptSlots + 10 // grow past what a clear keeps
		}
		var keys []uint64
		for i := 0; i < n; i++ {
			k := key()
			v := rng.Int()
			tb.put(k, v)
			ref[k] = v
			keys = append(keys, k)
		}
		require.Equal(t, len(ref), tb.n, "round %d", round)
		for _, k := range keys {
			v, ok := tb.get(k)
			require.True(t, ok)
			require.Equal(t, ref[k], v)
		}
		for i := 0; i < 1000; i++ {
			k := rng.Uint64()
			_, want := ref[k]
			_, got := tb.get(k)
			require.Equal(t, want, got)
		}
		tb.clear()
		clear(ref)
		for _, k := range keys {
			_, ok := tb.get(k)
			require.False(t, ok, "round %d: %x still there after clear", round, k)
		}
	}
}

// TestTableGenerationWrap: when the generation counter wraps, the slots of
// every earlier generation are emptied, not taken for the new one's.
func TestTableGenerationWrap(t *testing.T) {
	var tb table[int]
	tb.put(1, 10)
	tb.put(2, 20)
	for i := range tb.slots { // as if the table had been cleared 2^32-2 times
		if tb.slots[i].gen == tb.gen {
			tb.slots[i].gen = ^uint32(0)
		}
	}
	tb.gen = ^uint32(0)
	v, ok := tb.get(1)
	require.True(t, ok)
	require.Equal(t, 10, v)
	tb.clear()
	_, ok = tb.get(1)
	require.False(t, ok)
	tb.put(3, 30)
	v, ok = tb.get(3)
	require.True(t, ok)
	require.Equal(t, 30, v)
	_, ok = tb.get(2)
	require.False(t, ok)
}

// TestTableSizedByLastGeneration: after a clear the table is as long as its
// last generation needed (and no shorter than minTableSlots), in the same
// array; growing again within that array keeps every entry.
func TestTableSizedByLastGeneration(t *testing.T) {
	var tb table[int]
	for k := uint64(1); k <= 3000; k++ {
		tb.put(k<<20|k, int(k))
	}
	big := cap(tb.slots)
	require.Equal(t, 8192, len(tb.slots))
	tb.clear()
	require.Equal(t, 8192, len(tb.slots), "3000 entries need 8192 slots at half load")
	for k := uint64(1); k <= 10; k++ {
		tb.put(k, int(k))
	}
	tb.clear()
	require.Equal(t, minTableSlots, len(tb.slots))
	require.Equal(t, big, cap(tb.slots), "the array is kept")
	for k := uint64(1); k <= 1000; k++ {
		tb.put(k*0x9E3779B97F4A7C15, int(k))
	}
	require.Equal(t, 2048, len(tb.slots))
	require.Equal(t, big, cap(tb.slots), "grown within the array")
	for k := uint64(1); k <= 1000; k++ {
		v, ok := tb.get(k * 0x9E3779B97F4A7C15)
		require.True(t, ok)
		require.Equal(t, int(k), v)
	}
}
