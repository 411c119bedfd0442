package srcpos

import (
	"strings"
	"unicode/utf8"
)

// Suggest returns the name in known closest to s, if it is close enough to
// be the intended one.
func Suggest(s string, known []string) string {
	best, bestD := "", 1<<30
	for _, k := range known {
		d := editDistance(strings.ToLower(s), strings.ToLower(k))
		if d < bestD {
			best, bestD = k, d
		}
	}
	limit := 2
	if n := utf8.RuneCountInString(s); n >= 6 {
		limit = 3
	} else if n <= 3 {
		limit = 1
	}
	if bestD <= limit && bestD < utf8.RuneCountInString(s) {
		return best
	}
	return ""
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
