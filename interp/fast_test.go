package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every test of the package checks each fast evaluation against expr's VM
// (a difference panics), the golden case files included.
func init() { verifyFast = true }

// noVerify turns the check off for a benchmark.
func noVerify(b *testing.B) {
	verifyFast = false
	b.Cleanup(func() { verifyFast = true })
}

// TestFastCoverage reports how many of the bundled books' predicates and
// grades have a fast form, and keeps the ones the benchmark measures fast.
func TestFastCoverage(t *testing.T) {
	lib := bundled(t)
	seen := map[*pred]bool{}
	fast, all := 0, 0
	add := func(p *pred) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		all++
		if p.b != nil || p.i != nil {
			fast++
		} else {
			t.Logf("VM only: %s", p.prog.Source().String())
		}
	}
	for _, b := range lib.Books() {
		for _, r := range b.Moves {
			add(r.prog)
			add(r.gradeProg)
		}
		for _, p := range b.Patterns {
			add(p.prog)
		}
		for _, r := range b.Verdict {
			add(r.prog)
		}
	}
	t.Logf("%d of %d distinct programs have a fast form", fast, all)
	bk := lib.Book("11")
	for _, id := range []string{"24.1-check", "24.2-mate-threat", "24.3-chase", "24-offer-from-behind", "26.2-incidental-advisor-elephant"} {
		assert.NotNil(t, ruleByID(bk, id).prog.b, id)
	}
	assert.NotNil(t, ruleByID(bk, "24.3-chase").gradeProg.i)
}

// TestFastSubset checks expressions that exercise every kind of node the
// fast form takes, against the VM, on a threat environment.
func TestFastSubset(t *testing.T) {
	c := cycle(mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none")), mv("black", "king", "e9", "d9"))
	th := &c.Moves[0].Threats[0]
	env := ThreatEnv{Threat: *th, Back: counterOf(th, &c.Moves[0]), Move: c.Moves[0], Prev: c.Moves[1]}
	for _, src := range []string{
		"New && !Joint", "Victim.Kind == 'horse'", "Victim.Kind != 'horse'", "Victim.Kind in ['horse', 'rook']",
		"Victim.Kind not in ['horse', 'rook']", "GainAfter >= 1 || GainAfter < -3", "len(Attackers) == 1",
		"any(Attackers, {.Kind == 'rook'})", "all(Attackers, {.Kind == 'rook'})", "none(Attackers, {.Kind == 'pawn'})",
		"count(Attackers, {.Kind == 'rook'}) == 1", "(GainAfter > 0 ? Move.Check : Joint) == true", "Protection in ['none', 'false']",
		"GainAfter + 2 * len(Attackers) - 1 > 3", "-GainAfter < 0", "Move.Check == Prev.Check",
	} {
		c := &compiler{book: &Book{}}
		p := c.compile(exprSrc{text: src, f: newSrcFile("t", []byte(src))}, "t", scopeThreat, ThreatEnv{}, false)
		if !assert.NotNil(t, p, src) {
			continue
		}
		assert.NotNil(t, p.b, "no fast form: %s", src)
		var m = newSession().vm
		v, err := p.runBool(&m, env) // verifyFast compares with the VM
		assert.NoError(t, err)
		pv, err := p.runBool(&m, &env) // the environment by pointer: the same
		assert.NoError(t, err)
		assert.Equal(t, v, pv, src)
	}
}
