// Package scoring loads tournament scoring schemes (rules/scoring/*.yaml) and
// computes standings under them, side by side: the 胜2和1负0 scheme in use,
// 胜3和1负0, and the 大分小分调整法 of seed 004 (胜2和0.8负0, with drawn games
// split by remaining material in the second score).
//
// A scheme is data. Its file holds:
//
//	name, title, source, description   identification
//	points: {win, draw, loss}          expressions over Seat {red}
//	tiebreaks: [{name, expr}]          expressions over Totals, in order of use
//	residual:                          optional: 余子分 of drawn games
//	  material                         Pieces → number: one side's material value
//	  attacking                        Pieces → bool: whether it can still attack
//	  score                            Draw {me, opp, red} → number: my 余子分
//	knockout: {decide_after_draws}     optional: knockout tie-break (SettleKnockout)
//	team: {min_draws}                  optional: team-match tie-break (SettleTeam)
//
// Evaluation order. The file is decoded strictly (an unknown field is an
// error), every expression is compiled once against its environment and
// result type, points are evaluated for both colours, and the residual and
// tiebreak expressions are tried on sample inputs — all at load, with every
// error collected and reported as file:line:col. Then, for each game: the
// points of its outcome; for a drawn game under a residual rule, material and
// attacking for each side of the final position, then score for each side.
// For each player: points, 对手分 (the final points of every opponent, once
// per game against them), the 余子分 sum, then the tiebreaks. Players are
// ranked by points, then by the tiebreaks in order.
//
// Arithmetic is exact: every value an expression yields is converted once to
// a Score in hundredths (refused if it is not a multiple of 0.01) and all
// sums are integer sums. Rounding is for display only.
package scoring
