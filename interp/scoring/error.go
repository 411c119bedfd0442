package scoring

import (
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/interp/internal/srcpos"
)

// Error codes, stable for tests and programs.
const (
	CodeYAML      = "yaml"      // the file is not valid YAML, or a field has the wrong YAML type
	CodeUnknown   = "unknown"   // a field the scheme format does not have
	CodeMissing   = "missing"   // a required field is absent
	CodeBadValue  = "bad-value" // a field's value is out of range
	CodeCompile   = "compile"   // an expression does not compile (syntax, unknown name)
	CodeType      = "type"      // an expression has the wrong result type
	CodeEval      = "eval"      // an expression failed or gave an unusable value when run
	CodeDuplicate = "duplicate" // two schemes with one name
	CodeNoRule    = "no-rule"   // the scheme has no rule for what was asked (no knockout section, …)
)

// Error is a problem in a scheme file, positioned at file:line:col (1-based;
// col counts characters). Source is the offending line of the file, when known.
type Error struct {
	File   string
	Line   int
	Column int
	Code   string
	Msg    string
	Source string
}

// Error returns "file:line:col: message".
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Detail returns Error() followed by the source line and a caret under the
// column, for people reading a terminal.
func (e *Error) Detail() string {
	if e.Source == "" || e.Column < 1 {
		return e.Error()
	}
	// The caret is placed by cells: a wide (CJK) character takes two.
	return e.Error() + srcpos.Quote(e.Source, e.Column, "")
}

// ErrorList is every problem found in one load; a scheme with any is refused.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Detail returns each error with its source line.
func (l ErrorList) Detail() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Detail()
	}
	return strings.Join(parts, "\n")
}

// DisplayWidth is the number of terminal cells s takes (see srcpos.RuneWidth), for
// aligning tables that mix Chinese names and digits.
func DisplayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += srcpos.RuneWidth(r)
	}
	return n
}
