package htmlreport

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// The 2020 book's figure 2 (4 plies), judged under the given books.
func fig02Page(t *testing.T, which string) string {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	books, err := lib.Select(which)
	require.NoError(t, err)
	const fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1"
	p := position.MustParseFEN(fen)
	moves, err := position.ParseMoves(p, []string{"马二退一", "车9平8", "马一进二", "车8平9", "马二退一", "车9平8", "马一进二", "车8平9"})
	require.NoError(t, err)
	in, ok := interp.FindCycle(p, moves)
	require.True(t, ok)
	rulings, err := interp.Judge(books, in)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, WriteJudgement(&b, []Judged{{FEN: fen, Plies: len(moves), Cycle: in, Rulings: rulings}}))
	return b.String()
}

// More books than moves: a row per book (its moves, sides and verdict
// across), so that ten books of a 4-ply cycle do not scroll sideways; fewer
// books than moves keep a row per move and a column per book.
func TestBooksTableOrientation(t *testing.T) {
	page := fig02Page(t, "all")
	require.True(t, strings.Contains(page, `<table class="books by-book">`), "ten books of a 4-ply cycle: a row per book")
	rows := regexp.MustCompile(`(?s)<tr><th class="bk">.*?</tr>`).FindAllString(page, -1)
	require.Len(t, rows, 10, "a row per book")
	for _, r := range rows {
		assert.Equal(t, 4, strings.Count(r, `<span class="label `), "the 4 moves' labels: %s", r[:80])
		assert.Equal(t, 2, strings.Count(r, `<td class="sides">`), "the two sides")
		assert.Equal(t, 1, strings.Count(r, `<td class="verdicts">`), "the verdict")
	}
	assert.Contains(t, rows[4], `<span class="book">20</span>`)
	assert.Contains(t, rows[4], "red-must-vary", "the 2020 book: red must vary (图2)")

	page = fig02Page(t, "11,20")
	assert.False(t, strings.Contains(page, `<table class="books by-book">`), "two books of a 4-ply cycle: a column per book")
	assert.Equal(t, 4, strings.Count(page, `<tr><th class="mv">`), "a row per move")
}
