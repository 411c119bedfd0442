package facts

// What taking an offered piece costs the taker's side (the 献 and 兑 tests:
// 1987 "既不致立即被将死，又不致立即在子力价值上遭受损失", 2011/2020 24.4,
// 24.5 "不致立即被将死或立即在子力价值上遭受损失"). The loss need not be on
// the offered square: the taker may have been the root of another piece, or
// have screened one, or stood in a rook's line, and the offerer then wins
// that piece at once (seed 000 第55讲 图3: 吃炮则黑车脱根被吃 — not 献).

import "github.com/xqrules/xqrules/position"

// takeNet is the taker's side's balance when, in pos (the taker's side to
// move, after the offering move), the capture c takes the offered piece on
// wsq, worth gained: the worse for the taker's side of
//
//	(a) the exchange on the offered square: gained less what the offerer
//	    wins back there (qs on wsq, the recaptures of a complete exchange,
//	    checks within the budget) — the measure the offers always had;
//	(b) the whole position after the capture: gained less what the
//	    offerer, to move, can then win anywhere (the exchange search with
//	    captures anywhere, the one the threat facts' baselines use), net of
//	    what it could already win had the taker's side passed instead of
//	    taking (offerBaseline): a piece of the taker's side hanging
//	    elsewhere before the capture is not the capture's loss.
//
// Mate at once after the capture is −mateScore. Neither measure applies the
// pawn-trade rule (26.7): it says what a chase gains (得子), and the offers
// never applied it to the square exchange; (b) keeps to plain material
// values as (a) does. When the offerer could mate had the taker's side
// passed, (b) has no material baseline and (a) alone decides.
//
// It returns the net, whether the taker is mated at once, and the line that
// decided (c first, then the square exchange's or the whole position's
// line). pos is restored.
func takeNet(s *searcher, c position.Move, wsq position.Square, gained int) (net int, mated bool, line []position.Move) {
	pos := s.pos
	pos.Make(c)
	s.reset()
	mated = s.matesAtOnce(1, false)
	rest := s.qs(wsq, -mateScore*2, mateScore*2, s.par.ExchangeDepth, 1)
	line = append([]position.Move{c}, s.line(1)...)
	if mated {
		pos.Unmake()
		return -mateScore, true, line
	}
	// The exchange anywhere (remembered per position, exact, with its
	// line): its own node budget, so that whether it was remembered does
	// not change what the searches after it may spend.
	s.reset()
	anywhere := s.exchange(1)
	var anyLine []position.Move
	if anywhere > rest {
		anyLine = s.line(1)
	}
	pos.Unmake()
	net = gained - rest
	if anywhere > rest {
		if base, ok := s.offerBaseline(c.From(), wsq); ok && gained-anywhere+base < net {
			net = gained - anywhere + base
			line = append([]position.Move{c}, anyLine...)
		}
	}
	return clampGain(net, gained), false, line
}

// offerBaseline is what the offerer could win had the taker's side passed
// instead of taking (pos: the taker's side to move, after the offering
// move): the exchange search with captures anywhere, the offerer to move,
// with
//   - the offered piece on wsq aside (see qsc): once taken it takes nothing,
//     protects nothing and cannot be taken again, while the taker standing
//     on its square keeps the square occupied as it did;
//   - the taker on tsq spared where it stands (qsc's spared): a threat to it
//     is not a loss the capture causes (taking moves it to wsq, where (a)
//     and the exchange after the capture weigh it), but it still protects
//     what it protects — the root the capture takes away is the loss.
//
// ok is false when passing would lose to mate (no material baseline). The
// value is remembered per position, taker and offered piece.
func (s *searcher) offerBaseline(tsq, wsq position.Square) (int, bool) {
	s.pos.Make(position.NullMove)
	k := offerKey{s.pos.Key(), tsq, wsq}
	v, ok := s.memo.offerBases[k]
	if !ok {
		s.reset()
		release := s.spare(tsq)
		v = s.qsc(position.NoSquare, -mateScore*2, mateScore*2, s.par.ExchangeDepth, s.par.ExchangeChecks, false, wsq, 1)
		release()
		if !s.cut {
			s.memo.offerBases[k] = v
		}
	}
	s.pos.Unmake()
	if v > mateScore/2 {
		return 0, false
	}
	return max(v, 0), true
}

// offerKey: a position (the offerer to move, the taker's side having
// passed), the taker's square and the offered piece's.
type offerKey struct {
	key        uint64
	taker, off position.Square
}
