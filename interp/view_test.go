package interp

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The views the interpreter builds are of the environments the books'
// predicates are written against: filled back, each is the environment
// built field by field from the facts.
func TestViewsAreOfTheEnvironments(t *testing.T) {
	c := cycle(
		mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none"), chase("rook", "e1", "real"), offer("horse", "e5", "none", -5)),
		mv("black", "king", "e9", "d9", offer("rook", "d0", "none", 0)),
	)
	c.Occurrences, c.Simple = 3, true
	b := bundled(t).Book("11")
	s := newSession()
	defer s.release()
	ev := &evaluator{b: b, cyc: c, s: s}
	cenv := ev.cycleEnv()
	for i := range c.Moves {
		m, prev := &c.Moves[i], &c.Moves[(i+1)%2]
		own, opp := materialOf(m, m.Side), materialOf(m, otherSide(m.Side))
		want := MoveEnv{Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cenv, Params: b.Params}
		assert.Equal(t, &want, s.envOf(ev.moveEnv(i)), "move %d", i)
		for j := range m.Threats {
			th := &m.Threats[j]
			want := ThreatEnv{Threat: *th, Back: counterOf(th, m), Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cenv, Params: b.Params}
			assert.Equal(t, &want, s.envOf(ev.elemEnv(ForThreats, i, j)), "move %d threat %d", i, j)
		}
		for j := range m.Offers {
			want := OfferEnv{Offer: m.Offers[j], Move: *m, Prev: *prev, Own: own, Opp: opp, Cycle: cenv, Params: b.Params}
			assert.Equal(t, &want, s.envOf(ev.elemEnv(ForOffers, i, j)), "move %d offer %d", i, j)
		}
	}
	// Back to a threat after another: the environment filled in part is
	// whole again.
	if assert.Len(t, c.Moves[0].Threats, 2) {
		m := &c.Moves[0]
		require.True(t, counterOf(&m.Threats[0], m).Exists)
		th := &m.Threats[0]
		s.envOf(ev.elemEnv(ForThreats, 0, 1))
		got := s.envOf(ev.elemEnv(ForThreats, 0, 0)).(*ThreatEnv)
		assert.Equal(t, *th, got.Threat)
		assert.Equal(t, counterOf(th, m), got.Back)
	}
}

// A view made of an environment (as for a caller that passes the
// environment itself) reads as the environment.
func TestViewOfEnvironment(t *testing.T) {
	c := cycle(mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none")), mv("black", "king", "e9", "d9"))
	th := &c.Moves[0].Threats[0]
	env := ThreatEnv{Threat: *th, Back: counterOf(th, &c.Moves[0]), Move: c.Moves[0], Prev: c.Moves[1],
		Own: Material{Total: 7}, Opp: Material{Strong: 2}, Cycle: CycleEnv{Plies: 2}}
	k := viewKinds[reflect.TypeOf(env)]
	require.NotNil(t, k)
	v := (*threatView)(k.of(unsafe.Pointer(&env)))
	assert.Same(t, &env.Move, v.Move)
	assert.Same(t, &env.Params, v.Params)
	assert.Equal(t, &env, k.env(unsafe.Pointer(v)))
}
