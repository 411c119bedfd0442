package interp

import (
	"fmt"
	"strings"
	"text/template"
)

// reasonTmpl is a compiled reason template (text/template, with the
// functions of templateFuncs), checked at load on zero data of its type.
type reasonTmpl struct {
	t *template.Template
}

// render runs a reason template on data (a pointer to its data type); a
// failure, which the load-time check makes unlikely, is shown in the text
// rather than lost. Runs of white space become one space, and the ends are
// trimmed, so a template may be written over several YAML lines.
func render(t *reasonTmpl, data any) string {
	if t == nil {
		return ""
	}
	var b strings.Builder
	if err := t.t.Execute(&b, data); err != nil {
		return fmt.Sprintf("(reason unavailable: %v)", err)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
