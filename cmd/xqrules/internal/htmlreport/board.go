package htmlreport

import (
	"fmt"
	"math"
	"strings"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// Board geometry, in SVG user units: every board is drawn in the same
// coordinate system (viewBox) and a small board is only displayed smaller.
const (
	cell   = 40 // distance between two intersections
	margin = 46 // room for the file numbers
	radius = 17 // a piece's circle
	boardW = 8*cell + 2*margin
	boardH = 9*cell + 2*margin
)

// Files as each side counts them: red from its right (file i is 一), in
// Chinese numerals along the bottom; black from its right (file a is 1),
// in digits along the top.
var redFiles = [9]string{"九", "八", "七", "六", "五", "四", "三", "二", "一"}

// boardView is an SVG board: the grid, the pieces, the last move and the
// attack arrows, ready for the template.
type boardView struct {
	Width, Height int // displayed size in CSS pixels
	ViewBox       string
	Grid          string // the lines, as one SVG path
	Frame         gridRect
	RiverY        int
	RiverLeftX    int
	RiverRightX   int
	Files         []fileLabel
	Pieces        []pieceView
	Marks         []markView
	Arrows        []arrowView
	FEN           string
	Title         string // a title for the SVG, read by screen readers
}

type gridRect struct{ X, Y, W, H int }

type fileLabel struct {
	X, Y int
	Text string
}

type pieceView struct {
	X, Y   int
	Glyph  string // 车, 将 …
	Colour string // red, black
	Square string
}

// markView marks a square of the last move: the square it left (an empty
// ring) and the square it reached (a ring around the piece).
type markView struct {
	X, Y int
	Kind string // from, to
}

// arrowView is attacker → victim: a shaft ending at the victim's circle,
// and a head.
type arrowView struct {
	X1, Y1, X2, Y2 float64
	Head           string // polygon points
	Title          string // "车 c4 → 炮 e4"
}

func xy(sq position.Square) (int, int) {
	return margin + sq.File()*cell, margin + (9-sq.Rank())*cell
}

// gridPath draws the ranks, the files (the inner ones broken at the
// river) and the palace diagonals.
func gridPath() string {
	var b strings.Builder
	line := func(f1, r1, f2, r2 int) {
		x1, y1 := xy(position.SquareAt(f1, r1))
		x2, y2 := xy(position.SquareAt(f2, r2))
		fmt.Fprintf(&b, "M%d %dL%d %d", x1, y1, x2, y2)
	}
	for r := 0; r <= 9; r++ {
		line(0, r, 8, r)
	}
	for f := 0; f <= 8; f++ {
		if f == 0 || f == 8 {
			line(f, 0, f, 9)
			continue
		}
		line(f, 0, f, 4)
		line(f, 5, f, 9)
	}
	// The palaces: d0–f2, f0–d2, d7–f9, f7–d9.
	line(3, 0, 5, 2)
	line(5, 0, 3, 2)
	line(3, 7, 5, 9)
	line(5, 7, 3, 9)
	return b.String()
}

var grid = gridPath()

// newBoard draws p; last (when not NoMove) is the move that led to p, and
// attacks are drawn as arrows. width is the displayed width in pixels.
func newBoard(p *position.Position, last position.Move, attacks []interp.Attack, width int, title string) *boardView {
	b := &boardView{
		Width:   width,
		Height:  width * boardH / boardW,
		ViewBox: fmt.Sprintf("0 0 %d %d", boardW, boardH),
		Grid:    grid,
		Frame:   gridRect{margin - 6, margin - 6, 8*cell + 12, 9*cell + 12},
		FEN:     p.FEN(),
		Title:   title,
	}
	b.RiverY = margin + 4*cell + cell/2
	b.RiverLeftX = margin + 2*cell
	b.RiverRightX = margin + 6*cell
	for f := 0; f < 9; f++ {
		x := margin + f*cell
		b.Files = append(b.Files,
			fileLabel{X: x, Y: 14, Text: fmt.Sprint(f + 1)},
			fileLabel{X: x, Y: boardH - 14, Text: redFiles[f]})
	}
	for sq := position.Square(0); sq < position.NumSquares; sq++ {
		pc := p.At(sq)
		if pc == position.NoPiece {
			continue
		}
		x, y := xy(sq)
		b.Pieces = append(b.Pieces, pieceView{X: x, Y: y, Glyph: pc.Chinese(), Colour: pc.Color().String(), Square: sq.String()})
	}
	if last != position.NoMove {
		fx, fy := xy(last.From())
		tx, ty := xy(last.To())
		b.Marks = append(b.Marks, markView{X: fx, Y: fy, Kind: "from"}, markView{X: tx, Y: ty, Kind: "to"})
	}
	for _, a := range attacks {
		if av, ok := arrow(a); ok {
			b.Arrows = append(b.Arrows, av)
		}
	}
	return b
}

// arrow runs from the attacker's centre to the edge of the victim's
// circle; an attack whose squares cannot be read is left out.
func arrow(a interp.Attack) (arrowView, bool) {
	from, ok1 := position.ParseSquare(a.From)
	to, ok2 := position.ParseSquare(a.To)
	if !ok1 || !ok2 || from == to {
		return arrowView{}, false
	}
	x1, y1 := xy(from)
	x2, y2 := xy(to)
	dx, dy := float64(x2-x1), float64(y2-y1)
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	// The tip touches the victim's circle; the shaft starts inside the
	// attacker's and stops where the head begins.
	tipX, tipY := float64(x2)-ux*radius, float64(y2)-uy*radius
	const headLen, headHalf = 13.0, 6.5
	baseX, baseY := tipX-ux*headLen, tipY-uy*headLen
	head := fmt.Sprintf("%.1f,%.1f %.1f,%.1f %.1f,%.1f", tipX, tipY,
		baseX-uy*headHalf, baseY+ux*headHalf, baseX+uy*headHalf, baseY-ux*headHalf)
	title := a.Attacker + " → " + a.Victim
	if a.Step > 0 {
		// A move of a line won through checks: the check, then the capture.
		title = fmt.Sprintf("%d. %s %s→%s", a.Step, a.Attacker, a.From, a.To)
		if a.Victim != "" {
			title += " takes " + a.Victim
		}
	}
	return arrowView{
		X1: round1(float64(x1) + ux*radius*0.6), Y1: round1(float64(y1) + uy*radius*0.6),
		X2: round1(baseX + ux*1), Y2: round1(baseY + uy*1),
		Head:  head,
		Title: title,
	}, true
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
