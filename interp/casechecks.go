package interp

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/position"
)

// CaseCheck is a relation a case's source claims about its position (a
// constructed case's "checks:"), verified with the board alone: the moves
// of the case are played up to After, then Play, and every Then item must
// hold for the side to move.
type CaseCheck struct {
	// Says is the claim in the source's words.
	Says string
	// After: plies of the case's moves played first (0: the FEN itself).
	After int
	// Play: moves played from there, any notation, each one legal; "pass"
	// gives the move to the other side (not while in check), to check what
	// a side could do "from the next move on" after its own move.
	Play []string
	// Then: what must hold afterwards (check, no-mate, captures 炮, …).
	Then []string
	// Line is the check's line in the case file.
	Line int
}

// CaseError is why a case is refused, at a line of its file: the case's
// own, or the line of the check that failed.
type CaseError struct {
	Line int
	Msg  string
}

func (e *CaseError) Error() string { return e.Msg }

// ErrLine is the line a case's error points at: a failed check's line, or
// the case's.
func (c *Case) ErrLine() int {
	var ce *CaseError
	if errors.As(c.Err, &ce) && ce.Line > 0 {
		return ce.Line
	}
	return c.Line
}

// thenWords are the items a check's then list may hold; true: takes an argument.
var thenWords = map[string]bool{
	"check": false, "no-check": false,
	"mate": false, "no-mate": false,
	"stalemate": false, "no-moves": false,
	"mate-in-one": false, "no-mate-in-one": false,
	"captures": true, "legal": true, "illegal": true,
	"attacks": true, "no-attacks": true,
}

// kindWords names piece kinds in the forms a check may write them.
var kindWords = map[string]position.Kind{
	"车": position.Rook, "車": position.Rook, "俥": position.Rook, "R": position.Rook,
	"马": position.Horse, "馬": position.Horse, "傌": position.Horse, "N": position.Horse, "H": position.Horse,
	"炮": position.Cannon, "砲": position.Cannon, "包": position.Cannon, "C": position.Cannon,
	"相": position.Elephant, "象": position.Elephant, "B": position.Elephant, "E": position.Elephant,
	"仕": position.Advisor, "士": position.Advisor, "A": position.Advisor,
	"兵": position.Pawn, "卒": position.Pawn, "P": position.Pawn,
	"帅": position.King, "帥": position.King, "将": position.King, "將": position.King, "K": position.King,
}

// parseThen splits a then item into its word and argument and checks both.
func parseThen(item string) (word, arg string, err error) {
	f := strings.Fields(item)
	if len(f) == 0 {
		return "", "", errors.New("an empty then item")
	}
	word = f[0]
	takes, ok := thenWords[word]
	if !ok {
		msg := fmt.Sprintf("unknown then item %s", excerpt.Quote(word))
		known := make([]string, 0, len(thenWords))
		for w := range thenWords {
			known = append(known, w)
		}
		if s := suggest(word, known); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return "", "", errors.New(msg)
	}
	switch {
	case takes && len(f) != 2:
		return "", "", fmt.Errorf("then item %s takes one argument (%s)", excerpt.Quote(word), excerpt.Quote(item))
	case !takes && len(f) != 1:
		return "", "", fmt.Errorf("then item %s takes no argument (%s)", excerpt.Quote(word), excerpt.Quote(item))
	}
	if takes {
		arg = f[1]
	}
	switch word {
	case "captures":
		if _, ok := kindWords[arg]; !ok {
			return "", "", fmt.Errorf("captures %s: not a piece kind (车 马 炮 相 仕 兵 帅, or R N C B A P K)", excerpt.Quote(arg))
		}
	case "attacks", "no-attacks":
		if _, ok := position.ParseSquare(arg); !ok {
			return "", "", fmt.Errorf("%s %s: not a square (ICCS, like e7)", word, excerpt.Quote(arg))
		}
	}
	return word, arg, nil
}

// verifyChecks plays each check from start along moves and reports the
// first that fails, at its line.
func verifyChecks(start *position.Position, moves []position.Move, checks []CaseCheck) error {
	for i := range checks {
		ck := &checks[i]
		if err := verifyCheck(start, moves, ck); err != nil {
			what := ck.Says
			if what == "" {
				what = strings.Join(ck.Then, ", ")
			}
			return &CaseError{Line: ck.Line, Msg: fmt.Sprintf("check %d (line %d, %s): %v", i+1, ck.Line, excerpt.Quote(what), err)}
		}
	}
	return nil
}

func verifyCheck(start *position.Position, moves []position.Move, ck *CaseCheck) error {
	if ck.After < 0 || ck.After > len(moves) {
		return fmt.Errorf("after: %d is not between 0 and the case's %d moves", ck.After, len(moves))
	}
	if len(ck.Then) == 0 {
		return errors.New("nothing to check: give then")
	}
	p := start.Clone()
	for _, m := range moves[:ck.After] {
		p.Make(m)
	}
	var last position.Move
	captured := position.NoPiece
	for i, text := range ck.Play {
		if text == "pass" {
			// The side to move lets the other move again: how "from the
			// next move on it could take" (捉's definition) is checked.
			if p.InCheck(p.Side()) {
				return fmt.Errorf("play move %d: %s cannot pass while in check", i+1, sideName(p.Side()))
			}
			p.SetSide(p.Side().Other())
			last, captured = position.NoMove, position.NoPiece
			continue
		}
		m, err := position.ParseMove(p, text)
		if err != nil {
			return fmt.Errorf("play move %d: %v", i+1, err)
		}
		captured = p.At(m.To())
		p.Make(m)
		last = m
	}
	for _, item := range ck.Then {
		word, arg, err := parseThen(item)
		if err != nil {
			return err
		}
		if err := holds(p, word, arg, len(ck.Play) > 0, last, captured); err != nil {
			return fmt.Errorf("%s does not hold: %v", excerpt.Quote(item), err)
		}
	}
	return nil
}

func sideName(c position.Color) string {
	if c == position.Red {
		return "red"
	}
	return "black"
}

// holds checks one then item in p (the side to move is p's). played: play
// had moves, the last being last, which took captured.
func holds(p *position.Position, word, arg string, played bool, last position.Move, captured position.Piece) error {
	side := p.Side()
	who := sideName(side)
	inCheck := p.InCheck(side)
	yes := func(ok bool, why string, args ...any) error {
		if ok {
			return nil
		}
		return fmt.Errorf(why, args...)
	}
	switch word {
	case "check":
		return yes(inCheck, "%s is not in check", who)
	case "no-check":
		return yes(!inCheck, "%s is in check", who)
	case "mate":
		return yes(p.IsCheckmate(), "%s is not checkmated (in check: %v, legal moves: %d)", who, inCheck, p.CountLegalMoves(side))
	case "no-mate":
		return yes(!p.IsCheckmate(), "%s is checkmated", who)
	case "stalemate":
		return yes(p.IsStalemate(), "%s is not stalemated (in check: %v, legal moves: %d)", who, inCheck, p.CountLegalMoves(side))
	case "no-moves":
		return yes(p.IsMate(), "%s has %d legal moves", who, p.CountLegalMoves(side))
	case "mate-in-one", "no-mate-in-one":
		m, ok := mateInOne(p)
		if word == "mate-in-one" {
			return yes(ok, "%s has no move that mates at once", who)
		}
		if ok {
			return fmt.Errorf("%s mates at once with %s (%s)", who, position.Chinese{}.Encode(p, m), m)
		}
		return nil
	case "captures":
		if !played {
			return errors.New("captures needs a move in play (not a pass)")
		}
		want := kindWords[arg]
		if captured == position.NoPiece {
			return fmt.Errorf("%s captured nothing", last)
		}
		return yes(captured.Kind() == want, "%s captured %s, not %s", last, captured.Chinese(), arg)
	case "legal", "illegal":
		err := legalMove(p, arg)
		var me *position.MoveError
		if err != nil && (!errors.As(err, &me) || me.Code == "syntax" || me.Code == "unknown-notation" || me.Code == "ambiguous") {
			return fmt.Errorf("cannot read the move: %v", err) // a slip of the case, not an illegal move
		}
		if word == "legal" {
			return yes(err == nil, "not a legal move for %s: %v", who, err)
		}
		return yes(err != nil, "%s is a legal move for %s", arg, who)
	case "attacks", "no-attacks":
		sq, _ := position.ParseSquare(arg)
		pc := p.At(sq)
		var caps []position.Move
		if pc != position.NoPiece && pc.Color() != side {
			caps = p.LegalCapturesOf(sq, side)
		}
		if word == "attacks" {
			if pc == position.NoPiece || pc.Color() == side {
				return fmt.Errorf("%s holds no piece of %s's opponent", arg, who)
			}
			return yes(len(caps) > 0, "%s has no legal capture on %s", who, arg)
		}
		if len(caps) > 0 {
			return fmt.Errorf("%s can capture on %s (%s)", who, arg, caps[0])
		}
		return nil
	}
	return fmt.Errorf("unknown then item %s", excerpt.Quote(word))
}

// legalMove returns nil when text is a legal move in p, else why not.
func legalMove(p *position.Position, text string) error {
	_, err := position.ParseMove(p, text)
	return err
}

// mateInOne returns a move of the side to move after which the other side
// is checkmated, trying each legal move.
func mateInOne(p *position.Position) (position.Move, bool) {
	q := p.Clone()
	for _, m := range q.LegalMoves(nil) {
		q.Make(m)
		mate := q.IsCheckmate()
		q.Unmake()
		if mate {
			return m, true
		}
	}
	return position.NoMove, false
}

// playList reads a check's play: one string of moves or a list.
func playList(v any) ([]string, error) {
	switch m := v.(type) {
	case nil:
		return nil, nil
	case string:
		return strings.Fields(m), nil
	case []any:
		var out []string
		for _, x := range m {
			out = append(out, fmt.Sprint(x))
		}
		return out, nil
	}
	return nil, errors.New("play must be a string of moves or a list")
}

// thenList reads a check's then: one item or a list.
func thenList(v any) ([]string, error) {
	switch m := v.(type) {
	case nil:
		return nil, nil
	case string:
		return []string{m}, nil
	case []any:
		var out []string
		for _, x := range m {
			out = append(out, fmt.Sprint(x))
		}
		return out, nil
	}
	return nil, errors.New("then must be a list of items")
}
