package interp

import (
	"fmt"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"
)

// reasonTmpl is a compiled reason template (text/template, with the
// functions of templateFuncs), checked at load on zero data of its type.
type reasonTmpl struct {
	t *template.Template
}

// render runs a reason template on data (a pointer to its data type); a
// failure, which the load-time check makes unlikely, is shown in the text
// rather than lost. Runs of white space become one space, and the ends are
// trimmed, so a template may be written over several YAML lines. The text
// is written in the session's buffer, reused from reason to reason.
func (s *session) render(t *reasonTmpl, data any) string {
	if t == nil {
		return ""
	}
	s.buf.Reset()
	if err := t.t.Execute(&s.buf, data); err != nil {
		return fmt.Sprintf("(reason unavailable: %v)", err)
	}
	return oneSpaced(s.buf.Bytes())
}

// oneSpaced is strings.Join(strings.Fields(string(b)), " ") made in one
// string: every run of white space becomes one space, none at the ends.
func oneSpaced(b []byte) string {
	var out strings.Builder
	out.Grow(len(b))
	space := false
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if unicode.IsSpace(r) {
			space = true
		} else {
			if space && out.Len() > 0 {
				out.WriteByte(' ')
			}
			space = false
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.String()
}
