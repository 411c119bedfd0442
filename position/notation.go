package position

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/internal/excerpt"
)

// Notation converts between moves and their text in one notation. Decode
// accepts only legal moves of the side to move; its errors are *MoveError.
type Notation interface {
	Name() string
	Encode(p *Position, m Move) string
	Decode(p *Position, text string) (Move, error)
}

// MoveError is a move text that could not be read or is not legal here.
type MoveError struct {
	Text     string
	Notation string // the notation that tried ("" when none recognised it)
	Code     string // stable: "syntax", "no-piece", "illegal", "ambiguous", "unknown-notation"
	Msg      string
}

func (e *MoveError) Error() string {
	if e.Notation != "" {
		return fmt.Sprintf("%s move %s: %s", e.Notation, excerpt.Quote(e.Text), e.Msg)
	}
	return fmt.Sprintf("move %s: %s", excerpt.Quote(e.Text), e.Msg)
}

func moveErr(notation, text, code, format string, args ...any) *MoveError {
	return &MoveError{Text: text, Notation: notation, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ICCS is the coordinate notation of ICCS/UCCI: "h2e2", also "H2-E2".
type ICCS struct{}

// Name returns "iccs".
func (ICCS) Name() string { return "iccs" }

// Encode returns e.g. "h2e2".
func (ICCS) Encode(_ *Position, m Move) string { return m.String() }

// Decode reads "h2e2" or "H2-E2" and checks that the move is legal.
func (ICCS) Decode(p *Position, text string) (Move, error) {
	m, ok := parseICCS(text)
	if !ok {
		return NoMove, moveErr("iccs", text, "syntax", "want four characters like h2e2 or H2-E2")
	}
	if err := checkLegal(p, m, "iccs", text); err != nil {
		return NoMove, err
	}
	return m, nil
}

func parseICCS(text string) (Move, bool) {
	t := strings.TrimSpace(text)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	if len(t) != 4 {
		return NoMove, false
	}
	from, ok1 := ParseSquare(t[:2])
	to, ok2 := ParseSquare(t[2:])
	if !ok1 || !ok2 || from == to {
		return NoMove, false
	}
	return NewMove(from, to), true
}

// checkLegal explains why m is not a legal move for the side to move, or returns nil.
func checkLegal(p *Position, m Move, notation, text string) error {
	pc := p.At(m.From())
	switch {
	case pc == NoPiece:
		return moveErr(notation, text, "no-piece", "no piece on %s", m.From())
	case pc.Color() != p.Side():
		return moveErr(notation, text, "illegal", "the %s %s on %s is not the side to move's (%s to move)", pc.Color(), pc.Kind(), m.From(), p.Side())
	case !p.IsPseudoLegal(m):
		return moveErr(notation, text, "illegal", "%s cannot move from %s to %s", pc.Kind().WithArticle(), m.From(), m.To())
	case !p.legalFor(m, p.Side()):
		return moveErr(notation, text, "illegal", "%s leaves the %s king in check or facing the other king", m, p.Side())
	}
	return nil
}

// Notations lists the notations ParseMove tries, in order.
var Notations = []Notation{ICCS{}, WXF{}, Chinese{}}

// NotationByName returns the notation called name ("iccs", "wxf", "chinese").
func NotationByName(name string) (Notation, bool) {
	for _, n := range Notations {
		if strings.EqualFold(n.Name(), name) {
			return n, true
		}
	}
	return nil, false
}

// ParseMoves reads moves in any supported notation, each in the position
// the ones before it leave, from start (which is not changed). An error
// names the move by its number (from 1) and text.
func ParseMoves(start *Position, texts []string) ([]Move, error) {
	p := start.Clone()
	moves := make([]Move, 0, len(texts))
	for i, t := range texts {
		m, err := ParseMove(p, t)
		if err != nil {
			return nil, fmt.Errorf("move %d %s: %w", i+1, excerpt.Quote(t), err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return moves, nil
}

// SplitMoves splits typed move text into moves: spaces, tabs, newlines,
// commas (also "，"), "、" and ";" separate them, and move numbers as
// records write them ("1.", "2...", "12" alone, or "1." before a move, as
// in "1.h2e2") are dropped. A digit that is part of a move (Black's
// ordinal 1卒平4) is kept.
func SplitMoves(text string) []string {
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' || r == '，' || r == '、' || r == ';' || r == '\u3000'
	})
	out := fields[:0]
	for _, f := range fields {
		i := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		j := i
		for j < len(f) && f[j] == '.' {
			j++
		}
		switch {
		case i == len(f): // "12": a number alone
			continue
		case i > 0 && j > i: // "1." or "1.h2e2"
			f = f[j:]
		}
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// ParseMove reads a move in any supported notation (ICCS, WXF, Chinese). When
// the text is recognisable in one notation, that notation's error is returned.
func ParseMove(p *Position, text string) (Move, error) {
	var first *MoveError
	for _, n := range Notations {
		m, err := n.Decode(p, text)
		if err == nil {
			return m, nil
		}
		var me *MoveError
		if errors.As(err, &me) && me.Code != "syntax" {
			return NoMove, err // recognised, but wrong here: say why
		}
		if first == nil && me != nil {
			first = me
		}
	}
	return NoMove, &MoveError{Text: text, Code: "unknown-notation", Msg: "not a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation"}
}
