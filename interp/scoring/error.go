package scoring

import (
	"fmt"
	"strings"
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
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteString("\n  | ")
	b.WriteString(strings.ReplaceAll(e.Source, "\t", " "))
	b.WriteString("\n  | ")
	// The caret is placed by characters; wide (CJK) characters before it
	// would need two cells, so they are counted twice.
	n := 0
	for i, r := range []rune(e.Source) {
		if i >= e.Column-1 {
			break
		}
		n += runeWidth(r)
	}
	b.WriteString(strings.Repeat(" ", n))
	b.WriteString("^")
	return b.String()
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

// runeWidth is the number of terminal cells r takes: 2 for East Asian wide
// and full-width characters, 1 otherwise. The ranges cover CJK text, which
// is what scheme files, player names and the second-score titles contain.
func runeWidth(r rune) int {
	switch {
	case r >= 0x1100 && r <= 0x115F,
		r >= 0x2E80 && r <= 0x303E,
		r >= 0x3041 && r <= 0x33FF,
		r >= 0x3400 && r <= 0x4DBF,
		r >= 0x4E00 && r <= 0x9FFF,
		r >= 0xA000 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3,
		r >= 0xF900 && r <= 0xFAFF,
		r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60,
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x20000 && r <= 0x3FFFD:
		return 2
	}
	return 1
}

// DisplayWidth is the number of terminal cells s takes (see runeWidth), for
// aligning tables that mix Chinese names and digits.
func DisplayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}
