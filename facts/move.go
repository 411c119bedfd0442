package facts

// The facts of one move (Move): what a rule book reads to call it 将, 杀, 捉,
// 兑, 献, 拦, 跟 or 闲 (2011/2020 24.1–24.7 and 26.x; 1999 28.1–28.9, 29).
// analyzeMove asks, in order: what the move is (将 24.1, the piece taken,
// whether it answers a check or moves the king or a pawn, 26.1–26.1.2, and
// the material after it); what stood before it (the mover's own mate threat;
// the moved piece chased, 避捉); the offers (兑/献, offers.go) and blocks (拦,
// blocks.go) it makes; its mate threat (杀 24.2, and 自毙, mate.go); the
// threat against each enemy piece (捉 24.3, threat.go), measured against the
// position before the move (从没捉到捉, newness.go); follows (跟 24.7,
// blocks.go); and, for an answer to a check, the position before that check
// (acrosscheck.go).

import (
	"slices"

	"github.com/xqrules/xqrules/position"
)

// context is what a move's facts need beyond the move itself.
type context struct {
	// prev is the opponent's move just before this one (in a cycle, the last
	// move of the period for the first ply), and beforePrev the position
	// before it (nil when unknown).
	prev       position.Move
	beforePrev *position.Position
	// memo is shared by the searches of one cycle (nil: a private one).
	memo *memo
}

// analyzeMove computes the facts of m played in pos (the side to move's move).
// pos is restored before it returns.
func analyzeMove(pos *position.Position, m position.Move, ctx context, par Params) Move {
	s := newSearcher(pos, par, ctx.memo)
	O := pos.Side().Other()
	mf := moveItself(pos, m, &par)
	if par.Detail == DetailBasic {
		pos.Make(m)
		basicAfter(&mf, pos, m.To(), &par)
		pos.Unmake()
		return mf
	}

	// Before the move, mover to move: could it already mate? (What it could
	// already win is asked below, of the pieces threatened after the move.)
	var mtBefore MateThreat
	if par.Skip&SkipMateBefore == 0 {
		mtBefore = s.mateThreat()
	}
	movedWasChased(s, &mf, m.From())
	pinnedBefore := pos.Pinned(O)

	pos.Make(m)
	defer pos.Unmake()
	basicAfter(&mf, pos, m.To(), &par)
	// Offers: the opponent really is to move now.
	if par.Skip&SkipOffers == 0 {
		mf.Offers = offers(s, m)
	}
	mf.Block, mf.Blocked = blocks(s, m.To())

	// The mover moving again: pass the opponent's turn.
	pos.Make(position.NullMove)
	moveMateThreat(s, &mf, m, ctx, mtBefore)
	pinnedNow := pos.Pinned(O)
	afterAll := s.gainsAll()
	// Before the move, mover to move: what could it already win through
	// the pieces it threatens now (they stand where they stood: the move
	// took none of them), and how were they protected?
	var want [position.NumSquares]bool
	var keep [position.NumSquares]chasePieces
	keptChase(pos, m, afterAll, par.Skip, &want, &keep)
	pos.Unmake() // the null move
	pos.Unmake() // m
	var bf beforeMove
	bf.measure(s, &mf, m, afterAll, &want, &keep)

	pos.Make(m)
	pos.Make(position.NullMove)
	victimThreats(s, &mf, m, afterAll, &bf, pinnedBefore, pinnedNow)
	pos.Unmake() // the null move
	markAttackers(mf.Offers, mf.Threats)

	if ctx.prev != position.NoMove && ctx.prev != position.NullMove {
		mf.Follow, mf.Followed = follows(s, m, ctx.prev, mf.Threats)
	}
	if mf.AnswersCheck && ctx.beforePrev != nil && par.Skip&SkipAcrossCheck == 0 {
		acrossCheck(s, &mf, m, ctx)
	}
	mf.Cut = mf.Cut || mf.MateThreat.Cut
	return mf
}

// moveItself names the move m in pos before it is played: the side, the
// notations, the piece taken, whether it answers a check (26.1.2) and
// whether the king or a pawn moves (26.1).
func moveItself(pos *position.Position, m position.Move, par *Params) Move {
	S := pos.Side()
	from, to := m.From(), m.To()
	mover := pos.At(from)
	mf := Move{
		Side:         S.String(),
		ICCS:         m.String(),
		CN:           position.Chinese{}.Encode(pos, m),
		WXF:          position.WXF{}.Encode(pos, m),
		From:         from.String(),
		AnswersCheck: pos.InCheck(S),
		KingMoved:    mover.Kind() == position.King,
		PawnMoved:    mover.Kind() == position.Pawn,
	}
	if cap := pos.At(to); cap != position.NoPiece {
		mf.Captured = describe(par, pos, to)
	}
	return mf
}

// movedWasChased: was the moved piece (on from) itself chased before the
// move (避捉)? (The opponent's gains here are the previous ply's "after",
// remembered.) pos is before the move, the mover to move, and is restored.
func movedWasChased(s *searcher, mf *Move, from position.Square) {
	s.pos.Make(position.NullMove)
	if g, _ := s.gainsAll().at(from); g.ok && g.gain > 0 {
		mf.MovedWasThreatened, mf.MovedThreatGain = true, g.gain
	}
	s.pos.Unmake()
}

// victimThreats adds the threat against each enemy piece but the king that
// the mover can win something through after m (after: gainsAll), measured
// against the position before the move (bf). pos is P′ (after m and a null
// move: the mover to move).
func victimThreats(s *searcher, mf *Move, m position.Move, after gains, bf *beforeMove, pinnedBefore, pinnedNow []position.Square) {
	pos := s.pos
	var ob [16]position.Square
	victims := pos.Pieces(pos.Side().Other(), ob[:0])
	n := 0
	for _, e := range after {
		if pos.At(e.sq).Kind() != position.King {
			n++
		}
	}
	if n > 0 {
		mf.Threats = make([]Threat, 0, n)
	}
	for _, sq := range victims {
		a, ok := after.at(sq)
		if !ok || pos.At(sq).Kind() == position.King {
			continue
		}
		b, _ := bf.gains.at(sq)
		lifted := false
		if bf.matedBefore[sq] {
			_, all := capturesLetMate(s, sq)
			lifted = !all
		}
		mf.Threats = append(mf.Threats, threat(s, m, sq, a, b, bf.protection[sq], pinnedBefore, pinnedNow, newness{lifted, bf.rescued[sq]}))
		if a.gain > 0 && s.cut {
			mf.Cut = true
		}
	}
}

// basicAfter fills in what needs no search, in the position after the move
// (the opponent to move): the moved piece, check, mate, material.
func basicAfter(mf *Move, pos *position.Position, to position.Square, par *Params) {
	O := pos.Side()
	mf.Piece = describe(par, pos, to)
	checkers := pos.Checkers(O)
	mf.Check = len(checkers) > 0
	for _, c := range checkers {
		mf.Checkers = append(mf.Checkers, describe(par, pos, c))
	}
	mf.DiscoveredCheck = mf.Check && !slices.Contains(checkers, to)
	mf.DoubleCheck = len(checkers) >= 2
	mf.Mate = !pos.HasLegalMove(O)
	mf.Stalemate = mf.Mate && !mf.Check

	var buf [16]position.Square
	for _, sq := range pos.Pieces(position.Red, buf[:0]) {
		addMaterial(par, pos, sq, &mf.MaterialRed, &mf.StrongRed, &mf.AttackingRed)
	}
	for _, sq := range pos.Pieces(position.Black, buf[:0]) {
		addMaterial(par, pos, sq, &mf.MaterialBlack, &mf.StrongBlack, &mf.AttackingBlack)
	}
}

func addMaterial(par *Params, pos *position.Position, sq position.Square, material, strong, attacking *int) {
	pc := pos.At(sq)
	*material += pieceValue(par, pc, sq)
	switch pc.Kind() {
	case position.Rook, position.Horse, position.Cannon:
		*strong++
		*attacking++
	case position.Pawn:
		if position.Crossed(pc.Color(), sq) {
			*attacking++
		}
	}
}
