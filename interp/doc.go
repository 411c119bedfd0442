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
// "11"). A ruling goes through these stages in order, each in its own
// file(s), each once for the move:
//
//   - load (library.go, decode.go, yamlsrc.go, book.go): rules/20.yaml and
//     the rules/11.yaml it extends are decoded, merged by their overrides
//     and checked into a Book; every error names file:line:col and the rule.
//   - compile (compile.go, pred.go): each `when` and `grade` is compiled
//     once by expr against the value struct of its place (MoveEnv,
//     ThreatEnv, OfferEnv for move rules; SideEnv for patterns; VerdictEnv
//     for verdict rows), definitions inlined; each `reason` is parsed as a
//     text/template and run once on zero data. Books with the same
//     expression share the program, and so its results. From the names
//     the programs and templates read (detail.go), and the values they
//     read whole (whole.go), the book's params say which facts it needs:
//     20 reads the searched facts, the offers and what taking them costs,
//     not 有变 (facts.SkipVariation) nor a threat's RootKeptGain
//     (facts.SkipRootKept).
//   - facts (judge.go, package facts): Judge asks for the cycle's facts once
//     per distinct params: the horse's move gets a Threat on the rook i9,
//     won by 炮一进七 (gain 10), unprotected, a joint chase of 炮 i2 and
//     马 i4. Each book then rules (rule.go: the stages below, in order) on
//     the session the books judged on the cycle share (session.go).
//   - environments (env.go): the move's MoveEnv, one ThreatEnv per threat
//     and one OfferEnv per offer are built once for every book with the
//     same facts, each boxed by value for expr's VM.
//   - classify (classify.go): every rule of the book runs on them —
//     24.3-chase, `for: threats`, holds on the threat to 车 i9; no
//     exemption takes it away; 捉 is the heaviest label left (从重); the
//     rule's grade weighs the joint chase 25; the chase is listed (车,
//     joint, by 炮 i2, 马 i4).
//   - sides (sides.go): red's labelled moves are summed up (Labels 捉 捉,
//     Count, Attacks, Lightest 25, the victims chased and on how many
//     moves) and the book's patterns evaluated: 长打, 长捉.
//   - verdict (verdict.go): the rows are tried for red and for black;
//     25.3-one-forbidden holds for red (长打 against black's 兑 捉):
//     red-must-vary, citing 2020 25.3.
//   - explain (explain.go, ruling.go): the move's target (车 i9) and its
//     arrow (炮 i2 → 车 i9); its reason, the rule's template rendered on
//     the move and the threat ("马 i4 moves; the 无根 车 i9 can be won next
//     move …"), and the verdict row's reason are put into words when an
//     output asks for them (Explain, which cmd/xqrules calls before it
//     prints; a tally of verdicts never pays for the texts). The Ruling
//     carries each move's label, rule, clause, status, grade, reason,
//     chases and arrows, the sides' patterns and the verdict, and
//     cmd/xqrules prints it as text, JSON or HTML.
package interp
