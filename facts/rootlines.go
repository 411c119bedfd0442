package facts

// What the shared gain search (gainAll) found of the lines through each
// victim that start with each of its root's checks, for the one-victim
// searches that then look, in the same position, for the line a victim's
// gain is shown by (gainViaChecks in searchGains): a check line the shared
// search has shown cannot beat the one-victim search's floor is not
// searched again — the one-victim search would find it worth no more, and
// the line it reports is the same. Both searches compute the same values
// (TestEvidenceLineAsFullSearch); their floors, ceilings and the order of
// the moves change only where they stop and which of equal lines they
// report.

import "github.com/xqrules/xqrules/position"

// rootLine is what the shared search found of the lines through each
// victim that start with the root's check m: hi[q] no such line through the
// victim on q is worth more than (noBound: not searched; noFloor: none).
type rootLine struct {
	m  position.Move
	hi [position.NumSquares]int
}

// noBound: nothing known above.
const noBound = noCeil

// keepRootLine records, for the evidence searches of the same position
// (rootLines), what the root's check m, taking gained, was found worth for
// each victim of cv, under their floors (cf, less gained): the line's
// balance (at the root there are no ceilings, so it is exact), or at most
// the floor (no line beat it), or no line at all.
func (s *searcher) keepRootLine(m position.Move, gained int, n *allNode, cf *floors, sub *targets, cv []position.Square) {
	s.rootLines = append(s.rootLines, rootLine{m: m})
	l := &s.rootLines[len(s.rootLines)-1]
	for q := range l.hi {
		l.hi[q] = noBound
	}
	for _, q := range cv {
		switch {
		case !n.wants(q):
		case sub.ok[q]:
			l.hi[q] = gained + sub.val[q]
		case cf[q] == noFloor:
			l.hi[q] = noFloor
		default:
			l.hi[q] = cf[q] + gained
		}
	}
}

// rootLineBelow reports whether the shared search has shown, in the
// position it searched (s.rootKnown), that no line through the victim on
// target that starts with the root's check m is worth more than fl.
func (s *searcher) rootLineBelow(m position.Move, target position.Square, fl int) bool {
	if !s.rootKnown {
		return false
	}
	for i := range s.rootLines {
		if s.rootLines[i].m == m {
			return s.rootLines[i].hi[target] <= fl
		}
	}
	return false
}
