package interp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// TestDetailOf: a book is judged on the basic facts only when nothing in it
// names a searched fact.
func TestDetailOf(t *testing.T) {
	lib := bundled(t)
	want := map[string]facts.Detail{
		"11": facts.DetailFull, "20": facts.DetailFull, "asian": facts.DetailFull,
		"wang-zhong": facts.DetailFull, "wang-zhong-2": facts.DetailBasic, "ko": facts.DetailBasic,
	}
	for id, d := range want {
		require.NotNil(t, lib.Book(id), id)
		assert.Equal(t, d, lib.Book(id).Params.Detail, id)
	}

	// A draft of 方案二 whose move reason mentions a threat, one whose
	// pattern reads the mate threat, and one with a definition naming the
	// offers: each needs the full facts.
	i := 0
	for name, change := range map[string]string{
		"reason template": `
override:
  - replace: check
    with:
      id: check2
      label: 将
      when: Check
      cite: x
      reason: '{{range .Threats}}{{.Victim.Kind}}{{end}}'
`,
		"pattern": `
override:
  - replace: 长将
    with:
      id: 长将
      when: N > 0 && Checks == N && !any(Moves, {.F.MateThreat.Exists})
      cite: x
`,
		"definition": `
defs:
  move:
    offered: len(Offers) > 0
override:
  - replace: check
    with:
      id: check2
      label: 将
      when: Check && !offered
      cite: x
`,
	} {
		i++
		src := "extends: wang-zhong-2\ntitle: {zh: 草案, en: draft}\nyear: 2026\nstatus: draft\n" + change
		b, err := lib.LoadBytes(fmt.Sprintf("draft%d", i), name+".yaml", []byte(src))
		if el, ok := err.(ErrorList); ok {
			t.Fatal(el.Detail())
		}
		require.NoError(t, err, name)
		assert.Equal(t, facts.DetailFull, b.Params.Detail, name)
	}
}

// TestFactsParamsShared: a book that needs only the basic facts is judged on
// the full analysis of a book whose params give the same basic facts (ko on
// 11's, though their mate depths differ), not on one of its own; with no
// such book it keeps its own.
func TestFactsParamsShared(t *testing.T) {
	lib := bundled(t)
	ko, b11, wz2, wz := lib.Book("ko"), lib.Book("11"), lib.Book("wang-zhong-2"), lib.Book("wang-zhong")
	require.NotEqual(t, ko.Params, b11.Params)
	assert.Equal(t, b11.Params, factsParams([]*Book{ko, b11}, ko))
	assert.Equal(t, wz.Params, factsParams([]*Book{wz2, b11, wz}, wz2))
	assert.Equal(t, ko.Params, factsParams([]*Book{ko, wz}, ko), "wang-zhong's values differ: ko keeps its own")
	assert.Equal(t, b11.Params, factsParams([]*Book{ko, b11}, b11))
}
