package position

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file checks the move generator and the attack queries against a
// reference written to be obviously right rather than fast: it knows the rules
// only as "which piece may go from here to there on this board", looks at all
// 90 destinations of every piece, and decides legality by playing the move on a
// copy of the board and asking whether any enemy piece could then take the
// king. It shares no code or tables with the package.

// refBoard is a plain 10×9 copy of a position's board.
type refBoard [10][9]Piece

func refBoardOf(p *Position) *refBoard {
	var b refBoard
	bd := p.Board()
	for sq, pc := range bd {
		b[sq/9][sq%9] = pc
	}
	return &b
}

func (b *refBoard) at(sq Square) Piece { return b[sq.Rank()][sq.File()] }

func (b *refBoard) set(sq Square, pc Piece) { b[sq.Rank()][sq.File()] = pc }

func refAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func refInPalace(sq Square) bool {
	f, r := sq.File(), sq.Rank()
	return f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

func refSameHalf(a, b Square) bool { return (a.Rank() <= 4) == (b.Rank() <= 4) }

// between counts the pieces strictly between a and b, which share a line.
func (b *refBoard) between(a, c Square) int {
	df, dr := c.File()-a.File(), c.Rank()-a.Rank()
	sf, sr := refSign(df), refSign(dr)
	n := 0
	for f, r := a.File()+sf, a.Rank()+sr; f != c.File() || r != c.Rank(); f, r = f+sf, r+sr {
		if b[r][f] != NoPiece {
			n++
		}
	}
	return n
}

func refSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func refSameLine(a, b Square) bool { return a != b && (a.File() == b.File() || a.Rank() == b.Rank()) }

// reaches reports whether the piece on from could go to to by its movement
// rules if to were empty, or (capture=true) if to held an enemy piece. A cannon
// moves like a rook but takes over exactly one screen.
func (b *refBoard) reaches(from, to Square, capture bool) bool {
	pc := b.at(from)
	if pc == NoPiece || from == to {
		return false
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	adf, adr := refAbs(df), refAbs(dr)
	switch pc.Kind() {
	case King:
		return adf+adr == 1 && refInPalace(from) && refInPalace(to) && refSameHalf(from, to)
	case Advisor:
		return adf == 1 && adr == 1 && refInPalace(from) && refInPalace(to) && refSameHalf(from, to)
	case Elephant:
		eye := SquareAt(from.File()+df/2, from.Rank()+dr/2)
		return adf == 2 && adr == 2 && refSameHalf(from, to) && b.at(eye) == NoPiece
	case Horse:
		var leg Square
		switch {
		case adf == 1 && adr == 2:
			leg = SquareAt(from.File(), from.Rank()+dr/2)
		case adf == 2 && adr == 1:
			leg = SquareAt(from.File()+df/2, from.Rank())
		default:
			return false
		}
		return b.at(leg) == NoPiece
	case Rook:
		return refSameLine(from, to) && b.between(from, to) == 0
	case Cannon:
		if !refSameLine(from, to) {
			return false
		}
		if capture {
			return b.between(from, to) == 1
		}
		return b.between(from, to) == 0
	case Pawn:
		fwd, crossed := 1, from.Rank() >= 5
		if pc.Color() == Black {
			fwd, crossed = -1, from.Rank() <= 4
		}
		return (df == 0 && dr == fwd) || (crossed && dr == 0 && adf == 1)
	}
	return false
}

// refAttacks reports whether the piece on from attacks sq (whatever stands on
// sq): it could capture there, or it is a king facing the other king on sq.
func (b *refBoard) refAttacks(from, sq Square) bool {
	pc := b.at(from)
	if pc.Kind() == King {
		t := b.at(sq)
		if from.File() == sq.File() && from != sq && t.Kind() == King && t.Color() != pc.Color() && b.between(from, sq) == 0 {
			return true
		}
	}
	return b.reaches(from, sq, true)
}

func (b *refBoard) attackers(sq Square, by Color) []Square {
	var out []Square
	for from := Square(0); from < NumSquares; from++ {
		if pc := b.at(from); pc != NoPiece && pc.Color() == by && b.refAttacks(from, sq) {
			out = append(out, from)
		}
	}
	return out
}

func (b *refBoard) attacked(sq Square, by Color) bool { return len(b.attackers(sq, by)) > 0 }

func (b *refBoard) king(c Color) Square {
	for sq := Square(0); sq < NumSquares; sq++ {
		if b.at(sq) == MakePiece(c, King) {
			return sq
		}
	}
	return NoSquare
}

func (b *refBoard) pseudo(c Color) []Move {
	var out []Move
	for from := Square(0); from < NumSquares; from++ {
		if pc := b.at(from); pc == NoPiece || pc.Color() != c {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			t := b.at(to)
			if t != NoPiece && t.Color() == c {
				continue
			}
			if b.reaches(from, to, t != NoPiece) {
				out = append(out, NewMove(from, to))
			}
		}
	}
	return out
}

// safe reports whether c's king is not attacked after m (played on a copy).
func (b *refBoard) safe(m Move, c Color) bool {
	after := *b
	after.set(m.To(), after.at(m.From()))
	after.set(m.From(), NoPiece)
	k := after.king(c)
	return k == NoSquare || !after.attacked(k, c.Other())
}

func (b *refBoard) legal(c Color) []Move {
	var out []Move
	for _, m := range b.pseudo(c) {
		if b.safe(m, c) {
			out = append(out, m)
		}
	}
	return out
}

// pinned: c's non-king pieces on a line through c's king or diagonally next
// to it whose removal leaves the king attacked (the documented rule of Pinned).
func (b *refBoard) pinned(c Color) []Square {
	k := b.king(c)
	if k == NoSquare {
		return nil
	}
	var out []Square
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := b.at(sq)
		if pc == NoPiece || pc.Color() != c || pc.Kind() == King {
			continue
		}
		diag := refAbs(sq.File()-k.File()) == 1 && refAbs(sq.Rank()-k.Rank()) == 1
		if !refSameLine(sq, k) && !diag {
			continue
		}
		after := *b
		after.set(sq, NoPiece)
		if after.attacked(k, c.Other()) {
			out = append(out, sq)
		}
	}
	return out
}

// refSortedMoves and refSortedSquares sort a copy (nil when empty: the order
// and the nil-ness of the package's answers are not part of their meaning).
func refSortedMoves(ms []Move) []Move {
	if len(ms) == 0 {
		return nil
	}
	ms = slices.Clone(ms)
	slices.Sort(ms)
	return ms
}

func refSortedSquares(s []Square) []Square {
	if len(s) == 0 {
		return nil
	}
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// refRandomWalk calls visit on n positions reached by random legal moves from
// the perft positions (restarting after mate or a long game), with a fixed seed.
// It counts on LegalMoves only to choose moves: visit checks them.
func refRandomWalk(seed uint64, n int, visit func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var buf []Move
	var p *Position
	for i := 0; i < n; i++ {
		if p == nil || p.Ply() > 200 {
			p = MustParseFEN(perftCases[rng.IntN(len(perftCases))].fen)
		}
		visit(p)
		// Sorted, so that the walk does not depend on the generator's order.
		buf = p.LegalMoves(buf[:0])
		slices.Sort(buf)
		if len(buf) == 0 {
			p = nil
			continue
		}
		// Prefer captures half of the time so that games open up: open files
		// and ranks make facing kings, pins and cannon screens common.
		m := buf[rng.IntN(len(buf))]
		if rng.IntN(2) == 0 {
			for _, x := range buf {
				if p.At(x.To()) != NoPiece && p.At(x.To()).Kind() != King {
					m = x
					break
				}
			}
		}
		p.Make(m)
	}
}

// refRandomSetups builds n positions by hand with Place: a few pieces of each
// kind anywhere a piece of that kind can stand, sometimes anywhere at all (so
// kings out of their palace, facing kings, a side not to move in check, a
// missing king: positions ParseFEN refuses but a Position can hold).
// refSetupsPlayedOn is refRandomSetups with each setup also played on for up
// to four plies (a fixed choice of legal move each time), visit called after
// each: the generators' incremental state is then tested on odd positions too.
func refSetupsPlayedOn(seed uint64, n int, visit func(p *Position)) {
	refRandomSetups(seed, n, func(p *Position) {
		visit(p)
		var buf [MaxMoves]Move
		for i := 0; i < 4; i++ {
			ms := p.LegalMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			p.Make(ms[(i*7)%len(ms)])
			visit(p)
		}
	})
}

func refRandomSetups(seed uint64, n int, visit func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, 0xdeadbeef))
	for i := 0; i < n; i++ {
		p := Empty()
		wild := i%4 == 0
		for c := Red; c <= Black; c++ {
			for _, k := range Kinds {
				count := rng.IntN(maxCount[k] + 1)
				if k == King {
					count = 1
					if wild && rng.IntN(8) == 0 {
						count = 0
					}
				}
				for j := 0; j < count; j++ {
					pc := MakePiece(c, k)
					for try := 0; try < 50; try++ {
						sq := Square(rng.IntN(NumSquares))
						if p.At(sq) != NoPiece || (!wild && badSquare(pc, sq) != "") {
							continue
						}
						p.Place(sq, pc)
						break
					}
				}
			}
		}
		p.SetSide(Color(rng.IntN(2)))
		visit(p)
	}
}

// stats counts how often the reference saw the situations the legality shortcuts
// of the generator must get right, so a test can insist they were exercised.
type refStats struct {
	positions, inCheck, doubleCheck, pinned int
	// illegal moves by reason: the king walks into an attack, a piece leaves a
	// line (rook/cannon/king), a piece steps onto a line and makes a cannon
	// screen, a piece opens a horse leg.
	kingMoves, leaves, screens, legs int
}

func (s *refStats) note(b *refBoard, c Color) {
	s.positions++
	k := b.king(c)
	if k == NoSquare {
		return
	}
	switch n := len(b.attackers(k, c.Other())); {
	case n >= 2:
		s.doubleCheck++
		fallthrough
	case n == 1:
		s.inCheck++
		return
	}
	if len(b.pinned(c)) > 0 {
		s.pinned++
	}
	for _, m := range b.pseudo(c) {
		if b.safe(m, c) {
			continue
		}
		switch from, to := m.From(), m.To(); {
		case from == k:
			s.kingMoves++
		case refSameLine(to, k) && !refSameLine(from, k):
			s.screens++
		case refSameLine(from, k):
			s.leaves++
		default:
			s.legs++
		}
	}
}

// refFail reports a disagreement with the reference, with the position. The
// checks below compare by hand rather than with testify: they run millions of
// times and must not format anything unless they fail.
func refFail(t *testing.T, p *Position, want, got any, what string, args ...any) {
	t.Helper()
	t.Fatalf("%s: want %v, got %v\n%s%s (kings %v, moves %v)", fmt.Sprintf(what, args...), want, got, p, p.FEN(), p.kings, p.Moves())
}

func refCheckAll(t *testing.T, p *Position, st *refStats) {
	t.Helper()
	b := refBoardOf(p)
	var buf [MaxMoves]Move
	var sqs [32]Square
	for c := Red; c <= Black; c++ {
		st.note(b, c)
		want := refSortedMoves(b.legal(c))
		if got := refSortedMoves(p.LegalMovesFor(c, buf[:0])); !slices.Equal(want, got) {
			refFail(t, p, want, got, "LegalMovesFor(%s)", c)
		}
		if c == p.Side() {
			if got := refSortedMoves(p.LegalMoves(nil)); !slices.Equal(want, got) {
				refFail(t, p, want, got, "LegalMoves")
			}
			if got := p.IsMate(); got != (len(want) == 0) {
				refFail(t, p, len(want) == 0, got, "IsMate")
			}
		}
		if got := p.HasLegalMove(c); got != (len(want) > 0) {
			refFail(t, p, len(want) > 0, got, "HasLegalMove(%s)", c)
		}
		if w, got := b.pinned(c), refSortedSquares(p.Pinned(c)); !slices.Equal(w, got) {
			refFail(t, p, w, got, "Pinned(%s)", c)
		}
		if k := b.king(c); k != NoSquare {
			checkers := b.attackers(k, c.Other())
			if got := p.InCheck(c); got != (len(checkers) > 0) {
				refFail(t, p, len(checkers) > 0, got, "InCheck(%s)", c)
			}
			if got := refSortedSquares(p.Checkers(c)); !slices.Equal(checkers, got) {
				refFail(t, p, checkers, got, "Checkers(%s)", c)
			}
		} else if p.InCheck(c) || len(p.Checkers(c)) > 0 {
			refFail(t, p, false, true, "InCheck(%s) without a king", c)
		}
		for sq := Square(0); sq < NumSquares; sq++ {
			// Every point now and then; otherwise the occupied ones, where
			// the answers are used most and the reference costs most.
			if st.positions%5 != 0 && b.at(sq) == NoPiece {
				continue
			}
			wa := b.attackers(sq, c)
			if got := refSortedSquares(p.Attackers(sq, c)); !slices.Equal(wa, got) {
				refFail(t, p, wa, got, "Attackers(%s, %s)", sq, c)
			}
			if got := refSortedSquares(p.AttackersInto(sqs[:0], sq, c)); !slices.Equal(wa, got) {
				refFail(t, p, wa, got, "AttackersInto(%s, %s)", sq, c)
			}
			var caps []Move
			if t := b.at(sq); t != NoPiece && t.Color() != c {
				for _, m := range want {
					if m.To() == sq && !(t.Kind() == King && b.at(m.From()).Kind() == King) {
						caps = append(caps, m)
					}
				}
			}
			if got := refSortedMoves(p.LegalCapturesOf(sq, c)); !slices.Equal(caps, got) {
				refFail(t, p, caps, got, "LegalCapturesOf(%s, %s)", sq, c)
			}
			if got := refSortedMoves(p.LegalCapturesInto(buf[:0], sq, c)); !slices.Equal(caps, got) {
				refFail(t, p, caps, got, "LegalCapturesInto(%s, %s)", sq, c)
			}
			if got := p.CanCapture(sq, c); got != (len(caps) > 0) {
				refFail(t, p, len(caps) > 0, got, "CanCapture(%s, %s)", sq, c)
			}
		}
	}
}

// refCheckIsLegal compares IsLegal and IsPseudoLegal with the reference for
// every from→to pair of the side to move's pieces, and from some other points.
func refCheckIsLegal(t *testing.T, p *Position) {
	t.Helper()
	b := refBoardOf(p)
	c := p.Side()
	pseudo, legal := map[Move]bool{}, map[Move]bool{}
	for _, m := range b.pseudo(c) {
		pseudo[m] = true
		legal[m] = b.safe(m, c)
	}
	for from := Square(0); from < NumSquares; from++ {
		if pc := b.at(from); (pc == NoPiece || pc.Color() != c) && from%7 != 0 {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			m := NewMove(from, to)
			if got := p.IsPseudoLegal(m); got != pseudo[m] {
				refFail(t, p, pseudo[m], got, "IsPseudoLegal(%s)", m)
			}
			if got := p.IsLegal(m); got != legal[m] {
				refFail(t, p, legal[m], got, "IsLegal(%s)", m)
			}
		}
	}
	if p.IsLegal(NoMove) || p.IsLegal(NullMove) || p.IsPseudoLegal(NullMove) {
		refFail(t, p, false, true, "IsLegal(NoMove or NullMove)")
	}
}

func TestLegalMovesAgainstReference(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var st refStats
	refRandomWalk(1, n, func(p *Position) {
		refCheckAll(t, p, &st)
		if st.positions%40 == 0 {
			refCheckIsLegal(t, p)
		}
	})
	t.Logf("random walk: %+v", st)
	// The walk must have met the situations the generator special-cases
	// (double checks and horse legs are rare in play: the setups cover them).
	require.Greater(t, st.inCheck, n/50)
	require.Greater(t, st.pinned, n/50)
	require.Greater(t, st.kingMoves, n/50)
	require.Greater(t, st.leaves, n/50)
	require.Greater(t, st.screens, n/100)
}

func TestLegalMovesAgainstReferenceSetups(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	var st refStats
	refSetupsPlayedOn(2, n, func(p *Position) {
		refCheckAll(t, p, &st)
		if p.Ply() == 0 { // the setup itself
			refCheckIsLegal(t, p)
		}
	})
	t.Logf("setups: %+v", st)
	require.Greater(t, st.inCheck, n/20)
	require.Greater(t, st.doubleCheck, n/100)
	require.Greater(t, st.pinned, n/20)
	require.Greater(t, st.legs, n/20)
	require.Greater(t, st.screens, n/20)
}

// refSnapshot is everything Make and Unmake touch, history included.
type refSnapshot struct {
	pos  Position
	hist []undo
}

func refSnap(p *Position) refSnapshot {
	s := refSnapshot{pos: *p, hist: slices.Clone(p.hist)}
	s.pos.hist = nil
	return s
}

func TestMakeUnmakeRestores(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	var buf [MaxMoves]Move
	refRandomWalk(3, n, func(p *Position) {
		moves := append(p.LegalMoves(buf[:0]), NullMove)
		before := refSnap(p)
		require.Equal(t, p.computeKey(), p.Key(), "key of\n%s", p)
		for _, m := range moves {
			p.Make(m)
			require.Equal(t, p.computeKey(), p.Key(), "incremental key after %s\n%s", m, p)
			fresh := *p
			fresh.rebuild()
			require.True(t, fresh.pieces == p.pieces && fresh.occ == p.occ && fresh.lines == p.lines,
				"incremental piece sets and occupancy after %s\n%s", m, p)
			require.Equal(t, p.key, p.cacheKey)
			require.Equal(t, m, p.LastMove())
			require.Equal(t, before.pos.key, p.hist[len(p.hist)-1].key)
			if m != NullMove {
				require.Equal(t, before.pos.board[m.To()], p.LastCaptured())
			}
			p.Unmake()
			require.Equal(t, before, refSnap(p), "after %s\n%s", m, p)
		}
	})
}

func TestPinnedExamples(t *testing.T) {
	cases := []struct {
		fen  string
		c    Color
		want []string
	}{
		// Rook pin on the file; a cannon's two screens both pinned; a horse leg.
		{"4k4/9/9/9/4r4/9/9/4N4/9/4K4 w - - 0 1", Red, []string{"e2"}},
		{"4k4/9/9/9/4c4/9/4N4/4B4/9/4K4 w - - 0 1", Red, []string{"e2", "e3"}},
		{"3k5/9/9/9/9/9/9/5n3/5N3/4K4 w - - 0 1", Red, []string{"f1"}},
		// The flying general pins the piece between the kings.
		{"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", Red, []string{"e1"}},
	}
	for _, tc := range cases {
		p := MustParseFEN(tc.fen)
		var got []string
		for _, sq := range p.Pinned(tc.c) {
			got = append(got, sq.String())
		}
		require.Equal(t, tc.want, got, tc.fen)
	}
}

// refSetup builds the board of a FEN with Place, without ParseFEN's checks,
// so that odd positions found by refRandomSetups can be replayed.
func refSetup(fen string, side Color) *Position {
	p := Empty()
	r, f := 9, 0
	for _, ch := range []byte(fen) {
		switch {
		case ch == ' ':
			p.SetSide(side)
			return p
		case ch == '/':
			r, f = r-1, 0
		case ch >= '1' && ch <= '9':
			f += int(ch - '0')
		default:
			pc, _ := pieceFromLetter(ch)
			p.Place(SquareAt(f, r), pc)
			f++
		}
	}
	p.SetSide(side)
	return p
}

// queryPositions are middlegame positions for the query tests and benchmarks.
var queryPositions = []string{
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
}

// The queries the fact extractor calls millions of times must not allocate
// when given room.
func TestQueriesDoNotAllocate(t *testing.T) {
	for _, fen := range queryPositions {
		p := MustParseFEN(fen)
		moves := make([]Move, 0, MaxMoves)
		squares := make([]Square, 0, 32)
		m := p.LegalMoves(nil)[0]
		allocs := testing.AllocsPerRun(100, func() {
			for sq := Square(0); sq < NumSquares; sq++ {
				for c := Red; c <= Black; c++ {
					squares = p.AttackersInto(squares[:0], sq, c)
					moves = p.LegalCapturesInto(moves[:0], sq, c)
					_ = p.CanCapture(sq, c)
				}
			}
			for c := Red; c <= Black; c++ {
				squares = p.PinnedInto(squares[:0], c)
				squares = p.CheckersInto(squares[:0], c)
				moves = p.LegalMovesFor(c, moves[:0])
				_ = p.InCheck(c)
				_ = p.HasLegalMove(c)
				_ = p.CountLegalMoves(c)
			}
			moves = p.PseudoMoves(moves[:0])
			_ = p.IsLegal(m)
			p.Make(m)
			p.Unmake()
		})
		require.Zero(t, allocs, fen)
	}
}

func benchQuery(b *testing.B, f func(p *Position)) {
	ps := make([]*Position, len(queryPositions))
	for i, fen := range queryPositions {
		ps[i] = MustParseFEN(fen)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			f(p)
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	buf := make([]Move, 0, MaxMoves)
	benchQuery(b, func(p *Position) { buf = p.LegalMoves(buf[:0]) })
}

func BenchmarkAttackersAllSquares(b *testing.B) {
	buf := make([]Square, 0, 32)
	benchQuery(b, func(p *Position) {
		for sq := Square(0); sq < NumSquares; sq++ {
			buf = p.AttackersInto(buf[:0], sq, Red)
		}
	})
}

func BenchmarkLegalCapturesAllSquares(b *testing.B) {
	buf := make([]Move, 0, 32)
	benchQuery(b, func(p *Position) {
		for sq := Square(0); sq < NumSquares; sq++ {
			buf = p.LegalCapturesInto(buf[:0], sq, Red)
		}
	})
}

func BenchmarkPinned(b *testing.B) {
	buf := make([]Square, 0, 32)
	benchQuery(b, func(p *Position) {
		buf = p.PinnedInto(buf[:0], Red)
		buf = p.PinnedInto(buf[:0], Black)
	})
}

func BenchmarkInCheck(b *testing.B) {
	benchQuery(b, func(p *Position) {
		_ = p.InCheck(Red)
		_ = p.InCheck(Black)
	})
}

// Code that writes the board directly (ParseFEN, Probe) keeps the key in step
// and nothing else: the generator's cache must notice and rebuild itself.
func TestCacheFollowsDirectWrites(t *testing.T) {
	p := MustParseFEN(StartFEN)
	var st refStats
	refCheckAll(t, p, &st) // builds the cache
	// What Probe does: a red rook on e5, as a hypothetical.
	sq := SquareAt(4, 5)
	p.board[sq] = MakePiece(Red, Rook)
	p.key ^= zobristPiece[MakePiece(Red, Rook)][sq]
	refCheckAll(t, p, &st)
	require.True(t, p.IsLegal(NewMove(sq, SquareAt(4, 6))), "the new rook takes the pawn")
	p.board[sq] = NoPiece
	p.key ^= zobristPiece[MakePiece(Red, Rook)][sq]
	refCheckAll(t, p, &st)
	require.False(t, p.IsLegal(NewMove(sq, SquareAt(4, 6))))
}

// Probe keeps the derived state in step with the board when it was (and
// leaves it stale otherwise): after any sequence of probes it is what a
// rebuild makes, and the generators agree with the reference.
func TestProbeKeepsDerivedState(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 0x5eed))
	var st refStats
	same := func(p *Position, what string) {
		t.Helper()
		q := *p
		q.rebuild()
		if p.pieces != q.pieces || p.occ != q.occ || p.lines != q.lines {
			refFail(t, p, "the rebuilt state", "another", "derived state %s", what)
		}
	}
	i := 0
	refRandomWalk(42, 2000, func(p *Position) {
		p.sync()
		var undo [3]struct {
			sq Square
			pc Piece
		}
		for j := range undo {
			sq := Square(rng.IntN(NumSquares))
			pc := NoPiece
			if k := rng.IntN(8); k > 0 {
				pc = MakePiece(Color(rng.IntN(2)), Kind(k))
			}
			if p.At(sq).Kind() == King || pc.Kind() == King {
				pc = p.At(sq) // kings stay where they are
			}
			undo[j].sq, undo[j].pc = sq, p.Probe(sq, pc)
			require.Equal(t, p.computeKey(), p.Key())
			same(p, "after a probe")
		}
		if i++; i%20 == 0 {
			refCheckAll(t, p, &st)
		}
		for j := len(undo) - 1; j >= 0; j-- {
			p.Probe(undo[j].sq, undo[j].pc)
		}
		same(p, "after probing back")
	})
}

// rankBB and fileBB against the squares they stand for, for every line and
// every set of points on it.
func TestLineBitboards(t *testing.T) {
	for r := 0; r < 10; r++ {
		for m := 0; m < 1<<9; m++ {
			var want bitboard
			for f := 0; f < 9; f++ {
				if m>>f&1 != 0 {
					want = want.or(sqBB[SquareAt(f, r)])
				}
			}
			if got := rankBB(uint16(m), uint8(r)); got != want {
				t.Fatalf("rankBB(%#x, %d) = %v, want %v", m, r, got, want)
			}
		}
	}
	for f := 0; f < 9; f++ {
		for m := 0; m < 1<<10; m++ {
			var want bitboard
			for r := 0; r < 10; r++ {
				if m>>r&1 != 0 {
					want = want.or(sqBB[SquareAt(f, r)])
				}
			}
			if got := fileBB(uint16(m), uint8(f)); got != want {
				t.Fatalf("fileBB(%#x, %d) = %v, want %v", m, f, got, want)
			}
		}
	}
}

// TestPiecesInSquareOrder: Pieces lists each side's pieces in square order,
// as reading the board square by square does — also after Probe and Place
// changed the board.
func TestPiecesInSquareOrder(t *testing.T) {
	scan := func(p *Position, c Color) []Square {
		var out []Square
		for sq := Square(0); sq < NumSquares; sq++ {
			if pc := p.At(sq); pc != NoPiece && pc.Color() == c {
				out = append(out, sq)
			}
		}
		return out
	}
	n := 0
	refSetupsPlayedOn(17, 300, func(p *Position) {
		for _, c := range []Color{Red, Black} {
			require.Equal(t, scan(p, c), p.Pieces(c, nil), p.FEN())
		}
		sq := Square(n % NumSquares)
		old := p.Probe(sq, NoPiece)
		for _, c := range []Color{Red, Black} {
			require.Equal(t, scan(p, c), p.Pieces(c, nil), "%s with %s emptied", p.FEN(), sq)
		}
		p.Probe(sq, old)
		n++
	})
	require.Greater(t, n, 1000)
}

// TestPseudoMoveCount: for each piece of either colour, PseudoMoveCount is
// the number of moves from its square that PseudoMoves lists with that
// colour to move, in the crowded setups, random walks and played-on setups
// of refHardPositions.
func TestPseudoMoveCount(t *testing.T) {
	pieces := 0
	refHardPositions(5, 2000, 40, true, func(p *Position) {
		for _, c := range []Color{Red, Black} {
			q := p.Clone()
			q.SetSide(c)
			var per [NumSquares]int
			for _, m := range q.PseudoMoves(nil) {
				per[m.From()]++
			}
			for _, sq := range q.Pieces(c, nil) {
				pieces++
				require.Equal(t, per[sq], p.PseudoMoveCount(sq), "%s: %s", q.FEN(), sq)
			}
		}
	})
	require.Zero(t, MustParseFEN(StartFEN).PseudoMoveCount(SquareAt(4, 5)), "an empty square")
	t.Logf("%d pieces", pieces)
}

// TestCopyFrom: a position reused by CopyFrom for copy after copy reads as
// a Clone of each (board, side, key, history), and changing the copy
// leaves the original as it was.
func TestCopyFrom(t *testing.T) {
	var q Position
	for _, tc := range perftCases {
		p := MustParseFEN(tc.fen)
		moves := p.LegalMoves(nil)
		if len(moves) > 1 {
			p.Make(moves[0])
			p.Make(p.LegalMoves(nil)[0])
		}
		q.CopyFrom(p)
		c := p.Clone()
		require.Equal(t, c.FEN(), q.FEN(), tc.fen)
		require.Equal(t, c.Key(), q.Key(), tc.fen)
		require.Equal(t, c.hist, q.hist, tc.fen)
		fen, key := p.FEN(), p.Key()
		q.Unmake()
		if m := q.LegalMoves(nil); len(m) > 0 {
			q.Make(m[len(m)-1])
		}
		require.Equal(t, fen, p.FEN(), tc.fen)
		require.Equal(t, key, p.Key(), tc.fen)
		require.Equal(t, c.hist, p.hist, tc.fen)
	}
}
