package interp

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// transformInput returns the same cycle on a transformed board: reflected
// left–right (file a ↔ i), or, with swap, turned half a turn with the
// colours exchanged (Red's pieces Black's, the side to move the other, the
// position seen from the other side). A ruling follows the pieces, not the
// squares or the colours: the mirrored cycle gets the same verdict and labels,
// the swapped one the same labels and the verdict with the sides exchanged.
func transformInput(t *testing.T, in Input, swap bool) Input {
	t.Helper()
	sq := func(s position.Square) position.Square {
		if swap {
			return position.SquareAt(8-s.File(), 9-s.Rank())
		}
		return position.SquareAt(8-s.File(), s.Rank())
	}
	p := position.Empty()
	for s := position.Square(0); s < position.NumSquares; s++ {
		pc := in.Start.At(s)
		if pc == position.NoPiece {
			continue
		}
		if swap {
			pc = position.MakePiece(pc.Color().Other(), pc.Kind())
		}
		p.Place(sq(s), pc)
	}
	side := in.Start.Side()
	if swap {
		side = side.Other()
	}
	p.SetSide(side)
	out := Input{Start: p, Occurrences: in.Occurrences, Context: in.Context, FromPly: in.FromPly, WholeFromPly: in.WholeFromPly, Returns: in.Returns}
	for _, m := range in.Moves {
		out.Moves = append(out.Moves, position.NewMove(sq(m.From()), sq(m.To())))
	}
	for _, m := range in.Whole {
		out.Whole = append(out.Whole, position.NewMove(sq(m.From()), sq(m.To())))
	}
	if swap {
		out.Context.Recreator = swapSides(in.Context.Recreator)
	}
	// The moves must be legal on the new board (a check of the transform).
	q := p.Clone()
	for i, m := range out.Moves {
		require.Truef(t, q.IsLegal(m), "transformed move %d %s is not legal", i+1, m)
		q.Make(m)
	}
	return out
}

// swapSides exchanges "red" and "black" in a verdict or a side's name.
func swapSides(s string) string {
	return strings.NewReplacer("red", "black", "black", "red").Replace(s)
}

// TestVerdictInvariance: every cycle of every case file, judged under every
// bundled book, gets the same verdict and labels when the board is mirrored
// left–right, and the same labels with the verdict's sides exchanged when
// the colours are swapped. A fact or a predicate that depended on a file's
// number, on a colour or on the direction of play would break it.
func TestVerdictInvariance(t *testing.T) {
	if testing.Short() {
		t.Skip("judges every case-file cycle three times under every book")
	}
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	// Known residuals, by "id mirror" or "id colour swap": recorded until
	// fixed, the test failing when the two agree again (none now: 参考图30's
	// tie between the pawn's two checks is told by the pawn clamp, see
	// facts.tieBreak).
	known := map[string]bool{}
	for _, c := range caseFileCycles(t) {
		t.Run(c.id, func(t *testing.T) {
			base, err := Judge(books, c.in)
			require.NoError(t, err)
			for _, swap := range []bool{false, true} {
				name := "mirror"
				if swap {
					name = "colour swap"
				}
				got, err := Judge(books, transformInput(t, c.in, swap))
				require.NoError(t, err)
				require.Len(t, got, len(base))
				if known[c.id+" "+name] {
					differs := false
					for i, r := range base {
						differs = differs || !assert.ObjectsAreEqual(labelsOf(r), labelsOf(got[i]))
					}
					assert.Truef(t, differs, "%s: the known %s residual is gone — remove it from known", c.id, name)
					continue
				}
				for i, r := range base {
					want := r.Verdict
					if swap {
						want = swapSides(want)
					}
					assert.Equalf(t, want, got[i].Verdict, "%s under %s: verdict", name, r.Ruleset)
					assert.Equalf(t, labelsOf(r), labelsOf(got[i]), "%s under %s: labels", name, r.Ruleset)
				}
			}
		})
	}
}

func labelsOf(r Ruling) []string {
	var out []string
	for _, m := range r.Moves {
		out = append(out, m.Label)
	}
	return out
}

// iccsMove is a move in ICCS (h2e2) as it would appear inside a reason.
var iccsMove = regexp.MustCompile(`\b[a-i][0-9][a-i][0-9]\b`)

// TestReasonsInChineseNotation: a reason is Chinese text, and the lines it
// quotes (a mating line, a winning line, the move a side could vary with)
// are in the Chinese notation around them, never in ICCS — under every
// book, on every cycle of every case file.
func TestReasonsInChineseNotation(t *testing.T) {
	if testing.Short() {
		t.Skip("judges every case-file cycle under every book")
	}
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	seen := 0
	for _, c := range caseFileCycles(t) {
		rs, err := Judge(books, c.in)
		require.NoError(t, err)
		for _, r := range rs {
			texts := []string{r.Reason}
			for _, m := range r.Moves {
				texts = append(texts, m.Reason)
			}
			for _, tx := range texts {
				seen++
				assert.Falsef(t, iccsMove.MatchString(tx), "%s under %s: ICCS in %q", c.id, r.Ruleset, tx)
			}
		}
	}
	assert.Greater(t, seen, 1000)
}

// TestInvarianceOffTheCases: the invariance of TestVerdictInvariance on
// cycles nobody wrote down — from the start of every case-file cycle, the
// first back-and-forth cycles (a move, a reply, both taken back), mirrored
// and colour-swapped, under every bundled book. Ties between equal lines
// are where a search's answer can follow the order moves are generated in
// (an equal recapture or capture elsewhere, two answers to a check, two
// advisors a pawn can take); this finds them.
func TestInvarianceOffTheCases(t *testing.T) {
	if testing.Short() {
		t.Skip("judges some five thousand cycles three times under every book")
	}
	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	// Known residuals, by the cycle's name (none now: 图8's tie inside the
	// exchange search is told by the longest answer to the check, 参考图12's
	// by the pawn clamp; see facts.tieBreak and qsc).
	known := map[string]bool{}
	const perStart = 15
	total := 0
	for _, c := range caseFileCycles(t) {
		p := c.in.Start
		n := 0
		for _, a := range p.LegalMoves(nil) {
			q := p.Clone()
			q.Make(a)
			for _, b := range q.LegalMoves(nil) {
				if n >= perStart {
					break
				}
				back, back2 := position.NewMove(a.To(), a.From()), position.NewMove(b.To(), b.From())
				r := q.Clone()
				r.Make(b)
				if !r.IsLegal(back) {
					continue
				}
				r.Make(back)
				if !r.IsLegal(back2) {
					continue
				}
				in := Input{Start: p, Moves: []position.Move{a, b, back, back2}}
				base, err := Judge(books, in)
				if err != nil {
					continue // not a cycle every book can judge (a mate on the way)
				}
				n++
				name := c.id + " " + a.String() + " " + b.String() + " " + back.String() + " " + back2.String()
				if known[name] {
					continue
				}
				total++
				for _, swap := range []bool{false, true} {
					got, err := Judge(books, transformInput(t, in, swap))
					require.NoError(t, err)
					for i, r := range base {
						want := r.Verdict
						if swap {
							want = swapSides(want)
						}
						assert.Equalf(t, want, got[i].Verdict, "%s (swap %v) under %s: verdict", name, swap, r.Ruleset)
						assert.Equalf(t, labelsOf(r), labelsOf(got[i]), "%s (swap %v) under %s: labels", name, swap, r.Ruleset)
					}
				}
			}
		}
	}
	assert.Greater(t, total, 2000)
}
