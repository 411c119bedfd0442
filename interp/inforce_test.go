package interp

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBundledInForce(t *testing.T) {
	lib, err := Bundled()
	require.NoError(t, err)
	tab, err := BundledInForce(lib)
	require.NoError(t, err)
	for _, c := range []struct {
		ev        GameEvent
		place     string
		book, why string
	}{
		{GameEvent{Name: "全國個人賽 009", Year: 1966}, "china", "79", ""},
		{GameEvent{Name: "1986年全国团体赛", Year: 1986}, "china", "87", ""},
		{GameEvent{Name: "全國象棋甲級聯賽", Year: 2003}, "china", "99", ""},
		{GameEvent{Name: "全国象棋甲级联赛", Year: 2008}, "china", "11", ""},
		{GameEvent{Name: "全国象棋甲级联赛", Year: 2021}, "china", "20", ""},
		{GameEvent{Name: "全國賽"}, "china", "", "undated"},
		{GameEvent{Name: "第13屆亞洲象棋個人錦標賽"}, "asian", "asian", ""},
		{GameEvent{Name: "第13届亚洲象棋个人锦标赛", Year: 2007}, "asian", "asian", ""},
		{GameEvent{Name: "x", Path: "對局/大師對局/以賽事分類/世界盃/00000125.pgn", Year: 2005}, "asian", "asian", ""},
		{GameEvent{Name: "公開賽", Tags: map[string]string{"Site": "香港"}, Year: 1990}, "asian", "asian", ""},
		{GameEvent{Name: "第三屆電腦象棋錦標賽", Year: 2008}, "", "", "computer"},
	} {
		got := tab.Place(c.ev)
		assert.Equal(t, c.place, got.Place, "%+v", c.ev)
		assert.Equal(t, c.book, got.Book, "%+v", c.ev)
		assert.Equal(t, c.why, got.Unknown, "%+v", c.ev)
	}
}

// A table with overlapping periods or an unknown book is refused at load,
// every error at file:line:col.
func TestInForceRefused(t *testing.T) {
	lib, err := Bundled()
	require.NoError(t, err)
	src := `places:
  - id: china
    default: true
periods:
  - place: china
    from: 1984
    to: 1998
    book: "87"
  - place: china
    from: 1998
    book: "99"
  - place: china
    to: 1983
    book: "78"
  - place: mars
    book: "11"
`
	_, err = LoadInForce("bad.yaml", []byte(src), lib)
	var el ErrorList
	require.True(t, errors.As(err, &el), "%v", err)
	assert.Equal(t, []string{CodeOverlap, CodeUnknownBook, CodeUnknownPlace}, el.Codes())
	assert.Contains(t, el[0].Error(), "bad.yaml:9:5: china 1998–… overlaps the period of line 5 (1984–1998)")
	assert.Contains(t, el[1].Error(), `bad.yaml:14:11: book "78" is not loaded`)
	assert.Contains(t, el[2].Error(), `bad.yaml:15:12: place "mars"`)
	assert.Contains(t, el.Detail(), "  9 | ")
}
