// Package facts computes, for every move of a repetition cycle, the
// ruleset-neutral primitives that Xiangqi rule books combine into 将 杀 捉 兑 献
// 拦 跟 闲: checks, mate threats, every threat against an enemy piece with its
// protection and the material it wins before and after the move, every offer of
// an own piece, blocks and follows — each with its evidence (pieces, squares,
// the winning line), so a ruling can be explained.
//
// Facts are neutral: they never decide a label. A rule set's parameters (piece
// values, search depths) come in through Params. All types that rule sets see
// are plain value structs (no pointers, no interfaces), so they can serve
// directly as expr environments.
//
// # Where each fact is computed
//
// One file per idea a referee would name, each opening with the definition
// it computes and the clause it serves (2011/2020 book 24.x–26.x; 1999
// 28.x–29.x):
//
//   - types.go: the facts themselves (Move, Threat, Offer, MateThreat, Side,
//     Cycle), a glossary with each field's definition; params.go: Params.
//   - cycle.go: a cycle's facts, per move and per side (有变).
//   - move.go: one move's facts (analyzeMove), as a short sequence of steps.
//   - mate.go: 杀 (24.2) and 自毙; the mate searches.
//   - threat.go: the threat against one enemy piece (捉's raw material,
//     24.3), built in named steps; participants.go: the winning line's
//     pieces and captures; protection.go: 真根/假根/少根 (24.15);
//     newness.go: 从没捉到捉 and the threat's cause; acrosscheck.go: an
//     answer to a check measured before the check (自己造成); joint.go:
//     联合捉; offline.go: 不能离线; kingpawn.go: the king's and pawn's own
//     chase (26.1, 26.1.1).
//   - offers.go and takeloss.go: 兑 and 献 (24.4, 24.5); blocks.go: 拦 and
//     跟 (24.7).
//   - the searches behind them: the gain of one victim (gain.go) and of
//     every victim at once (gainall.go, with rootlines.go: what it found of
//     the root's check lines), the baseline — what the opponent wins anyway
//     (baseline.go, chasepieces.go: the chase's own pieces it keeps) — the
//     mover's share (ownshare.go), the square reading of a capture's rest
//     (chasesquare.go), the pawn clamp and equal lines (pawnclamp.go, 26.7),
//     the exchange on a square (exchange.go), the searcher and its memo
//     (search.go, table.go), mates in one (mateinone.go).
//   - geometry.go and evidence.go: the board's lines, and how evidence is
//     named.
package facts
