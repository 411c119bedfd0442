package htmlreport

import (
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// chaseLabel is the label whose attacks are drawn as arrows.
const chaseLabel = "捉"

// Board widths in CSS pixels.
const (
	bigBoard   = 380
	smallBoard = 300
)

// Judged is one input as the judge command ruled on it.
type Judged struct {
	Name  string // a game's name; "" for moves given on the command line
	FEN   string // the input's start position
	Plies int    // the input's moves
	// Cycle is the cycle judged (no moves: there was none); FromPly the
	// input's ply where it starts.
	Cycle   interp.Input
	FromPly int
	Rulings []interp.Ruling
}

// cycleView is one judged cycle as the template shows it: the board
// before the cycle, the moves, one column per book, and the chases.
type cycleView struct {
	Name    string
	FEN     string
	Plies   int
	NoCycle bool
	FromPly int
	// CycleFrom, CycleTo: the cycle's first and last moves, counted 1… in the input.
	CycleFrom, CycleTo int
	Occurrences        int
	Board              *boardView
	Moves              []moveView
	Books              []bookHead
	Rows               []moveRow
	Sides              []sideRow
	Verdicts           []verdictCell
	// ByBook: a row per book and a column per move (then the sides, the
	// verdict): chosen when there are more books than moves, so that a
	// short cycle under every book reads without scrolling sideways.
	ByBook bool
	// Expected: one cell per book (the casebook only).
	Expected []expectCell
	Chases   []chaseView
}

type moveView struct {
	Ply          int
	Side, SideZH string
	CN, ICCS     string
}

type bookHead struct{ ID, Title string }

type moveRow struct {
	Move  moveView
	Cells []moveCell
}

type moveCell struct {
	Label    string
	Tags     string
	Cite     string
	Rule     string
	Reason   string
	Default  bool
	Exempted []string
	Targets  string
	// Text: the label the case's source gives this move under this book
	// ("" when it gives none), and whether the book's agrees (casebook).
	Text      string
	TextAgree bool
}

type sideRow struct {
	SideZH string
	Cells  []sideCell
}

type sideCell struct{ Labels, Patterns string }

type verdictCell struct {
	Verdict, Clause, Row, Reason string
	// Judged: the plies the book judged ("plies 5–8 (the last period)").
	Judged string
	Notes  []string
}

// chaseView is a move labelled 捉 by some books, drawn after the move with
// its attacks; books whose evidence is the same share one board.
type chaseView struct {
	Move    moveView
	Books   string
	Label   string
	Board   *boardView
	Attacks []string
}

var sideZH = map[string]string{"red": "红", "black": "黑"}

// newCycleView builds the view of a judged cycle. A cycle whose moves do
// not replay from its start (which FindCycle rules out) is an error.
func newCycleView(name, fen string, plies int, in interp.Input, fromPly int, rulings []interp.Ruling) (*cycleView, error) {
	v := &cycleView{Name: name, FEN: fen, Plies: plies, FromPly: fromPly, Occurrences: in.Occurrences}
	for _, r := range rulings {
		v.Books = append(v.Books, bookHead{ID: r.Ruleset, Title: r.Title})
		vc := verdictCell{Verdict: r.Verdict, Clause: r.Clause, Row: r.Row, Reason: r.Reason, Notes: r.Notes}
		if r.Judged.To > 0 {
			vc.Judged = r.Judged.String()
		}
		v.Verdicts = append(v.Verdicts, vc)
	}
	if len(in.Moves) == 0 || in.Start == nil {
		v.NoCycle = true
		if p, err := position.ParseFENComposed(fen); err == nil {
			v.Board = newBoard(p, position.NoMove, nil, bigBoard, "the input's start position")
		}
		return v, nil
	}
	v.CycleFrom, v.CycleTo = fromPly+1, fromPly+len(in.Moves)
	// The rows are the moves the books judged: the last period, or, when a
	// book judged every move since the position first occurred (Whole, which
	// ends with the period), those; a book that judged the period has its
	// labels on the last rows.
	moves := in.Moves
	for _, r := range rulings {
		if n := r.Judged.To - r.Judged.From + 1; r.Judged.SinceFirst && n > len(moves) && n <= len(in.Whole) {
			moves = in.Whole[len(in.Whole)-n:] // every judged window ends with the period
			v.CycleFrom, v.CycleTo = r.Judged.From, r.Judged.To
		}
	}
	v.Board = newBoard(in.Start, position.NoMove, nil, bigBoard, "the position before the cycle")
	// The positions after each move, for the chase boards.
	after := make([]*position.Position, len(moves))
	p := in.Start.Clone()
	for i, m := range moves {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("cycle move %d %s is not legal", i+1, m)
		}
		side := p.Side().String()
		v.Moves = append(v.Moves, moveView{Ply: i + 1, Side: side, SideZH: sideZH[side],
			CN: position.Chinese{}.Encode(p, m), ICCS: m.String()})
		p.Make(m)
		after[i] = p.Clone()
	}
	for i, mv := range v.Moves {
		row := moveRow{Move: mv}
		for _, r := range rulings {
			k := i - (len(moves) - len(r.Moves))
			if k < 0 || k >= len(r.Moves) {
				row.Cells = append(row.Cells, moveCell{Label: "—"})
				continue
			}
			row.Cells = append(row.Cells, newMoveCell(r.Moves[k]))
		}
		v.Rows = append(v.Rows, row)
	}
	v.Sides = sideRows(rulings)
	v.ByBook = len(v.Books) > len(v.Rows)
	v.Chases = chases(v.Moves, moves, after, rulings)
	return v, nil
}

func newMoveCell(m interp.MoveRuling) moveCell {
	c := moveCell{Label: m.Label, Tags: strings.Join(m.Tags, " "), Cite: m.Cite, Rule: m.Rule, Reason: m.Reason,
		Default: m.Rule == "(default)", Targets: strings.Join(m.Targets, ", ")}
	for _, x := range m.Exempted {
		c.Exempted = append(c.Exempted, x.String())
	}
	return c
}

// sideRows: per side (in the order the rulings list them), what its moves
// amount to under each book.
func sideRows(rulings []interp.Ruling) []sideRow {
	var order []string
	seen := map[string]bool{}
	for _, r := range rulings {
		for _, s := range r.Sides {
			if !seen[s.Side] {
				seen[s.Side] = true
				order = append(order, s.Side)
			}
		}
	}
	var out []sideRow
	for _, side := range order {
		row := sideRow{SideZH: sideZH[side] + "方"}
		for _, r := range rulings {
			var c sideCell
			for _, s := range r.Sides {
				if s.Side == side {
					c.Labels = strings.Join(s.Labels, " ")
					c.Patterns = strings.Join(s.Patterns, ", ")
				}
			}
			row.Cells = append(row.Cells, c)
		}
		out = append(out, row)
	}
	return out
}

// chases: every move some book labels 捉, drawn after the move with the
// attacks of its evidence; books with the same attacks share a board.
func chases(views []moveView, moves []position.Move, after []*position.Position, rulings []interp.Ruling) []chaseView {
	var out []chaseView
	for i := range moves {
		type group struct {
			books   []string
			attacks []interp.Attack
		}
		var groups []*group
		byKey := map[string]*group{}
		for _, r := range rulings {
			k := i - (len(moves) - len(r.Moves)) // a book that judged fewer moves judged the last ones
			if k < 0 || k >= len(r.Moves) || r.Moves[k].Label != chaseLabel {
				continue
			}
			key := fmt.Sprint(r.Moves[k].Attacks)
			g := byKey[key]
			if g == nil {
				g = &group{attacks: r.Moves[k].Attacks}
				byKey[key] = g
				groups = append(groups, g)
			}
			g.books = append(g.books, r.Ruleset)
		}
		for _, g := range groups {
			mv := views[i]
			c := chaseView{Move: mv, Books: strings.Join(g.books, ", "), Label: chaseLabel}
			for _, a := range g.attacks {
				c.Attacks = append(c.Attacks, a.Attacker+" → "+a.Victim)
			}
			title := fmt.Sprintf("after %d. %s (%s): %s", mv.Ply, mv.CN, mv.ICCS, strings.Join(c.Attacks, "; "))
			c.Board = newBoard(after[i], moves[i], g.attacks, smallBoard, title)
			out = append(out, c)
		}
	}
	return out
}
