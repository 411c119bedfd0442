package htmlreport

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// textFont holds every CJK character the program and its bundled data can
// print — labels, notation, book titles, clause texts, reasons, the
// casebook's cases — from Noto Sans CJK SC Regular, renamed "XQRules
// Text" (fonts/subset.sh; SIL OFL 1.1, fonts/OFL.txt). The pages name it
// after the systems' own CJK fonts and only for CJK code points
// (unicode-range), so a system font wins where there is one, and a
// machine without one still reads the rulings rather than empty boxes.
//
//go:embed fonts/text.otf
var textFont []byte

// TextFontFamily is the family name the pages give the text font.
const TextFontFamily = "XQRules Text"

// TextFont is the text font's bytes (OpenType), for a server to send.
func TextFont() []byte { return textFont }

// textRanges are the code points the text font is asked for: the CJK
// blocks and punctuation, compatibility ideographs and forms, fullwidth
// forms, the supplementary ideographs. A Latin font such as DejaVu has
// none of them; fonts/subset.sh takes every character from U+2E80 up.
var textRanges = [][2]rune{{0x2E80, 0x9FFF}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFFEF}, {0x20000, 0x3FFFF}}

// NeedsTextFont reports whether r is one of the code points the text font
// is for.
func NeedsTextFont(r rune) bool {
	for _, rg := range textRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// TextFontFace is the @font-face rule of the text font at src (a URL),
// limited to textRanges: a browser fetches it only for a page that shows
// such characters, and uses it only where the families before it in the
// page's font-family (the systems' CJK fonts) have no glyph.
func TextFontFace(src string) string {
	var ranges []string
	for _, rg := range textRanges {
		ranges = append(ranges, fmt.Sprintf("U+%X-%X", rg[0], rg[1]))
	}
	return fmt.Sprintf("@font-face { font-family: %q; src: url(%s) format(\"opentype\"); unicode-range: %s; font-display: swap; }\n",
		TextFontFamily, src, strings.Join(ranges, ", "))
}

// textFontDataFace is the rule with the font inlined as a data: URL, for
// the self-contained reports (about 240 KB, so built once, when needed).
var textFontDataFace = sync.OnceValue(func() string {
	return TextFontFace("data:font/otf;base64," + base64.StdEncoding.EncodeToString(textFont))
})

// textFontMarker stands in a report's style sheet where the text font's
// rule goes; WithTextFont replaces it once the page is rendered.
const textFontMarker = "/* xqrules: text font */\n"

// WithTextFont puts the text font into a page rendered with ReportCSS as
// its style sheet when the page shows a character it is for (a report with
// no Chinese stays small), and takes the marker out otherwise.
func WithTextFont(page []byte) []byte {
	i := bytes.Index(page, []byte(textFontMarker))
	if i < 0 {
		return page
	}
	face := ""
	for rest := page[i+len(textFontMarker):]; len(rest) > 0; {
		r, n := utf8.DecodeRune(rest)
		if NeedsTextFont(r) {
			face = textFontDataFace()
			break
		}
		rest = rest[n:]
	}
	out := make([]byte, 0, len(page)+len(face))
	out = append(out, page[:i]...)
	out = append(out, face...)
	return append(out, page[i+len(textFontMarker):]...)
}
