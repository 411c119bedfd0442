package srcpos

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIndent(t *testing.T) {
	assert.Equal(t, 0, Indent("when: x", 1))
	assert.Equal(t, 6, Indent("when: x", 7))
	assert.Equal(t, 4, Indent("车马 x", 3), "two CJK characters take four cells")
	assert.Equal(t, 2, Indent("１x", 2), "a full-width digit takes two cells")
	assert.Equal(t, 3, Indent("abc", 10), "a column past the end stops at the end")
}

// A huge line is shown around the column only, the caret still under it.
func TestQuoteLongLine(t *testing.T) {
	line := strings.Repeat("a", 1<<20) + "X" + strings.Repeat("b", 1<<20)
	got := Quote(line, 1<<20+1, "3 ")
	assert.Less(t, len(got), 200)
	lines := strings.Split(got, "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, strings.Index(lines[1], "X"), strings.Index(lines[2], "^"))
	assert.Contains(t, lines[1], "...a")
	assert.Contains(t, lines[1], "b...")
}
