package workbench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
)

// 2020 图2: the book rules red's 马 chases 捉 兑 捉 捉 … red must vary
// (testdata/cases/cn2020_figures.yaml, from the book's text).
const (
	fig02FEN   = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w"
	fig02Moves = "马二退一 车9平8 马一进二 车8平9"
	// 2020 图6: red's lone rook checks perpetually; red must vary.
	fig06FEN   = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"
	fig06Moves = "f0e0 e8f8 e0f0 f8e8"
)

// notBool is a draft whose predicate is a number (testdata/rules/not-bool.bad.yaml).
const notBool = `# A predicate that returns a number, not true/false.
title: {en: a draft whose predicate is a number}
year: 2024
status: draft
extends: "11"
override:
  - replace: 24.1-check
    with:
      id: 24.1-check
      label: 将
      when: len(Checkers) + 1
      cite: draft 24.1
      status: paraphrased
`

// goodDraft extends 11 and changes nothing a case could see.
const goodDraft = `title: {en: "the 2011 book, unchanged"}
year: 2024
status: draft
extends: "11"
`

func newTest(t *testing.T, opt Options) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(New(opt))
	t.Cleanup(ts.Close)
	return ts
}

func post(t *testing.T, ts *httptest.Server, path string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case string:
		rd = strings.NewReader(b)
	default:
		bs, err := json.Marshal(b)
		require.NoError(t, err)
		rd = strings.NewReader(string(bs))
	}
	resp, err := http.Post(ts.URL+path, "application/json", rd)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"), path)
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out), path)
	return resp.StatusCode, out
}

// apiErr returns the error object of an answer, failing when there is none.
func apiErr(t *testing.T, out map[string]any) map[string]any {
	t.Helper()
	e, ok := out["error"].(map[string]any)
	require.True(t, ok, "an error object: %v", out)
	return e
}

// stillServes checks that the server answers after whatever came before.
func stillServes(t *testing.T, ts *httptest.Server) {
	t.Helper()
	resp, err := http.Get(ts.URL + "/api/books")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}

func verdicts(out map[string]any) map[string]string {
	v := map[string]string{}
	rs, _ := out["rulings"].([]any)
	for _, r := range rs {
		m := r.(map[string]any)
		v[m["ruleset"].(string)] = m["verdict"].(string)
	}
	return v
}

func labels(out map[string]any, book string) []string {
	rs, _ := out["rulings"].([]any)
	for _, r := range rs {
		m := r.(map[string]any)
		if m["ruleset"] != book {
			continue
		}
		var ls []string
		for _, mv := range m["moves"].([]any) {
			ls = append(ls, mv.(map[string]any)["label"].(string))
		}
		return ls
	}
	return nil
}

func TestBooks(t *testing.T) {
	ts := newTest(t, Options{})
	resp, err := http.Get(ts.URL + "/api/books")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var books []map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&books))
	ids := map[string]bool{}
	for _, b := range books {
		ids[b["id"].(string)] = true
		assert.NotEmpty(t, b["title"], b["id"])
	}
	for _, id := range []string{"79", "87", "99", "11", "20", "asian"} {
		assert.True(t, ids[id], "book %s listed", id)
	}
}

func TestClauses(t *testing.T) {
	ts := newTest(t, Options{})
	resp, err := http.Get(ts.URL + "/api/books/20/clauses")
	require.NoError(t, err)
	var cl map[string]map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&cl))
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	// 20 replaces 11's 26.1.2 with its own 26.1.3 (rules/20.yaml), and keeps 11's check rule.
	assert.Contains(t, cl, "26.1.3-king-answers-check")
	assert.NotContains(t, cl, "26.1.2-king-answers-check")
	assert.Equal(t, "2020 26.1.2, 26.1.3", cl["26.1.3-king-answers-check"]["cite"])
	assert.Equal(t, "inferred", cl["26.1.3-king-answers-check"]["status"])
	assert.NotEmpty(t, cl["26.1.3-king-answers-check"]["why"])
	assert.Equal(t, "move", cl["24.1-check"]["kind"])

	resp, err = http.Get(ts.URL + "/api/books/nosuch/clauses")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestJudge(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/judge", map[string]any{"fen": fig02FEN, "moves": fig02Moves, "rules": "20,11"})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Equal(t, map[string]string{"20": "red-must-vary", "11": "red-must-vary"}, verdicts(out))
	assert.Equal(t, []string{"捉", "兑", "捉", "捉"}, labels(out, "20"))
	cycle := out["cycle"].(map[string]any)
	assert.Equal(t, []any{"h6i4", "i9h9", "i4h6", "h9i9"}, cycle["moves"])

	// The moves as an array, in ICCS; the server's default books (all).
	st, out = post(t, ts, "/api/judge", map[string]any{"fen": fig06FEN, "moves": strings.Fields(fig06Moves)})
	require.Equal(t, http.StatusOK, st, "%v", out)
	v := verdicts(out)
	assert.Greater(t, len(v), 5, "every bundled book")
	assert.Equal(t, "red-must-vary", v["20"])
	assert.Equal(t, "red-must-vary", v["asian"], "AXF: perpetual check loses too")
}

func TestJudgeDraftBesideParent(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/judge", map[string]any{"fen": fig02FEN, "moves": fig02Moves, "draft": goodDraft})
	require.Equal(t, http.StatusOK, st, "%v", out)
	v := verdicts(out)
	assert.Equal(t, map[string]string{"11": "red-must-vary", "draft": "red-must-vary"}, v, "the draft beside the book it extends")
}

func TestFacts(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/facts", map[string]any{"fen": fig06FEN, "moves": fig06Moves})
	require.Equal(t, http.StatusOK, st, "%v", out)
	moves, _ := out["moves"].([]any) // facts' JSON is snake_case, as judge's
	require.Len(t, moves, 4)
	// 车四平五 and 车五平四 check; the king's moves do not.
	for i, want := range []bool{true, false, true, false} {
		got, _ := moves[i].(map[string]any)["check"].(bool)
		assert.Equal(t, want, got, "move %d checks", i+1)
	}
	st, out = post(t, ts, "/api/facts", map[string]any{"fen": fig06FEN, "moves": "f0e0 e8f8"})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.Equal(t, "no-cycle", apiErr(t, out)["code"])
	st, out = post(t, ts, "/api/facts", map[string]any{"fen": fig06FEN, "moves": fig06Moves, "rules": "11,20"})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.Equal(t, "rules", apiErr(t, out)["field"])
}

// lineOf is the 1-based line of the first line of s holding sub, and the
// 1-based column where sub starts in it.
func lineOf(s, sub string) (int, int) {
	for i, l := range strings.Split(s, "\n") {
		if k := strings.Index(l, sub); k >= 0 {
			return i + 1, len([]rune(l[:k])) + 1
		}
	}
	return 0, 0
}

func TestCheck(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/check", map[string]any{"draft": goodDraft})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Equal(t, true, out["ok"])
	assert.Equal(t, "11", out["extends"])

	st, out = post(t, ts, "/api/check", map[string]any{"draft": notBool})
	require.Equal(t, http.StatusUnprocessableEntity, st)
	e := apiErr(t, out)
	errs := e["errors"].([]any)
	require.Len(t, errs, 1)
	first := errs[0].(map[string]any)
	line, col := lineOf(notBool, "len(Checkers) + 1")
	assert.Equal(t, float64(line), first["line"])
	assert.Equal(t, float64(col), first["column"])
	assert.Equal(t, "not-bool", first["code"])
	assert.Equal(t, "24.1-check", first["rule"])
	assert.Equal(t, float64(line), e["line"])

	// A YAML syntax error, at its line.
	broken := "title: {en: x}\nyear: 2024\nstatus: draft\nextends: \"11\"\noverride: [\n"
	st, out = post(t, ts, "/api/check", map[string]any{"draft": broken})
	require.Equal(t, http.StatusUnprocessableEntity, st)
	e = apiErr(t, out)
	assert.Equal(t, "draft", e["field"])
	assert.NotZero(t, e["line"], "a YAML error has a line: %v", e)

	st, out = post(t, ts, "/api/check", map[string]any{"draft": "  "})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.Equal(t, "no-draft", apiErr(t, out)["code"])
}

func TestDiff(t *testing.T) {
	// Without a casebook the endpoint says so.
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/diff", map[string]any{"draft": goodDraft})
	assert.Equal(t, http.StatusNotImplemented, st)
	assert.Equal(t, "no-casebook", apiErr(t, out)["code"])

	var got []string
	ts = newTest(t, Options{Diff: func(books []*interp.Book) (any, error) {
		for _, b := range books {
			got = append(got, b.ID)
		}
		return map[string]any{"a": books[0].ID, "b": books[1].ID}, nil
	}})
	st, out = post(t, ts, "/api/diff", map[string]any{"draft": goodDraft})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Equal(t, []string{"11", "draft"}, got, "the draft against its parent")
	st, out = post(t, ts, "/api/diff", map[string]any{"draft": goodDraft, "rules": "asian"})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Equal(t, "asian", out["a"])
	st, out = post(t, ts, "/api/diff", map[string]any{"draft": notBool})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.NotEmpty(t, apiErr(t, out)["errors"])
	st, out = post(t, ts, "/api/diff", map[string]any{"draft": goodDraft, "rules": "11,20"})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.Equal(t, "rules", apiErr(t, out)["code"])
}

func TestPosition(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/position", map[string]any{})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Len(t, out["legal"], 44, "the start position has 44 legal moves (perft 1)")
	assert.Equal(t, "red", out["side"])
	svg := out["svg"].(string)
	assert.Contains(t, svg, `data-square="e0"`)
	assert.Contains(t, svg, "帅")
	assert.Equal(t, float64(32), float64(strings.Count(svg, `class="piece `)))

	st, out = post(t, ts, "/api/position", map[string]any{"fen": fig06FEN, "moves": "车四平五",
		"attacks": []map[string]string{{"attacker": "车 e0", "victim": "将 e8", "from": "e0", "to": "e8"}}})
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Equal(t, true, out["check"])
	assert.Equal(t, "black", out["side"])
	assert.Equal(t, "车四平五", out["moves"].([]any)[0].(map[string]any)["cn"])
	assert.Contains(t, out["svg"], `class="arrow"`)
	assert.Contains(t, out["svg"], `class="mark to"`)
}

// A game of 2020 图6's cycle played three times, as PGN.
const fig06PGN = `[Game "Chinese Chess"]
[FEN "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"]
[Format "ICCS"]

1. F0-E0 E8-F8 2. E0-F0 F8-E8 3. F0-E0 E8-F8 4. E0-F0 F8-E8 5. F0-E0 *
`

func TestGame(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/game", fig06PGN)
	require.Equal(t, http.StatusOK, st, "%v", out)
	assert.Len(t, out["moves"], 9)
	cycles := out["cycles"].([]any)
	require.NotEmpty(t, cycles)
	c := cycles[0].(map[string]any)
	assert.Len(t, c["moves"], 4)

	// An illegal move in the record, at its move number.
	bad := strings.Replace(fig06PGN, "3. F0-E0", "3. F0-F9", 1)
	st, out = post(t, ts, "/api/game", bad)
	require.Equal(t, http.StatusUnprocessableEntity, st)
	e := apiErr(t, out)
	assert.Equal(t, "replay", e["code"])
	assert.Equal(t, float64(3), e["move"])

	st, out = post(t, ts, "/api/game", "")
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	apiErr(t, out)
	stillServes(t, ts)
}

func TestBadInput(t *testing.T) {
	ts := newTest(t, Options{MaxBody: 4096})
	for _, c := range []struct {
		name, path, body string
		status           int
		code, field      string
		offset, move     float64 // -1: none
	}{
		{"malformed JSON", "/api/judge", `{"fen": "x" "moves": []}`, 400, "json", "body", 12, -1}, // the second '"' of "moves"
		{"truncated JSON", "/api/judge", `{"fen": `, 400, "json", "body", 8, -1},
		{"empty body", "/api/judge", ``, 400, "json", "body", 0, -1},
		{"two values", "/api/judge", `{} {}`, 400, "json", "body", 3, -1},
		{"unknown field", "/api/judge", `{"fen": "", "movez": "a"}`, 400, "json", "body", -1, -1},
		{"wrong type", "/api/judge", `{"rules": 11, "moves": "a"}`, 400, "json-type", "rules", 12, -1}, // just after the value,
		{"moves a number", "/api/judge", `{"moves": 7}`, 400, "json-type", "moves", -1, -1},
		{"moves of numbers", "/api/judge", `{"moves": ["h2e2", 1]}`, 400, "json-type", "moves", -1, -1},
		{"no moves", "/api/judge", `{"fen": ""}`, 422, "no-moves", "moves", -1, -1},
		{"unknown book", "/api/judge", `{"fen": "` + fig06FEN + `", "moves": "` + fig06Moves + `", "rules": "11,nosuch"}`, 422, "rules", "rules", -1, -1},
		{"broken FEN", "/api/judge", `{"fen": "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc w", "moves": "a0a1"}`, 422, "fen-rank-width", "fen", -1, -1},
		{"FEN bad letter", "/api/judge", `{"fen": "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBx1 w", "moves": "a0a1"}`, 422, "fen-unknown-letter", "fen", 29, -1}, // the x,
		{"illegal move", "/api/judge", `{"fen": "` + fig06FEN + `", "moves": "f0e0 e8f8 e0e9 f8e8"}`, 422, "move-illegal", "moves", -1, 3},
		{"not a move", "/api/judge", `{"fen": "` + fig06FEN + `", "moves": "f0e0 hello"}`, 422, "move-unknown-notation", "moves", -1, 2},
		{"draft with errors", "/api/judge", `{"fen": "` + fig06FEN + `", "moves": "` + fig06Moves + `", "draft": "year: x"}`, 422, "rules", "draft", -1, -1},
		{"over the cap", "/api/judge", `{"fen": "` + strings.Repeat(" ", 5000) + `"}`, 413, "too-large", "body", -1, -1},
		{"position: illegal move", "/api/position", `{"moves": "h2e2 h2e2"}`, 422, "move-no-piece", "moves", -1, 2},
		{"check: not an object", "/api/check", `["draft"]`, 400, "json-type", "", 1, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, out := post(t, ts, c.path, c.body)
			assert.Equal(t, c.status, st, "%v", out)
			e := apiErr(t, out)
			assert.Equal(t, c.code, e["code"], "%v", e)
			if c.field != "" {
				assert.Equal(t, c.field, e["field"], "%v", e)
			}
			assert.Equal(t, float64(c.status), e["status"])
			assert.NotEmpty(t, e["message"])
			if c.offset >= 0 {
				assert.Equal(t, c.offset, e["offset"], "%v", e)
			}
			if c.move >= 0 {
				assert.Equal(t, c.move, e["move"], "%v", e)
			}
		})
	}
	stillServes(t, ts)
}

func TestRoutesAndHeaders(t *testing.T) {
	ts := newTest(t, Options{})
	for _, c := range []struct {
		method, path string
		status       int
		ctype        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/app.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/board.css", 200, "text/css; charset=utf-8"},
		{"GET", "/fonts/text.otf", 200, "font/otf"},
		{"GET", "/api/nope", 404, "application/json; charset=utf-8"},
		{"POST", "/", 405, "application/json; charset=utf-8"},
		{"GET", "/../../etc/passwd", 404, ""},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, c.status, resp.StatusCode, c.path)
		if c.ctype != "" {
			assert.Equal(t, c.ctype, resp.Header.Get("Content-Type"), c.path)
		}
		assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'", c.path)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), c.path)
		assert.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"), c.path)
	}
}

// TestPageSize: the page with everything it loads (the text font, which a
// browser fetches when no system font has the page's Chinese, included)
// stays under 300 KB.
func TestPageSize(t *testing.T) {
	total := len(boardCSS) + len(htmlreport.TextFont())
	ents, err := assets.ReadDir("assets")
	require.NoError(t, err)
	for _, e := range ents {
		b, err := assets.ReadFile("assets/" + e.Name())
		require.NoError(t, err)
		total += len(b)
		// Nothing from elsewhere: no URL in the page but the SVG namespace's.
		urls := regexp.MustCompile(`https?://[^\s"'<>)]*`).FindAllString(string(b), -1)
		for _, u := range urls {
			assert.Equal(t, "http://www.w3.org/2000/svg", u, e.Name())
		}
	}
	assert.Less(t, total, 300_000)
	t.Logf("page and assets: %d bytes", total)
}

// TestBusyAndDeadline: with every slot taken a request waits, then gets
// 503; an analysis past the deadline is answered 503 and its slot is given
// back when it ends.
func TestBusyAndDeadline(t *testing.T) {
	s := newServer(Options{Concurrent: 1, Wait: 50 * time.Millisecond, Timeout: 100 * time.Millisecond})
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /slow", s.api(func(ctx context.Context, r *http.Request, body []byte) (any, error) {
		started <- struct{}{}
		<-release
		return map[string]bool{"ok": true}, nil
	}, jsonBody))
	mux.Handle("/", s.handler())
	ts := httptest.NewServer(mux)
	defer ts.Close()

	first := make(chan int)
	go func() {
		resp, err := http.Post(ts.URL+"/slow", "application/json", nil)
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	<-started
	st, out := post(t, ts, "/api/judge", map[string]any{"fen": fig06FEN, "moves": fig06Moves})
	assert.Equal(t, http.StatusServiceUnavailable, st)
	assert.Equal(t, "busy", apiErr(t, out)["code"])
	assert.Equal(t, http.StatusServiceUnavailable, <-first, "the slow analysis meets its deadline")
	close(release)
	// The slot comes back once the analysis ends.
	require.Eventually(t, func() bool { return len(s.sem) == 0 }, 5*time.Second, 10*time.Millisecond)
	st, out = post(t, ts, "/api/judge", map[string]any{"fen": fig06FEN, "moves": fig06Moves, "rules": "20"})
	assert.Equal(t, http.StatusOK, st, "%v", out)
}

// TestSlowClient: a client that sends half a body and stalls is cut off
// at the server's read deadline; the server goes on serving.
func TestSlowClient(t *testing.T) {
	ts := httptest.NewUnstartedServer(New(Options{}))
	ts.Config.ReadTimeout = 200 * time.Millisecond
	ts.Start()
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/judge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"fen\": ")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		// The body read failed: answered as a JSON error, not a ruling.
		assert.GreaterOrEqual(t, resp.StatusCode, 400)
		resp.Body.Close()
	} else {
		// Or the connection is closed with nothing written; not left
		// open until our own read deadline.
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("the server kept the stalled connection open: %v", err)
		}
	}
	stillServes(t, ts)
}

// TestCrossOrigin: a page of another site cannot use the API (403), a
// body that is not declared JSON is refused (415: a page elsewhere could
// send text/plain or a form without asking first), and a wrong method is
// 405 with the methods the endpoint takes. The page's own requests and
// clients without an Origin (curl) are served.
func TestCrossOrigin(t *testing.T) {
	ts := newTest(t, Options{})
	judge := `{"fen": "` + fig06FEN + `", "moves": "` + fig06Moves + `", "rules": "20"}`
	host := strings.TrimPrefix(ts.URL, "http://")
	for _, c := range []struct {
		name, method, path, ctype, body string
		header                          map[string]string
		status                          int
		code, allow                     string
	}{
		{"foreign origin, text/plain", "POST", "/api/judge", "text/plain", judge, map[string]string{"Origin": "http://evil.example.com"}, 403, "origin", ""},
		{"foreign origin, JSON", "POST", "/api/judge", "application/json", judge, map[string]string{"Origin": "http://evil.example.com"}, 403, "origin", ""},
		{"foreign origin, same host other port", "POST", "/api/judge", "application/json", judge, map[string]string{"Origin": "http://127.0.0.1:1"}, 403, "origin", ""},
		{"origin null", "POST", "/api/judge", "application/json", judge, map[string]string{"Origin": "null"}, 403, "origin", ""},
		{"cross-site fetch", "POST", "/api/judge", "application/json", judge, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "origin", ""},
		{"foreign origin, GET", "GET", "/api/books", "", "", map[string]string{"Origin": "http://evil.example.com"}, 403, "origin", ""},
		{"text/plain, no origin", "POST", "/api/judge", "text/plain", judge, nil, 415, "content-type", ""},
		{"a form", "POST", "/api/judge", "application/x-www-form-urlencoded", judge, nil, 415, "content-type", ""},
		{"no content type", "POST", "/api/check", "", `{"draft": "x"}`, nil, 415, "content-type", ""},
		{"JSON in Latin-1", "POST", "/api/judge", "application/json; charset=iso-8859-1", judge, nil, 415, "content-type", ""},
		{"a game as text/plain", "POST", "/api/game", "text/plain", fig06PGN, nil, 415, "content-type", ""},
		{"GET on a POST endpoint", "GET", "/api/judge", "", "", nil, 405, "method", "POST"},
		{"PUT on a POST endpoint", "PUT", "/api/game", "application/json", judge, nil, 405, "method", "POST"},
		{"POST on a GET endpoint", "POST", "/api/books", "application/json", "{}", nil, 405, "method", "GET, HEAD"},
		{"DELETE on the clauses", "DELETE", "/api/books/11/clauses", "", "", nil, 405, "method", "GET, HEAD"},
		{"no such endpoint", "GET", "/api/nope", "", "", nil, 404, "not-found", ""},
		// Served: the page's own requests, and curl's.
		{"same origin", "POST", "/api/judge", "application/json; charset=utf-8", judge, map[string]string{"Origin": ts.URL, "Sec-Fetch-Site": "same-origin"}, 200, "", ""},
		{"no origin (curl)", "POST", "/api/judge", "application/json", judge, nil, 200, "", ""},
		{"a game as bytes", "POST", "/api/game", "application/octet-stream", fig06PGN, map[string]string{"Origin": "http://" + strings.ToUpper(host)}, 200, "", ""},
		{"a page load", "GET", "/", "", "", map[string]string{"Sec-Fetch-Site": "none"}, 200, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			require.NoError(t, err)
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			assert.Equal(t, c.status, resp.StatusCode, "%s", body)
			assert.Equal(t, c.allow, resp.Header.Get("Allow"))
			if c.code != "" {
				var out map[string]any
				require.NoError(t, json.Unmarshal(body, &out), "%s", body)
				e := apiErr(t, out)
				assert.Equal(t, c.code, e["code"])
				assert.NotEmpty(t, e["message"])
			}
		})
	}
}

// TestSlowBody: a body that stalls past the server's read deadline is
// answered 408 in words, not with the socket's error.
func TestSlowBody(t *testing.T) {
	ts := httptest.NewUnstartedServer(New(Options{}))
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/judge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"fen\": ")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode)
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	e := apiErr(t, out)
	assert.Equal(t, "body-timeout", e["code"])
	msg := e["message"].(string)
	for _, internal := range []string{"tcp", "i/o timeout", "read "} {
		assert.NotContains(t, msg, internal)
	}
	stillServes(t, ts)
}

// TestMessagesInUsersTerms: a body of the wrong shape is described in the
// JSON the client sent — an object, a string, the field names — never by
// the Go types behind the API.
func TestMessagesInUsersTerms(t *testing.T) {
	ts := newTest(t, Options{})
	for _, c := range []struct{ path, body, want string }{
		{"/api/judge", `[1,2]`, "the request body must be a JSON object with fen, moves, rules and draft, not an array"},
		{"/api/judge", `"h2e2"`, "must be a JSON object with fen, moves, rules and draft, not a string"},
		{"/api/position", `7`, "must be a JSON object with fen, moves, attacks and width, not a number"},
		{"/api/judge", `{"rules": 11, "moves": "a"}`, `field "rules" must be a string, not a number`},
		{"/api/position", `{"width": "wide"}`, `field "width" must be a whole number, not a string`},
		{"/api/position", `{"attacks": {}}`, `field "attacks" must be an array, not an object`},
		{"/api/position", `{"attacks": [1]}`, `must be an object, not a number`},
		{"/api/judge", `{"fen": "", "movez": "a"}`, `unknown field "movez": the request's fields are fen, moves, rules and draft`},
		{"/api/check", `["draft"]`, "must be a JSON object with draft and rules, not an array"},
	} {
		st, out := post(t, ts, c.path, c.body)
		assert.Equal(t, http.StatusBadRequest, st, c.body)
		msg, _ := apiErr(t, out)["message"].(string)
		assert.Contains(t, msg, c.want, c.body)
		assert.NotRegexp(t, `workbench\.|interp\.|position\.|struct|\[\]|json: |main\.`, msg, c.body)
	}
}

// TestLocalHostsOnly: a request to another name (a rebound DNS name) is
// refused; localhost and loopback addresses are served.
func TestLocalHostsOnly(t *testing.T) {
	ts := newTest(t, Options{LocalHostsOnly: true})
	for host, want := range map[string]int{
		"localhost:8080": 200, "127.0.0.1:8080": 200, "[::1]:8080": 200, "127.0.0.1": 200,
		"evil.example:8080": 421, "192.168.1.2:8080": 421,
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/books", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, host)
	}
}

// FuzzAPI: whatever the body, every endpoint answers JSON with a status
// below 500 (no panic, no internal error), and the server goes on.
func FuzzAPI(f *testing.F) {
	for _, s := range []string{
		`{"fen": "` + fig02FEN + `", "moves": "` + fig02Moves + `"}`,
		`{"fen": "` + fig06FEN + `", "moves": ["f0e0", "e8f8", "e0f0", "f8e8"], "rules": "20"}`,
		`{"draft": ` + strconv.Quote(notBool) + `}`,
		`{"draft": ` + strconv.Quote(goodDraft) + `, "moves": "h2e2"}`,
		`{"fen": "9/9/9/9/9/9/9/9/9/9 w", "moves": "a0a1"}`,
		`{"moves": "炮二平五 马8进7 马二进三 车9平8"}`, `{"moves": 7}`, `[]`, `null`, `{`, "\xff\xfe",
		"[FEN \"" + fig06FEN + "\"]\n1. F0-E0 E8-F8 *",
	} {
		f.Add(s)
	}
	h := New(Options{Timeout: 5 * time.Second})
	paths := []string{"/api/judge", "/api/facts", "/api/check", "/api/position", "/api/game", "/api/diff"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, p := range paths {
			req := httptest.NewRequest("POST", p, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code >= 500 && w.Code != http.StatusNotImplemented && w.Code != http.StatusServiceUnavailable {
				t.Fatalf("%s %q: status %d: %s", p, body, w.Code, w.Body.String())
			}
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("%s %q: not JSON: %s", p, body, w.Body.String())
			}
		}
	})
}

// TestGameFormats: records as they come — Big5 PGN, DhtmlXQ, JSON Lines —
// are read from the raw body, whatever the encoding.
func TestGameFormats(t *testing.T) {
	ts := newTest(t, Options{})
	for _, name := range []string{"big5.pgn", "dhtmlxq_sample.html", "ccpd_repetition_sample.jsonl"} {
		body, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "testdata", "records", name))
		if err != nil {
			t.Skipf("testdata/records/%s: %v", name, err)
		}
		st, out := post(t, ts, "/api/game", string(body))
		require.Equal(t, http.StatusOK, st, "%s: %v", name, out)
		assert.NotEmpty(t, out["moves"], name)
	}
	// The repetition sample's first game has its repetition found.
	body, _ := os.ReadFile(filepath.Join("..", "..", "..", "..", "testdata", "records", "ccpd_repetition_sample.jsonl"))
	_, out := post(t, ts, "/api/game", string(body))
	assert.NotEmpty(t, out["cycles"])
}
