package interp

import (
	"fmt"
	"github.com/xqrules/xqrules/internal/excerpt"
	"regexp"
	"strings"
)

// The shared data files (rulecases.jsonl, cn2020_figures.jsonl) state a
// row's ruling in words — "verdict": "red loses", "ruleset": "CXA 2020" —
// rather than as expect {book id: verdict}. rulingOf reads that form: the
// rule set named becomes the bundled book it names, the verdict words become
// a verdict, and a verdict the source itself qualifies (inferred from a game
// result, disputed, a program's adjudication) is kept uncounted.

// noExpectation is the error of a row that expects nothing: it says both
// forms a row may take and where the YAML form is described.
const noExpectation = `nothing expected: a row gives "expect" (book id → verdict, e.g. {"20": "red-must-vary"}), ` +
	`or "verdict" in words with the "ruleset" it was ruled under (e.g. "red loses" under "CXA 2020"); ` +
	`YAML case files (labels, known disagreements) are described in testdata/cases/README.md`

// verdictPhrases maps the words of a ruling, lower-cased and trimmed of any
// parenthesised remark, to a verdict. A side that loses is the side that had
// to vary and did not.
var verdictPhrases = map[string]string{
	"red loses": RedMustVary, "red must vary": RedMustVary, "red-must-vary": RedMustVary,
	"black loses": BlackMustVary, "black must vary": BlackMustVary, "black-must-vary": BlackMustVary,
	"draw": Draw, "no-cycle": NoCycle, "no repetition - game continues": NoCycle,
	"红负": RedMustVary, "红方负": RedMustVary, "红方判负": RedMustVary, "红方变着": RedMustVary, "红方须变着": RedMustVary,
	"黑负": BlackMustVary, "黑方负": BlackMustVary, "黑方判负": BlackMustVary, "黑方变着": BlackMustVary, "黑方须变着": BlackMustVary,
	"和": Draw, "和棋": Draw, "判和": Draw, "作和": Draw, "不变作和": Draw,
}

// qualifiers are the words by which a source says its own verdict is not a
// ruling to count.
var qualifiers = []string{"inferred", "not an official", "disputed", "adjudication", "not asserted", "推断", "有争议"}

// verdictOfText reads a ruling in words. ok is false when the words name no
// verdict; qualified is true when the source marks the verdict as not an
// official ruling.
func verdictOfText(text string) (verdict string, qualified, ok bool) {
	low := strings.ToLower(strings.TrimSpace(text))
	for _, q := range qualifiers {
		if strings.Contains(low, q) {
			qualified = true
		}
	}
	head := low
	if i := strings.IndexAny(head, "(（:："); i >= 0 {
		head = strings.TrimSpace(head[:i])
	}
	verdict, ok = verdictPhrases[head]
	return verdict, qualified, ok
}

// rulesetYears maps the year an edition of the Chinese rules is named by to
// the bundled book that holds it (1984's trial rules were kept in 1987's,
// 2007's trial rules in 2011's; 2022 is how some programs name 2020's).
var rulesetYears = []struct{ year, book string }{
	{"1979", "79"}, {"1984", "87"}, {"1987", "87"}, {"1999", "99"},
	{"2007", "11"}, {"2011", "11"}, {"2020", "20"}, {"2022", "20"},
}

var yearRE = regexp.MustCompile(`(19|20)\d\d`)

// booksOfRuleset names the bundled books a rule set named in words means: a
// book id as it is, the first edition year named, and the Asian book for
// AXF, WXF or "Asian". Several books mean the source does not say which.
func booksOfRuleset(name string) []string {
	low := strings.ToLower(strings.TrimSpace(name))
	if low == "" {
		return nil
	}
	for _, id := range bookOrder {
		if low == id {
			return []string{id}
		}
	}
	var out []string
	if y := yearRE.FindString(low); y != "" {
		for _, ry := range rulesetYears {
			if ry.year == y {
				out = append(out, ry.book)
			}
		}
	}
	if strings.Contains(low, "asian") || strings.Contains(low, "axf") || strings.Contains(low, "wxf") || strings.Contains(low, "亚洲") {
		out = append(out, "asian")
	}
	if !yearRE.MatchString(low) && (strings.Contains(low, "chinese") || strings.Contains(low, "cxa") || strings.Contains(low, "中国")) {
		// A Chinese book with no edition named: the one in force today,
		// beside the Asian book when the source names both.
		out = append(out, "20")
	}
	return out
}

// rulingOf fills c's expectations from a ruling in words. A verdict the
// source qualifies, or one under a rule set it does not pin to one book, is
// kept uncounted under each book it may mean.
func rulingOf(c *Case, verdict, ruleset string, labels []*string) error {
	books := booksOfRuleset(ruleset)
	if len(books) == 0 {
		if ruleset == "" {
			return fmt.Errorf("verdict %s names no rule set: give \"ruleset\" (a book id, an edition year such as \"CXA 2020\", or \"AXF\"), or \"expect\" {book id: verdict}", excerpt.Quote(verdict))
		}
		return fmt.Errorf("ruleset %s names no bundled book: name an edition year (1979, 1987, 1999, 2011, 2020) or Asian/AXF/WXF, or give \"expect\" {book id: verdict}", excerpt.Quote(ruleset))
	}
	c.RulesetNamed = ruleset
	v, qualified, ok := verdictOfText(verdict)
	switch {
	case verdict == "" && len(labels) == 0:
		return fmt.Errorf("ruleset %s but no verdict: give \"verdict\" (red loses, black loses, draw, red must vary …)", excerpt.Quote(ruleset))
	case verdict != "" && !ok && !qualified:
		return fmt.Errorf("verdict %s is not a ruling this reads: red loses, black loses, draw, red must vary, black must vary (a remark may follow in brackets)", excerpt.Quote(verdict))
	}
	uncounted := func(id, why string) {
		if c.Uncounted == nil {
			c.Uncounted = map[string]string{}
		}
		c.Uncounted[id] = why
	}
	for _, id := range books {
		switch {
		case verdict == "":
		case qualified || !ok:
			uncounted(id, verdict)
		case len(books) > 1:
			uncounted(id, fmt.Sprintf("%s (under %s, which does not say which book)", excerpt.Cut(verdict), excerpt.Quote(ruleset)))
		default:
			if c.Expect == nil {
				c.Expect = map[string]string{}
			}
			c.Expect[id] = v
		}
		if len(labels) > 0 {
			if c.Labels == nil {
				c.Labels = map[string][]string{}
			}
			row := make([]string, len(labels))
			for i, l := range labels {
				if l != nil {
					row[i] = *l
				}
			}
			c.Labels[id] = row
		}
	}
	return nil
}
