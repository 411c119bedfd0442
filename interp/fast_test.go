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
			// Its first condition at least spares the VM when false.
			assert.NotNil(t, p.guard, "no guard: %s", p.prog.Source().String())
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
		"Victim.Square[0:1] == 'e'", "Victim.Square[1:] == '5'", "Victim.Square[:1] == Move.From[0:1]",
		"Victim.Square[-1:] == '5'", "Victim.Square[-9:1] == 'e'", "Victim.Square[1:-1] == ''", "Victim.Square[2:9] == ''",
		"Victim.Square[3:1] == ''", "Victim.Square[len(Attackers):] == '5'", "Move.ICCS[-2:-5] == ''",
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

// TestFastGuard checks predicates outside the subset whose leading
// conditions are in it: the guard decides when false (verifyFast compares
// with the VM), the VM otherwise, with the same answers (and errors) as
// the VM alone.
func TestFastGuard(t *testing.T) {
	c := cycle(mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none"), chase("rook", "e1", "real")), mv("black", "king", "e9", "d9"))
	m := &c.Moves[0]
	for _, tc := range []struct {
		src     string
		decided [2]bool // on the threats to the horse and to the rook
	}{
		{"Victim.Kind == 'horse' && len(Line) > 0 && Line[0][0:2] == 'e9'", [2]bool{false, true}},
		{"Victim.Kind == 'rook' and Line[0][0:2] == 'e9'", [2]bool{true, false}},
		{"New && Direct && any(Line, {let l = #; l[0:2] == Victim.Square})", [2]bool{false, false}},
		{"Protection == 'none' && Line[5] == ''", [2]bool{false, true}}, // the VM fails where the guard holds
	} {
		cc := &compiler{book: &Book{}}
		p := cc.compile(exprSrc{text: tc.src, f: newSrcFile("t", []byte(tc.src))}, "t", scopeThreat, ThreatEnv{}, false)
		if !assert.NotNil(t, p, tc.src) {
			continue
		}
		assert.Nil(t, p.b, "fast form: %s", tc.src)
		assert.NotNil(t, p.guard, "no guard: %s", tc.src)
		var vmm = newSession().vm
		for j := range m.Threats {
			th := &m.Threats[j]
			env := ThreatEnv{Threat: *th, Back: counterOf(th, m), Move: *m, Prev: c.Moves[1]}
			want, wantErr := p.runVM(&vmm, env)
			got, err := p.runBool(&vmm, &env)
			assert.Equal(t, wantErr != nil, err != nil, "%s on threat %d: %v, %v", tc.src, j, wantErr, err)
			assert.Equal(t, want, got, "%s on threat %d", tc.src, j)
			v, decided := p.decide(&vmm, &env)
			assert.Equal(t, tc.decided[j], decided, "%s on threat %d", tc.src, j)
			assert.False(t, v, "%s on threat %d", tc.src, j)
		}
	}
}

// TestFastNoGuard: a predicate that starts outside the subset, or is not an
// && chain, has no guard.
func TestFastNoGuard(t *testing.T) {
	for _, src := range []string{"Victim.Kind == 'rook' || Line[5] == ''", "Line[0] == '' && New", "!(New && Line[0] == '')"} {
		cc := &compiler{book: &Book{}}
		p := cc.compile(exprSrc{text: src, f: newSrcFile("t", []byte(src))}, "t", scopeThreat, ThreatEnv{}, false)
		if assert.NotNil(t, p, src) {
			assert.Nil(t, p.b, src)
			assert.Nil(t, p.guard, src)
		}
	}
}
