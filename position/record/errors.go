package record

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/xqrules/xqrules/internal/excerpt"
)

// Error is a problem found while reading a file: a record that cannot be
// read (the reader goes on with the next one) or, when Fatal, a file that
// cannot be read further (gzip corrupt, not UTF-8, a line too long): the
// next call to Next then returns io.EOF.
type Error struct {
	File  string
	Line  int    // 1-based line (0 when unknown, e.g. a gzip error)
	Index int    // 0-based index of the game in the file, -1 when the error is not in a game
	ID    string // the game's id when known
	Text  string // the offending text, shortened
	Code  string // stable, for tests and programs: see the Code* constants
	Msg   string
	Fatal bool
	Err   error // the underlying error, if any (gzip, I/O)
}

// Error codes.
const (
	CodeIO             = "io"               // the file cannot be opened or read
	CodeGzip           = "gzip"             // corrupt or truncated gzip stream
	CodeEmpty          = "empty"            // the file holds no record at all
	CodeLineTooLong    = "line-too-long"    // a line longer than MaxLineBytes
	CodeEncoding       = "encoding"         // bytes in none of the text encodings read (binary, mixed encodings, UTF-16)
	CodeJSON           = "json"             // a JSON Lines row that is not a JSON object
	CodeNoMoves        = "no-moves"         // a JSON row without a moves field
	CodeMoves          = "moves"            // a JSON moves field that is not a string or a list of strings
	CodeTag            = "tag"              // a malformed PGN tag pair
	CodeComment        = "comment"          // an unterminated {comment}
	CodeVariation      = "variation"        // an unterminated or unbalanced (variation)
	CodeResult         = "result"           // an unknown game result
	CodeDhtmlXQ        = "dhtmlxq"          // a malformed DhtmlXQ block
	CodeXQF            = "xqf"              // a malformed XQF file
	CodeRecordTooLarge = "record-too-large" // a record larger than MaxRecordBytes
)

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Index >= 0 {
		fmt.Fprintf(&b, ": game %d", e.Index+1)
		if e.ID != "" {
			fmt.Fprintf(&b, " (%s)", excerpt.Cut(e.ID))
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	if e.Text != "" {
		fmt.Fprintf(&b, ": %q", e.Text)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// snippet shortens text for an error message, on a rune boundary, and
// replaces invalid UTF-8 so that messages stay printable.
func snippet(text []byte) string {
	const max = 60
	s := string(text)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
