package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/cliout"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

// boardCSS: the reports' style sheet, with the text font served beside it
// (fonts/text.otf) rather than inlined: the browser fetches it only when
// the page shows Chinese and no system font has it.
var boardCSS = htmlreport.TextFontFace("fonts/text.otf") + htmlreport.CSS()

// moveList is the moves of a request: a JSON array of moves, or one string
// of moves as the CLI's --moves takes them (any notation, space or comma
// separated).
type moveList []string

func (m *moveList) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = position.SplitMoves(s)
		return nil
	}
	var a []string
	if err := json.Unmarshal(b, &a); err != nil {
		return &fieldError{field: "moves", msg: "moves wants a string of moves or an array of strings"}
	}
	*m = a
	return nil
}

// fieldError is a request field of the wrong shape (offsets inside the
// field's own value would not be the body's: there are none).
type fieldError struct{ field, msg string }

func (e *fieldError) Error() string { return e.msg }

// play reads the start position and the moves as `judge` reads them (a
// composed FEN is allowed: a rule book's diagram may be one).
func play(fen string, texts []string) (*position.Position, []position.Move, error) {
	if strings.TrimSpace(fen) == "" {
		fen = position.StartFEN
	}
	start, err := position.ParseFENComposed(fen)
	if err != nil {
		return nil, nil, fenError(err)
	}
	p := start.Clone()
	moves := make([]position.Move, 0, len(texts))
	for i, t := range texts {
		m, err := position.ParseMove(p, t)
		if err != nil {
			code := "move"
			var me *position.MoveError
			if errors.As(err, &me) {
				code = "move-" + me.Code
			}
			return nil, nil, &apiError{Status: http.StatusUnprocessableEntity, Code: code, Field: "moves", Move: i + 1, Text: t,
				Message: fmt.Sprintf("move %d %q: %v", i+1, t, err)}
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return start, moves, nil
}

// books: the books a request names (default: the server's), with the
// draft, if any, loaded beside them; a draft with no books named is
// judged beside the book it extends.
func (s *server) selectBooks(rules, draft string) ([]*interp.Book, *interp.Book, error) {
	lib, err := interp.Bundled()
	if err != nil {
		return nil, nil, err
	}
	var d *interp.Book
	if draft != "" {
		if d, err = lib.LoadBytes("draft", "draft.yaml", []byte(draft)); err != nil {
			return nil, nil, rulesError("draft", err)
		}
		if strings.TrimSpace(rules) == "" && d.Extends != "" {
			rules = d.Extends
		}
	}
	if strings.TrimSpace(rules) == "" {
		rules = s.opt.Rules
	}
	books, err := lib.Select(rules)
	if err != nil {
		return nil, nil, rulesError("rules", err)
	}
	if d != nil && !containsBook(books, d) {
		books = append(books, d)
	}
	return books, d, nil
}

func containsBook(bs []*interp.Book, b *interp.Book) bool {
	for _, x := range bs {
		if x == b {
			return true
		}
	}
	return false
}

// GET /api/books: the bundled books, as `rules list --format json`.
func (s *server) books(w http.ResponseWriter, r *http.Request) {
	lib, err := interp.Bundled()
	if err != nil {
		writeError(w, err)
		return
	}
	infos := []cliout.BookInfo{}
	for _, b := range lib.Books() {
		infos = append(infos, cliout.Info(b))
	}
	writeJSON(w, http.StatusOK, infos)
}

// clauseInfo is where a rule, pattern or verdict row of a book comes from:
// the clause it encodes, how faithfully, and the words behind it.
type clauseInfo struct {
	Kind   string `json:"kind"` // move, pattern, verdict
	Cite   string `json:"cite"`
	Status string `json:"status"`
	Quote  string `json:"quote,omitempty"`
	Why    string `json:"why,omitempty"`
	Note   string `json:"note,omitempty"`
	Source string `json:"source,omitempty"` // the source's citation
	When   string `json:"when,omitempty"`
}

// GET /api/books/{id}/clauses: every rule, pattern and verdict row of a
// bundled book by id, with its clause (what the page shows on hover).
func (s *server) clauses(w http.ResponseWriter, r *http.Request) {
	lib, err := interp.Bundled()
	if err != nil {
		writeError(w, err)
		return
	}
	b := lib.Book(r.PathValue("id"))
	if b == nil {
		writeError(w, &apiError{Status: http.StatusNotFound, Code: "unknown-book", Field: "id", Message: fmt.Sprintf("no bundled book %q", r.PathValue("id"))})
		return
	}
	sources := map[string]string{}
	for _, src := range b.Sources {
		sources[src.ID] = src.Cite
	}
	out := map[string]clauseInfo{}
	add := func(kind string, c interp.Clause, when string) {
		out[c.ID] = clauseInfo{Kind: kind, Cite: c.Cite, Status: c.Status, Quote: c.Quote, Why: c.Why, Note: c.Note, Source: sources[c.Source], When: strings.Join(strings.Fields(when), " ")}
	}
	for _, m := range b.Moves {
		add("move", m.Clause, m.When())
	}
	for _, p := range b.Patterns {
		add("pattern", p.Clause, p.When())
	}
	for _, v := range b.Verdict {
		add("verdict", v.Clause, v.When())
	}
	writeJSON(w, http.StatusOK, out)
}

type judgeRequest struct {
	FEN   string   `json:"fen"`
	Moves moveList `json:"moves"`
	// Rules: bundled ids (11,asian) or all; default the server's --rules.
	Rules string `json:"rules"`
	// Draft: a rule set's YAML, judged beside the books (id "draft").
	Draft string `json:"draft"`
}

// POST /api/judge: the rulings of the last cycle of the moves, as
// `judge --format json`.
func (s *server) judge(ctx context.Context, r *http.Request, body []byte) (any, error) {
	var req judgeRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if len(req.Moves) == 0 {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-moves", Field: "moves", Message: "nothing to judge: give the moves"}
	}
	start, moves, err := play(req.FEN, req.Moves)
	if err != nil {
		return nil, err
	}
	books, _, err := s.selectBooks(req.Rules, req.Draft)
	if err != nil {
		return nil, err
	}
	j, err := cliout.Judge(books, start, moves)
	if err != nil {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "judge", Message: err.Error()}
	}
	return j, nil
}

type factsRequest struct {
	FEN   string   `json:"fen"`
	Moves moveList `json:"moves"`
	// Rules: the one bundled book whose parameters the facts use (default 11).
	Rules string `json:"rules"`
}

// POST /api/facts: the neutral facts of the cycle's moves, as
// `facts --format json`.
func (s *server) facts(ctx context.Context, r *http.Request, body []byte) (any, error) {
	var req factsRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if len(req.Moves) == 0 {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-moves", Field: "moves", Message: "moves is empty"}
	}
	start, moves, err := play(req.FEN, req.Moves)
	if err != nil {
		return nil, err
	}
	in, ok := interp.FindCycle(start, moves)
	if !ok {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-cycle", Field: "moves", Message: facts.ErrNoCycle.Error()}
	}
	if req.Rules == "" {
		req.Rules = "11"
	}
	lib, err := interp.Bundled()
	if err != nil {
		return nil, err
	}
	books, err := lib.Select(req.Rules)
	if err != nil || len(books) != 1 {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "rules", Field: "rules",
			Message: fmt.Sprintf("rules must name one bundled book: %q", req.Rules)}
	}
	par := books[0].Params
	par.Detail, par.Skip = facts.DetailFull, 0
	c, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, par)
	if err != nil {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "facts", Message: err.Error()}
	}
	return c, nil
}

type draftRequest struct {
	Draft string `json:"draft"`
	// Rules (diff only): the book the draft is compared with; default the
	// book it extends.
	Rules string `json:"rules"`
}

type checkResult struct {
	OK       bool   `json:"ok"`
	ID       string `json:"id"`
	Extends  string `json:"extends,omitempty"`
	Moves    int    `json:"move_rules"`
	Patterns int    `json:"patterns"`
	Verdict  int    `json:"verdict_rows"`
	Message  string `json:"message"`
}

// POST /api/check: a draft checked as `rules check` checks a file; its
// errors (422) at their line and column.
func (s *server) check(ctx context.Context, r *http.Request, body []byte) (any, error) {
	var req draftRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Draft) == "" {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-draft", Field: "draft", Message: "draft is empty"}
	}
	lib, err := interp.Bundled()
	if err != nil {
		return nil, err
	}
	b, err := lib.LoadBytes("draft", "draft.yaml", []byte(req.Draft))
	if err != nil {
		return nil, rulesError("draft", err)
	}
	return checkResult{OK: true, ID: b.ID, Extends: b.Extends, Moves: len(b.Moves), Patterns: len(b.Patterns), Verdict: len(b.Verdict),
		Message: fmt.Sprintf("%s: ok — rule set %q: %d move rules, %d patterns, %d verdict rows", b.File, b.ID, len(b.Moves), len(b.Patterns), len(b.Verdict))}, nil
}

// POST /api/diff: the casebook's cases whose verdict or labels change
// between the draft's parent (or rules) and the draft, as
// `diff --rules PARENT,draft.yaml --format json`.
func (s *server) diff(ctx context.Context, r *http.Request, body []byte) (any, error) {
	if s.opt.Diff == nil {
		return nil, &apiError{Status: http.StatusNotImplemented, Code: "no-casebook", Message: "this server has no casebook to diff over"}
	}
	var req draftRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Draft) == "" {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-draft", Field: "draft", Message: "draft is empty"}
	}
	books, d, err := s.selectBooks(req.Rules, req.Draft)
	if err != nil {
		return nil, err
	}
	var base *interp.Book
	for _, b := range books {
		if b != d {
			base = b
			break
		}
	}
	if base == nil || len(books) != 2 {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "rules", Field: "rules",
			Message: "diff compares the draft with one book: name it in rules, or let the draft extend one"}
	}
	return s.opt.Diff([]*interp.Book{base, d})
}

type positionRequest struct {
	FEN   string   `json:"fen"`
	Moves moveList `json:"moves"`
	// Attacks are drawn as arrows (attacker → victim), as a ruling's move gives them.
	Attacks []interp.Attack `json:"attacks"`
	// Width of the board in CSS pixels (default 460).
	Width int `json:"width"`
}

type moveInfo struct {
	ICCS string `json:"iccs"`
	CN   string `json:"cn"`
	WXF  string `json:"wxf"`
}

type legalMove struct {
	moveInfo
	From string `json:"from"`
	To   string `json:"to"`
	// X, Y: the centre of To in the board's SVG units.
	X int `json:"x"`
	Y int `json:"y"`
}

type positionResult struct {
	Start   string      `json:"start"` // the start position's FEN
	FEN     string      `json:"fen"`   // after the moves
	Side    string      `json:"side"`  // to move: red or black
	Moves   []moveInfo  `json:"moves"`
	Check   bool        `json:"check"`
	Mate    bool        `json:"mate"` // no legal move
	Legal   []legalMove `json:"legal"`
	Squares []squareXY  `json:"squares"`
	SVG     string      `json:"svg"`
}

type squareXY struct {
	Square string `json:"square"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
}

// POST /api/position: the position after the moves, its legal moves and
// the board drawn as the reports draw it.
func (s *server) position(ctx context.Context, r *http.Request, body []byte) (any, error) {
	var req positionRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	start, moves, err := play(req.FEN, req.Moves)
	if err != nil {
		return nil, err
	}
	res := positionResult{Start: start.FEN(), Moves: []moveInfo{}, Legal: []legalMove{}}
	p := start.Clone()
	for _, m := range moves {
		res.Moves = append(res.Moves, describe(p, m))
		p.Make(m)
	}
	res.FEN, res.Side = p.FEN(), p.Side().String()
	res.Check = p.InCheck(p.Side())
	for _, m := range p.LegalMoves(nil) {
		x, y := htmlreport.SquareXY(m.To())
		res.Legal = append(res.Legal, legalMove{moveInfo: describe(p, m), From: m.From().String(), To: m.To().String(), X: x, Y: y})
	}
	res.Mate = len(res.Legal) == 0
	for sq := position.Square(0); sq < position.NumSquares; sq++ {
		x, y := htmlreport.SquareXY(sq)
		res.Squares = append(res.Squares, squareXY{sq.String(), x, y})
	}
	last := position.NoMove
	if len(moves) > 0 {
		last = moves[len(moves)-1]
	}
	width := req.Width
	if width < 200 || width > 1200 {
		width = 460
	}
	if res.SVG, err = htmlreport.BoardSVG(p, last, req.Attacks, width, "board"); err != nil {
		return nil, err
	}
	return res, nil
}

func describe(p *position.Position, m position.Move) moveInfo {
	return moveInfo{ICCS: m.String(), CN: position.Chinese{}.Encode(p, m), WXF: position.WXF{}.Encode(p, m)}
}

type gameCycle struct {
	Ply         int      `json:"ply"`      // moves played when the repetition is complete
	FromPly     int      `json:"from_ply"` // moves before the period judged
	Occurrences int      `json:"occurrences"`
	Moves       []string `json:"moves"` // the period, Chinese notation
	EndsGame    bool     `json:"ends_game"`
}

type gameResult struct {
	Name   string      `json:"name"`
	Games  int         `json:"games"` // records in the upload; the first is read
	FEN    string      `json:"fen"`
	Moves  []string    `json:"moves"` // ICCS
	Cycles []gameCycle `json:"cycles"`
}

// POST /api/game: a record file (PGN in any notation, DhtmlXQ, JSON
// Lines, XQF; any encoding the readers know) as the raw body; its first
// game's moves and repetition cycles.
func (s *server) game(ctx context.Context, r *http.Request, body []byte) (any, error) {
	rd := record.NewReader(bytes.NewReader(body), "upload")
	defer rd.Close()
	res := gameResult{Cycles: []gameCycle{}}
	var first *record.Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if first == nil {
				return nil, recordError(err)
			}
			break
		}
		res.Games++
		if first == nil {
			first = g
		}
		if res.Games >= 1000 {
			break
		}
	}
	if first == nil {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "empty", Field: "body", Message: "no game in the upload"}
	}
	rep, err := record.Replay(first)
	if err != nil {
		return nil, recordError(err)
	}
	res.Name, res.FEN, res.Moves = first.Name(), rep.Start.FEN(), cliout.ICCS(rep.Moves)
	for _, c := range interp.FindCycles(rep.Start, rep.Moves, interp.CyclesAll) {
		gc := gameCycle{Ply: c.Ply, FromPly: c.FromPly, Occurrences: c.Occurrences, EndsGame: c.EndsGame}
		p := c.Start.Clone()
		for _, m := range c.Moves {
			gc.Moves = append(gc.Moves, position.Chinese{}.Encode(p, m))
			p.Make(m)
		}
		res.Cycles = append(res.Cycles, gc)
	}
	return res, nil
}

// recordError: a record that does not read or replay, with its line and
// move number.
func recordError(err error) error {
	ae := &apiError{Status: http.StatusUnprocessableEntity, Code: "record", Field: "body", Message: err.Error()}
	var re *record.Error
	var pe *record.ReplayError
	switch {
	case errors.As(err, &pe):
		ae.Code, ae.Line, ae.Move, ae.Text = "replay", pe.Line, pe.MoveNo, pe.Text
	case errors.As(err, &re):
		ae.Code, ae.Line, ae.Text = "record-"+re.Code, re.Line, re.Text
	}
	return ae
}
