package interp

import (
	"text/template/parse"

	"github.com/expr-lang/expr/ast"

	"github.com/xqrules/xqrules/facts"
)

// searchedFacts are the facts that cost a search (facts.DetailFull): a book
// whose predicates, grades and reason templates name none of them, and which
// has no `for: threats|offers` rule, is judged on facts.DetailBasic.
var searchedFacts = map[string]bool{
	"Threats": true, "Threat": true, "Offers": true, "Offer": true, "Back": true,
	"MateThreat": true, "MateThreatSelfInflicted": true,
	"MovedWasThreatened": true, "MovedThreatGain": true,
	"Block": true, "Blocked": true, "Follow": true, "Followed": true,
	"Chases": true, "Victims": true, "Perpetual": true, "Cut": true,
}

// bookReads is what a book's compiled expressions (definitions inlined)
// and templates read: the names they name (namesOf), and whether they read
// a value whole that holds a gated fact (readsWhole). detailOf and skipOf
// decide from it; it is worked out once a book.
type bookReads struct {
	names map[string]bool
	whole bool
}

func readsOf(b *Book) bookReads { return bookReads{names: namesOf(b), whole: readsWhole(b)} }

// detailOf decides how much of each move's facts b needs, from what it
// reads. It errs on the side of the full facts: any mention of a searched
// fact, anywhere, asks for them, and so does a value read whole that holds
// one.
func detailOf(b *Book, rd bookReads) facts.Detail {
	if rd.whole {
		return facts.DetailFull
	}
	for _, r := range b.Moves {
		if r.For != "" {
			return facts.DetailFull
		}
	}
	for n := range rd.names {
		if searchedFacts[n] {
			return facts.DetailFull
		}
	}
	return facts.DetailBasic
}

// offerFacts, variationFacts, takeNetFacts, beforeFacts, mateBeforeFacts,
// acrossCheckFacts and rootKeptFacts are the names that read the fact groups
// facts.Skip can leave out: the offers (and the counterattacks, Back, that the
// interpreter finds among them), 有变, what taking an offered piece costs
// the taker (facts.SkipTakeNet: the takers' Net, MatedAtOnce and Line, the
// offers' FreeTake; and Back, whose Net, Free and MatedAtOnce counterOf
// derives from the takers' Net — and which of several counterattacks it
// picks, by Free and Net), a threat's "before" where it wins nothing after
// the move (facts.SkipBeforeWithoutGain), whether a mate threat stood before
// the move (facts.SkipMateBefore), an answer to a check's threats before the
// check (facts.SkipAcrossCheck) and a threat's RootKeptGain
// (facts.SkipRootKept). The names are field names, whatever type they
// belong to: Counter's Net, or a threat's Line, keeps the group as well.
var (
	offerFacts     = map[string]bool{"Offers": true, "Offer": true, "Back": true}
	variationFacts = map[string]bool{"CanVary": true, "VaryMove": true, "VaryMoveCN": true, "VaryAt": true}
	takeNetFacts   = map[string]bool{"Net": true, "MatedAtOnce": true, "Line": true, "FreeTake": true, "Back": true, "Free": true}
	// beforeFacts read a threat's "before" (facts.SkipBeforeWithoutGain
	// leaves it out where the threat wins nothing after the move).
	beforeFacts = map[string]bool{"HasBefore": true, "GainBefore": true, "LineGainBefore": true, "ChaseGainBefore": true, "DirectBefore": true}
	// mateBeforeFacts read whether a mate threat stood before the move and
	// whether it is the opponent's doing (facts.SkipMateBefore).
	mateBeforeFacts = map[string]bool{"Before": true, "MateThreatSelfInflicted": true}
	// acrossCheckFacts read what an answer to a check's threats were before
	// the check (facts.SkipAcrossCheck).
	acrossCheckFacts = map[string]bool{"HasBeforeCheck": true, "GainBeforeCheck": true, "StoodBeforeCheck": true, "SelfInflicted": true}
	// rootKeptFacts read the gain of a capture by a piece that roots
	// others (facts.SkipRootKept).
	rootKeptFacts = map[string]bool{"RootKeptGain": true}
)

// factGroups pairs each fact group facts.Skip can leave out with the names
// that read it.
var factGroups = []struct {
	skip  facts.Skip
	names map[string]bool
}{
	{facts.SkipOffers, offerFacts},
	{facts.SkipVariation, variationFacts},
	{facts.SkipTakeNet, takeNetFacts},
	{facts.SkipBeforeWithoutGain, beforeFacts},
	{facts.SkipMateBefore, mateBeforeFacts},
	{facts.SkipAcrossCheck, acrossCheckFacts},
	{facts.SkipRootKept, rootKeptFacts},
}

// skipOf is the fact groups b never reads, judged as detailOf judges (any
// mention asks for the group; a `for: offers` rule reads the offers, but
// not, unless it names them, what taking them costs).
func skipOf(b *Book, rd bookReads) facts.Skip {
	if rd.whole {
		return 0 // what it prints or compares whole holds them all
	}
	var skip facts.Skip
	for _, g := range factGroups {
		skip |= g.skip
	}
	for _, r := range b.Moves {
		if r.For == ForOffers {
			skip &^= facts.SkipOffers
		}
	}
	for n := range rd.names {
		for _, g := range factGroups {
			if g.names[n] {
				skip &^= g.skip
			}
		}
	}
	return skip
}

// namesOf collects the names b's compiled expressions (definitions inlined)
// and templates read.
func namesOf(b *Book) map[string]bool {
	names := map[string]bool{}
	for _, r := range b.Moves {
		addProgNames(names, r.prog)
		addProgNames(names, r.gradeProg)
		addTemplateNames(names, r.tmpl)
	}
	for _, p := range b.Patterns {
		addProgNames(names, p.prog)
	}
	for _, v := range b.Verdict {
		addProgNames(names, v.prog)
		addTemplateNames(names, v.tmpl)
	}
	return names
}

type nameCollector map[string]bool

func (c nameCollector) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		c[n.Value] = true
	case *ast.MemberNode:
		if s, ok := n.Property.(*ast.StringNode); ok {
			c[s.Value] = true
		}
	}
}

func addProgNames(names map[string]bool, p *pred) {
	if p == nil || p.prog == nil {
		return
	}
	root := p.prog.Node()
	ast.Walk(&root, nameCollector(names))
}

func addTemplateNames(names map[string]bool, rt *reasonTmpl) {
	if rt == nil {
		return
	}
	for _, tt := range rt.t.Templates() {
		if tt.Tree != nil {
			addParseNames(names, tt.Tree.Root)
		}
	}
}

// addParseNames collects the field and variable names a template reads.
func addParseNames(names map[string]bool, n parse.Node) {
	switch n := n.(type) {
	case nil:
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			addParseNames(names, c)
		}
	case *parse.ActionNode:
		addParseNames(names, n.Pipe)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			addParseNames(names, c)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			addParseNames(names, a)
		}
	case *parse.FieldNode:
		for _, id := range n.Ident {
			names[id] = true
		}
	case *parse.ChainNode:
		addParseNames(names, n.Node)
		for _, id := range n.Field {
			names[id] = true
		}
	case *parse.VariableNode:
		for _, id := range n.Ident {
			names[id] = true
		}
	case *parse.IfNode:
		addBranch(names, &n.BranchNode)
	case *parse.RangeNode:
		addBranch(names, &n.BranchNode)
	case *parse.WithNode:
		addBranch(names, &n.BranchNode)
	case *parse.TemplateNode:
		addParseNames(names, n.Pipe)
	}
}

func addBranch(names map[string]bool, b *parse.BranchNode) {
	addParseNames(names, b.Pipe)
	addParseNames(names, b.List)
	addParseNames(names, b.ElseList)
}
