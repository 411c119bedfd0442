package srcpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIndent(t *testing.T) {
	assert.Equal(t, 0, Indent("when: x", 1))
	assert.Equal(t, 6, Indent("when: x", 7))
	assert.Equal(t, 4, Indent("车马 x", 3), "two CJK characters take four cells")
	assert.Equal(t, 2, Indent("１x", 2), "a full-width digit takes two cells")
	assert.Equal(t, 3, Indent("abc", 10), "a column past the end stops at the end")
}
