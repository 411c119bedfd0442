package excerpt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShortIsQuotedWhole(t *testing.T) {
	assert.Equal(t, `"h2e2"`, Quote("h2e2"))
	assert.Equal(t, `"h2e2"`, Around("h2e2", 3))
	assert.Equal(t, "abc", Cut("abc"))
}

func TestLongIsCutAroundTheOffset(t *testing.T) {
	long := strings.Repeat("a", 5<<20) + "XYZ" + strings.Repeat("b", 5<<20)
	got := Around(long, 5<<20)
	assert.Less(t, len(got), 2*Width)
	assert.Contains(t, got, "XYZ")
	assert.True(t, strings.HasPrefix(got, `…"`), got)
	assert.True(t, strings.HasSuffix(got, "… (10485763 bytes)"), got)

	got = Quote(long)
	assert.Less(t, len(got), 2*Width)
	assert.True(t, strings.HasPrefix(got, `"aaa`), got)

	got = Around(long, len(long))
	assert.Contains(t, got, `bbb"`)
	assert.Less(t, len(got), 2*Width)
	assert.Less(t, len(Cut(long)), Width+4)
}

// A cut never splits a character.
func TestRuneBoundaries(t *testing.T) {
	s := strings.Repeat("炮二平五", 100)
	for off := range 30 {
		got := Around(s, off*37)
		assert.NotContains(t, got, `\x`, got)
		assert.NotContains(t, got, "\uFFFD", got)
	}
	assert.NotContains(t, Cut(s), "\uFFFD")
}
