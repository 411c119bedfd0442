package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// Hand-made facts: the interpreter is tested on cycles whose facts are
// written out, independent of the fact extractor.

var values = map[string]int{"rook": 10, "horse": 5, "cannon": 5, "advisor": 2, "elephant": 2, "pawn": 0, "king": 0}

var cn = map[string][2]string{"rook": {"车", "车"}, "horse": {"马", "马"}, "cannon": {"炮", "炮"},
	"advisor": {"仕", "士"}, "elephant": {"相", "象"}, "pawn": {"兵", "卒"}, "king": {"帅", "将"}}

func pc(side, kind, sq string) facts.Piece {
	i := 0
	if side == "black" {
		i = 1
	}
	p := facts.Piece{Kind: kind, CN: cn[kind][i], Side: side, Square: sq, Value: values[kind]}
	if kind == "pawn" && ((side == "red" && sq[1] >= '5') || (side == "black" && sq[1] <= '4')) {
		p.Crossed, p.Value = true, 2
	}
	return p
}

func other(side string) string {
	if side == "red" {
		return "black"
	}
	return "red"
}

// mv builds a move: side moves kind from→to.
func mv(side, kind, from, to string, opts ...func(*facts.Move)) facts.Move {
	m := facts.Move{Side: side, ICCS: from + to, From: from, Piece: pc(side, kind, to),
		MaterialRed: 40, MaterialBlack: 40, StrongRed: 4, StrongBlack: 4, AttackingRed: 4, AttackingBlack: 4}
	m.KingMoved = kind == "king"
	m.PawnMoved = kind == "pawn"
	for _, o := range opts {
		o(&m)
	}
	return m
}

func check(m *facts.Move) { m.Check = true; m.Checkers = []facts.Piece{m.Piece} }

func answersCheck(m *facts.Move) { m.AnswersCheck = true }

func mateThreat(m *facts.Move) {
	m.MateThreat = facts.MateThreat{Exists: true, Kind: "checks", Plies: 3, Line: []string{"a0a9", "e9e8", "a9a8"}}
}

// chase: the moved piece newly wins victim (unprotected unless prot says).
func chase(kind, sq, prot string, opts ...func(*facts.Threat)) func(*facts.Move) {
	return func(m *facts.Move) {
		v := pc(other(m.Side), kind, sq)
		gain := v.Value
		if prot == "real" && kind == "rook" && m.Piece.Kind != "rook" {
			gain = v.Value - m.Piece.Value
		}
		t := facts.Threat{Victim: v, GainAfter: gain, HasAfter: true, New: true, Direct: true,
			Attackers: []facts.Piece{m.Piece}, Participants: []facts.Piece{m.Piece}, Protection: prot,
			Cause: "moved", MovedPieceAttacks: true,
			OnlyKing: m.Piece.Kind == "king", OnlyPawn: m.Piece.Kind == "pawn",
			KingAttacker: m.Piece.Kind == "king", PawnAttacker: m.Piece.Kind == "pawn",
			Line: []string{m.Piece.Square + sq}, LineCN: []string{m.Piece.CN + " takes"}}
		for _, o := range opts {
			o(&t)
		}
		m.Threats = append(m.Threats, t)
	}
}

func joint(t *facts.Threat) {
	t.Joint = true
	t.Participants = append(t.Participants, pc(t.Attackers[0].Side, "cannon", "e5"))
}

// by: the threat's attacker is another piece of the mover's (uncovered or
// freed by the move), not the moved piece.
func by(kind, sq string) func(*facts.Threat) {
	return func(t *facts.Threat) {
		a := pc(t.Attackers[0].Side, kind, sq)
		t.Attackers, t.Participants = []facts.Piece{a}, []facts.Piece{a}
		t.OnlyKing, t.OnlyPawn, t.KingAttacker, t.PawnAttacker = kind == "king", kind == "pawn", kind == "king", kind == "pawn"
		t.MovedPieceAttacks, t.Cause = false, "discovered"
	}
}

func oldThreat(t *facts.Threat) { t.New = false; t.HasBefore = true; t.GainBefore = t.GainAfter }

// offer: the moved piece can be taken by taker (kind at sq).
func offer(kind, sq, prot string, net int, opts ...func(*facts.Offer)) func(*facts.Move) {
	return func(m *facts.Move) {
		tk := pc(other(m.Side), kind, sq)
		o := facts.Offer{Piece: m.Piece, Moved: true, New: true, Protection: prot,
			Takers: []facts.Taker{{Piece: tk, SameKind: kind == m.Piece.Kind, Net: net}}}
		o.FreeTake = net >= 0
		o.SameKindTaker = kind == m.Piece.Kind
		for _, op := range opts {
			op(&o)
		}
		m.Offers = append(m.Offers, o)
	}
}

func mutual(o *facts.Offer) {
	for i := range o.Takers {
		o.Takers[i].MutualReach = true
	}
}

func cycle(moves ...facts.Move) *facts.Cycle {
	c := &facts.Cycle{Plies: len(moves), FirstMover: moves[0].Side, Occurrences: 3,
		Red: facts.Side{Name: "red", Moves: len(moves) / 2}, Black: facts.Side{Name: "black", Moves: len(moves) / 2}}
	for i := range moves {
		moves[i].Ply = i + 1
	}
	c.Moves = moves
	return c
}

func bundled(t testing.TB) *Library {
	t.Helper()
	l, err := Bundled()
	if err != nil {
		if el, ok := err.(ErrorList); ok {
			t.Fatal(el.Detail())
		}
		t.Fatal(err)
	}
	return l
}

func rule(t testing.TB, id string, c *facts.Cycle) Ruling {
	t.Helper()
	b := bundled(t).Book(id)
	require.NotNil(t, b, id)
	r, err := b.Rule(c, Context{})
	require.NoError(t, err)
	r.Explain()
	return r
}

func labels(r Ruling) []string {
	out := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		out[i] = m.Label
	}
	return out
}

func TestEleven(t *testing.T) {
	cases := []struct {
		name    string
		cyc     *facts.Cycle
		labels  []string
		verdict string
		row     string
	}{
		{
			name: "长捉 vs 一捉一闲: the chaser varies (25.3)",
			cyc: cycle(
				mv("red", "horse", "h6", "i4", chase("rook", "h9", "none")),
				mv("black", "rook", "h9", "i9"),
				mv("red", "horse", "i4", "h6", chase("rook", "i9", "none")),
				mv("black", "rook", "i9", "h9", chase("cannon", "h2", "none")),
			),
			labels:  []string{"捉", "闲", "捉", "捉"},
			verdict: RedMustVary, row: "25.3-one-forbidden",
		},
		{
			name: "长将 loses even against 长捉 (25.1)",
			cyc: cycle(
				mv("red", "rook", "d9", "e9", check),
				mv("black", "rook", "a0", "a1", chase("rook", "a1", "none")),
				mv("red", "rook", "e9", "d9", check),
				mv("black", "rook", "a1", "a0", chase("rook", "a0", "none")),
			),
			labels:  []string{"将", "捉", "将", "捉"},
			verdict: RedMustVary, row: "25.1-perpetual-check",
		},
		{
			name: "a pawn's own chase is 闲 (26.1); the other side's 长捉 varies",
			cyc: cycle(
				mv("red", "pawn", "c6", "b6", chase("rook", "b7", "none")),
				mv("black", "rook", "b7", "c7", chase("horse", "c2", "none")),
				mv("red", "pawn", "b6", "c6", chase("rook", "c7", "none")),
				mv("black", "rook", "c7", "b7", chase("horse", "c2", "none")),
			),
			labels:  []string{"闲", "捉", "闲", "捉"},
			verdict: BlackMustVary, row: "25.3-one-forbidden",
		},
		{
			name: "the king answering check makes no 捉 (26.1.2); 一将一闲 vs 一闲一捉 draws",
			cyc: cycle(
				mv("red", "cannon", "e2", "d2", check),
				mv("black", "king", "d9", "e9", answersCheck, chase("pawn", "e5", "none", by("horse", "f7"))),
				mv("red", "cannon", "d2", "e2"),
				mv("black", "king", "e9", "d9", chase("pawn", "e5", "none", by("horse", "f7"))),
			),
			labels:  []string{"将", "闲", "闲", "捉"},
			verdict: Draw, row: "25.2-both-allowed",
		},
		{
			name: "both forbidden: a single 长捉车 against a joint chase varies (26.9)",
			cyc: cycle(
				mv("red", "horse", "g5", "h7", chase("rook", "i9", "real")),
				mv("black", "rook", "i9", "i8", chase("horse", "h7", "none", joint)),
				mv("red", "horse", "h7", "g5", chase("rook", "i8", "real")),
				mv("black", "rook", "i8", "i9", chase("horse", "g5", "none", joint)),
			),
			labels:  []string{"捉", "捉", "捉", "捉"},
			verdict: RedMustVary, row: "26.9.2-26.9.3-single-chaser-varies",
		},
		{
			name: "both forbidden and equally heavy: draw (26.9.4)",
			cyc: cycle(
				mv("red", "cannon", "b2", "b3", chase("rook", "b7", "none")),
				mv("black", "rook", "b7", "b6", chase("cannon", "b3", "none")),
				mv("red", "cannon", "b3", "b2", chase("rook", "b6", "none")),
				mv("black", "rook", "b6", "b7", chase("cannon", "b2", "none")),
			),
			labels:  []string{"捉", "捉", "捉", "捉"},
			verdict: Draw, row: "26.9.4-both-forbidden",
		},
		{
			name: "a chase whose victim can take the chaser back freely is 献, not 捉",
			cyc: cycle(
				mv("red", "rook", "c4", "c3", chase("pawn", "d3", "none"), offer("pawn", "d3", "none", 0, mutual)),
				mv("black", "cannon", "e3", "e4"),
				mv("red", "rook", "c3", "c4"),
				mv("black", "cannon", "e4", "e3"),
			),
			labels:  []string{"献", "闲", "闲", "闲"},
			verdict: Draw, row: "25.2-both-allowed",
		},
		{
			name: "从捉到捉 is 闲: an existing threat, unchanged",
			cyc: cycle(
				mv("red", "rook", "c7", "c4", chase("advisor", "d9", "none", oldThreat)),
				mv("black", "king", "e9", "e8"),
				mv("red", "rook", "c4", "c7", check),
				mv("black", "king", "e8", "e9"),
			),
			labels:  []string{"闲", "闲", "将", "闲"},
			verdict: Draw, row: "25.2-both-allowed",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := rule(t, "11", tc.cyc)
			assert.Equal(t, tc.labels, labels(r))
			assert.Equal(t, tc.verdict, r.Verdict)
			assert.Equal(t, tc.row, r.Row)
			for _, m := range r.Moves {
				if m.Label != "闲" {
					assert.NotEmpty(t, m.Rule, "ply %d: a label names its rule", m.Ply)
					assert.NotEmpty(t, m.Reason, "ply %d: a label has a reason", m.Ply)
				}
			}
			assert.NotEmpty(t, r.Clause)
		})
	}
}

func TestExemptionIsRecorded(t *testing.T) {
	c := cycle(
		mv("red", "pawn", "c6", "b6", chase("rook", "b7", "none")),
		mv("black", "rook", "b7", "c7"),
		mv("red", "pawn", "b6", "c6", chase("rook", "c7", "none")),
		mv("black", "rook", "c7", "b7"),
	)
	r := rule(t, "11", c)
	require.Len(t, r.Moves[0].Exempted, 1)
	x := r.Moves[0].Exempted[0]
	assert.Equal(t, "26.1-king-pawn-own-chase", x.Rule)
	assert.Equal(t, []string{"捉"}, x.Labels)
	assert.Equal(t, []string{"车 b7"}, x.Targets)
}

func TestPerpetualVictimsFollowThePiece(t *testing.T) {
	// The rook chased on every move moves between chases: one victim.
	c := cycle(
		mv("red", "cannon", "b2", "b3", chase("rook", "b7", "none")),
		mv("black", "rook", "b7", "a7"),
		mv("red", "cannon", "b3", "b2", chase("rook", "a7", "none")),
		mv("black", "rook", "a7", "b7"),
	)
	b := bundled(t).Book("11")
	ev := &evaluator{b: b, cyc: c, s: newSession()}
	moves := make([]labelled, len(c.Moves))
	for i := range c.Moves {
		ev.classify(i, &moves[i], &MoveRuling{})
	}
	assignIDs(ev.s, c, moves)
	var red SideEnv
	ev.side("red", moves, &red)
	require.Len(t, red.Victims, 1)
	assert.True(t, red.Victims[0].Every)
	assert.Len(t, red.Perpetual, 1)
	assert.Equal(t, 2, red.Victims[0].Moves)
}
