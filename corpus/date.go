package corpus

import (
	"regexp"
	"strconv"
	"strings"
)

// The year of a game, read from its date (the record's date field: 1966年,
// 2004-12-15, 2004.9.8, 1990.1.6, 21-8-2009, 11/21/97, 92.5.22, 19850105 …)
// or, when the date holds none, from its event name (19850105…, 1984年…,
// BGN2001…, 93全國…).
var (
	// A year of four digits, alone or the head of 20040707 / 200407.
	year4 = regexp.MustCompile(`(?:^|[^0-9])((?:19|20)[0-9]{2})(?:[0-9]{2}|[0-9]{4})?(?:[^0-9]|$)`)
	// yy-m-d, yy.m.d: 92.5.22, 06-06-22.
	yyFirst = regexp.MustCompile(`^([0-9]{2})[-.]([0-9]{1,2})[-.]([0-9]{1,2})$`)
	// m/d/yy: 11/21/97.
	yyLast = regexp.MustCompile(`^([0-9]{1,2})/([0-9]{1,2})/([0-9]{2})$`)
	// An event name that starts with a two-digit year: 93全國…, 66年個人賽.
	yyEvent = regexp.MustCompile(`^([0-9]{2})(?:年|全國|全国|屆|届)`)
)

// Years outside these bounds are not a game's.
const (
	minYear = 1900
	maxYear = 2100
)

// GameYear returns the year a game was played (0: none found) from its
// date and event name. badDate: the date was given but holds no year (7.9,
// 11月9日, 0000-00-00); the event name may still give one.
func GameYear(date, event string) (year int, badDate bool) {
	date = strings.TrimSpace(halfWidth(date))
	if date != "" {
		if y := dateYear(date); y != 0 {
			return y, false
		}
		badDate = true
	}
	event = strings.TrimSpace(halfWidth(event))
	if y := find4(event); y != 0 {
		return y, badDate
	}
	if m := yyEvent.FindStringSubmatch(event); m != nil {
		return century(m[1]), badDate
	}
	return 0, badDate
}

func dateYear(s string) int {
	if y := find4(s); y != 0 {
		return y
	}
	if m := yyFirst.FindStringSubmatch(s); m != nil {
		return century(m[1])
	}
	if m := yyLast.FindStringSubmatch(s); m != nil {
		return century(m[3])
	}
	return 0
}

func find4(s string) int {
	for _, m := range year4.FindAllStringSubmatch(s, -1) {
		if y, _ := strconv.Atoi(m[1]); y >= minYear && y < maxYear {
			return y
		}
	}
	return 0
}

// century reads a two-digit year: 50–99 are 1950–1999, 00–49 2000–2049.
func century(yy string) int {
	y, _ := strconv.Atoi(yy)
	if y >= 50 {
		return 1900 + y
	}
	return 2000 + y
}

// halfWidth turns full-width digits (１９９０) into ASCII ones.
func halfWidth(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= '０' && r <= '９' }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= '０' && r <= '９' {
			return r - '０' + '0'
		}
		return r
	}, s)
}
