// Package htmlreport renders judged cycles and casebooks as self-contained
// HTML pages: inline CSS and SVG boards, no scripts, nothing fetched. Every
// text (case names, notes, reasons from rule files) goes through
// html/template, so it is escaped.
package htmlreport

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
)

//go:embed page.html.tmpl
var pageSrc string

//go:embed page.css
var pageCSS string

// piecesFont holds the glyphs the board draws (the pieces, 楚河汉界, the file
// numbers) from Noto Serif CJK SC Bold, about 9 KB (fonts/subset.sh; SIL OFL
// 1.1, fonts/OFL.txt). The board keeps its characters as text, searchable
// and copyable, and a machine with no CJK font still shows them.
//
//go:embed fonts/pieces.otf
var piecesFont []byte

// PiecesFontFace is the @font-face rule of the embedded font, inlined as a
// data: URL so a page fetches nothing.
var PiecesFontFace = "@font-face { font-family: \"XQRules Pieces\"; src: url(data:font/otf;base64," +
	base64.StdEncoding.EncodeToString(piecesFont) + ") format(\"opentype\"); }\n"

var labelClasses = map[string]string{
	"将": "check", "杀": "mate", "捉": "chase", "兑": "exchange", "献": "offer",
	"拦": "block", "跟": "follow", "闲": "idle",
}

var verdictZH = map[string]string{
	"red-must-vary": "红方变着", "black-must-vary": "黑方变着", "draw": "和棋", "no-cycle": "无循环",
}

var pageTmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	// labelClass: a CSS class for a label (attack labels stand out).
	"labelClass": func(l string) string {
		if c, ok := labelClasses[l]; ok {
			return c
		}
		return "other"
	},
	"verdictZH": func(v string) string { return verdictZH[v] },
	"sym":       func(status string) string { return statusSymbol[status] },
	// css is the page's own style sheet, a constant of this package.
	"css":    func() template.CSS { return template.CSS(ReportCSS()) },
	"boardW": func() int { return boardW },
	"boardH": func() int { return boardH },
	"radius": func() int { return radius },
}).Parse(pageSrc))

type judgePage struct {
	Title  string
	Cycles []*cycleView
}

// WriteJudgement writes one page with every judged input.
func WriteJudgement(w io.Writer, js []Judged) error {
	page := judgePage{Title: "xqrules judge"}
	for _, j := range js {
		v, err := newCycleView(j.Name, j.FEN, j.Plies, j.Cycle, j.FromPly, j.Rulings)
		if err != nil {
			return err
		}
		page.Cycles = append(page.Cycles, v)
	}
	if len(js) == 1 && js[0].Name != "" {
		page.Title += " — " + js[0].Name
	}
	return execute(w, "judge", page)
}

type casebookPage struct {
	Title  string
	Files  []string
	Rules  string
	Tally  Tally
	Books  []bookTally
	Cases  []*caseView
	Groups []groupView
	// Grouped: some case names a lecture (the page is laid out by them).
	Grouped  bool
	Errors   []RowError
	NotBuilt []NotBuilt
	// Constructed: how many cases have a constructed position.
	Constructed int
}

// WriteCasebook writes the casebook: a table of contents, the tallies, and
// a section per case.
func WriteCasebook(w io.Writer, cb *Casebook) error {
	page := casebookPage{Title: "xqrules casebook", Files: cb.Files, Rules: cb.Rules, Tally: cb.Count(), Errors: cb.Errors,
		NotBuilt: cb.NotBuilt}
	for i, c := range cb.Cases {
		v, err := newCaseView(i, c, cb.Extends)
		if err != nil {
			return err
		}
		page.Cases = append(page.Cases, v)
		page.Grouped = page.Grouped || v.Lecture != ""
		if v.Constructed {
			page.Constructed++
		}
	}
	page.Books = bookTallies(page.Cases)
	page.Groups = groupCases(page.Cases)
	return execute(w, "casebook", page)
}

// execute renders into memory first, so a failure leaves no half page.
func execute(w io.Writer, name string, data any) error {
	var b bytes.Buffer
	if err := pageTmpl.ExecuteTemplate(&b, name, data); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	_, err := w.Write(WithTextFont(b.Bytes()))
	return err
}
