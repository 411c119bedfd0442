package record

import (
	"errors"
	"fmt"
	"hash/maphash"
	"sync"
	"unicode/utf8"

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
	// Memo, when set, skips the games already replayed (see Memo).
	Memo *Memo

	pos    *position.Position
	fen    string // the FEN pos was set up from
	keys   []uint64
	counts map[uint64]int // positions of a long stretch, by key (see play)
	buf    []byte         // for Memo keys
}

// MaxPlies bounds what one record may cost: a game longer than this (real
// games have a few hundred plies) is refused at its ply MaxPlies+1.
const MaxPlies = 1_000_000

// scanLimit is the length of a stretch of reversible moves up to which play
// compares a new position with the stretch's earlier ones instead of
// counting them in a map.
const scanLimit = 64

// Check replays g and returns its repetitions and the number of plies
// played: all of them, or those before the bad move when err (a
// *ReplayError) is not nil.
func (rp *Replayer) Check(g *Game) (reps Repetitions, plies int, err error) {
	if rp.Memo == nil {
		return rp.check(g)
	}
	k := rp.Memo.key(g, &rp.buf)
	if e, ok := rp.Memo.get(k); ok {
		return e.reps, int(e.plies), nil
	}
	reps, plies, err = rp.check(g)
	if err == nil {
		rp.Memo.put(k, memoEntry{reps: reps, plies: int32(plies)})
	}
	return reps, plies, err
}

func (rp *Replayer) check(g *Game) (reps Repetitions, plies int, err error) {
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
// move (every other ply), which keeps the count cheap without a map while
// the stretch is short (the usual case); once a stretch is longer than
// scanLimit positions its positions are counted in a map instead, so that a
// record of any length replays in time linear in its length.
func (rp *Replayer) play(p *position.Position, g *Game, moves []position.Move) (Repetitions, []position.Move, error) {
	reps := Repetitions{Max: 1}
	keys := append(rp.keys[:0], p.Key())
	stretch := 0 // index in keys of the first position of the current stretch
	if rp.counts == nil {
		rp.counts = map[uint64]int{}
	}
	counts := rp.counts // of keys[stretch:], once the stretch is long
	clear(counts)
	for i, text := range g.Moves {
		if i == MaxPlies {
			rp.keys = keys
			return reps, moves, &ReplayError{Game: g, Ply: i + 1, Text: text, Line: g.lineOf(i), MoveNo: g.MoveNumber(i + 1),
				Err: fmt.Errorf("the record has %d plies; at most %d are read", len(g.Moves), MaxPlies)}
		}
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
			clear(counts)
		}
		k := p.Key()
		n := 1
		if len(keys)-stretch <= scanLimit {
			for j := len(keys) - 2; j >= stretch; j -= 2 {
				if keys[j] == k {
					n++
				}
			}
		} else {
			if len(counts) == 0 {
				for _, q := range keys[stretch:] {
					counts[q]++
				}
			}
			n = counts[k] + 1
			counts[k] = n
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

// decodeMove reads a move in any notation. The notation is guessed first
// and its decoder called directly: four characters are ICCS (the corpora's
// notation), a text that starts beyond ASCII is Chinese (ICCS and WXF are
// ASCII). ParseMove tries the notations in turn, and each failure builds an
// error: in a corpus that costs more than the move's legality check. When
// the guess is wrong ParseMove decides, and gives its error.
func decodeMove(p *position.Position, text string) (position.Move, error) {
	var n position.Notation
	switch {
	case len(text) == 4:
		n = position.ICCS{}
	case len(text) > 0 && text[0] >= utf8.RuneSelf:
		n = position.Chinese{}
	default:
		return position.ParseMove(p, text)
	}
	m, err := n.Decode(p, text)
	if err == nil {
		return m, nil
	}
	var me *position.MoveError
	if !errors.As(err, &me) || me.Code != "syntax" {
		return position.NoMove, err
	}
	return position.ParseMove(p, text)
}

// A Memo remembers the games already replayed, by their start position and
// moves, so that a Replayer given the same game again returns the same
// result without replaying it. Corpora repeat games a lot (CCPD holds each
// game in several collections: 27,407 of its 58,463 records are exact
// duplicates), and a duplicate costs a hash instead of a replay. Only games
// that replay without error are remembered; a bad game is replayed every
// time so that its error names it. A Memo is safe for concurrent use by
// several Replayers.
//
// Games are told apart by a 128-bit hash: the odds of two different games
// colliding in a corpus of a million games are about 10⁻²⁶.
type Memo struct {
	seeds [2]maphash.Seed
	mu    sync.Mutex
	m     map[[2]uint64]memoEntry
}

type memoEntry struct {
	reps  Repetitions
	plies int32
}

// memoMax bounds a Memo's size — about 90 bytes an entry with the map's
// overhead, so 90 MB at most: past it, new games are no longer remembered.
const memoMax = 1 << 20

// NewMemo returns an empty Memo.
func NewMemo() *Memo {
	return &Memo{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, m: make(map[[2]uint64]memoEntry)}
}

// key hashes the start position and the moves, each text followed by a
// byte no notation uses, so that ["ab", "c"] and ["a", "bc"] differ. The
// texts are gathered in buf first: hashing one slice twice is much cheaper
// than feeding a hash move by move.
func (m *Memo) key(g *Game, buf *[]byte) [2]uint64 {
	b := append((*buf)[:0], g.FEN...)
	b = append(b, 0)
	for _, t := range g.Moves {
		b = append(b, t...)
		b = append(b, 0)
	}
	*buf = b
	return [2]uint64{maphash.Bytes(m.seeds[0], b), maphash.Bytes(m.seeds[1], b)}
}

func (m *Memo) get(k [2]uint64) (memoEntry, bool) {
	m.mu.Lock()
	e, ok := m.m[k]
	m.mu.Unlock()
	return e, ok
}

func (m *Memo) put(k [2]uint64, e memoEntry) {
	m.mu.Lock()
	if len(m.m) < memoMax {
		m.m[k] = e
	}
	m.mu.Unlock()
}
