package facts

// The searcher: every search of this package runs on one position by
// make/unmake (never copying the board, leaving it as it found it), within a
// node limit, with its scratch (move lists, principal lines) and, per cycle,
// a memo of what depends on the positions alone (move lists, mates in one,
// mate searches) or on the params too (exchange values, baselines). The
// searches themselves are in exchange.go (the exchange on a square), gain.go
// and gainall.go (what a side can win through a piece, for one victim and
// for all at once; baseline.go, ownshare.go, pawnclamp.go, chasepieces.go
// and chasesquare.go say what the gain counts), mate.go (mate threats) and
// mateinone.go (the filters that answer "mate in one?" without listing every
// move). TestMemoOrderIndependent checks that no answer depends on what the
// memo already held; TestTableMatchesMap the memo's tables.

import (
	"sync"

	"github.com/xqrules/xqrules/position"
)

// mateScore marks a mated side in material searches; far above any material sum.
const mateScore = 1 << 20

const maxPly = 64

// searcher runs the bounded searches on one position, by make/unmake: it never
// copies the board and leaves the position as it found it.
type searcher struct {
	*scratch
	pos   *position.Position
	par   Params
	nodes int
	cut   bool
	memo  *memo
	// spared: squares whose pieces qsc does not take where they stand,
	// nSpared of them (see qsc, spare).
	spared  [position.NumSquares]bool
	nSpared int
	// keepFor (nil: none) names, per victim square, the chase pieces a
	// kept baseline spares instead of the board's own (see baselineLine).
	keepFor *[position.NumSquares]chasePieces
	// zone: the squares of the exchange qsc searches when its sq is
	// zoneSquare (ChaseSquare's rest, see restZone).
	zone     zone
	zoneSide position.Color
	// With ownRoot (ownExchange), both sides take on the zone, whose squares
	// either side's captures add to, and elsewhere only by a capture that is
	// not among those it had before the victim was taken (rootCaps: the
	// zoneSide's; oppCaps: the other side's).
	rootCaps, oppCaps []position.Move
	ownRoot           bool
	// tie (nil: none): the gain search tells equal lines apart (see
	// tieBreak).
	tie *tieBreak
	// keepRootLines: gainAll keeps rootLines; rootKnown: they are the
	// position's, for its evidence searches (see keepRootLine).
	keepRootLines, rootKnown bool
}

// scratch is a search's working memory: move lists, lines, per-ply state.
// The searchers of one cycle run one after another, never one inside
// another's search, so they share one (through the memo) instead of each
// allocating its own.
type scratch struct {
	bufs  [maxPly][]position.Move
	pv    [maxPly][maxPly]position.Move
	pvLen [maxPly]int
	// frames: per-ply scratch of the shared gain search.
	frames [maxPly]*frame
	// checker[ply]: where the check given at ply (in a gain search's check
	// line) put the moving piece.
	checker [maxPly]position.Square
	// path[ply]: the move a gain search's line made at ply, on the way to
	// the node it searches (see tieBreak).
	path [maxPly]position.Move
	// rootLines: what the shared search (gainAll) found of each of its
	// root's check lines (see keepRootLine).
	rootLines []rootLine
	// sortKeys: sortCaptures' scratch.
	sortKeys [2 * position.MaxMoves]int64
}

// memo keeps the results of searches that depend only on the position (its
// key, side to move included) and the parameters, so that the searches of one
// cycle share them: the check lines of gainAll reach the same positions again
// and again, the "before" of one ply and the "after" of another meet after a
// capture, a mate threat after one move is the 自毙 test of the next but one,
// and so on. A result from a search that was cut short is never kept. What
// depends on the piece values is forgotten between the param sets of one
// AnalyzeCycles call, or of an Analyses' calls, when they differ
// (clearValues); the rest depends on the positions alone.
type memo struct {
	exchanges table[exchangeEntry]
	// exAtLeast: a lower bound on the exchange value, from a bounded search
	// that failed high (exchangeBelow).
	exAtLeast table[int]
	// exAtMost: an upper bound, from a bounded search that failed low
	// (exchangeWithin).
	exAtMost  table[int]
	baselines map[victimKey]baselineEntry
	// zoneEx, zoneBase: ChaseSquare's exchanges on a zone after a capture,
	// and its baselines (see zoneExchange, zoneBaseline).
	zoneEx   map[zoneKey]exchangeEntry
	zoneBase map[zoneKey]baselineEntry
	// offerBases: the offers' baselines (offerBaseline).
	offerBases map[offerKey]int
	threats    map[uint64]threatEntry
	mated1     table[bool] // mate in one by a check
	mated1any  table[bool] // mate in one by any move
	gains      map[uint64]gains
	// mates: whether a move leaves the opponent no legal move, by the
	// position's key and the move (see searcher.mates).
	mates table[bool]
	// noMate: the depth within which the side to move has been shown to
	// have no mate by checks.
	noMate table[int]
	// The move lists generated in the cycle's positions, by key: the
	// searches come back to the same positions again and again (a third
	// or more of the lists asked for were generated before), and copying a
	// list costs a fraction of generating it. The lists live in slab, as
	// do the exchanges' lines.
	capsChecks, legals, checkLists table[listRef]
	slab                           []position.Move
	// scratch is shared by the cycle's searchers (see scratch).
	scratch *scratch
}

// listRef locates a remembered move list in memo.slab; caps is how many of
// its moves come first as captures (capturesAndChecks), or, for legals, how
// many checks follow it (legalAndChecks).
type listRef struct{ off, n, caps int32 }

// exchangeEntry is an exchange value and its line, which lives in
// memo.slab.
type exchangeEntry struct {
	v      int
	off, n int32
}

// putExchange remembers the exchange value v of the position, and its line,
// left in pv[ply].
func (s *searcher) putExchange(k uint64, v, ply int) {
	off := len(s.memo.slab)
	s.memo.slab = append(s.memo.slab, s.pv[ply][ply:s.pvLen[ply]]...)
	s.memo.exchanges.put(k, exchangeEntry{v, int32(off), int32(len(s.memo.slab) - off)})
}

// baselineEntry: a baseline and what the opponent takes in its line.
type baselineEntry struct {
	v     int
	taken []position.Square // see baselineLine
}

// victimKey: a position, the square of the victim a baseline is for, and
// the chase pieces kept (chasePieces.hash; 0: none; see baselineLine).
type victimKey struct {
	key    uint64
	victim position.Square
	keep   uint64
}

func newMemo() *memo {
	return &memo{
		baselines:  map[victimKey]baselineEntry{},
		zoneEx:     map[zoneKey]exchangeEntry{},
		zoneBase:   map[zoneKey]baselineEntry{},
		offerBases: map[offerKey]int{},
		threats:    map[uint64]threatEntry{},
		gains:      map[uint64]gains{},
	}
}

// memos keeps the memos of finished cycles for the next: a cycle fills a few
// hundred map entries and a search's scratch of some 40 KB, which allocating
// afresh for every cycle costs more than clearing.
var memos = sync.Pool{New: func() any { return newMemo() }}

// clearValues forgets what depends on the piece values (exchanges,
// baselines, gains), keeping what depends on the positions alone (move
// lists, mates in one, mate searches), for the analysis of the same cycle
// under other params (AnalyzeCycles).
func (m *memo) clearValues() {
	m.exchanges.clear()
	m.exAtLeast.clear()
	m.exAtMost.clear()
	clear(m.baselines)
	clear(m.zoneEx)
	clear(m.zoneBase)
	clear(m.offerBases)
	clear(m.gains)
}

// getMemo returns an empty memo, with scratch, from the pool.
func getMemo() *memo {
	m := memos.Get().(*memo)
	if m.scratch == nil {
		m.scratch = new(scratch)
	}
	return m
}

// putMemo empties m and gives it back to the pool. Nothing in it may be used
// after: results handed out of a cycle's analysis are copies (strings and
// fresh slices), never the memo's own lines.
func putMemo(m *memo) {
	m.clearValues()
	clear(m.threats)
	m.mated1.clear()
	m.mated1any.clear()
	m.mates.clear()
	m.noMate.clear()
	m.capsChecks.clear()
	m.legals.clear()
	m.checkLists.clear()
	m.slab = m.slab[:0]
	memos.Put(m)
}

// newSearcher returns a searcher on pos; m may be shared with other searchers
// of the same parameters (nil: a private one).
func newSearcher(pos *position.Position, par Params, m *memo) *searcher {
	if m == nil {
		m = newMemo()
	}
	if m.scratch == nil {
		m.scratch = new(scratch)
	}
	s := &searcher{scratch: m.scratch, pos: pos, par: par, memo: m}
	if s.par.NodeLimit <= 0 {
		s.par.NodeLimit = 200000
	}
	return s
}

// reset starts a new bounded search.
func (s *searcher) reset() { s.nodes, s.cut = 0, false }

func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes > s.par.NodeLimit {
		s.cut = true
		return false
	}
	return true
}

// value is the material value of pc standing on sq.
func (s *searcher) value(pc position.Piece, sq position.Square) int {
	return pieceValue(&s.par, pc, sq)
}

func pieceValue(par *Params, pc position.Piece, sq position.Square) int {
	switch pc.Kind() {
	case position.Rook:
		return par.Rook
	case position.Horse:
		return par.Horse
	case position.Cannon:
		return par.Cannon
	case position.Advisor:
		return par.Advisor
	case position.Elephant:
		return par.Elephant
	case position.Pawn:
		if position.Crossed(pc.Color(), sq) {
			return par.CrossedPawn
		}
		return par.Pawn
	}
	return 0
}

// buf returns the empty move buffer of ply, made on first use (most
// searchers never go deep).
func (s *searcher) buf(ply int) []position.Move {
	if s.bufs[ply] == nil {
		s.bufs[ply] = make([]position.Move, 0, 2*position.MaxMoves)
	}
	return s.bufs[ply][:0]
}

// checks returns the side to move's legal moves that give check (captures
// first, in the order of LegalMoves within each group), less captures of the
// king, in the buffer of ply.
func (s *searcher) checks(ply int) []position.Move {
	if ms, _, ok := s.recalled(&s.memo.checkLists, ply); ok {
		return ms
	}
	src, nc := s.capturesAndChecks(ply, true)
	ms := s.buf(ply)
	for _, m := range src[:nc] {
		if s.pos.At(m.To()).Kind() != position.King && s.givesCheck(m) {
			ms = append(ms, m)
		}
	}
	n := len(ms)
	ms = append(ms, src[nc:]...)
	s.bufs[ply] = ms
	s.remember(&s.memo.checkLists, ms, n)
	return ms
}

// recalled copies the list remembered in lists for the position into the
// buffer of ply, if there is one.
func (s *searcher) recalled(lists *table[listRef], ply int) (ms []position.Move, caps int, ok bool) {
	view, caps, ok := s.remembered(lists)
	if !ok {
		return nil, 0, false
	}
	ms = append(s.buf(ply), view...)
	s.bufs[ply] = ms
	return ms, caps, true
}

// remembered returns the list remembered in lists for the position, if
// there is one: the memo's own, to be read only.
func (s *searcher) remembered(lists *table[listRef]) (ms []position.Move, caps int, ok bool) {
	r, ok := lists.get(s.pos.Key())
	if !ok {
		return nil, 0, false
	}
	end := r.off + r.n
	return s.memo.slab[r.off:end:end], int(r.caps), true
}

// remember keeps a copy of the position's list ms in lists, and returns
// it (the memo's own, to be read only).
func (s *searcher) remember(lists *table[listRef], ms []position.Move, caps int) []position.Move {
	off := len(s.memo.slab)
	return s.keep(lists, append(s.memo.slab, ms...), off, caps)
}

// keep is remember of a list already appended to the memo's slab: slab is
// the slab with the position's list from off on (a move generator writes
// it there, with no copy).
func (s *searcher) keep(lists *table[listRef], slab []position.Move, off, caps int) []position.Move {
	s.memo.slab = slab
	end := len(slab)
	lists.put(s.pos.Key(), listRef{int32(off), int32(end - off), int32(caps)})
	return slab[off:end:end]
}

// legal returns the side to move's legal moves in the buffer of ply, less
// captures of the king: in the hypothetical "the mover moves again" after a
// check, taking the king is not a line any book counts.
func (s *searcher) legal(ply int) []position.Move {
	ms := append(s.buf(ply), s.legalView()...)
	s.bufs[ply] = ms
	return ms
}

// legalView is legal's list to be read only: the memo's own (remembered
// per position).
func (s *searcher) legalView() []position.Move {
	if ms, _, ok := s.remembered(&s.memo.legals); ok {
		return ms
	}
	off := len(s.memo.slab)
	slab := s.pos.LegalMoves(s.memo.slab)
	n := off
	for _, m := range slab[off:] {
		if s.pos.At(m.To()).Kind() != position.King {
			slab[n] = m
			n++
		}
	}
	return s.keep(&s.memo.legals, slab[:n], off, -1) // checks not worked out (legalAndChecks)
}

// legalAndChecks returns legal's list and, when checks, the moves of it
// that give check, in its order, both to be read only (the memo's own
// lists). The checks are remembered after a copy of the list (in place
// when it is the slab's last), its entry's caps their number (-1: not yet
// worked out), so that one lookup finds both.
func (s *searcher) legalAndChecks(checks bool) (ms, checking []position.Move) {
	k := s.pos.Key()
	r, ok := s.memo.legals.get(k)
	if !ok {
		s.legalView()
		r, _ = s.memo.legals.get(k)
	}
	slab := s.memo.slab
	end := r.off + r.n
	if !checks {
		return slab[r.off:end:end], nil
	}
	if r.caps < 0 {
		if int(end) != len(slab) {
			off := int32(len(slab))
			slab = append(slab, slab[r.off:end]...)
			r.off, end = off, off+r.n
		}
		for _, m := range slab[r.off:end] {
			if s.givesCheck(m) {
				slab = append(slab, m)
			}
		}
		r.caps = int32(len(slab)) - end
		s.memo.slab = slab
		s.memo.legals.put(k, r)
	}
	last := end + r.caps
	return slab[r.off:end:end], slab[end:last:last]
}

// givesCheck reports whether the side to move's move m checks the opponent.
func (s *searcher) givesCheck(m position.Move) bool { return s.pos.GivesCheck(m) }

func (s *searcher) setPV(ply int, m position.Move) {
	s.pv[ply][ply] = m
	n := ply + 1
	if ply+1 < maxPly {
		for i := ply + 1; i < s.pvLen[ply+1]; i++ {
			s.pv[ply][i] = s.pv[ply+1][i]
		}
		n = max(s.pvLen[ply+1], ply+1)
	}
	s.pvLen[ply] = n
}

func (s *searcher) line(ply int) []position.Move {
	return append([]position.Move(nil), s.pv[ply][ply:s.pvLen[ply]]...)
}

// iccsLine names the moves of a line in ICCS, the names sharing one string.
func iccsLine(ms []position.Move) []string {
	out := make([]string, len(ms))
	var buf [4 * 16]byte
	var ends [16]int
	b, e := buf[:0], ends[:0]
	for _, m := range ms {
		if m == position.NoMove || m == position.NullMove {
			b = append(b, m.String()...)
		} else {
			b = append(append(b, m.From().String()...), m.To().String()...)
		}
		e = append(e, len(b))
	}
	all, from := string(b), 0
	for i, end := range e {
		out[i], from = all[from:end], end
	}
	return out
}
