package record

import (
	"errors"

	"github.com/xqrules/xqrules/position"
)

// Replay plays every move of g from its start position. At the first move
// that cannot be read or is not legal it returns a *ReplayError with the
// 1-based ply, the move number, the text and the cause; a start position
// that cannot be set up is a *ReplayError with Ply 0.
func Replay(g *Game) (*Replayed, error) {
	p, err := startPosition(g)
	if err != nil {
		return nil, err
	}
	start := p.Clone()
	var rp Replayer
	moves := make([]position.Move, 0, len(g.Moves))
	reps, moves, err := rp.play(p, g, moves)
	if err != nil {
		return nil, err
	}
	return &Replayed{Game: g, Start: start, Moves: moves, Final: p, Reps: reps}, nil
}

// A Replayer checks games one after another — each move read and legal,
// repetitions counted — reusing its position and buffers, so that a corpus
// costs no allocation per move. It is not safe for concurrent use: use one
// per goroutine.
type Replayer struct {
	pos  *position.Position
	fen  string // the FEN pos was set up from
	keys []uint64
}

// Check replays g and returns its repetitions and the number of plies
// played: all of them, or those before the bad move when err (a
// *ReplayError) is not nil.
func (rp *Replayer) Check(g *Game) (reps Repetitions, plies int, err error) {
	if rp.pos != nil && g.FEN == rp.fen {
		// Most games of a corpus start from the same position: taking the
		// moves back is cheaper than parsing the FEN again.
		for rp.pos.Ply() > 0 {
			rp.pos.Unmake()
		}
	} else {
		p, err := startPosition(g)
		if err != nil {
			rp.pos = nil
			return Repetitions{}, 0, err
		}
		rp.pos, rp.fen = p, g.FEN
	}
	reps, _, err = rp.play(rp.pos, g, nil)
	return reps, rp.pos.Ply(), err
}

func startPosition(g *Game) (*position.Position, error) {
	fen := g.FEN
	if fen == "" {
		fen = position.StartFEN
	}
	p, err := position.ParseFEN(fen)
	if err != nil {
		return nil, &ReplayError{Game: g, Text: fen, Err: err, Line: g.Line}
	}
	return p, nil
}

// play makes g's moves on p, appending them to moves when it is not nil,
// and counts repetitions as it goes.
//
// A position can recur only within a stretch of reversible moves: a capture
// changes the material and a pawn's advance cannot be undone, so positions
// before such a move never come back after it. Each new position is
// compared only with the earlier ones of its stretch with the same side to
// move (every other ply), which keeps the count cheap without a map.
func (rp *Replayer) play(p *position.Position, g *Game, moves []position.Move) (Repetitions, []position.Move, error) {
	reps := Repetitions{Max: 1}
	keys := append(rp.keys[:0], p.Key())
	stretch := 0 // index in keys of the first position of the current stretch
	for i, text := range g.Moves {
		m, err := decodeMove(p, text)
		if err != nil {
			rp.keys = keys
			return reps, moves, &ReplayError{Game: g, Ply: i + 1, Text: text, Err: err, Line: g.lineOf(i), MoveNo: g.MoveNumber(i + 1)}
		}
		pc := p.At(m.From())
		p.Make(m)
		if moves != nil {
			moves = append(moves, m)
		}
		if p.LastCaptured() != position.NoPiece || pc.Kind() == position.Pawn && m.From().File() == m.To().File() {
			stretch = len(keys)
		}
		k := p.Key()
		n := 1
		for j := len(keys) - 2; j >= stretch; j -= 2 {
			if keys[j] == k {
				n++
			}
		}
		keys = append(keys, k)
		switch n {
		case 1:
			continue
		case 2:
			reps.Twofold++
		case 3:
			reps.Threefold++
			if reps.FirstThreefold == 0 {
				reps.FirstThreefold = i + 1
			}
		}
		reps.Max = max(reps.Max, n)
	}
	rp.keys = keys
	return reps, moves, nil
}

// decodeMove reads a move in any notation. Four characters are tried as
// ICCS first, directly: that is the corpora's notation, and ParseMove's
// generality (three notations in turn) would cost more than the move's
// legality check.
func decodeMove(p *position.Position, text string) (position.Move, error) {
	if len(text) == 4 {
		m, err := position.ICCS{}.Decode(p, text)
		if err == nil {
			return m, nil
		}
		var me *position.MoveError
		if !errors.As(err, &me) || me.Code != "syntax" {
			return position.NoMove, err
		}
	}
	return position.ParseMove(p, text)
}
