package htmlreport

import (
	"bytes"
	"fmt"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// BoardSVG draws p as the reports draw it: the same board (grid, river,
// palaces, files numbered for both sides, Chinese pieces, each piece's
// <g> carrying data-square), last (when not NoMove) marked and attacks
// as arrows. width is the displayed width in CSS pixels. It is for pages
// that draw boards of their own (the workbench); the classes are styled by
// CSS().
func BoardSVG(p *position.Position, last position.Move, attacks []interp.Attack, width int, title string) (string, error) {
	var b bytes.Buffer
	if err := pageTmpl.ExecuteTemplate(&b, "board", newBoard(p, last, attacks, width, title)); err != nil {
		return "", fmt.Errorf("html: %w", err)
	}
	return b.String(), nil
}

// SquareXY is the centre of sq in the SVG's user units (its viewBox).
func SquareXY(sq position.Square) (x, y int) { return xy(sq) }

// CSS is the reports' style sheet, the boards' styles included.
func CSS() string { return PiecesFontFace + pageCSS }

// ReportCSS is CSS for a self-contained page (the reports', explore's):
// with the place where WithTextFont, given the rendered page, inlines the
// text font when the page shows Chinese.
func ReportCSS() string { return PiecesFontFace + textFontMarker + pageCSS }
