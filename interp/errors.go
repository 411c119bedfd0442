package interp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/xqrules/xqrules/interp/internal/srcpos"
)

// Error codes. They are stable: tests and programs match on them, never on
// the message text.
const (
	CodeTooLarge       = "too-large"         // the file is over MaxFileBytes
	CodeYAML           = "yaml"              // not valid YAML
	CodeAlias          = "alias"             // YAML aliases expand past MaxAliasNodes (an alias bomb)
	CodeUnknownField   = "unknown-field"     // a field the rule-set format does not have
	CodeMissing        = "missing-field"     // a required field is absent
	CodeType           = "yaml-type"         // a field holds the wrong kind of YAML value
	CodeBadValue       = "bad-value"         // a value outside what the field accepts
	CodeDuplicate      = "duplicate-id"      // two rules (or patterns, rows, labels, defs) share an id
	CodeExprSyntax     = "expr-syntax"       // an expression does not parse
	CodeUnknownName    = "unknown-name"      // an expression names a fact that does not exist
	CodeNotBool        = "not-bool"          // a predicate is not boolean (or a grade not an integer)
	CodeExpr           = "expr"              // any other expression error (types, calls)
	CodeExprSize       = "expr-size"         // an expression over MaxExprBytes
	CodeUnknownLabel   = "unknown-label"     // a rule names a label the book does not declare
	CodeUnknownPattern = "unknown-pattern"   // a verdict row names a pattern the book does not define
	CodeUnknownRule    = "unknown-rule"      // an override names a rule id that does not exist
	CodeUnknownSource  = "unknown-source"    // a rule cites a source id the book does not list
	CodeExtendsCycle   = "extends-cycle"     // extends leads back to the book itself
	CodeExtendsMissing = "extends-missing"   // extends names a book that is not loaded
	CodeTemplate       = "template"          // a reason template does not parse or names a missing field
	CodeNeverApplies   = "never-applies"     // an exemption that no labelling rule can be subject to
	CodeIO             = "io"                // the file cannot be read
	CodeEncoding       = "encoding"          // the file is not text in UTF-8, GBK/GB18030 or Big5 (binary, mixed)
	CodeDuplicateBook  = "duplicate-ruleset" // two files give the same rule-set id
)

// Error is one problem in a rule-set file, at file:line:col (1-based; the
// column counts characters). Rule is the id of the rule it belongs to, when
// there is one; Source is the file's line, for the caret display.
type Error struct {
	File   string
	Line   int
	Column int
	Rule   string
	Code   string
	Msg    string
	Source string
}

// Error returns `file:line:col: rule "id": message`.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	if e.Rule != "" {
		fmt.Fprintf(&b, "rule %q: ", e.Rule)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Detail returns Error() with the code, then the source line and a caret
// under the column, for people reading a terminal.
func (e *Error) Detail() string {
	var b strings.Builder
	b.WriteString(e.Error())
	fmt.Fprintf(&b, " [%s]", e.Code)
	if e.Source == "" || e.Column < 1 {
		return b.String()
	}
	b.WriteString(srcpos.Quote(e.Source, e.Column, fmt.Sprintf("%d ", e.Line)))
	return b.String()
}

// ErrorList is every problem found in one load. A rule set with any error
// is refused as a whole.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Detail returns every error with its code and source line.
func (l ErrorList) Detail() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Detail()
	}
	return strings.Join(parts, "\n")
}

// Codes returns the errors' codes in order, for tests.
func (l ErrorList) Codes() []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.Code
	}
	return out
}

// sort orders the errors by file, line and column, so the report reads
// top to bottom whatever order the checks ran in.
func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}
