package workbench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Browser tests drive a headless Chromium through the page. They skip when
// no Chromium is found (set XQRULES_CHROME to its path to choose one);
// .ci/run installs the distribution's chromium. Screenshots are written to
// $XQRULES_SHOTS when it is set, else to the test's temporary directory.
// XQRULES_REQUIRE_BROWSER (set by .ci/run where Chromium is) makes a
// missing Chromium a failure.

func findChrome() string {
	if p := os.Getenv("XQRULES_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts the workbench and a headless Chromium on it.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	chrome := findChrome()
	if chrome == "" && os.Getenv("XQRULES_REQUIRE_BROWSER") != "" {
		t.Fatal("XQRULES_REQUIRE_BROWSER is set and no Chromium was found")
	}
	if chrome == "" {
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome or $XQRULES_CHROME): the browser tests are skipped; install it with apt-get install chromium")
	}
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	ts := httptest.NewServer(New(Options{}))
	t.Cleanup(ts.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox, // CI containers run as root
		chromedp.WindowSize(1500, 1100),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(cancelC)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelT)
	return ctx, ts.URL
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("XQRULES_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	var png []byte
	require.NoError(t, chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, png, 0o644))
	t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

// clickMove plays an ICCS move by clicking its piece, then its destination.
func clickMove(from, to string) chromedp.Tasks {
	return chromedp.Tasks{
		chromedp.Click(fmt.Sprintf(`#board svg .piece[data-square="%s"]`, from), chromedp.ByQuery),
		chromedp.WaitVisible(fmt.Sprintf(`#board svg .dest[data-square="%s"]`, to), chromedp.ByQuery),
		chromedp.Click(fmt.Sprintf(`#board svg .dest[data-square="%s"]`, to), chromedp.ByQuery),
	}
}

// TestBrowserCycle: paste 2020 图2's FEN, play its cycle by clicks, read
// the verdicts from the page, point at a move and see its arrows.
func TestBrowserCycle(t *testing.T) {
	ctx, url := browser(t)
	start := time.Now()
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
	))
	t.Logf("page usable after %v (the browser's start included)", time.Since(start))
	var pieces int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#board svg .piece").length`, &pieces)))
	assert.Equal(t, 32, pieces, "the start position")

	require.NoError(t, chromedp.Run(ctx,
		chromedp.SetValue(`#fen`, fig02FEN, chromedp.ByID),
		chromedp.Click(`#setfen`, chromedp.ByID),
		chromedp.WaitVisible(`#board svg .piece[data-square="h6"]`, chromedp.ByQuery),
	))
	// 马二退一 车9平8 马一进二 车8平9, by clicks.
	for i, mv := range []string{"h6i4", "i9h9", "i4h6", "h9i9"} {
		require.NoError(t, chromedp.Run(ctx,
			clickMove(mv[:2], mv[2:]),
			chromedp.WaitVisible(fmt.Sprintf(`#movelist li:nth-child(%d)`, i+1), chromedp.ByQuery),
		), "move %d %s", i+1, mv)
	}
	var moveText string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
		chromedp.Text(`#movelist`, &moveText, chromedp.ByID),
	))
	for _, cn := range []string{"马二退一", "车9平8", "马一进二", "车8平9"} {
		assert.Contains(t, moveText, cn)
	}
	// The book: red chases 捉 兑 捉 捉 … red must vary (20 and 11).
	for _, book := range []string{"20", "11"} {
		var row string
		require.NoError(t, chromedp.Run(ctx, chromedp.Text(fmt.Sprintf(`#verdicts tr[data-book="%s"]`, book), &row, chromedp.ByQuery)))
		assert.Contains(t, row, "red-must-vary", book)
		assert.Contains(t, row, "捉 兑 捉 捉", book)
	}
	// The link holds the view.
	var href string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`location.hash`, &href)))
	assert.Contains(t, href, "moves=h6i4")
	screenshot(t, ctx, "workbench-cycle.png")

	// Pointing at move 1 (马二退一, 捉) draws its attacks.
	var arrows int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('#rulingtable [data-ply="1"]').dispatchEvent(new MouseEvent("mouseenter")), true`, nil),
		chromedp.WaitVisible(`#board svg .arrow`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#board svg .arrow").length`, &arrows),
	))
	assert.Greater(t, arrows, 0)
	screenshot(t, ctx, "workbench-hover.png")

	// A clause, pointed at, says where it comes from.
	var title string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.WaitVisible(`#rulingtable .cite.hastitle[data-book="20"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#rulingtable .cite.hastitle[data-book="20"]').title`, &title),
	))
	assert.Contains(t, title, "when: ")
	assert.Contains(t, title, "20 ")

	// The link reproduces the view in a fresh page (the time until the
	// rulings are on it is logged: the "usable in 1 s").
	var row string
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate("about:blank")))
	start = time.Now()
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/"+href),
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
		chromedp.Text(`#verdicts tr[data-book="20"]`, &row, chromedp.ByQuery),
	))
	t.Logf("shared link: rulings on the page after %v", time.Since(start))
	assert.Contains(t, row, "red-must-vary")
}

// TestBrowserDraft: a draft with a type error shows the error at its line.
func TestBrowserDraft(t *testing.T) {
	ctx, url := browser(t)
	line, col := lineOf(notBool, "len(Checkers) + 1")
	var gotLine, gotCol, bad, text string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Click(`#newdraft`, chromedp.ByID),
		chromedp.WaitVisible(`#drafterrors .ok`, chromedp.ByQuery), // the skeleton checks
		chromedp.SetValue(`#draft`, notBool, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("draft").dispatchEvent(new Event("input")), true`, nil),
		chromedp.WaitVisible(`#drafterrorlist li`, chromedp.ByQuery),
		chromedp.AttributeValue(`#drafterrorlist li`, "data-line", &gotLine, nil, chromedp.ByQuery),
		chromedp.AttributeValue(`#drafterrorlist li`, "data-column", &gotCol, nil, chromedp.ByQuery),
		chromedp.Text(`#gutter .bad`, &bad, chromedp.ByQuery),
		chromedp.Text(`#drafterrorlist`, &text, chromedp.ByID),
	))
	assert.Equal(t, fmt.Sprint(line), gotLine)
	assert.Equal(t, fmt.Sprint(col), gotCol)
	assert.Equal(t, fmt.Sprint(line), strings.TrimSpace(bad), "the gutter marks the line")
	assert.Contains(t, text, "24.1-check")
	screenshot(t, ctx, "workbench-draft.png")
}

// pointAt returns the page coordinates of a point of the board, computed
// in the page from the board's SVG geometry.
func pointAt(ctx context.Context, sq string) (x, y float64, err error) {
	var xy []float64
	err = chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => {
		const svg = document.querySelector("#board svg");
		const s = pos.squares.find((s) => s.square === %q);
		const p = svg.createSVGPoint(); p.x = s.x; p.y = s.y;
		const q = p.matrixTransform(svg.getScreenCTM());
		return [q.x, q.y];
	})()`, sq), &xy))
	if err == nil && len(xy) == 2 {
		x, y = xy[0], xy[1]
	}
	return x, y, err
}

// TestBrowserSetUp: set up a position by hand — kings only, a rook from
// the tray onto a4, dragged to b4 — and play from it.
func TestBrowserSetUp(t *testing.T) {
	ctx, url := browser(t)
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Click(`#edit`, chromedp.ByID),
		chromedp.WaitVisible(`#tray svg[data-letter="R"]`, chromedp.ByQuery),
		chromedp.Click(`#kingsonly`, chromedp.ByID),
		chromedp.WaitNotPresent(`#board svg .piece[data-square="a0"]`, chromedp.ByQuery),
		chromedp.Click(`#tray svg[data-letter="R"]`, chromedp.ByQuery),
	))
	x, y, err := pointAt(ctx, "a4")
	require.NoError(t, err)
	require.NoError(t, chromedp.Run(ctx,
		chromedp.MouseClickXY(x, y),
		chromedp.WaitVisible(`#board svg .piece[data-square="a4"]`, chromedp.ByQuery),
		chromedp.Click(`#tray svg[data-letter="R"]`, chromedp.ByQuery), // put the brush down
	))
	x2, y2, err := pointAt(ctx, "b4")
	require.NoError(t, err)
	require.NoError(t, chromedp.Run(ctx,
		chromedp.MouseEvent(input.MousePressed, x, y, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseMoved, (x+x2)/2, (y+y2)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseMoved, x2, y2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseReleased, x2, y2, chromedp.ButtonLeft),
		chromedp.WaitVisible(`#board svg .piece[data-square="b4"]`, chromedp.ByQuery),
	))
	var fen string
	require.NoError(t, chromedp.Run(ctx, chromedp.Value(`#fen`, &fen, chromedp.ByID)))
	// Black's king on d9, red's rook on b4 (rank 4: the sixth row from the top), red's king on e0.
	assert.Equal(t, "3k5/9/9/9/9/1R7/9/9/9/4K4 w - - 0 1", fen)
	screenshot(t, ctx, "workbench-setup.png")
	var status string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#editdone`, chromedp.ByID),
		chromedp.WaitNotVisible(`#editor`, chromedp.ByID),
		// Play from it: 车八进五 by typing, as a referee would.
		chromedp.SendKeys(`#movein`, "车八进五\r", chromedp.ByID),
		chromedp.WaitVisible(`#movelist li`, chromedp.ByQuery),
		chromedp.Text(`#status`, &status, chromedp.ByID),
	))
	var glyph string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`(document.querySelector('#board svg .piece[data-square="b9"] text') || {}).textContent || ""`, &glyph)))
	assert.Equal(t, "车", glyph, "the rook went up five points to b9")
	assert.Contains(t, status, "black")
}

// TestBrowserGame: paste a game, choose its cycle, read the verdicts.
func TestBrowserGame(t *testing.T) {
	ctx, url := browser(t)
	var info, row string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		chromedp.Click(`#gamebox summary`, chromedp.ByQuery),
		chromedp.SetValue(`#gametext`, fig06PGN, chromedp.ByID),
		chromedp.Click(`#readgame`, chromedp.ByID),
		chromedp.WaitVisible(`#cycles li`, chromedp.ByQuery),
		chromedp.Text(`#gameinfo`, &info, chromedp.ByID),
		chromedp.Click(`#cycles li`, chromedp.ByQuery),
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
		chromedp.Text(`#verdicts tr[data-book="20"]`, &row, chromedp.ByQuery),
	))
	assert.Contains(t, info, "9 moves")
	// 2020 图6: red's lone rook checks perpetually; red must vary.
	assert.Contains(t, row, "red-must-vary")
	assert.Contains(t, row, "将 闲 将 闲")
	screenshot(t, ctx, "workbench-game.png")
}

// TestBrowserMateArrow: 2020 图7, red's 炮 threatens mate on every move
// (杀 拦 杀 拦 in the book); pointing at move 1 draws the mate's first move.
func TestBrowserMateArrow(t *testing.T) {
	ctx, url := browser(t)
	var labels, caption string
	var arrows int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/#fen=2bak1c2%2F4aRN1r%2F4b4%2F9%2F9%2F9%2F3pp4%2F2n1B4%2F9%2F2B1K3C+w&moves=i0h0+i8h8+h0i0+h8i8&books=20"),
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
		chromedp.Text(`#verdicts tr[data-book="20"] .labels-cell`, &labels, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#rulingtable [data-ply="1"]').dispatchEvent(new MouseEvent("mouseenter")), true`, nil),
		chromedp.WaitVisible(`#board svg .arrow`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#board svg .arrow").length`, &arrows),
		chromedp.Text(`#boardcap`, &caption, chromedp.ByID),
	))
	assert.Equal(t, "杀 拦 杀 拦", labels)
	assert.Equal(t, 1, arrows)
	assert.Contains(t, caption, "threatens mate")
	screenshot(t, ctx, "workbench-mate.png")
}

// TestBrowserBadLink: a shared link with one bad part keeps what was
// given: an illegal 4th move leaves the board after move 3, the FEN in its
// box, every move listed with the 4th marked and the 5th not played; a FEN
// one point short stays in its box with its short rank marked, the moves
// listed. Undo drops the bad part.
func TestBrowserBadLink(t *testing.T) {
	ctx, url := browser(t)
	link := func(fen, moves string) string {
		return url + "/#fen=" + strings.ReplaceAll(fen, " ", "+") + "&moves=" + strings.ReplaceAll(moves, " ", "+")
	}
	var fen, status, bad, hash string
	var pieces, items, unplayed int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(link(fig02FEN, "h6i4 i9h9 i4h6 e9e7 h9i9")),
		chromedp.WaitVisible(`#movelist li.bad`, chromedp.ByQuery),
		chromedp.WaitVisible(`#board svg .piece[data-square="h9"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#board svg .piece").length`, &pieces),
		chromedp.Value(`#fen`, &fen, chromedp.ByID),
		chromedp.Text(`#status`, &status, chromedp.ByID),
		chromedp.Text(`#movelist li.bad`, &bad, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#movelist li").length`, &items),
		chromedp.Evaluate(`document.querySelectorAll("#movelist li.unplayed").length`, &unplayed),
		chromedp.Evaluate(`location.hash`, &hash),
	))
	assert.Equal(t, 29, pieces, "the board after move 3 (图2 has 29 pieces)")
	var knight, emptyI9 bool
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Evaluate(`!!document.querySelector('#board svg .piece[data-square="h6"]')`, &knight),
		chromedp.Evaluate(`!document.querySelector('#board svg .piece[data-square="i9"]')`, &emptyI9),
	))
	assert.True(t, knight, "马一进二 brought the horse back to h6")
	assert.True(t, emptyI9, "车9平8 left i9")
	assert.True(t, strings.HasPrefix(fen, "1r2kab1r/2c1a4/"), "the FEN box keeps the position: %q", fen)
	assert.Contains(t, status, "move 4")
	assert.Contains(t, bad, "e9e7")
	assert.Equal(t, 5, items, "every move given is listed")
	assert.Equal(t, 1, unplayed, "the move after the bad one")
	assert.Contains(t, hash, "e9e7+h9i9", "the link keeps what was given")
	screenshot(t, ctx, "workbench-bad-move.png")

	// Undo drops the bad part and leaves the three legal moves.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#undo`, chromedp.ByID),
		chromedp.WaitNotPresent(`#movelist li.bad`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#movelist li").length`, &items),
		chromedp.Evaluate(`location.hash`, &hash),
	))
	assert.Equal(t, 3, items)
	assert.NotContains(t, hash, "e9e7")

	// A FEN one point short on its last rank.
	short := strings.Replace(fig02FEN, "1RBAK2R1 w", "1RBAK2R w", 1)
	var cls, marked string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(link(short, "h6i4 i9h9")),
		chromedp.WaitVisible(`#fenmark mark`, chromedp.ByQuery),
		chromedp.Value(`#fen`, &fen, chromedp.ByID),
		chromedp.AttributeValue(`#fen`, "class", &cls, nil, chromedp.ByID),
		chromedp.Text(`#fenmark mark`, &marked, chromedp.ByQuery),
		chromedp.Text(`#status`, &status, chromedp.ByID),
		chromedp.Evaluate(`document.querySelectorAll("#movelist li.unplayed").length`, &unplayed),
		chromedp.WaitVisible(`#board svg.blank`, chromedp.ByQuery),
	))
	assert.Equal(t, short, fen, "the FEN box keeps the FEN given")
	assert.Contains(t, cls, "bad")
	assert.Equal(t, "1RBAK2R", marked, "the short rank is marked")
	assert.Contains(t, status, "8 points")
	assert.Equal(t, 2, unplayed, "the moves are kept")
	screenshot(t, ctx, "workbench-bad-fen.png")
}

// TestBrowserPhone: on a phone-sized screen (420 CSS pixels wide) nothing
// runs off the side: the board scales to the width and is fully visible,
// the buttons and boxes fit, and with all ten books the rulings stack one
// book under another instead of scrolling sideways. A click on the board
// still plays a move.
func TestBrowserPhone(t *testing.T) {
	ctx, url := browser(t)
	const width = 420
	require.NoError(t, chromedp.Run(ctx,
		chromedp.EmulateViewport(width, 900),
		chromedp.Navigate(url+"/#fen="+strings.ReplaceAll(fig02FEN, " ", "+")+"&moves=h6i4+i9h9+i4h6+h9i9"),
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
	))
	type box struct{ Left, Right, Top, Bottom float64 }
	var m struct {
		ScrollWidth, InnerWidth float64
		Board                   box
		Over                    []string // elements reaching past the right edge
		Books                   []box    // each book's ruling
		Table                   bool     // the wide table is shown
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const r = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top + scrollY, bottom: b.bottom + scrollY }; };
		const over = [];
		for (const e of document.querySelectorAll("body *")) {
			if (!e.getClientRects().length || e.closest("svg")) continue;
			const b = e.getBoundingClientRect();
			if (b.right > innerWidth + 0.5 || b.left < -0.5) over.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : "") + " " + Math.round(b.left) + ".." + Math.round(b.right));
		}
		const table = document.getElementById("rulingtable");
		return {
			scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
			board: r(document.querySelector("#board svg")),
			over: over.slice(0, 20),
			books: [...document.querySelectorAll("#rulingcards .bookcard")].map(r),
			table: !!table && table.getClientRects().length > 0,
		};
	})()`, &m)))
	screenshot(t, ctx, "workbench-phone.png")
	assert.LessOrEqual(t, m.ScrollWidth, m.InnerWidth, "no horizontal overflow")
	assert.Empty(t, m.Over, "elements past the screen's edges")
	assert.GreaterOrEqual(t, m.Board.Left, 0.0)
	assert.LessOrEqual(t, m.Board.Right, m.InnerWidth, "the board fits")
	assert.Greater(t, m.Board.Right-m.Board.Left, 300.0, "the board fills the width")
	assert.False(t, m.Table, "no wide table on a phone")
	require.Len(t, m.Books, 10, "a ruling per book")
	for i, b := range m.Books {
		assert.LessOrEqual(t, b.Right, m.InnerWidth, "book %d fits", i)
		if i > 0 {
			assert.GreaterOrEqual(t, b.Top, m.Books[i-1].Bottom-0.5, "book %d stacks under book %d", i, i-1)
		}
	}
	// The stacked rulings read as the table does: 20's labels and verdict.
	var card string
	require.NoError(t, chromedp.Run(ctx, chromedp.Text(`#rulingcards .bookcard[data-book="20"]`, &card, chromedp.ByQuery)))
	assert.Contains(t, card, "red-must-vary")
	assert.Contains(t, card, "马二退一")
	assert.Contains(t, card, "捉")

	// A move by clicks on the scaled board.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#reset`, chromedp.ByID),
		chromedp.WaitNotPresent(`#movelist li`, chromedp.ByQuery),
		clickMove("h6", "i4"),
		chromedp.WaitVisible(`#movelist li`, chromedp.ByQuery),
	))

	// The set-up tray, the game box and a draft's errors fit too.
	var sw, iw float64
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#edit`, chromedp.ByID),
		chromedp.WaitVisible(`#tray svg[data-letter="R"]`, chromedp.ByQuery),
		chromedp.Click(`#gamebox summary`, chromedp.ByQuery),
		chromedp.SetValue(`#draft`, notBool, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("draft").dispatchEvent(new Event("input")), true`, nil),
		chromedp.WaitVisible(`#drafterrorlist li`, chromedp.ByQuery),
		chromedp.Evaluate(`document.scrollingElement.scrollWidth`, &sw),
		chromedp.Evaluate(`innerWidth`, &iw),
	))
	screenshot(t, ctx, "workbench-phone-open.png")
	assert.LessOrEqual(t, sw, iw, "no horizontal overflow with the tray, the game box and a draft open")

	// At desktop width the books stand side by side in one table.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.EmulateViewport(1500, 1100),
		chromedp.Navigate(url+"/#fen="+strings.ReplaceAll(fig02FEN, " ", "+")+"&moves=h6i4+i9h9+i4h6+h9i9"),
		chromedp.WaitVisible(`#rulingtable`, chromedp.ByQuery),
		chromedp.WaitNotVisible(`#rulingcards`, chromedp.ByQuery),
	))
	screenshot(t, ctx, "workbench-desktop.png")
}

// At a desktop width, a short cycle under all ten books reads without
// scrolling sideways: a row per book when there are more books than moves
// (as the HTML report does), and pointing at a move's column still draws
// its attacks.
func TestBrowserDesktopTenBooks(t *testing.T) {
	ctx, url := browser(t)
	fitsDesktop(t, ctx, url+"/#fen="+strings.ReplaceAll(fig02FEN, " ", "+")+"&moves=h6i4+i9h9+i4h6+h9i9",
		"#rulingtable", "#rulings", "#rulingtable tbody tr[data-book]", "workbench-desktop-ten.png")

	// Pointing at 20's ruling of move 1 (马二退一, 捉) marks move 1's column
	// (its head and a cell per book) and draws its attacks.
	var marked, arrows int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('#rulingtable tr[data-book="20"] td[data-ply="1"]').dispatchEvent(new MouseEvent("mouseenter")), true`, nil),
		chromedp.WaitVisible(`#board svg .arrow`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#rulingtable .hover").length`, &marked),
		chromedp.Evaluate(`document.querySelectorAll("#board svg .arrow").length`, &arrows),
	))
	assert.Equal(t, 1+10, marked, "move 1's head and its cell in each book's row")
	assert.Greater(t, arrows, 0)
}

// fitsDesktop opens url at 1280×900 and, once ready (a selector) is shown,
// asserts that neither the page nor box (a selector: the books' table's
// box) scrolls sideways and that rows (a selector) finds a row for each of
// the ten books.
func fitsDesktop(t *testing.T, ctx context.Context, url, ready, box, rows, shot string) {
	t.Helper()
	var m struct {
		ScrollWidth, InnerWidth, BoxScroll, BoxClient float64
		Rows                                          int
	}
	require.NoError(t, chromedp.Run(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(url),
		chromedp.WaitVisible(ready, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.querySelector(%q);
			return { scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
				boxScroll: s.scrollWidth, boxClient: s.clientWidth,
				rows: document.querySelectorAll(%q).length }; })()`, box, rows), &m),
	))
	screenshot(t, ctx, shot)
	assert.Equal(t, 10, m.Rows, "a row per book")
	assert.LessOrEqual(t, m.ScrollWidth, m.InnerWidth, "the page does not scroll sideways")
	assert.LessOrEqual(t, m.BoxScroll, m.BoxClient+1, "the books' table does not scroll sideways")
}
