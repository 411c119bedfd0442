package position

import (
	"errors"
	"testing"
)

// FuzzParseFEN: any text either parses to a position whose FEN parses back
// to the same position, or fails with a *FENError; never a panic.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w",
		"3k5/9/9/9/9/9/9/9/6B2/4K4 b",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
		"", "/", "9/9/9/9/9/9/9/9/9/9 w", "rnbakabnr/9/1c5c1 x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (*Position, error){ParseFEN, ParseFENComposed} {
			p, err := parse(s)
			if err != nil {
				var fe *FENError
				if !errors.As(err, &fe) {
					t.Fatalf("%q: error of type %T: %v", s, err, err)
				}
				if fe.Offset > len(s) {
					t.Fatalf("%q: offset %d beyond the text", s, fe.Offset)
				}
				continue
			}
			q, err := parse(p.FEN())
			if err != nil {
				t.Fatalf("%q → %q does not parse back: %v", s, p.FEN(), err)
			}
			if !q.Equal(p) || q.Key() != p.Key() {
				t.Fatalf("%q → %q parses back to another position", s, p.FEN())
			}
			_ = p.LegalMoves(nil)
		}
	})
}
