package workbench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/cliout"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// reportServer serves the report `judge --format html --rules WHICH`
// writes of the 2020 book's figure 2, at /report.html.
func reportServer(t *testing.T, which string) *httptest.Server {
	t.Helper()
	lib, err := interp.Bundled()
	require.NoError(t, err)
	books, err := lib.Select(which)
	require.NoError(t, err)
	start, moves, err := play(fig02FEN, position.SplitMoves(fig02Moves))
	require.NoError(t, err)
	j, err := cliout.Judge(books, start, moves)
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, htmlreport.WriteJudgement(&page, []htmlreport.Judged{{FEN: j.FEN, Plies: len(moves), Cycle: j.In, Rulings: j.Rulings}}))
	require.Contains(t, page.String(), `font-family: "XQRules Text"; src: url(data:font/otf;base64,`)
	rep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page.Bytes())
	}))
	t.Cleanup(rep.Close)
	return rep
}

// A report of a short cycle under all ten books fits a desktop screen: no
// sideways scrolling (a row per book; the follow-up of issue 25).
func TestBrowserReportFitsDesktop(t *testing.T) {
	ctx, _ := browser(t)
	rep := reportServer(t, "all")
	fitsDesktop(t, ctx, rep.URL+"/report.html", "table.books", ".scroll", "table.books tbody tr", "report-desktop.png")
}

// systemCJKFonts lists the CJK fonts fontconfig knows ("" when none, or
// when fc-list is missing).
func systemCJKFonts() string {
	out, err := exec.Command("fc-list", ":lang=zh", "family").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// markCJK marks every rendered element outside the boards whose own text
// has CJK characters (data-cjk: how many) and returns how many it marked.
const markCJK = `(() => {
	const cjk = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;
	let n = 0;
	for (const e of document.querySelectorAll("body *")) {
		if (e.closest("svg, select, option, textarea, script, style")) continue;
		if (!e.getClientRects().length) continue;
		let k = 0;
		for (const c of e.childNodes) if (c.nodeType === 3) k += (c.data.match(cjk) || []).length;
		if (k) { e.dataset.cjk = k; n++; }
	}
	return n;
})()`

// onlyTextFont makes the page's text name the embedded face alone: what
// renders CJK then is that face or, for a character it lacks, a system
// font — never mistaken for it.
const onlyTextFont = `(() => {
	const s = document.createElement("style");
	s.textContent = 'body *:not(svg):not(svg *) { font-family: "XQRules Text", monospace !important; }';
	document.head.append(s);
	return document.fonts.ready.then(() => true);
})()`

// checkTextFont asserts that every CJK character outside the boards is
// drawn with the embedded text font (CSS.getPlatformFontsForNode: the
// fonts Chromium drew each element's text with), returns the CJK text.
func checkTextFont(t *testing.T, ctx context.Context, what string) string {
	t.Helper()
	var marked int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("[data-cjk]").forEach((e) => delete e.dataset.cjk)`, nil),
		chromedp.Evaluate(markCJK, &marked)))
	require.Greater(t, marked, 10, "%s: the page shows Chinese", what)
	var nodes []*cdp.Node
	var text string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Nodes(`[data-cjk]`, &nodes, chromedp.ByQueryAll),
		chromedp.Evaluate(`[...document.querySelectorAll("[data-cjk]")].map((e) => [...e.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join("")).join("")`, &text),
		chromedp.ActionFunc(func(ctx context.Context) error {
			if err := dom.Enable().Do(ctx); err != nil {
				return err
			}
			if err := css.Enable().Do(ctx); err != nil {
				return err
			}
			bad := 0
			for _, n := range nodes {
				fonts, err := css.GetPlatformFontsForNode(n.NodeID).Do(ctx)
				if err != nil {
					return err
				}
				var want int
				fmt.Sscan(n.AttributeValue("data-cjk"), &want)
				got := 0
				var used []string
				for _, f := range fonts {
					used = append(used, fmt.Sprintf("%s%s×%v", f.FamilyName, map[bool]string{true: "(embedded)"}[f.IsCustomFont], f.GlyphCount))
					if f.IsCustomFont && f.FamilyName == htmlreport.TextFontFamily {
						got += int(f.GlyphCount)
					}
				}
				if got < want && bad < 10 {
					bad++
					t.Errorf("%s: <%s> has %d CJK characters, %d drawn with %s; fonts: %s", what, n.LocalName, want, got, htmlreport.TextFontFamily, strings.Join(used, ", "))
				}
			}
			return nil
		}),
	))
	return text
}

// checkNotNotdef draws each CJK character of text with the embedded face
// alone and compares the pixels with a private-use character's (which no
// font has: the .notdef box): every one must differ, and be a full em wide
// as the face's ideographs are.
func checkNotNotdef(t *testing.T, ctx context.Context, text, what string) {
	t.Helper()
	var res struct {
		Chars  int      `json:"chars"`
		Boxes  []string `json:"boxes"`
		Narrow []string `json:"narrow"`
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(async () => {
		const cjk = /[\u4e00-\u9fff]/u;
		const chars = [...new Set([...%q].filter((c) => cjk.test(c)))];
		await document.fonts.load('32px "XQRules Text"', chars.join(""));
		const cv = document.createElement("canvas");
		cv.width = cv.height = 40;
		const g = cv.getContext("2d", { willReadFrequently: true });
		g.font = '32px "XQRules Text"';
		const draw = (c) => { g.clearRect(0, 0, 40, 40); g.fillText(c, 2, 34); return g.getImageData(0, 0, 40, 40).data.join(); };
		const notdef = draw("\ue000");
		const boxes = [], narrow = [];
		for (const c of chars) {
			if (draw(c) === notdef) boxes.push(c);
			if (Math.abs(g.measureText(c).width - 32) > 0.5) narrow.push(c);
		}
		return { chars: chars.length, boxes, narrow };
	})()`, text), &res, awaitPromise)))
	require.Greater(t, res.Chars, 20, what)
	assert.Empty(t, res.Boxes, "%s: drawn as the .notdef box", what)
	assert.Empty(t, res.Narrow, "%s: not an ideograph of the embedded face", what)
	t.Logf("%s: %d distinct ideographs drawn with the embedded face, none a .notdef box", what, res.Chars)
}

// TestBrowserTextFont: the rulings read on a machine without a CJK font:
// every label, move, book title, clause and reason on the workbench and
// in a self-contained report is drawn with the embedded text font, not as
// boxes. Checked twice: as the page is, when the machine has no CJK font
// (as in CI: only DejaVu), and with a font-family naming only the
// embedded face, which proves it whatever fonts are installed.
func TestBrowserTextFont(t *testing.T) {
	ctx, url := browser(t)
	sys := systemCJKFonts()
	if sys != "" {
		t.Logf("system CJK fonts installed (%s): the page as it is would use them; only the embedded face alone is checked", strings.ReplaceAll(sys, "\n", "; "))
	}
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(url+"/#fen="+strings.ReplaceAll(fig02FEN, " ", "+")+"&moves=h6i4+i9h9+i4h6+h9i9"),
		chromedp.WaitVisible(`#verdicts tr[data-book="20"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.fonts.ready.then(() => true)`, nil, awaitPromise),
	))
	screenshot(t, ctx, "workbench-text-font.png")
	if sys == "" {
		checkTextFont(t, ctx, "workbench")
		// The boxes' placeholders, the game box opened after the font came.
		require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#gamebox summary`, chromedp.ByQuery), chromedp.WaitVisible(`#gametext`, chromedp.ByID)))
		checkPlaceholders(t, ctx, "movein", "gametext")
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(onlyTextFont, nil, awaitPromise)))
	text := checkTextFont(t, ctx, "workbench, the embedded face alone")
	for _, s := range []string{"捉", "兑", "马二退一", "红方变着"} {
		assert.Contains(t, text, s)
	}
	checkNotNotdef(t, ctx, text, "workbench")

	// A report, as `judge --format html` writes it: the font inlined.
	rep := reportServer(t, "all")
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(rep.URL+"/report.html"),
		chromedp.WaitVisible(`table.books`, chromedp.ByQuery),
		chromedp.Evaluate(`document.fonts.ready.then(() => true)`, nil, awaitPromise),
	))
	screenshot(t, ctx, "report-text-font.png")
	if sys == "" {
		checkTextFont(t, ctx, "report")
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(onlyTextFont, nil, awaitPromise)))
	checkNotNotdef(t, ctx, checkTextFont(t, ctx, "report, the embedded face alone"), "report")

}

func awaitPromise(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams {
	return p.WithAwaitPromise(true)
}

// checkPlaceholders asserts that the CJK characters of the placeholders of
// the boxes ids are drawn with the embedded text font. A placeholder is
// drawn in its box's shadow tree: found by describing the box with its
// shadow roots, pushed to the page's node ids.
func checkPlaceholders(t *testing.T, ctx context.Context, ids ...string) {
	t.Helper()
	for _, id := range ids {
		var nodes []*cdp.Node
		require.NoError(t, chromedp.Run(ctx, chromedp.Nodes("#"+id, &nodes, chromedp.ByID)))
		require.NoError(t, chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			if err := css.Enable().Do(ctx); err != nil {
				return err
			}
			box, err := dom.DescribeNode().WithNodeID(nodes[0].NodeID).WithDepth(-1).WithPierce(true).Do(ctx)
			if err != nil {
				return err
			}
			var ph cdp.BackendNodeID
			for _, sr := range box.ShadowRoots {
				for _, c := range sr.Children {
					if c.AttributeValue("id") == "placeholder" || c.AttributeValue("pseudo") == "-webkit-input-placeholder" {
						ph = c.BackendNodeID
					}
				}
			}
			if !assert.NotZero(t, ph, "the placeholder of #%s", id) {
				return nil
			}
			pushed, err := dom.PushNodesByBackendIDsToFrontend([]cdp.BackendNodeID{ph}).Do(ctx)
			if err != nil {
				return err
			}
			fonts, err := css.GetPlatformFontsForNode(pushed[0]).Do(ctx)
			if err != nil {
				return err
			}
			got := 0
			var used []string
			for _, f := range fonts {
				used = append(used, fmt.Sprintf("%s×%v", f.FamilyName, f.GlyphCount))
				if f.IsCustomFont && f.FamilyName == htmlreport.TextFontFamily {
					got += int(f.GlyphCount)
				}
			}
			assert.GreaterOrEqual(t, got, 4, "#%s's placeholder: its Chinese drawn with %s; fonts: %s", id, htmlreport.TextFontFamily, strings.Join(used, ", "))
			return nil
		})))
	}
}
