package facts

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFactsFingerprint guards every fact, not only the summary the golden
// file shows: the SHA-256 of the JSON of every cycle of the 2020 figures and
// the AXF rulings, at mate depth 9 and 13, must equal the one recorded in
// facts/testdata/facts.sha256. A speed change must leave it alone; a change
// of meaning rewrites it with -update, and figures.golden (and the case
// results) say what moved.
func TestFactsFingerprint(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, depth := range []int{9, 13} {
		par := DefaultParams()
		par.MateDepth = depth
		for _, in := range append(figureCycles(t), axfCycles(t)...) {
			c, err := AnalyzeCycle(in.start, in.moves, in.occ, par)
			require.NoError(t, err, in.id)
			require.NoError(t, enc.Encode(c))
		}
	}
	got := fmt.Sprintf("%x\n", h.Sum(nil))
	const path = "testdata/facts.sha256"
	if *updateGolden {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	require.Equal(t, strings.TrimSpace(string(want)), strings.TrimSpace(got),
		"the facts changed: if on purpose, rewrite with -update and say why in the commit")
}
