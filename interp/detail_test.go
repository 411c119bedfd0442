package interp

import (
	"fmt"
	"reflect"
	"testing"
	"text/template"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// TestDetailOf: a book is judged on the basic facts only when nothing in it
// names a searched fact.
func TestDetailOf(t *testing.T) {
	lib := bundled(t)
	want := map[string]facts.Detail{
		"11": facts.DetailFull, "20": facts.DetailFull, "asian": facts.DetailFull,
		"wang-zhong": facts.DetailFull, "wang-zhong-2": facts.DetailBasic, "ko": facts.DetailBasic,
	}
	for id, d := range want {
		require.NotNil(t, lib.Book(id), id)
		assert.Equal(t, d, lib.Book(id).Params.Detail, id)
	}

	// A draft of 方案二 whose move reason mentions a threat, one whose
	// pattern reads the mate threat, and one with a definition naming the
	// offers: each needs the full facts.
	i := 0
	for name, change := range map[string]string{
		"reason template": `
override:
  - replace: check
    with:
      id: check2
      label: 将
      when: Check
      cite: x
      reason: '{{range .Threats}}{{.Victim.Kind}}{{end}}'
`,
		"pattern": `
override:
  - replace: 长将
    with:
      id: 长将
      when: N > 0 && Checks == N && !any(Moves, {.F.MateThreat.Exists})
      cite: x
`,
		"definition": `
defs:
  move:
    offered: len(Offers) > 0
override:
  - replace: check
    with:
      id: check2
      label: 将
      when: Check && !offered
      cite: x
`,
	} {
		i++
		src := "extends: wang-zhong-2\ntitle: {zh: 草案, en: draft}\nyear: 2026\nstatus: draft\n" + change
		b, err := lib.LoadBytes(fmt.Sprintf("draft%d", i), name+".yaml", []byte(src))
		if el, ok := err.(ErrorList); ok {
			t.Fatal(el.Detail())
		}
		require.NoError(t, err, name)
		assert.Equal(t, facts.DetailFull, b.Params.Detail, name)
	}
}

// TestFactsParamsShared: a book that needs only the basic facts is judged on
// the full analysis of a book whose params give the same basic facts (ko on
// 11's, though their mate depths differ), not on one of its own; with no
// such book it keeps its own.
func TestFactsParamsShared(t *testing.T) {
	lib := bundled(t)
	ko, b11, wz2, wz := lib.Book("ko"), lib.Book("11"), lib.Book("wang-zhong-2"), lib.Book("wang-zhong")
	require.NotEqual(t, ko.Params, b11.Params)
	assert.Equal(t, b11.Params, factsParams([]*Book{ko, b11}, ko))
	assert.Equal(t, wz.Params, factsParams([]*Book{wz2, b11, wz}, wz2))
	assert.Equal(t, ko.Params, factsParams([]*Book{ko, wz}, ko), "wang-zhong's values differ: ko keeps its own")
	assert.Equal(t, b11.Params, factsParams([]*Book{ko, b11}, b11))
}

// TestSearchedFactsComplete: every field of a move's facts that a
// DetailBasic analysis leaves out (it differs from the full analysis on some
// move of the 2020 figures) is in searchedFacts — so a fact added to facts
// later, and computed only by the searches, cannot be read by a book judged
// on the basic facts.
func TestSearchedFactsComplete(t *testing.T) {
	cases, err := ReadCases("../testdata/cases/cn2020_figures.yaml")
	require.NoError(t, err)
	differs := map[string]bool{}
	for i := range cases {
		c := &cases[i]
		if c.Err != nil {
			continue
		}
		in, err := c.Input()
		require.NoError(t, err, c.ID)
		if len(in.Moves) == 0 {
			continue
		}
		full, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, facts.DefaultParams())
		require.NoError(t, err, c.ID)
		par := facts.DefaultParams()
		par.Detail = facts.DetailBasic
		basic, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, par)
		require.NoError(t, err, c.ID)
		for j := range full.Moves {
			differingFields(differs, full.Moves[j], basic.Moves[j])
		}
	}
	require.NotEmpty(t, differs, "the basic analysis must leave something out")
	for name := range differs {
		assert.True(t, searchedFacts[name], "facts.Move.%s is left out by DetailBasic but not in searchedFacts", name)
	}
}

// TestSkipTakeNetOf: a book gets facts.SkipTakeNet unless it names what
// taking an offered piece costs (a taker's Net, MatedAtOnce or Line, an
// offer's FreeTake, the counterattack Back or its Free): asian reads the
// offers but none of these; 11 and 20 read Back, Net and FreeTake; a draft
// of asian whose predicate reads the takers' Net keeps the group, one that
// reads only the takers' kinds does not.
func TestSkipTakeNetOf(t *testing.T) {
	lib := bundled(t)
	for id, want := range map[string]bool{"asian": true, "11": false, "20": false} {
		require.NotNil(t, lib.Book(id), id)
		assert.Equal(t, want, lib.Book(id).Params.Skip&facts.SkipTakeNet != 0, id)
	}
	require.Zero(t, lib.Book("asian").Params.Skip&facts.SkipOffers, "asian reads the offers")
	i := 0
	for when, want := range map[string]bool{
		"any(Takers, {.Net >= 0})":             false,
		"FreeTake":                             false,
		"any(Takers, {.MatedAtOnce})":          false,
		"any(Takers, {len(.Line) > 1})":        false,
		"any(Takers, {.SameKind}) && New":      true,
		"any(Takers, {.MutualReach}) || Moved": true,
	} {
		i++
		b := asianDraft(t, lib, fmt.Sprintf("netdraft%d", i), "sacrifice",
			"id: net-offer", "label: 闲", "for: offers", "when: "+when, "cite: x")
		assert.Zero(t, b.Params.Skip&facts.SkipOffers, when)
		assert.Equal(t, want, b.Params.Skip&facts.SkipTakeNet != 0, when)
	}
}

// TestSkipNamesComplete: every field of a move's or a side's facts that
// facts.Skip leaves out (it differs from the full analysis somewhere in the
// 2020 figures) is named in offerFacts or variationFacts — so a fact added
// to a skipped group later cannot be read by a book whose analysis skips it.
func TestSkipNamesComplete(t *testing.T) {
	differs := map[string]bool{}
	figuresSkipping(t, facts.SkipOffers|facts.SkipVariation, func(_ string, full, part *facts.Cycle) {
		for j := range full.Moves {
			differingFields(differs, full.Moves[j], part.Moves[j])
		}
		differingFields(differs, full.Red, part.Red)
		differingFields(differs, full.Black, part.Black)
	})
	require.NotEmpty(t, differs, "the skipping analysis must leave something out")
	for name := range differs {
		assert.True(t, offerFacts[name] || variationFacts[name], "%s is left out by facts.Skip but named in neither offerFacts nor variationFacts", name)
	}
}

// TestSkipTakeNetNamesComplete: every field of an offer or a taker that
// facts.SkipTakeNet leaves out (it differs from the full analysis somewhere
// in the 2020 figures) is named in takeNetFacts, and the skip leaves the
// moves' offers and takers themselves as they were.
func TestSkipTakeNetNamesComplete(t *testing.T) {
	differs := map[string]bool{}
	figuresSkipping(t, facts.SkipTakeNet, func(id string, full, part *facts.Cycle) {
		for j := range full.Moves {
			fo, po := full.Moves[j].Offers, part.Moves[j].Offers
			require.Len(t, po, len(fo), id)
			for k := range fo {
				differingFields(differs, fo[k], po[k])
				require.Len(t, po[k].Takers, len(fo[k].Takers), id)
				for n := range fo[k].Takers {
					differingFields(differs, fo[k].Takers[n], po[k].Takers[n])
				}
			}
		}
	})
	delete(differs, "Takers") // compared taker by taker
	require.NotEmpty(t, differs, "the skipping analysis must leave something out")
	for name := range differs {
		assert.True(t, takeNetFacts[name], "%s is left out by facts.SkipTakeNet but not named in takeNetFacts", name)
	}
}

// figuresSkipping calls compare with the facts of each 2020 figure's cycle
// analysed in full and with skip.
func figuresSkipping(t *testing.T, skip facts.Skip, compare func(id string, full, part *facts.Cycle)) {
	casesSkipping(t, "../testdata/cases/cn2020_figures.yaml", facts.DefaultParams(), skip, compare)
}

// casesSkipping is figuresSkipping over the cycles of the case file path,
// under the params base (its Skip replaced: none for the full analysis,
// skip for the other).
func casesSkipping(t *testing.T, path string, base facts.Params, skip facts.Skip, compare func(id string, full, part *facts.Cycle)) {
	cases, err := ReadCases(path)
	require.NoError(t, err)
	fullPar, par := base, base
	fullPar.Skip, par.Skip = 0, skip
	for i := range cases {
		in, err := cases[i].Input()
		if err != nil || len(in.Moves) == 0 {
			continue
		}
		full, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, fullPar)
		require.NoError(t, err, cases[i].ID)
		part, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, par)
		require.NoError(t, err, cases[i].ID)
		compare(cases[i].ID, &full, &part)
	}
}

// differingFields adds to differs the names of the fields in which a and b,
// structs of one type, differ.
func differingFields(differs map[string]bool, a, b any) {
	f, g := reflect.ValueOf(a), reflect.ValueOf(b)
	for k := 0; k < f.NumField(); k++ {
		if !reflect.DeepEqual(f.Field(k).Interface(), g.Field(k).Interface()) {
			differs[f.Type().Field(k).Name] = true
		}
	}
}

// TestReadsWhole: a book that prints, compares or turns into text a value
// holding facts a skip or the basic detail leaves out is judged on every
// fact — the skipped fields would read as zero in what it prints — while
// one that only looks into such values by name keeps its skips. No bundled
// book reads a value whole.
func TestReadsWhole(t *testing.T) {
	lib := bundled(t)
	books, err := lib.Select("all")
	require.NoError(t, err)
	for _, b := range books {
		assert.False(t, readsWhole(b), b.ID)
	}
	load := func(i int, src string) *Book {
		b, err := lib.LoadBytes(fmt.Sprintf("wholedraft%d", i), "whole.yaml", []byte("title: {zh: 草案, en: draft}\nyear: 2026\nstatus: draft\n"+src))
		if el, ok := err.(ErrorList); ok {
			t.Fatal(src, "\n", el.Detail())
		}
		require.NoError(t, err, src)
		return b
	}
	// asian's sacrifice rule (for: offers) with another reason or when.
	sacrifice := func(when, reason string) string {
		return fmt.Sprintf(`extends: asian
override:
  - replace: sacrifice
    with:
      id: sacrifice
      label: 献
      for: offers
      when: %s
      cite: x
      reason: '%s'
`, when, reason)
	}
	i := 0
	for _, c := range []struct {
		src   string
		whole bool
	}{
		{sacrifice("Moved", "{{.Offer}}"), true},
		{sacrifice("Moved", `{{printf "%v" .Offer.Takers}}`), true},
		{sacrifice("Moved", "{{range .Offer.Takers}}{{.}}{{end}}"), true},
		{sacrifice("Moved", "{{with .Offer}}{{.}}{{end}}"), true},
		{sacrifice("Moved", "{{$o := .Offer}}{{$o}}"), true},
		{sacrifice("Moved", "{{.}}"), true},
		{sacrifice(`Moved && toJSON(Takers) != ""`, "x"), true},
		{sacrifice(`Moved && string(Takers[0]) != ""`, "x"), true},
		{sacrifice(`Moved && Move == Prev`, "x"), true},
		// Looked into by name only: asian's own reason, and others.
		{sacrifice("Moved", "{{piece .Offer.Piece}} can be taken by {{takers .Offer.Takers}}"), false},
		{sacrifice("Moved", "{{range .Offer.Takers}}{{piece .Piece}} {{.SameKind}}{{end}}"), false},
		{sacrifice("Moved", "{{with .Offer}}{{takers .Takers}}{{end}} {{if .Offer}}{{len .Offers}}{{end}}"), false},
		{sacrifice("Moved && len(filter(Takers, {.SameKind})) > 0 && first(Takers).Piece.Value > 0", "{{.Offer.Piece.Square}}"), false},
	} {
		i++
		b := load(i, c.src)
		assert.Equal(t, c.whole, readsWhole(b), c.src)
		assert.Equal(t, c.whole, b.Params.Skip&facts.SkipTakeNet == 0, c.src)
	}
	// 方案二 (the basic facts, the offers and the takers' nets left out) with
	// a move reason printing the move's facts whole: every fact.
	b := load(100, `extends: wang-zhong-2
override:
  - replace: check
    with:
      id: check
      label: 将
      when: Check
      cite: x
      reason: '{{.}}'
`)
	assert.Equal(t, facts.DetailFull, b.Params.Detail)
	assert.Zero(t, b.Params.Skip)
	// 方案一 (有变 left out) with a verdict reason printing a side whole.
	require.NotZero(t, lib.Book("wang-zhong").Params.Skip&facts.SkipVariation)
	b = load(101, `extends: wang-zhong
override:
  - replace: otherwise-draw
    with:
      id: otherwise-draw
      when: "true"
      then: draw
      cite: x
      reason: '{{.Side}}'
`)
	assert.Zero(t, b.Params.Skip)
}

// netHolder holds a gated fact (Net) and has a method that reads it.
type netHolder struct{ Net int }

func (h netHolder) Text() string { return fmt.Sprint(h.Net) }

// TestReadsWholeMethods: a method reads its receiver whole — called on a
// value that holds a gated fact, in a template or an expression, it counts
// as a whole read wherever its result goes.
func TestReadsWholeMethods(t *testing.T) {
	type data struct {
		H     netHolder
		Piece facts.Piece
	}
	w := wholeCheck{reads: func(f reflect.StructField) bool { return gated(f.Name) }, seen: map[reflect.Type]bool{}}
	for src, want := range map[string]bool{
		"{{side .H.Text}}":            true,
		"{{.H.Text}}":                 true,
		"{{with .H}}{{.Text}}{{end}}": true,
		"{{.H.Net}}":                  false, // by name: namesOf's business
		"{{piece .Piece}}":            false,
	} {
		tmpl, err := template.New("reason").Funcs(templateFuncs).Parse(src)
		require.NoError(t, err, src)
		assert.Equal(t, want, w.template(tmpl, reflect.TypeOf(data{})), src)
	}
	for src, want := range map[string]bool{
		`H.Text() != ""`: true,
		`H.Net > 0`:      false,
	} {
		prog, err := expr.Compile(src, expr.Env(data{}))
		require.NoError(t, err, src)
		assert.Equal(t, want, w.expr(prog.Node(), true), src)
	}
}

// skipGroups are the fact groups facts.Skip leaves out for a book that reads
// none of their names, with the bundled books that read some (from their
// YAML: predicates and reasons, not comments; 2020 extends 2011 and
// Taiwan's 1982 extends asian) and a field a draft of asian may name to
// keep the group.
var skipGroups = []struct {
	group facts.Skip
	names map[string]bool
	reads map[string]bool // bundled books that name the group's fields
	draft string          // a predicate of a `for: threats` rule naming one
}{
	// 1999's 兑, 2011's 捉 (newness, the direct-before exemption) and 王忠's
	// first proposal's 捉 and its reason read a threat's before.
	{facts.SkipBeforeWithoutGain, beforeFacts, map[string]bool{"99": true, "11": true, "20": true, "wang-zhong": true}, "DirectBefore"},
	// 1987's and 2011's 自毙 read MateThreatSelfInflicted.
	{facts.SkipMateBefore, mateBeforeFacts, map[string]bool{"87": true, "11": true, "20": true}, "Move.MateThreatSelfInflicted"},
	// The Chinese books read a chase across a check (从捉到捉, 自己造成).
	{facts.SkipAcrossCheck, acrossCheckFacts, map[string]bool{"79": true, "87": true, "99": true, "11": true, "20": true}, "StoodBeforeCheck"},
	// No bundled book reads RootKeptGain (做根子捉子 is 2020's 捉 by its
	// figures, read another way).
	{facts.SkipRootKept, rootKeptFacts, map[string]bool{}, "RootKeptGain > 0"},
}

// TestSkipGroupsOf: a bundled book gets each of skipGroups unless it names
// one of the group's fields (asian, Taiwan's 1982 and 王忠's second proposal
// name none of them), and a draft of asian that names one keeps the group.
func TestSkipGroupsOf(t *testing.T) {
	lib := bundled(t)
	for _, g := range skipGroups {
		for _, id := range []string{"79", "87", "99", "11", "20", "asian", "tw-1982", "wang-zhong", "wang-zhong-2", "ko"} {
			b := lib.Book(id)
			require.NotNil(t, b, id)
			if b.Params.Detail == facts.DetailBasic {
				continue // no searched facts at all
			}
			assert.Equal(t, !g.reads[id], b.Params.Skip&g.group != 0, "%s, group %b", id, g.group)
		}
		b := asianDraft(t, lib, fmt.Sprintf("draft%b", g.group), "chase",
			"id: draft-exempt", "exempt: [捉]", "for: threats", "when: "+g.draft, "cite: x")
		assert.Zero(t, b.Params.Skip&g.group, g.draft)
		assert.NotZero(t, lib.Book("asian").Params.Skip&g.group, "asian")
	}
}

// TestSkipGroupsNamesComplete: every field of a move or a threat that one
// of skipGroups leaves out (it differs from the full analysis somewhere in
// the 2020 figures under the 2020 book's params, or in the AXF rulings under
// asian's) is named in the group's names, and the moves' threats themselves
// stay as they were.
func TestSkipGroupsNamesComplete(t *testing.T) {
	for _, g := range skipGroups {
		differs := map[string]bool{}
		compare := func(id string, full, part *facts.Cycle) {
			for j := range full.Moves {
				ft, pt := full.Moves[j].Threats, part.Moves[j].Threats
				require.Len(t, pt, len(ft), id)
				for k := range ft {
					differingFields(differs, ft[k], pt[k])
				}
				fm, pm := full.Moves[j], part.Moves[j]
				differingFields(differs, fm.MateThreat, pm.MateThreat)
				fm.Threats, pm.Threats, fm.MateThreat, pm.MateThreat = nil, nil, facts.MateThreat{}, facts.MateThreat{}
				differingFields(differs, fm, pm)
			}
		}
		casesSkipping(t, "../testdata/cases/cn2020_figures.yaml", bundled(t).Book("20").Params, g.group, compare)
		casesSkipping(t, "../testdata/cases/axf_rulecases.yaml", bundled(t).Book("asian").Params, g.group, compare)
		require.NotEmpty(t, differs, "group %b must leave something out", g.group)
		for name := range differs {
			assert.True(t, g.names[name], "%s is left out by group %b but not among its names", name, g.group)
		}
	}
}

// asianDraft loads, as id, a draft of asian with one rule inserted after the
// rule after: rule is its YAML fields, one per line.
func asianDraft(t *testing.T, lib *Library, id, after string, rule ...string) *Book {
	t.Helper()
	src := "extends: asian\ntitle: {zh: 草案, en: draft}\nyear: 2026\nstatus: draft\noverride:\n" +
		"  - insert_after: " + after + "\n    rule:\n"
	for _, l := range rule {
		src += "      " + l + "\n"
	}
	b, err := lib.LoadBytes(id, id+".yaml", []byte(src))
	if el, ok := err.(ErrorList); ok {
		t.Fatal(id, "\n", el.Detail())
	}
	require.NoError(t, err, id)
	return b
}
