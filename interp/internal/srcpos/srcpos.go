// Package srcpos measures source lines for positioned error messages: how
// far to indent a caret so it stands under a column, when CJK and full-width
// characters take two terminal cells. Rule books and scoring schemes share it.
package srcpos

import "strings"

// window is how many characters of a long source line Quote shows.
const window = 80

// RuneWidth is the terminal width of r: CJK and full-width characters take
// two cells, everything else one.
func RuneWidth(r rune) int {
	switch {
	case r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0xa4cf && r != 0x303f) ||
		(r >= 0xac00 && r <= 0xd7a3) ||
		(r >= 0xf900 && r <= 0xfaff) ||
		(r >= 0xfe30 && r <= 0xfe4f) ||
		(r >= 0xff00 && r <= 0xff60) ||
		(r >= 0xffe0 && r <= 0xffe6) ||
		(r >= 0x20000 && r <= 0x3fffd)):
		return 2
	}
	return 1
}

// Indent is the width of the text before the 1-based column of line: the
// number of spaces that puts a caret under that column.
func Indent(line string, column int) int {
	w := 0
	for i, r := range []rune(line) {
		if i >= column-1 {
			break
		}
		w += RuneWidth(r)
	}
	return w
}

// Quote returns a source line and a caret under its column, each on a line
// of its own (leading newline included), after a gutter: "12 " gives
// "  12 | source", "" gives "  | source". Tabs show as spaces. A line
// longer than window characters shows only window characters around the
// column, "..." marking what is cut: a message never quotes a whole huge line.
func Quote(source string, column int, gutter string) string {
	if rs := []rune(source); len(rs) > window {
		from := max(0, min(column-1-window/2, len(rs)-window))
		to := from + window
		source = string(rs[from:to])
		column -= from
		if from > 0 {
			source = "..." + source
			column += 3
		}
		if to < len(rs) {
			source += "..."
		}
	}
	var b strings.Builder
	b.WriteString("\n  ")
	b.WriteString(gutter)
	b.WriteString("| ")
	b.WriteString(strings.ReplaceAll(source, "\t", " "))
	b.WriteString("\n  ")
	b.WriteString(strings.Repeat(" ", len(gutter)))
	b.WriteString("| ")
	b.WriteString(strings.Repeat(" ", Indent(source, column)))
	b.WriteString("^")
	return b.String()
}
