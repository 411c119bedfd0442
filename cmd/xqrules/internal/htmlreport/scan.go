package htmlreport

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"sort"
)

//go:embed scan.html.tmpl
var scanSrc string

// scanTmpl: the scan report, with the page's head.
var scanTmpl = template.Must(template.Must(pageTmpl.Clone()).Funcs(template.FuncMap{
	"add": func(ns ...int) int {
		t := 0
		for _, n := range ns {
			t += n
		}
		return t
	},
	"sub":  func(a, b int) int { return a - b },
	"div":  func(a, b int) int { return a / b },
	"half": func(x, w float64) float64 { return round1(x + w/2) },
	// rowY: the middle of the agreement matrix's row i.
	"rowY": func(i int) int { return chartHeadH + i*chartRowH + 10 },
}).Parse(scanSrc))

// ScanBook is one book's tally in a scan summary.
type ScanBook struct {
	// Status: what the book is (official, proposal, draft …: its YAML's
	// status); the books that extend another are shown grouped by it.
	ID, Extends, Status                      string
	RedMustVary, BlackMustVary, Draw, Errors int
	Unknown                                  int // the in-force column: cycles of games without a book in force
	Decisive, LoserMustVary                  int
	// Real: of the cycles that end a game with a result, how many the book
	// rules as the game ended (Agree of Of); RealByDecade the same per
	// decade ("1980", "undated").
	Real         RealTally
	RealByDecade map[string]RealTally
}

// RealTally is Agree of Of.
type RealTally struct{ Agree, Of int }

// ScanSummary is what a scan (or scan-merge) found: the counts, not the
// cycles. Agreement[i][j]: the cycles on which books i and j give the same
// verdict.
type ScanSummary struct {
	Files                   []string
	Mode, Shard             string
	Games, Cycles, BadGames int
	Books                   []ScanBook
	Agreement               [][]int
}

// Chart geometry, in SVG user units.
const (
	chartLabelW = 120 // the books' names
	chartBarW   = 480 // a bar at 100 %
	chartRowH   = 22
	chartCellW  = 58 // a cell of the agreement matrix
	chartHeadH  = 90 // the matrix's column heads, slanted
)

type barSeg struct {
	Class, Title string
	X, W         float64
	N            int
}

type barRow struct {
	ID   string
	Y    int
	Segs []barSeg
}

type loserRow struct {
	ID        string
	Y         int
	W         float64
	Share     string
	Loser, Of int
}

type matrixCell struct {
	X, Y  int
	Fill  string
	Text  string
	Title string
	Dark  bool
}

type draftRow struct {
	ID, Parent      string
	Changed, Cycles int
	Share           string
}

// extendsGroup is the books of one status against the books they extend.
type extendsGroup struct {
	Heading, Noun string
	Rows          []draftRow
}

// statusGroups: the headings of the books that extend another, by their
// status, in the order shown; a status not listed shows last as "Books".
var statusGroups = []struct{ status, heading, noun string }{
	{"draft", "Drafts against the book they extend", "draft"},
	{"proposal", "Proposals against the book they extend", "proposal"},
	{"official", "Editions against the one they extend", "edition"},
	{"trial", "Trial rules against the book they extend", "trial rules"},
	{"reconstruction", "Reconstructions against the book they extend", "reconstruction"},
	{"analogy", "Analogies against the book they extend", "analogy"},
}

type scanPage struct {
	Title   string
	S       ScanSummary
	BarsH   int
	Bars    []barRow
	LoserH  int
	Losers  []loserRow
	MatrixW int
	MatrixH int
	Heads   []matrixHead
	Cells   []matrixCell
	Extends []extendsGroup
	Real    []loserRow // agreement with the real result, per book
	RealAny bool
	// AnyUnknown: a book (the in-force column) has cycles without a book in force.
	AnyUnknown bool
	DecW       int
	DecH       int
	Decades    []matrixHead
	DecCells   []matrixCell
	LabelW     int
	BarW       int
	CellW      int
	RowH       int
}

type matrixHead struct {
	ID   string
	X, Y int
}

func pct(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", float64(n)*100/float64(of))
}

// WriteScan writes the scan report: the verdicts per book, how often the
// loser must vary, the agreement matrix, and drafts against their parents,
// as SVG charts drawn here and tables with the numbers.
func WriteScan(w io.Writer, s ScanSummary) error {
	p := scanPage{Title: "xqrules scan", S: s, LabelW: chartLabelW, BarW: chartBarW, CellW: chartCellW, RowH: chartRowH}
	scale := func(n int) float64 {
		if s.Cycles == 0 {
			return 0
		}
		return round1(float64(n) * chartBarW / float64(s.Cycles))
	}
	for i, b := range s.Books {
		row := barRow{ID: b.ID, Y: i * chartRowH}
		x := float64(chartLabelW)
		for _, seg := range []struct {
			class, name string
			n           int
		}{{"red", "red must vary", b.RedMustVary}, {"black", "black must vary", b.BlackMustVary}, {"draw", "draw", b.Draw}, {"error", "error", b.Errors}, {"unknown", "no book in force", b.Unknown}} {
			if seg.n == 0 {
				continue
			}
			wd := scale(seg.n)
			row.Segs = append(row.Segs, barSeg{Class: seg.class, X: x, W: wd, N: seg.n,
				Title: fmt.Sprintf("%s: %s %d of %d cycles (%s)", b.ID, seg.name, seg.n, s.Cycles, pct(seg.n, s.Cycles))})
			x = round1(x + wd)
		}
		p.Bars = append(p.Bars, row)
		p.AnyUnknown = p.AnyUnknown || b.Unknown > 0
		lr := loserRow{ID: b.ID, Y: i * chartRowH, Loser: b.LoserMustVary, Of: b.Decisive, Share: pct(b.LoserMustVary, b.Decisive)}
		if b.Decisive > 0 {
			lr.W = round1(float64(b.LoserMustVary) * chartBarW / float64(b.Decisive))
		}
		p.Losers = append(p.Losers, lr)
	}
	p.BarsH = len(s.Books)*chartRowH + 4
	p.LoserH = p.BarsH
	n := len(s.Books)
	p.MatrixW = chartLabelW + n*chartCellW + 4
	p.MatrixH = chartHeadH + n*chartRowH + 4
	for j, b := range s.Books {
		p.Heads = append(p.Heads, matrixHead{ID: b.ID, X: chartLabelW + j*chartCellW + chartCellW/2, Y: chartHeadH - 6})
	}
	for i := range s.Agreement {
		for j, k := range s.Agreement[i] {
			share := 0.0
			if s.Cycles > 0 {
				share = float64(k) / float64(s.Cycles)
			}
			// From white (no agreement) to dark blue (all cycles).
			mix := func(to int) int { return 255 - int(share*float64(255-to)) }
			p.Cells = append(p.Cells, matrixCell{X: chartLabelW + j*chartCellW, Y: chartHeadH + i*chartRowH,
				Fill: fmt.Sprintf("#%02x%02x%02x", mix(0x1f), mix(0x4e), mix(0x8c)), Text: fmt.Sprintf("%.0f", share*100), Dark: share > 0.55,
				Title: fmt.Sprintf("%s and %s agree on %d of %d cycles (%s)", s.Books[i].ID, s.Books[j].ID, k, s.Cycles, pct(k, s.Cycles))})
		}
	}
	p.realCharts(s)
	groups := map[string]*extendsGroup{}
	for i, b := range s.Books {
		for j, q := range s.Books {
			if b.Extends != "" && q.ID == b.Extends && i < len(s.Agreement) && j < len(s.Agreement[i]) {
				ch := s.Cycles - s.Agreement[i][j]
				g := groups[b.Status]
				if g == nil {
					g = &extendsGroup{Heading: "Books against the book they extend", Noun: "book"}
					for _, sg := range statusGroups {
						if sg.status == b.Status {
							g.Heading, g.Noun = sg.heading, sg.noun
						}
					}
					groups[b.Status] = g
				}
				g.Rows = append(g.Rows, draftRow{ID: b.ID, Parent: q.ID, Changed: ch, Cycles: s.Cycles, Share: pct(ch, s.Cycles)})
			}
		}
	}
	for _, sg := range statusGroups {
		if g := groups[sg.status]; g != nil {
			p.Extends = append(p.Extends, *g)
			delete(groups, sg.status)
		}
	}
	var rest []string
	for st := range groups {
		rest = append(rest, st)
	}
	sort.Strings(rest)
	for _, st := range rest {
		p.Extends = append(p.Extends, *groups[st])
	}
	// Rendered into memory first, so a failure leaves no half page.
	var buf bytes.Buffer
	if err := scanTmpl.ExecuteTemplate(&buf, "scan", p); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	_, err := w.Write(WithTextFont(buf.Bytes()))
	return err
}

// realCharts lays out the agreement with the real results: a bar per book,
// and a matrix of decades (columns) by books (rows), white (none agree) to
// green (all do).
func (p *scanPage) realCharts(s ScanSummary) {
	decades := map[string]bool{}
	for i, b := range s.Books {
		r := loserRow{ID: b.ID, Y: i * chartRowH, Loser: b.Real.Agree, Of: b.Real.Of, Share: pct(b.Real.Agree, b.Real.Of)}
		if b.Real.Of > 0 {
			p.RealAny = true
			r.W = round1(float64(b.Real.Agree) * chartBarW / float64(b.Real.Of))
		}
		p.Real = append(p.Real, r)
		for d := range b.RealByDecade {
			decades[d] = true
		}
	}
	var ds []string
	for d := range decades {
		ds = append(ds, d)
	}
	sort.Strings(ds)                               // "undated" sorts after the years
	p.DecW = chartLabelW + len(ds)*chartCellW + 50 // room for the last slanted head
	p.DecH = chartHeadH + len(s.Books)*chartRowH + 4
	for j, d := range ds {
		name := d
		if d != "undated" {
			name = d + "s"
		}
		p.Decades = append(p.Decades, matrixHead{ID: name, X: chartLabelW + j*chartCellW + chartCellW/2, Y: chartHeadH - 6})
	}
	for i, b := range s.Books {
		for j, d := range ds {
			t, ok := b.RealByDecade[d]
			c := matrixCell{X: chartLabelW + j*chartCellW, Y: chartHeadH + i*chartRowH, Fill: "#f4f4f4", Text: "–",
				Title: fmt.Sprintf("%s, %s: no cycle ending a game", b.ID, p.Decades[j].ID)}
			if ok && t.Of > 0 {
				share := float64(t.Agree) / float64(t.Of)
				mix := func(to int) int { return 255 - int(share*float64(255-to)) }
				c.Fill = fmt.Sprintf("#%02x%02x%02x", mix(0x2e), mix(0x7d), mix(0x32))
				c.Text = fmt.Sprintf("%.0f", share*100)
				c.Dark = share > 0.55
				c.Title = fmt.Sprintf("%s, %s: %d of %d cycles ending a game ruled as it ended (%s)", b.ID, p.Decades[j].ID, t.Agree, t.Of, pct(t.Agree, t.Of))
			}
			p.DecCells = append(p.DecCells, c)
		}
	}
}
