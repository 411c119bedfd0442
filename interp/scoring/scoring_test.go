package scoring

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/xqrules/xqrules/position"
)

func builtin(t testing.TB, name string) *Scheme {
	t.Helper()
	all, err := Builtin()
	if err != nil {
		t.Fatalf("Builtin: %v", err)
	}
	for _, s := range all {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no built-in scheme %q", name)
	return nil
}

func mustFEN(t testing.TB, fen string) *position.Position {
	t.Helper()
	p, err := position.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func sc(t testing.TB, text string) Score {
	t.Helper()
	var f float64
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		t.Fatal(err)
	}
	s, err := FromFloat(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Final positions used below. Every one is a legal setup.
const (
	// Seed 004 §二.2: Red 车士相全 vs Black 炮士象全.
	fenSeedExample = "2bakab2/9/4c4/9/9/9/9/9/9/R1BAKAB2 w - - 0 1"
	// Seed 004 §二.1 (3): 士相全1兵(未过河) vs 单马.
	fenNoAttackRicher = "4k2n1/9/9/9/9/9/4P4/9/9/2BAKAB2 w - - 0 1"
	// The same the other way round: Red 单马 vs Black 士象全1卒(未过河).
	fenNoAttackBlack = "2bakab2/9/9/4p4/9/9/9/9/9/4K2N1 w - - 0 1"
	// Red 车 vs Black 士象全: the side with the attacker is richer, still 0 : 0.
	fenNoAttackPoorer = "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
	// One rook each: equal material, so only Red's deduction counts.
	fenRookEach = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
	// Red 车车 vs Black 车: 18 − 1 − 9 = 8, exactly the cap.
	fenDiffEight = "3k4r/9/9/9/9/9/9/9/9/R3K3R w - - 0 1"
	// Red 车车马马炮炮 vs Black one crossed pawn: 33 − 2 = 31, capped at 0.8.
	fenCapped = "3k5/9/9/9/9/p8/9/1C5C1/9/RN2K2NR w - - 0 1"
	// Red 马 vs Black 车: Black richer by 9 − (4 − 1) = 6.
	fenBlackRicher = "3k4r/9/9/9/9/9/9/9/9/4K2N1 w - - 0 1"
	// Neither side can attack: Red 士相全 vs Black 士士象; 8 − 1 vs 6.
	fenNoAttackBoth = "3k1ab2/4a4/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1"
	// Red 马 + a crossed pawn (e5) vs Black 马 + two uncrossed pawns (a6, c6):
	// 4 + 2 − 1 = 5 vs 4 + 1 + 1 = 6.
	fenCrossedPawn = "3k2n2/9/9/p1p6/4P4/9/9/9/9/4K2N1 w - - 0 1"
)

// TestResidualSeedRules is one row per rule of seed 004 §二.1–§二.2.
func TestResidualSeedRules(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	tests := []struct {
		name       string
		fen        string
		red, black string // 余子分
		mat        [2]float64
	}{
		{"seed example 车士相全 vs 炮士象全: 17−1=16 vs 12", fenSeedExample, "0.4", "-0.4", [2]float64{17, 12}},
		{"0:0: no attacker but richer (士相全1兵 vs 单马)", fenNoAttackRicher, "0", "0", [2]float64{9, 4}},
		{"0:0: Black has no attacker", fenNoAttackBlack, "0", "0", [2]float64{4, 9}},
		{"0:0: the attacking side is the richer", fenNoAttackPoorer, "0", "0", [2]float64{9, 8}},
		{"Red's deduction: equal material, Red −0.1", fenRookEach, "-0.1", "0.1", [2]float64{9, 9}},
		{"difference of exactly 8 gives the cap", fenDiffEight, "0.8", "-0.8", [2]float64{18, 9}},
		{"cap ±0.8 per side", fenCapped, "0.8", "-0.8", [2]float64{34, 2}},
		{"Black the richer side", fenBlackRicher, "-0.6", "0.6", [2]float64{4, 9}},
		{"neither side attacks: material decides", fenNoAttackBoth, "0.1", "-0.1", [2]float64{8, 6}},
		{"crossed pawn 2, uncrossed 1", fenCrossedPawn, "-0.1", "0.1", [2]float64{6, 6}},
		{"start position: 47−1 vs 47", position.StartFEN, "-0.1", "0.1", [2]float64{47, 47}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := s.Residual.Of(mustFEN(t, tc.fen))
			if err != nil {
				t.Fatal(err)
			}
			if d.Material != tc.mat {
				t.Errorf("material = %v, want %v", d.Material, tc.mat)
			}
			if got := [2]Score{d.Score[position.Red], d.Score[position.Black]}; got != [2]Score{sc(t, tc.red), sc(t, tc.black)} {
				t.Errorf("余子分 = %v : %v, want %s : %s", got[0], got[1], tc.red, tc.black)
			}
		})
	}
}

// TestDecisiveGameNoResidual: "在胜负局情形下,余子分不存在,可以视为0:0".
func TestDecisiveGameNoResidual(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	for _, r := range []Result{RedWins, BlackWins} {
		gs, err := s.Score(Game{Red: "A", Black: "B", Result: r, Final: mustFEN(t, fenCapped), Name: "g"})
		if err != nil {
			t.Fatal(err)
		}
		if gs.Residual != [2]Score{} || gs.Drawn != nil {
			t.Errorf("%v: residual %v, want 0 : 0", r, gs.Residual)
		}
		want := [2]Score{200, 0}
		if r == BlackWins {
			want = [2]Score{0, 200}
		}
		if gs.Points != want {
			t.Errorf("%v: points %v, want %v", r, gs.Points, want)
		}
	}
}

// TestSeedOneGameEvent: seed 004 §二.2 — "在“积分”项下,双方各记0.8;在“对手及余子分”
// 项下,红方记1.2(对手分0.8+和棋分0.4),黑方记0.4(对手分0.8+和棋分-0.4)".
func TestSeedOneGameEvent(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	st, err := s.Standings([]Game{{Red: "红", Black: "黑", Result: Drawn, Final: mustFEN(t, fenSeedExample), Name: "seed"}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Row{}
	for _, r := range st.Rows {
		got[r.Player] = r
	}
	check := func(player, points, tiebreak, residual string, rank int) {
		t.Helper()
		r := got[player]
		if r.Points != sc(t, points) || r.Tiebreaks[0] != sc(t, tiebreak) || r.Residual != sc(t, residual) || r.Rank != rank {
			t.Errorf("%s: rank %d points %v tiebreak %v residual %v; want %d %s %s %s", player, r.Rank, r.Points, r.Tiebreaks[0], r.Residual, rank, points, tiebreak, residual)
		}
	}
	check("红", "0.8", "1.2", "0.4", 1)
	check("黑", "0.8", "0.4", "-0.4", 2)
}

// roundRobin is a four-player event whose standings are computed by hand in
// TestRoundRobin.
func roundRobin(t testing.TB) []Game {
	return []Game{
		{Red: "A", Black: "B", Result: RedWins, Final: mustFEN(t, fenCapped), Name: "g1"},
		{Red: "C", Black: "D", Result: Drawn, Final: mustFEN(t, fenSeedExample), Name: "g2"},    // C +0.4, D −0.4
		{Red: "A", Black: "C", Result: Drawn, Final: mustFEN(t, fenRookEach), Name: "g3"},       // A −0.1, C +0.1
		{Red: "B", Black: "D", Result: BlackWins, Final: mustFEN(t, fenCapped), Name: "g4"},     // no 余子分
		{Red: "D", Black: "A", Result: Drawn, Final: mustFEN(t, position.StartFEN), Name: "g5"}, // D −0.1, A +0.1
		{Red: "B", Black: "C", Result: Drawn, Final: mustFEN(t, fenNoAttackRicher), Name: "g6"}, // 0 : 0
	}
}

// TestRoundRobin checks the hand computation:
//
//	standard:      A 2+1+1=4, D 1+2+1=4, C 1+1+1=3, B 0+0+1=1;
//	               对手分 A 1+3+4=8, D 3+1+4=8 (shared first), C 4+4+1=9, B 4+4+3=11.
//	three-point:   A 5, D 5, C 3, B 1; 对手分 A 1+3+5=9, D 9, C 11, B 13.
//	dafen-xiaofen: A 2+0.8+0.8=3.6, D 3.6, C 0.8×3=2.4, B 0.8;
//	               对手分 A 0.8+2.4+3.6=6.8, D 2.4+0.8+3.6=6.8, C 3.6+3.6+0.8=8, B 3.6+3.6+2.4=9.6;
//	               余子分 A −0.1+0.1=0, D −0.4−0.1=−0.5, C 0.4+0.1+0=0.5, B 0;
//	               对手及余子分 A 6.8, D 6.3, C 8.5, B 9.6 → A 1, D 2, C 3, B 4.
func TestRoundRobin(t *testing.T) {
	type want struct {
		rank                       int
		player                     string
		points, tiebreak, residual string
	}
	tests := []struct {
		scheme string
		rows   []want
	}{
		{"standard", []want{{1, "A", "4", "8", "0"}, {1, "D", "4", "8", "0"}, {3, "C", "3", "9", "0"}, {4, "B", "1", "11", "0"}}},
		{"three-point", []want{{1, "A", "5", "9", "0"}, {1, "D", "5", "9", "0"}, {3, "C", "3", "11", "0"}, {4, "B", "1", "13", "0"}}},
		{"dafen-xiaofen", []want{{1, "A", "3.6", "6.8", "0"}, {2, "D", "3.6", "6.3", "-0.5"}, {3, "C", "2.4", "8.5", "0.5"}, {4, "B", "0.8", "9.6", "0"}}},
	}
	tables := map[string]*Standings{}
	for _, tc := range tests {
		st, err := builtin(t, tc.scheme).Standings(roundRobin(t))
		if err != nil {
			t.Fatalf("%s: %v", tc.scheme, err)
		}
		tables[tc.scheme] = st
		if len(st.Rows) != len(tc.rows) {
			t.Fatalf("%s: %d rows, want %d", tc.scheme, len(st.Rows), len(tc.rows))
		}
		for i, w := range tc.rows {
			r := st.Rows[i]
			if r.Rank != w.rank || r.Player != w.player || r.Points != sc(t, w.points) || r.Tiebreaks[0] != sc(t, w.tiebreak) || r.Residual != sc(t, w.residual) {
				t.Errorf("%s row %d: %d %s %v %v %v, want %d %s %s %s %s", tc.scheme, i, r.Rank, r.Player, r.Points, r.Tiebreaks[0], r.Residual,
					w.rank, w.player, w.points, w.tiebreak, w.residual)
			}
		}
	}
	if n := PlacesChanged(tables["standard"], tables["dafen-xiaofen"]); n != 1 {
		t.Errorf("places changed standard → dafen-xiaofen = %d, want 1 (D: 1 → 2)", n)
	}
	// 0.8 × 3 is exactly 2.4, and prints so.
	if c := tables["dafen-xiaofen"].Rows[2]; c.Points.String() != "2.4" || c.Points != 240 {
		t.Errorf("C's points = %v (%d hundredths), want 2.4", c.Points, int64(c.Points))
	}
}

func TestStandingsRefusesBadGames(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	tests := []struct {
		g    Game
		want string
	}{
		{Game{Red: "A", Black: "B", Result: NoResult, Name: "g"}, "g: no result"},
		{Game{Red: "A", Black: "A", Result: RedWins, Name: "g"}, `g: "A" plays both sides`},
		{Game{Red: "A", Black: "B", Result: Drawn, Name: "g"}, "g: a drawn game needs its final position for 余子分"},
		{Game{Red: "", Black: "B", Result: Drawn, Name: "g"}, "g: a player has no name"},
	}
	for _, tc := range tests {
		_, err := s.Standings([]Game{tc.g})
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
	// A scheme without a residual rule does not need the final position.
	if _, err := builtin(t, "standard").Standings([]Game{{Red: "A", Black: "B", Result: Drawn}}); err != nil {
		t.Errorf("standard, draw without position: %v", err)
	}
}

func TestParseResult(t *testing.T) {
	tests := []struct {
		in   string
		want Result
		ok   bool
	}{
		{"1-0", RedWins, true}, {"0-1", BlackWins, true}, {"1/2-1/2", Drawn, true}, {" ½-½ ", Drawn, true},
		{"*", NoResult, true}, {"", NoResult, true}, {"2-0", NoResult, false}, {"red wins", NoResult, false},
	}
	for _, tc := range tests {
		if r, ok := ParseResult(tc.in); r != tc.want || ok != tc.ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, %v", tc.in, r, ok, tc.want, tc.ok)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		in   float64
		want string
		err  bool
	}{
		{0.1 * 4, "0.4", false}, {0.8 * 3, "2.4", false}, {-0.35, "-0.35", false}, {2, "2", false},
		{0.125, "", true}, {1.0 / 3, "", true},
	}
	for _, tc := range tests {
		s, err := FromFloat(tc.in)
		if (err != nil) != tc.err || (err == nil && s.String() != tc.want) {
			t.Errorf("FromFloat(%v) = %v, %v; want %q (error %v)", tc.in, s, err, tc.want, tc.err)
		}
	}
	var sum Score
	for range 3 {
		sum += sc(t, "0.8")
	}
	if b, _ := json.Marshal(sum); string(b) != "2.4" {
		t.Errorf("json of 0.8×3 = %s, want 2.4", b)
	}
}

func TestPiecesOf(t *testing.T) {
	p := mustFEN(t, fenCrossedPawn)
	if got, want := PiecesOf(p, position.Red), (Pieces{Red: true, Horses: 1, CrossedPawns: 1}); got != want {
		t.Errorf("Red = %+v, want %+v", got, want)
	}
	if got, want := PiecesOf(p, position.Black), (Pieces{Horses: 1, Pawns: 2}); got != want {
		t.Errorf("Black = %+v, want %+v", got, want)
	}
	start := mustFEN(t, position.StartFEN)
	if got, want := PiecesOf(start, position.Black), (Pieces{Rooks: 2, Horses: 2, Cannons: 2, Elephants: 2, Advisors: 2, Pawns: 5}); got != want {
		t.Errorf("start Black = %+v, want %+v", got, want)
	}
}

func TestBuiltinSchemes(t *testing.T) {
	all, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range all {
		names = append(names, s.Name)
		// The file name is the scheme's name, so --scheme NAME finds it.
		if want := "rules/scoring/" + s.Name + ".yaml"; s.File != want {
			t.Errorf("scheme %q is in %s, want %s", s.Name, s.File, want)
		}
	}
	if got := strings.Join(names, ","); got != "standard,dafen-xiaofen,three-point" {
		t.Errorf("built-in schemes = %s", got)
	}
	d := builtin(t, "dafen-xiaofen")
	if d.Points(position.Red, DrawOutcome) != 80 || d.Points(position.Black, Win) != 200 || d.Points(position.Red, Loss) != 0 {
		t.Errorf("dafen-xiaofen points wrong")
	}
	if d.Knockout == nil || d.Knockout.DecideAfterDraws != 2 || d.Team == nil || d.Team.MinDraws != 2 {
		t.Errorf("dafen-xiaofen knockout/team options = %+v %+v", d.Knockout, d.Team)
	}
}

func TestNameVariants(t *testing.T) {
	got := NameVariants([]string{"柳大華", "湖北柳大華", "呂欽", "呂 欽", "Ｌｉ Ｌａｉｑｕｎ", "li laiqun", "王斌", "許銀川", "柳大華"})
	var pairs []string
	for _, v := range got {
		pairs = append(pairs, v.A+"|"+v.B)
	}
	want := "li laiqun|Ｌｉ Ｌａｉｑｕｎ,呂 欽|呂欽,柳大華|湖北柳大華"
	if g := strings.Join(pairs, ","); g != want {
		t.Errorf("NameVariants = %s, want %s", g, want)
	}
}
