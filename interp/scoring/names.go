package scoring

import (
	"sort"
	"strings"
	"unicode"
)

// NameVariant is a pair of player names that probably denote one player
// written two ways. Standings keep them apart (merging is the organiser's
// call); the pair is reported so that someone looks.
type NameVariant struct {
	A, B   string
	Reason string
}

// NameVariants finds names that differ only in spacing, full-width letters
// or letter case ("柳大华" / "柳 大华"), and names where one ends with the
// other after a prefix of at least two characters — the province or team
// that CCPD titles put in front of a name ("湖北柳大華" / "柳大華"). Pairs are
// sorted. Traditional and simplified spellings (呂欽 / 吕钦) are not caught.
func NameVariants(names []string) []NameVariant {
	uniq := map[string]string{}
	for _, n := range names {
		uniq[n] = fold(n)
	}
	list := make([]string, 0, len(uniq))
	for n := range uniq {
		list = append(list, n)
	}
	sort.Strings(list)
	var out []NameVariant
	for i, a := range list {
		for _, b := range list[i+1:] {
			fa, fb := uniq[a], uniq[b]
			switch {
			case fa == fb:
				out = append(out, NameVariant{a, b, "same name apart from spacing, width or case"})
			case hasNamePrefix(fa, fb) || hasNamePrefix(fb, fa):
				out = append(out, NameVariant{a, b, "one name is the other with a prefix (province or team?)"})
			}
		}
	}
	return out
}

// fold drops white space (including the ideographic space U+3000), maps
// full-width ASCII to ASCII and lower-cases.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			continue
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFF01 - 0x21
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// hasNamePrefix reports whether long is short with at least two characters
// in front, and short has at least two characters (a one-character suffix
// match would pair every 王 with every 汪王).
func hasNamePrefix(long, short string) bool {
	rl, rs := []rune(long), []rune(short)
	return len(rs) >= 2 && len(rl) >= len(rs)+2 && string(rl[len(rl)-len(rs):]) == short
}
