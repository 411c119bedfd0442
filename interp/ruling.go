package interp

// What a book's ruling on a cycle says: the verdict with its clause and
// reason, each move's label with the rule and evidence behind it, each
// side's patterns — the output of Judge, as text, JSON and HTML show it.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/xqrules/xqrules/facts"
)

// Ruling is one book's decision on a cycle, with its reasons.
type Ruling struct {
	Ruleset string `json:"ruleset"`
	Title   string `json:"title,omitempty"`
	Verdict string `json:"verdict"`
	// Clause is the clause the deciding verdict row cites; Row its id.
	Clause string       `json:"clause,omitempty"`
	Row    string       `json:"row,omitempty"`
	Reason string       `json:"reason,omitempty"`
	Moves  []MoveRuling `json:"moves"`
	Sides  []SideRuling `json:"sides,omitempty"`
	Notes  []string     `json:"notes,omitempty"`
	// Weighed: the deciding verdict row compares the sides' grades
	// (SideRuling.Lightest, Heaviest), as 2011 26.9 does.
	Weighed bool `json:"weighed,omitempty"`
	// Judged: the plies of the input the ruling judged.
	Judged JudgedPlies   `json:"judged"`
	Params *facts.Params `json:"-"`
	// unexplained: what Explain needs to put the reasons into words (nil
	// once it has, and for JudgeVerdicts's rulings, which have none).
	unexplained *unexplained
}

// JudgedPlies are the plies a ruling judged, From … To (1-based, counted
// in the game or the moves given): the last period of the final position
// (the moves since its previous occurrence), or, under a book with
// judge_from: first, every move since the first of the position's last
// `repetitions` occurrences (SinceFirst; only when the play came back to it
// along different moves).
type JudgedPlies struct {
	From       int  `json:"from"`
	To         int  `json:"to"`
	SinceFirst bool `json:"since_first,omitempty"`
}

// String reads "plies 5–8 (the last period)".
func (j JudgedPlies) String() string {
	what := "the last period"
	if j.SinceFirst {
		what = "every move of the repetition, since the first of the position's last occurrences"
	}
	return fmt.Sprintf("plies %d–%d (%s)", j.From, j.To, what)
}

// MoveRuling is one move's classification under a book.
type MoveRuling struct {
	Ply   int    `json:"ply"`
	Side  string `json:"side"`
	Move  string `json:"move"`
	CN    string `json:"cn,omitempty"`
	Label string `json:"label"`
	// Tags are the move's lighter labels (捉兼献 → label 捉, tag 献) and the
	// tags of the rules that matched.
	Tags []string `json:"tags,omitempty"`
	// Rule and Cite: the rule that gave the label and the clause it encodes
	// (empty when no rule matched and the move has the default label).
	Rule   string `json:"rule,omitempty"`
	Cite   string `json:"cite,omitempty"`
	Status string `json:"status,omitempty"`
	Reason string `json:"reason,omitempty"`
	Grade  int    `json:"grade"`
	// Targets: the pieces the label's evidence is about (victims, offered pieces).
	Targets []string `json:"targets,omitempty"`
	// Attacks: attacker → victim, for each threat the label's evidence is
	// (a rule with `for: threats`); what a report draws as arrows.
	Attacks []Attack `json:"attacks,omitempty"`
	// Exempted: labels an exemption took away, and why.
	Exempted []Exemption `json:"exempted,omitempty"`
	// Also: the other rules that matched, for the full story.
	Also []string `json:"also,omitempty"`
	// Chases: every chase the move makes under the book (the threats its
	// attack-labelled rules took as evidence), each with its kind and the
	// book's grade: a move that chases a rook and an unrooted cannon is
	// named by both (26.9 weighs each).
	Chases []ChaseRuling `json:"chases,omitempty"`
	// The reason not yet rendered (Explain): the rule that gave the label
	// and its evidence.
	rule     *MoveRule
	evidence []int
}

// ChaseRuling is one chase of a move: the victim, the kind of chase 26.9
// weighs (车: a rook, or a line that wins one; 无根子: no root or a false
// one; 少根子: too few roots; 有根子: rooted, won through an exchange;
// Joint: 联合捉, two or more pieces take part), the pieces that take part,
// the rule that made it a chase and the grade the book gives it.
type ChaseRuling struct {
	Victim string `json:"victim"`
	// Wins: the rook the line wins when it is not the victim (a line whose
	// first capture is another piece: 2020 图26 炮5进2 … 炮8平4).
	Wins  string   `json:"wins,omitempty"`
	Kind  string   `json:"kind"`
	Joint bool     `json:"joint,omitempty"`
	By    []string `json:"by,omitempty"`
	Rule  string   `json:"rule"`
	Grade int      `json:"grade"`
}

// chaseKind names a threat's kind of chase (see ChaseRuling).
func chaseKind(t *facts.Threat) string {
	switch {
	case t.Victim.Kind == "rook" || slices.ContainsFunc(t.Wins, func(p facts.Piece) bool { return p.Kind == "rook" }):
		return "车"
	case t.Protection == "none" || t.Protection == "false":
		return "无根子"
	case t.Protection == "insufficient":
		return "少根子"
	}
	return "有根子"
}

// Attack is one attacker → victim relation behind a label. Attacker is
// one of the mover's pieces that can take the victim next move, or, when
// none can outright (a win through a check or an exchange), one that takes
// part in the winning line.
type Attack struct {
	Attacker string `json:"attacker"` // "车 c4"
	Victim   string `json:"victim"`   // "炮 e4"
	From     string `json:"from"`     // the attacker's square
	To       string `json:"to"`       // the victim's square
	// Step: for a chase won through checks (抽, a discovered check), the
	// mover's moves of the winning line are drawn in order — the check
	// first, then the capture — numbered from 1; From and To are that
	// move's squares (the victim is named on the capture). 0 for a direct
	// attack.
	Step int `json:"step,omitempty"`
}

// Exemption records an exemption rule that removed labels or evidence.
type Exemption struct {
	Rule    string   `json:"rule"`
	Cite    string   `json:"cite"`
	Labels  []string `json:"labels"`
	Targets []string `json:"targets,omitempty"`
}

// String reads "not 捉/兵捉 of 车 h0: CITE [RULE]": the labels the rule
// kept off the move, the pieces they were about, and the rule.
func (x Exemption) String() string {
	what := strings.Join(x.Labels, "/")
	if len(x.Targets) > 0 {
		what += " of " + strings.Join(x.Targets, ", ")
	}
	return fmt.Sprintf("not %s: %s [%s]", what, x.Cite, x.Rule)
}

// SideRuling is what one side's moves amount to under a book.
type SideRuling struct {
	Side     string   `json:"side"`
	Labels   []string `json:"labels"`
	Patterns []string `json:"patterns"`
	// Lightest and Heaviest: the grades of its lightest and heaviest moves
	// (what a book's liability rows compare, e.g. 2011 26.9).
	Lightest int `json:"lightest"`
	Heaviest int `json:"heaviest"`
}

// RuleError is a rule that could not be evaluated on a cycle (an index
// out of range, say). The run stops: a book that cannot rule must not
// return a guess.
type RuleError struct {
	Book string
	Err  *Error
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("rule set %s: %s", e.Book, e.Err.Error())
}

// Context is what a ruling may need beyond the cycle's facts.
type Context struct {
	// Recreator is the side whose move first brought back a position already
	// seen in the input (red, black); "" means the cycle's last mover.
	Recreator string
}
