package position

// Occurrences returns how many times key occurs in keys.
func Occurrences(keys []uint64, key uint64) int {
	n := 0
	for _, k := range keys {
		if k == key {
			n++
		}
	}
	return n
}

// Occurrences returns how many times the current position (same side to move)
// has occurred in the history, the current one included.
func (p *Position) Occurrences() int {
	n := 1
	for i := len(p.hist) - 1; i >= 0; i-- {
		if p.hist[i].key == p.key {
			n++
		}
	}
	return n
}

// LastPeriod finds the cycle that ends the key history: the plies between the
// two most recent occurrences of the final position. keys[i] is the position
// before ply i+1 (keys[len-1] the final one). It returns the index of the
// earlier occurrence and ok=false when the final position has not occurred
// before. The cycle's moves are plies start+1 … len(keys)-1.
func LastPeriod(keys []uint64) (start int, ok bool) {
	if len(keys) < 2 {
		return 0, false
	}
	last := keys[len(keys)-1]
	// Same side to move: only even distances can repeat a key, but a key
	// includes the side, so a plain comparison suffices.
	for i := len(keys) - 2; i >= 0; i-- {
		if keys[i] == last {
			return i, true
		}
	}
	return 0, false
}

// LastPeriod returns the moves between the two most recent occurrences of the
// current position, or ok=false when it has not occurred before.
func (p *Position) LastPeriod() (moves []Move, ok bool) {
	keys := p.Keys()
	start, ok := LastPeriod(keys)
	if !ok {
		return nil, false
	}
	return p.Moves()[start:], true
}

// RepetitionCounts returns the largest number of times any position occurs in keys.
func RepetitionCounts(keys []uint64) (max int) {
	seen := make(map[uint64]int, len(keys))
	for _, k := range keys {
		seen[k]++
		if seen[k] > max {
			max = seen[k]
		}
	}
	return max
}
