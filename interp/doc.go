// Package interp loads rule books written as data (YAML with expr
// predicates), and uses them to classify the moves of a repetition cycle
// and decide who must vary, explaining every step.
//
// A book is one YAML file (its id is the file's stem). It has four parts,
// evaluated in this order:
//
//  1. params: the values the fact extractor uses (piece values, search
//     depths). Facts are computed once per distinct set of params and shared
//     by every book that uses the same. Two params are the book's own:
//     `repetitions` (how many times the position must occur before it
//     rules: 循环达三次 → 3) and `judge_from` (which moves it judges:
//     `previous`, the default — the moves since the final position's
//     previous occurrence, the shortest cycle ending there; or `first` —
//     every move since the first of its last `repetitions` occurrences (the
//     repetition the book rules on), when the play came back to it along
//     different moves, as AXF's rule 32 reads "two pieces take turns").
//     Any other value is refused at load. Each ruling says which plies it
//     judged (Ruling.Judged).
//  2. moves: an ordered list of rules that label each move of the cycle. A
//     labelling rule gives its label (将 杀 捉 兑 献 拦 跟 闲 …) when its
//     `when` holds; with `for: threats` (or offers) it is tested on each of
//     the move's threats (offers) and the ones that pass are its evidence.
//     An exemption rule (`exempt: [捉]`) removes labels — or, with `for`,
//     removes single threats from the evidence of those labels — as the
//     books' "按闲处理" clauses do. A move gets every label that remains, is
//     judged by the heaviest (从重, in the book's own label order) and keeps
//     the others as tags (捉兼献 …); with none it gets the default label.
//  3. patterns: named conditions over one side's labelled moves (长将, 长打,
//     长捉车 …), evaluated for each side in order; a pattern may use the ones
//     before it by name.
//  4. verdict: an ordered table. Each row is tried with side = red, other =
//     black and then the other way round; the first row that holds decides.
//     `then: side-must-vary` names the side it held for; if it holds for
//     both sides at once no side can be singled out and the ruling is a
//     draw. When no row holds the ruling is a draw by default.
//
// `extends: ID` starts from another book; `override` then replaces, removes
// or inserts rules by id, so a draft or a later edition says only what
// changes; `inherited_cites: {from: "2011", as: "2020"}` makes the clauses
// it takes cite its own edition (the 2020 book keeps 2011's numbers).
// Everything is checked at load: unknown fields, unknown facts,
// predicates that are not boolean, duplicate ids, overrides of missing
// rules, extends cycles — each reported at file:line:col with the rule's id.
//
// # Following one move of one book
//
// Take 2020 图2's first move, 马二退一, under the book "20" (which extends
// "11"). The stages, each in a file named for it:
//
//   - load (library.go, decode.go, yamlsrc.go): rules/20.yaml and the
//     rules/11.yaml it extends are decoded, merged by their overrides and
//     checked; every error names file:line:col and the rule.
//   - compile (compile.go, pred.go, explain.go): each `when` and `grade` is
//     compiled once by expr against the value struct of its place (MoveEnv,
//     ThreatEnv, OfferEnv for moves; SideEnv for patterns; VerdictEnv for
//     verdict rows; env.go), definitions inlined; each `reason` is parsed
//     as a text/template. Books with the same expression share the program.
//   - facts (package facts): Judge (judge.go) asks for the cycle's facts
//     once per distinct params; the horse's move gets a Threat on the rook
//     i9 with its gain, protection, line and attackers.
//   - classify moves (classify.go, session.go): the move's environments are
//     built once (envSet) and every rule of the book runs on them on expr's
//     VM — 24.3-chase with `for: threats` on each threat, the exemptions
//     after — and the heaviest label left (捉) is the move's, with its
//     grade, chases, targets and the rule's reason (reason.go).
//   - side patterns (sides.go): red's labelled moves are summed up (Count,
//     Lightest, the victims chased on every move) and the book's patterns
//     evaluated: 长捉, 长打.
//   - verdict (verdict.go): the rows are tried for red and for black; 25.3
//     holds for red (长打 against black's 一捉一兑): red-must-vary, with the
//     row's clause and reason.
//   - explain (ruling.go): the Ruling carries each move's label, rule,
//     clause, status, reason, chases and arrows, the sides' patterns and
//     the verdict; cmd/xqrules prints it as text, JSON or HTML.
package interp
