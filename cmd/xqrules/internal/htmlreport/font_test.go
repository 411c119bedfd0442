package htmlreport

import (
	"encoding/base64"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/sfnt"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// TestPiecesFontCoversTheBoard: every character the board draws as text —
// each piece of both sides, 楚河汉界, the files of both sides — has a glyph in
// the embedded font, so a machine without a CJK font shows it, and the page
// names the font after the systems' own.
func TestPiecesFontCoversTheBoard(t *testing.T) {
	f, err := sfnt.Parse(piecesFont)
	require.NoError(t, err)
	var chars []rune
	for c := position.Red; c <= position.Black; c++ {
		for _, k := range position.Kinds {
			chars = append(chars, []rune(position.MakePiece(c, k).Chinese())...)
		}
	}
	chars = append(chars, []rune("楚河汉界")...)
	for _, s := range redFiles {
		chars = append(chars, []rune(s)...)
	}
	chars = append(chars, []rune("123456789")...)
	var buf sfnt.Buffer
	for _, r := range chars {
		g, err := f.GlyphIndex(&buf, r)
		require.NoError(t, err)
		assert.NotZerof(t, g, "no glyph for %q", r)
	}

	var b strings.Builder
	require.NoError(t, WriteJudgement(&b, nil))
	page := b.String()
	assert.Contains(t, page, `@font-face { font-family: "XQRules Pieces"; src: url(data:font/otf;base64,`)
	for _, class := range []string{".glyph", ".river", ".file"} {
		i := strings.Index(page, "svg.board "+class+" {")
		require.GreaterOrEqualf(t, i, 0, "%s style", class)
		rule := page[i : i+strings.Index(page[i:], "}")]
		assert.Containsf(t, rule, `"XQRules Pieces"`, "%s falls back to the embedded font", class)
	}
}

// printedText is every text the program and its bundled data can print
// that needs the text font, by the file it comes from: the Go sources'
// string and character literals (parsed, so comments do not count), the
// rule books, the workbench's page and the report templates, and the
// casebook's case files.
func printedText(t *testing.T) map[rune]string {
	t.Helper()
	root := filepath.Join("..", "..", "..", "..")
	need := map[rune]string{}
	add := func(path, s string) {
		for _, r := range s {
			if NeedsTextFont(r) {
				if _, ok := need[r]; !ok {
					need[r] = path
				}
			}
		}
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		slash := filepath.ToSlash(rel)
		switch {
		case strings.HasSuffix(slash, ".go") && !strings.HasSuffix(slash, "_test.go"):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fset := token.NewFileSet()
			var sc scanner.Scanner
			sc.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
			for {
				_, tok, lit := sc.Scan()
				if tok == token.EOF {
					break
				}
				if tok == token.STRING || tok == token.CHAR {
					add(slash, lit)
				}
			}
		case strings.HasPrefix(slash, "rules/") && strings.HasSuffix(slash, ".yaml"),
			strings.HasPrefix(slash, "testdata/cases/"),
			strings.HasPrefix(slash, "cmd/xqrules/internal/") && (strings.HasSuffix(slash, ".tmpl") || strings.HasSuffix(slash, ".html") || strings.HasSuffix(slash, ".js") || strings.HasSuffix(slash, ".css")):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			add(slash, string(b))
		}
		return nil
	})
	require.NoError(t, err)
	return need
}

// TestTextFontCoversWhatIsPrinted: every CJK character the program and its
// bundled data can print has a glyph in the embedded text font, so a
// machine without a CJK font reads every label, move, book title, clause
// and reason. A failure names the character and a file it is in: run
// fonts/subset.sh.
func TestTextFontCoversWhatIsPrinted(t *testing.T) {
	f, err := sfnt.Parse(textFont)
	require.NoError(t, err)
	name, err := f.Name(nil, sfnt.NameIDFamily)
	require.NoError(t, err)
	assert.Equal(t, TextFontFamily, name, "renamed: a Modified Version keeps no Reserved Font Name")
	need := printedText(t)
	require.Greater(t, len(need), 400, "the labels, notation, titles and clauses")
	var buf sfnt.Buffer
	var missing []string
	for r, path := range need {
		if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
			missing = append(missing, fmt.Sprintf("%q (%s)", r, path))
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "characters without a glyph in fonts/text.otf: run fonts/subset.sh")
	t.Logf("%d characters to cover; the font has %d glyphs in %d bytes", len(need), f.NumGlyphs(), len(textFont))
	assert.Less(t, f.NumGlyphs(), 3000)
	assert.Less(t, len(textFont), 400_000)
}

// TestReportsEmbedTextFont: a report that shows Chinese carries the text
// font (a data: URL, limited to the CJK code points, named after the
// systems' CJK fonts); a report without any does not.
func TestReportsEmbedTextFont(t *testing.T) {
	var b strings.Builder
	require.NoError(t, WriteJudgement(&b, []Judged{{FEN: position.StartFEN,
		Rulings: []interp.Ruling{{Ruleset: "11", Title: "中国象棋竞赛规则 2011", Verdict: interp.NoCycle}}}}))
	page := b.String()
	assert.Contains(t, page, `@font-face { font-family: "XQRules Text"; src: url(data:font/otf;base64,`+base64.StdEncoding.EncodeToString(textFont)+`) format("opentype"); unicode-range: U+2E80-9FFF`)
	assert.NotContains(t, page, textFontMarker)
	i := strings.Index(page, "body { font-family:")
	require.GreaterOrEqual(t, i, 0)
	rule := page[i : i+strings.Index(page[i:], ";")]
	sys, own := strings.Index(rule, `"Noto Sans CJK SC"`), strings.Index(rule, `"XQRules Text"`)
	assert.True(t, sys >= 0 && own > sys, "a system CJK font comes first: %s", rule)

	b.Reset()
	require.NoError(t, WriteScan(&b, ScanSummary{Mode: "first", Games: 1, Cycles: 1, Books: []ScanBook{{ID: "11", Draw: 1}}, Agreement: [][]int{{1}}}))
	page = b.String()
	assert.NotContains(t, page, `font-family: "XQRules Text"; src`, "no Chinese on the page: no font")
	assert.NotContains(t, page, textFontMarker)
	assert.Less(t, len(page), 100_000)
}
