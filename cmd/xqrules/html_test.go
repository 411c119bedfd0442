package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// 姚淳–李来群 1985 (testdata/cases/seeds.yaml, seed-1985-yao-li): under the
// 1987 book red's 车七退一 chases the pawn d3 (both rooks can take it) and
// 车七进一 chases the cannon e4 (the rook c4 alone) — red must vary.
const (
	yaoLiFEN   = "2baka3/9/8b/p3p3p/3r2p2/2R6/P2pc1r1P/B3C4/4A3N/3RKAB2 w - - 0 1"
	yaoLiMoves = "c4c3 e3e4 c3c4 e4e3"
)

// svgBoard is one board of a page as an XML parser reads it.
type svgBoard struct {
	fen    string
	label  string
	pieces map[string]string // square → glyph
	centre map[string][2]float64
	arrows []svgArrow
}

type svgArrow struct {
	title          string
	x1, y1, tx, ty float64 // the shaft's start and the head's tip
}

// parsePage reads a page with a strict XML parser (so it must be
// well-formed) and returns its boards.
func parsePage(t *testing.T, page string) []*svgBoard {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = true
	var boards []*svgBoard
	var cur *svgBoard
	var arrow *svgArrow
	var inGlyph, inArrowTitle bool
	var square string
	var depth []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the page must be well-formed")
		switch x := tok.(type) {
		case xml.StartElement:
			depth = append(depth, x.Name.Local)
			a := attrs(x)
			switch {
			case x.Name.Local == "svg":
				require.Nil(t, cur, "nested svg")
				cur = &svgBoard{fen: a["data-fen"], label: a["aria-label"], pieces: map[string]string{}, centre: map[string][2]float64{}}
				boards = append(boards, cur)
			case x.Name.Local == "g" && strings.HasPrefix(a["class"], "piece "):
				square = a["data-square"]
				_, dup := cur.pieces[square]
				require.False(t, dup, "two pieces on %s", square)
				cur.pieces[square] = ""
			case x.Name.Local == "circle" && square != "":
				cur.centre[square] = [2]float64{num(t, a["cx"]), num(t, a["cy"])}
			case x.Name.Local == "text" && a["class"] == "glyph":
				inGlyph = true
			case x.Name.Local == "g" && a["class"] == "arrow":
				cur.arrows = append(cur.arrows, svgArrow{})
				arrow = &cur.arrows[len(cur.arrows)-1]
			case x.Name.Local == "title" && arrow != nil:
				inArrowTitle = true
			case x.Name.Local == "line" && arrow != nil:
				arrow.x1, arrow.y1 = num(t, a["x1"]), num(t, a["y1"])
			case x.Name.Local == "polygon" && arrow != nil:
				tip := strings.Split(strings.Fields(a["points"])[0], ",")
				arrow.tx, arrow.ty = num(t, tip[0]), num(t, tip[1])
			}
		case xml.CharData:
			if inGlyph {
				cur.pieces[square] += string(x)
			}
			if inArrowTitle {
				arrow.title += string(x)
			}
		case xml.EndElement:
			depth = depth[:len(depth)-1]
			switch x.Name.Local {
			case "svg":
				cur = nil
			case "text":
				inGlyph = false
			case "title":
				inArrowTitle = false
			case "g":
				square, arrow = "", nil
			}
		}
	}
	require.Empty(t, depth, "every element closed")
	return boards
}

func attrs(x xml.StartElement) map[string]string {
	m := map[string]string{}
	for _, a := range x.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, s)
	return v
}

// checkBoard: the board shows exactly the pieces of its FEN, each with its
// glyph, and no more than 32.
func checkBoard(t *testing.T, b *svgBoard) {
	t.Helper()
	p, err := position.ParseFENComposed(b.fen)
	require.NoError(t, err, b.label)
	want := map[string]string{}
	for sq := position.Square(0); sq < position.NumSquares; sq++ {
		if pc := p.At(sq); pc != position.NoPiece {
			want[sq.String()] = pc.Chinese()
		}
	}
	assert.LessOrEqual(t, len(b.pieces), 32, b.label)
	assert.Equal(t, want, b.pieces, b.label)
}

func dist(x1, y1 float64, c [2]float64) float64 { return math.Hypot(x1-c[0], y1-c[1]) }

func TestJudgeHTML(t *testing.T) {
	page, errs, st := xq(t, "judge", "--rules", "87,11", "--format", "html", "--fen", yaoLiFEN, "--moves", yaoLiMoves)
	require.Equal(t, exitOK, st, errs)
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.NotContains(t, page, "<script", "no JavaScript")
	assert.NotRegexp(t, regexp.MustCompile(`(src|href)="(https?:)?//`), page, "nothing fetched")
	for _, want := range []string{"车七退一", "c4c3", "炮5进1", "e4e3", "1987 term 42", "red-must-vary", "楚 河", "汉 界"} {
		assert.Contains(t, page, want)
	}

	// The boards: the position before the cycle, then one per move some
	// book labels 捉 (87: plies 1 and 3; 11 labels ply 1 献, ply 3 捉 with the
	// same attack as 87, so the two share that board).
	boards := parsePage(t, page)
	for _, b := range boards {
		checkBoard(t, b)
	}
	out, _, _ := xq(t, "judge", "--rules", "87,11", "--format", "json", "--fen", yaoLiFEN, "--moves", yaoLiMoves)
	var j struct {
		Rulings []struct {
			Ruleset string
			Moves   []struct {
				Label   string
				Attacks []struct{ From, To string }
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	chaseBoards := map[string]bool{}
	for _, r := range j.Rulings {
		for i, m := range r.Moves {
			if m.Label == "捉" {
				chaseBoards[fmt.Sprint(i, m.Attacks)] = true
			}
		}
	}
	require.Len(t, boards, 1+len(chaseBoards))
	assert.Equal(t, yaoLiFEN, boards[0].fen)
	assert.Len(t, boards[0].pieces, 24)

	// The chase boards show the position after their move.
	start := position.MustParseFEN(yaoLiFEN)
	p := start.Clone()
	var after []string
	for _, mv := range strings.Fields(yaoLiMoves) {
		m, err := position.ParseMove(p, mv)
		require.NoError(t, err)
		p.Make(m)
		after = append(after, p.FEN())
	}
	assert.Equal(t, after[0], boards[1].fen, "ply 1's board")
	assert.Equal(t, after[2], boards[2].fen, "ply 3's board")

	// Ply 3 车七进一: one arrow, from the rook c4 to the cannon e4.
	b := boards[2]
	require.Len(t, b.arrows, 1)
	a := b.arrows[0]
	assert.Equal(t, "车 c4 → 炮 e4", a.title)
	assert.Less(t, dist(a.x1, a.y1, b.centre["c4"]), 17.0, "the shaft starts inside the attacker's circle")
	assert.InDelta(t, 17, dist(a.tx, a.ty, b.centre["e4"]), 1, "the tip touches the victim's circle")
	// Ply 1 车七退一: both rooks (d0, c3) to the pawn d3.
	require.Len(t, boards[1].arrows, 2)
	for _, a := range boards[1].arrows {
		from := strings.Fields(a.title)[1]
		assert.Contains(t, []string{"d0", "c3"}, from)
		assert.Less(t, dist(a.x1, a.y1, boards[1].centre[from]), 17.0)
		assert.InDelta(t, 17, dist(a.tx, a.ty, boards[1].centre["d3"]), 1)
	}
}

func TestJudgeHTMLNoCycle(t *testing.T) {
	page, errs, st := xq(t, "judge", "--rules", "11", "--format", "html", "--fen", fig06FEN, "--moves", "f0e0")
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, page, "No cycle")
	boards := parsePage(t, page)
	require.Len(t, boards, 1)
	checkBoard(t, boards[0])
}

func TestJudgeBadFormat(t *testing.T) {
	_, errs, st := xq(t, "judge", "--format", "pdf", "--fen", fig06FEN, "--moves", fig06Moves)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "want text, json, jsonl or html")
}

// casebookFile: fig06 (red checks perpetually) agreeing, the same with a
// wrong expectation, a known disagreement, a case whose move is illegal,
// and names and notes that try to inject a script.
const casebookFile = `source: a test
cases:
  - id: agree
    fen: "` + fig06FEN + `"
    moves: ` + fig06Moves + `
    expect: {"11": red-must-vary, asian: red-must-vary}
  - id: disagree
    fen: "` + fig06FEN + `"
    moves: ` + fig06Moves + `
    expect: {"11": draw}
  - id: known
    fen: "` + fig06FEN + `"
    moves: ` + fig06Moves + `
    expect: {"11": draw}
    known_disagreement: {"11": "recorded on purpose"}
  - id: illegal
    fen: "` + fig06FEN + `"
    moves: f0e0 e8e7
    expect: {"11": draw}
  - id: "<script>alert(1)</script>"
    fen: "` + yaoLiFEN + `"
    moves: ` + yaoLiMoves + `
    expect: {"87": red-must-vary}
    notes: "a note with <script>alert(2)</script> & more"
`

func TestCasebook(t *testing.T) {
	path := writeFile(t, "book.yaml", casebookFile)
	out := filepath.Join(t.TempDir(), "book.html")
	stdout, errs, st := xq(t, "casebook", path, "-o", out) // flags after the file, as the README shows
	assert.Equal(t, exitFailed, st, "a disagreement and a row not run fail the run, as in xqrules cases")
	assert.Empty(t, stdout, "the casebook goes to -o")
	assert.Contains(t, errs, "illegal", "the broken row is reported")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	page := string(data)

	// The counts are those of xqrules cases on the same file.
	cj, _, cst := xq(t, "cases", "--format", "json", path)
	assert.Equal(t, exitFailed, cst)
	var rep casesJSON
	require.NoError(t, json.Unmarshal([]byte(cj), &rep))
	assert.Contains(t, page, fmt.Sprintf(`<span class="x-agree">%d agree</span>, <span class="x-disagree">%d disagree</span>, %d rows not run; <span class="x-known">%d known disagreements</span>, %d uncounted.`,
		rep.Passed, rep.Failed, len(rep.Errors), rep.Known, rep.Uncounted))
	assert.Equal(t, 3, rep.Passed)
	assert.Equal(t, 1, rep.Failed)
	assert.Equal(t, 1, rep.Known)
	assert.Contains(t, errs, fmt.Sprintf("%d agree, %d disagree, %d rows not run", rep.Passed, rep.Failed, len(rep.Errors)))
	// The table of contents marks each result as cases reports it.
	marks := func(status string) int { return strings.Count(page, `<span class="mark x-`+status+`"`) }
	assert.Equal(t, rep.Passed, marks("agree"))
	assert.Equal(t, rep.Failed, marks("disagree"))
	assert.Equal(t, rep.Known, marks("known"))

	// One section per case, the broken one included; a contents entry each.
	assert.Equal(t, 5, strings.Count(page, `<section class="case"`))
	assert.Equal(t, 5, strings.Count(page, `<li><a href="#case-`))
	assert.Contains(t, page, "Not run: move 2")
	assert.Contains(t, page, "known disagreement: the source says")
	assert.Contains(t, page, "recorded on purpose")

	// Escaped, never run.
	assert.NotContains(t, page, "<script")
	assert.Contains(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;")
	assert.Contains(t, page, "&lt;script&gt;alert(2)&lt;/script&gt; &amp; more")

	for _, b := range parsePage(t, page) {
		checkBoard(t, b)
	}
}

// A seed case file (issue 12): cases grouped by lecture, each with the
// source's quote, its constructed mark, the source's label beside each
// book's (agreeing or not), the checks the board verified; a case whose
// check fails is not run, at the check's line; the figures not built listed.
func TestCasebookSeedFile(t *testing.T) {
	path := writeFile(t, "seed.yaml", `source: a test
cases:
  - id: one
    lecture: "(一)第一讲"
    constructed: true
    quote: "红方长将,红方变着"
    fen: "`+fig06FEN+`"
    moves: `+fig06Moves+`
    labels: {"11": [将, 捉, ~, ~]}
    expect: {"11": red-must-vary}
    checks:
      - says: "车四平五将军"
        after: 1
        then: [check, no-mate]
  - id: two
    lecture: "(二)第二讲"
    fen: "`+fig06FEN+`"
    moves: `+fig06Moves+`
    expect: {"11": red-must-vary}
  - id: bad-check
    lecture: "(二)第二讲"
    fen: "`+fig06FEN+`"
    moves: `+fig06Moves+`
    expect: {"11": red-must-vary}
    checks:
      - says: "a wrong claim"
        after: 1
        then: [mate]
not_built:
  - source: "图9"
    why: "the text gives no position"
`)
	page, errs, st := xq(t, "casebook", path)
	assert.Equal(t, exitFailed, st, "the case whose check fails is a row not run")
	assert.Contains(t, errs, "seed.yaml:26 (bad-check)", "the failing check's line")
	assert.Contains(t, errs, `"mate" does not hold`)
	// xqrules cases refuses it the same way, the other cases still run.
	out, _, cst := xq(t, "cases", path)
	assert.Equal(t, exitFailed, cst)
	assert.Contains(t, out, "seed.yaml:26 (bad-check): check 1 (line 26")
	assert.Contains(t, out, "2 passed, 0 failed, 1 rows not run")

	assert.Equal(t, 2, strings.Count(page, `<section class="lecture"`))
	assert.Contains(t, page, `<h2 class="lecture-title">(一)第一讲</h2>`)
	assert.Contains(t, page, `<h3 class="group"><a href="#group-2">(二)第二讲</a></h3>`)
	assert.Contains(t, page, `<blockquote class="quote" lang="zh">红方长将,红方变着</blockquote>`)
	assert.Equal(t, 1, strings.Count(page, `<span class="constructed">`))
	assert.Contains(t, page, "1 of them on a position constructed")
	// The source's labels beside the book's: 将 agrees, 捉 (for 将5平6) not.
	assert.Equal(t, 1, strings.Count(page, `<div class="text x-agree">✓ the source: <span class="label check">将</span>`))
	assert.Equal(t, 1, strings.Count(page, `<div class="text x-disagree">✗ the source: <span class="label chase">捉</span>`))
	// The verified checks, for the case that ran.
	assert.Contains(t, page, "What the text claims, verified on the board (1)")
	assert.Contains(t, page, "<code>check, no-mate</code>")
	assert.Contains(t, page, "Not run: check 1 (line 26")
	assert.Contains(t, page, `<h2>Figures not built (1)</h2>`)
	assert.Contains(t, page, "<b>图9</b>: the text gives no position")
}

// The real seeds files: the casebook agrees with xqrules cases.
func TestCasebookSeedsMatchCases(t *testing.T) {
	for _, name := range []string{"seeds.yaml", "seed001.yaml"} {
		t.Run(name, func(t *testing.T) { casebookMatchesCases(t, filepath.Join("..", "..", "testdata", "cases", name)) })
	}
}

func casebookMatchesCases(t *testing.T, path string) {
	page, errs, st := xq(t, "casebook", path)
	cj, _, cst := xq(t, "cases", "--format", "json", path)
	assert.Equal(t, cst, st, errs)
	var rep casesJSON
	require.NoError(t, json.Unmarshal([]byte(cj), &rep))
	assert.Contains(t, page, fmt.Sprintf(`%d agree</span>, <span class="x-disagree">%d disagree</span>, %d rows not run; <span class="x-known">%d known`,
		rep.Passed, rep.Failed, len(rep.Errors), rep.Known))
	ids := map[string]bool{}
	for _, c := range rep.Cases {
		ids[c.ID] = true
	}
	assert.Equal(t, len(ids), strings.Count(page, `<section class="case"`))
}

// A draft the cases expect nothing of is judged on every case and compared
// with the book it extends, apart from the counts.
func TestCasebookDraft(t *testing.T) {
	draft := writeFile(t, "draft.yaml", `title: {en: "a draft that never calls check 将"}
year: 2025
status: draft
extends: "11"
override:
  - remove: 24.1-check
`)
	path := writeFile(t, "book.yaml", casebookFile)
	page, errs, _ := xq(t, "casebook", "--rules", "11,"+draft, path)
	if !assert.Contains(t, page, "<!DOCTYPE html>", errs) {
		return
	}
	assert.Contains(t, page, `<th><span class="book">draft</span>`)
	assert.Contains(t, page, "differs from what 11 is expected to rule")
	assert.Contains(t, page, "(not counted)")
	// Without 将, red's perpetual check of fig06 is no longer forbidden: the
	// draft's verdict changes from 11's on the three fig06 cases.
	assert.Equal(t, 3, strings.Count(page, `<div class="changed">Δ verdict changed: 11 rules <span class="verdict v-red-must-vary">`))
	assert.Contains(t, page, `<b class="x-changed">3</b> (from 11)`)
}

func TestCasebookBadInput(t *testing.T) {
	path := writeFile(t, "book.yaml", casebookFile)

	_, errs, st := xq(t, "casebook", "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "book.html"), path)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "cannot write there")

	dir := t.TempDir()
	_, errs, st = xq(t, "casebook", "-o", dir, path)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "is a directory")

	stdout, errs, st := xq(t, "casebook", "--rules", "nosuch", path)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, `no rule set "nosuch"`)
	assert.Empty(t, stdout)

	_, errs, st = xq(t, "casebook", "--bogus", path)
	assert.Equal(t, exitUsage, st, errs)

	// A run that fails leaves no file behind, not even a temporary one.
	out := filepath.Join(dir, "book.html")
	_, _, st = xq(t, "casebook", "--rules", "nosuch", "-o", out, path)
	assert.Equal(t, exitUsage, st)
	left, _ := os.ReadDir(dir)
	assert.Empty(t, left)
}

// On a terminal, a long run shows a progress line on stderr.
func TestCasebookProgress(t *testing.T) {
	var b strings.Builder
	b.WriteString("cases:\n")
	for i := range progressMin {
		fmt.Fprintf(&b, "  - {id: c%d, fen: %q, moves: %q, expect: {\"11\": red-must-vary}}\n", i, fig06FEN, fig06Moves)
	}
	path := writeFile(t, "many.yaml", b.String())
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), isTerminal: true}
	require.Equal(t, exitOK, run(e, []string{"casebook", path}), errb.String())
	assert.Contains(t, errb.String(), fmt.Sprintf("\r\033[Kcasebook [%d/%d]", progressMin, progressMin))

	errb.Reset()
	e.isTerminal = false
	run(e, []string{"casebook", path})
	assert.NotContains(t, errb.String(), "\r")
}

// TestJudgeHTMLCycleFEN: with moves before the cycle, the FEN printed under
// the board is the cycle's start (the board's own, and the text output's
// "from:"), and the game's start is named apart (issue 13, item 1).
func TestJudgeHTMLCycleFEN(t *testing.T) {
	// Two quiet moves, then 2020 图2's cycle.
	start := "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1"
	moves := "c0a2 g9i7 h6i4 i9h9 i4h6 h9i9"
	page, errs, st := xq(t, "judge", "--rules", "20", "--format", "html", "--fen", start, "--moves", moves)
	require.Equal(t, exitOK, st, errs)
	text, _, _ := xq(t, "judge", "--rules", "20", "--fen", start, "--moves", moves)
	m := regexp.MustCompile(`(?m)^from:\s+(\S.*)$`).FindStringSubmatch(text)
	require.NotNil(t, m, text)
	cycleFEN := strings.TrimSpace(m[1])
	require.NotEqual(t, start, cycleFEN)
	caption := regexp.MustCompile(`(?s)<figcaption>before the cycle<br/><code class="fen">([^<]*)</code>`).FindStringSubmatch(page)
	require.NotNil(t, caption, "no caption under the board")
	assert.Equal(t, cycleFEN, caption[1])
	assert.Equal(t, cycleFEN, parsePage(t, page)[0].fen, "the board's data-fen")
	assert.Contains(t, page, start, "the game's start is still named")
}
