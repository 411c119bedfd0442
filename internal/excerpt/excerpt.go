// Package excerpt shortens the input an error message quotes: a message
// names where and what, and quotes at most about Width characters of the
// input around the place, whatever the size of the input (a 5 MB FEN line
// must not make a 5 MB message).
package excerpt

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Width is about how many bytes of input a message quotes.
const Width = 80

// Quote is s in Go quotes (strconv.Quote), cut to about Width bytes with
// "…" and the full length when it is longer.
func Quote(s string) string { return Around(s, 0) }

// Around is s in quotes when it is short; a longer s is cut to about Width
// bytes around the byte offset off (the start when off < 0), on rune
// boundaries, with "…" where it was cut and its full length said, so that
// the place is still found in it.
func Around(s string, off int) string {
	if len(s) <= Width {
		return strconv.Quote(valid(s))
	}
	off = max(0, min(off, len(s)))
	from := max(0, off-Width/2)
	to := min(len(s), from+Width)
	from = max(0, min(from, to-Width))
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("…")
	}
	b.WriteString(strconv.Quote(valid(s[from:to])))
	if to < len(s) {
		b.WriteString("…")
	}
	b.WriteString(" (")
	b.WriteString(strconv.Itoa(len(s)))
	b.WriteString(" bytes)")
	return b.String()
}

// Cut is s cut to about Width bytes, with "…" at the end when it was
// longer: for a name or an id shown without quotes.
func Cut(s string) string {
	s = valid(s)
	if len(s) <= Width {
		return s
	}
	cut := Width
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func valid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
