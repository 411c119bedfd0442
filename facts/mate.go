package facts

// Mate threats (杀): whether the side to move mates in one (by a check, or
// by any move), mates by a run of checks within a depth (连将杀), or, where a
// book asks for it, after one quiet move (绝杀); mateThreat is the fact the
// books read, with its line. Answers are remembered per position, and a
// mate found at one depth answers a shallower search. moveMateThreat is the
// move's 杀 (2011/2020 24.2, 1999 28.2) with 自毙. TestFiguresFacts
// checks every 杀 of the 2020 figures; TestAnalyzeCyclesSharesOnlyPositions
// the sharing between depths.

import (
	"github.com/xqrules/xqrules/position"
)

// moveMateThreat fills in the move's 杀 (24.2; 1999 28.2): with the opponent
// passing, the mover's forced mate (pos is P′, after the move and a null
// move), whether it had one before the move (mtBefore: 从杀到杀), and whether
// the opponent's own previous move made it (自毙, MateThreatSelfInflicted).
// pos is as it was on return.
func moveMateThreat(s *searcher, mf *Move, m position.Move, ctx context, mtBefore MateThreat) {
	pos := s.pos
	mf.MateThreat = s.mateThreat()
	mf.MateThreat.LineCN = chineseOfICCS(pos, mf.MateThreat.Line)
	mf.MateThreat.Before = mtBefore.Exists
	if !mf.MateThreat.Exists || !(mtBefore.Exists || mf.AnswersCheck) || ctx.beforePrev == nil || s.par.Skip&SkipMateBefore != 0 {
		return
	}
	// 自毙: the opponent's own previous move made the threat. Never
	// when it stood before that move already.
	bp := ctx.beforePrev
	bp.Make(position.NullMove) // the mover to move, before the opponent's move
	mtPrev := newSearcher(bp, s.par, s.memo).mateThreat()
	bp.Unmake()
	switch {
	case mtPrev.Exists:
	case mf.AnswersCheck:
		// In check the mover could mate nobody, so "stood before this
		// move" says nothing. The check made the threat (2020 图13: 红方
		// 车五平六将军，造成黑方车5平6有杀，属红方自毙) when every answer
		// to it leaves the threat standing; where another answer would
		// not, this answer adds it (图19: 炮2平4 应将后增加了黑马退6的杀着 — 杀).
		pos.Unmake() // the null move
		pos.Unmake() // m
		mf.MateThreatSelfInflicted = threatensWhateverTheAnswer(s)
		pos.Make(m)
		pos.Make(position.NullMove)
	default:
		// It stood before this move but not before the opponent's.
		mf.MateThreatSelfInflicted = true
	}
}

// threatensWhateverTheAnswer reports whether the side to move, in check,
// threatens mate after each of its answers to the check.
func threatensWhateverTheAnswer(s *searcher) bool {
	pos := s.pos
	for _, a := range pos.LegalMoves(nil) {
		pos.Make(a)
		pos.Make(position.NullMove)
		mt := s.mateThreat()
		pos.Unmake()
		pos.Unmake()
		if !mt.Exists {
			return false
		}
	}
	return true
}

// mateInOne returns a move of the side to move after which the opponent has no
// legal move (checks only when checksOnly), or NoMove.
func (s *searcher) mateInOne(ply int, checksOnly bool) position.Move {
	var moves []position.Move
	var e *escapes
	if checksOnly {
		moves = s.checks(ply) // generated as checks: no filtering of every move
	} else {
		e = new(escapes)
		if !s.mayMateInOne(ply, e) {
			return position.NoMove
		}
		moves = s.legal(ply)
	}
	var buf [1]position.Move
	if m := s.mating(moves, false, checksOnly, ply, e, buf[:0]); len(m) > 0 {
		return m[0]
	}
	return position.NoMove
}

// mates reports whether the move m of the side to move leaves the opponent
// without a legal move (mated or stalemated: a loss either way).
// The answer is remembered by the position and the move (moveKey): the
// exchange and mate searches ask it again and again of the same moves.
func (s *searcher) mates(m position.Move) bool {
	k := moveKey(s.pos.Key(), m)
	if mated, ok := s.memo.mates.get(k); ok {
		return mated
	}
	opp := s.pos.Side().Other()
	s.pos.Make(m)
	mated := !s.pos.HasLegalMove(opp)
	s.pos.Unmake()
	s.memo.mates.put(k, mated)
	return mated
}

// moveKey is the key of the move m in the position of key k: another
// Zobrist-like random key (m's number spread over 64 bits by a
// multiplicative hash), so that such keys collide no more often than
// positions' keys do.
func moveKey(k uint64, m position.Move) uint64 {
	return k ^ (uint64(m)+1)*0x9e3779b97f4a7c15
}

// mateByChecks reports whether the side to move mates within depth plies by
// checking on every move (连将杀); a mate in one by any move counts at the
// first ply only when quietFirst is set. The line is left in pv[ply].
func (s *searcher) mateByChecks(depth, ply int) bool {
	s.pvLen[ply] = ply
	if depth < 1 || ply >= maxPly-2 || !s.tick() {
		return false
	}
	// A position already shown to have no mate within at least depth plies
	// (by another line of checks, or another search of the cycle) has none
	// within depth: no mate by checks within D means none within d ≤ D.
	k := s.pos.Key()
	if d, ok := s.memo.noMate.get(k); ok && d >= depth {
		return false
	}
	if s.mateByChecksFrom(depth, ply) {
		return true
	}
	if !s.cut && ply+depth < maxPly-2 {
		if d, ok := s.memo.noMate.get(k); !ok || d < depth {
			s.memo.noMate.put(k, depth)
		}
	}
	return false
}

func (s *searcher) mateByChecksFrom(depth, ply int) bool {
	// The checks only: captures that give check, then quiet checks. The
	// deeper plies use their own buffers: these lists stay intact.
	moves := s.checks(ply)
	for _, m := range moves {
		if depth < 3 {
			// The last ply: only whether any answer exists matters.
			if s.mates(m) {
				s.pvLen[ply+1] = ply + 1
				s.setPV(ply, m)
				return true
			}
			continue
		}
		s.pos.Make(m)
		answers := s.legalView()
		if len(answers) == 0 {
			s.pos.Unmake()
			s.pvLen[ply+1] = ply + 1
			s.setPV(ply, m)
			return true
		}
		// The line shown is the one after the last reply (in the order
		// of the legal moves); the replies most likely to escape are
		// tried first: captures, then the others from the last (the
		// king's steps come last in the legal moves).
		last := answers[len(answers)-1]
		replies, _ := s.capturesFirstIn(ply+1, answers)
		all := true
		for _, r := range replies {
			s.pos.Make(r)
			ok := s.mateByChecks(depth-2, ply+2)
			s.pos.Unmake()
			if !ok {
				all = false
				break
			}
			if r == last {
				s.setPV(ply+1, r)
			}
		}
		s.pos.Unmake()
		if all {
			s.setPV(ply, m)
			return true
		}
		if s.cut {
			return false
		}
	}
	return false
}

// mateThreat looks for a forced mate for the side to move: in one (any move),
// by consecutive checks within par.MateDepth, or after one quiet move.
func (s *searcher) mateThreat() MateThreat {
	k := s.pos.Key()
	if e, ok := s.memo.threats[k]; ok {
		if mt, ok := e.under(&s.par); ok {
			return mt
		}
	}
	mt, found := s.searchMateThreat()
	if !mt.Cut {
		s.memo.threats[k] = threatEntry{mt, found, s.par.MateDepth, s.par.QuietMate, s.par.QuietMateDepth}
	}
	return mt
}

// threatEntry is a mate threat found with the search bounds it was found
// with; params with other bounds may read it (see under).
type threatEntry struct {
	mt         MateThreat
	found      int // the depth that found it (searchMateThreat)
	depth      int
	quiet      bool
	quietDepth int
}

// under returns the mate threat the search would find under par, when the
// entry says: with the same bounds, the entry itself; without the quiet
// first move and with a depth d within the entry's, the entry's threat if
// the search that found it was within d plies, and no threat otherwise —
// the search looks for the mate in one, then for the shortest mate by
// checks, deepening in steps of two; a mate by checks within some plies is
// one within any more, so a search to d stops at the same step with the
// same line, or finds none.
func (e threatEntry) under(par *Params) (MateThreat, bool) {
	switch {
	case e.depth == par.MateDepth && e.quiet == par.QuietMate && (!e.quiet || e.quietDepth == par.QuietMateDepth):
		return e.mt, true
	case e.quiet || par.QuietMate || par.MateDepth > e.depth:
		return MateThreat{}, false
	case !e.mt.Exists || e.found <= par.MateDepth:
		return e.mt, true
	}
	return MateThreat{}, true
}

// searchMateThreat also returns the depth of the search that found the
// threat: 1 for a mate in one, the step of the deepening for a mate by
// checks (the line shown may be shorter: it follows the last answer).
func (s *searcher) searchMateThreat() (MateThreat, int) {
	s.reset()
	var mt MateThreat
	if m := s.mateInOne(0, false); m != position.NoMove {
		return MateThreat{Exists: true, Kind: "mate-in-1", Plies: 1, Line: []string{m.String()}}, 1
	}
	// Most positions have no mate by checks at all: one search at the full
	// depth says so. Only when it finds one (or is cut short) does the
	// iterative deepening run, for the shortest mate and its line.
	n0 := s.nodes
	none := s.par.MateDepth >= 3 && !s.mateByChecks(s.par.MateDepth, 0) && !s.cut
	if !none {
		s.nodes, s.cut = n0, false
	}
	for d := 3; d <= s.par.MateDepth && !none; d += 2 {
		if s.mateByChecks(d, 0) {
			l := s.line(0)
			return MateThreat{Exists: true, Kind: "checks", Plies: len(l), Line: iccsLine(l), Cut: s.cut}, d
		}
		if s.cut {
			break
		}
	}
	if s.par.QuietMate && !s.cut {
		if l, ok := s.quietMate(); ok {
			return MateThreat{Exists: true, Kind: "quiet", Plies: len(l), Line: iccsLine(l), Cut: s.cut}, 0
		}
	}
	mt.Cut = s.cut
	return mt, 0
}

// quietMate: one quiet move after which every reply allows a mate by checks
// within QuietMateDepth plies (绝杀).
func (s *searcher) quietMate() ([]position.Move, bool) {
	side := s.pos.Side()
	moves := append([]position.Move(nil), s.legal(0)...)
	for _, m := range moves {
		s.pos.Make(m)
		if s.pos.InCheck(side.Other()) {
			s.pos.Unmake()
			continue
		}
		replies := append([]position.Move(nil), s.legal(1)...)
		all := len(replies) > 0
		var line []position.Move
		for _, r := range replies {
			s.pos.Make(r)
			ok := false
			if mm := s.mateInOne(2, false); mm != position.NoMove {
				ok = true
				line = []position.Move{m, r, mm}
			} else {
				for d := 3; d <= s.par.QuietMateDepth && !ok; d += 2 {
					ok = s.mateByChecks(d, 2)
					if ok {
						line = append([]position.Move{m, r}, s.line(2)...)
					}
				}
			}
			s.pos.Unmake()
			if !ok {
				all = false
				break
			}
		}
		s.pos.Unmake()
		if all {
			return line, true
		}
		if s.cut {
			break
		}
	}
	return nil, false
}

// opponentMatesInOne: after the mover's move, can the side now to move mate at
// once by a check?
func (s *searcher) opponentMatesInOne(ply int) bool { return s.matesAtOnce(ply, true) }

// matesAtOnce reports whether the side to move has a mate in one (by a check
// only when checksOnly), remembered per position.
func (s *searcher) matesAtOnce(ply int, checksOnly bool) bool {
	k := s.pos.Key()
	m := &s.memo.mated1
	if !checksOnly {
		m = &s.memo.mated1any
	}
	if v, ok := m.get(k); ok {
		return v
	}
	cut := s.cut
	s.cut = false
	v := s.mateInOne(ply, checksOnly) != position.NoMove
	if !s.cut {
		m.put(k, v)
	}
	s.cut = s.cut || cut
	return v
}
