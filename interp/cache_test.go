package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A book that extends another shares its parent's compiled programs where
// the rule is inherited unchanged.
func TestExtendsSharesPrograms(t *testing.T) {
	lib := bundled(t)
	b11, b20 := lib.Book("11"), lib.Book("20")
	require.NotNil(t, b11)
	require.NotNil(t, b20)
	assert.Same(t, ruleByID(b11, "24.3-chase").prog, ruleByID(b20, "24.3-chase").prog)
	assert.Same(t, ruleByID(b11, "24.3-chase").gradeProg, ruleByID(b20, "24.3-chase").gradeProg)
}

// The compile cache keeps successes only: a draft that breaks a definition
// its parent's rules use gets the errors at load, at the rules' places,
// although the parent's same rules compiled (and were cached) before.
func TestCacheKeepsErrorsAtLoad(t *testing.T) {
	lib := bundled(t)
	src := "extends: \"11\"\ndefs:\n  threat:\n    wins: NoSuchFact\n"
	_, err := lib.LoadBytes("t-broken-def", "t.yaml", []byte(src))
	el, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	assert.Contains(t, el.Codes(), CodeUnknownName, el.Detail())
	rules := map[string]bool{}
	for _, e := range el {
		rules[e.Rule] = true
	}
	assert.True(t, rules["wins"], "the definition itself: %s", el.Detail())
	assert.True(t, rules["24.3-chase"], "the inherited rule that uses it: %s", el.Detail())

	// Loading the same draft again reports the same errors.
	_, err2 := lib.LoadBytes("t-broken-def", "t.yaml", []byte(src))
	require.Error(t, err2)
	assert.Equal(t, el.Detail(), err2.(ErrorList).Detail())
}
