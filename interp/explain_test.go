package interp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// oneSpaced is strings.Join(strings.Fields(s), " ").
func TestOneSpaced(t *testing.T) {
	for _, s := range []string{"", " ", "a", "  a  b\n\tc ", "车 i9\u00a0\u3000炮\u2003x", "\xff \xfe\xfd  z\u0085", "no-space"} {
		assert.Equal(t, strings.Join(strings.Fields(s), " "), oneSpaced([]byte(s)), "%q", s)
	}
}
