package scoring

import (
	"errors"
	"testing"

	"github.com/xqrules/xqrules/position"
)

// TestSettleKnockout: seed 004 §三, knockout — "如果和棋,先记录余子分,然后加赛。
// 如果次局又是和棋,则合并计算两局的余子分,大者胜出。"
func TestSettleKnockout(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	g := func(red, black string, r Result, fen string) Game {
		return Game{Red: red, Black: black, Result: r, Final: mustFEN(t, fen), Name: red + "-" + black}
	}
	tests := []struct {
		name     string
		games    []Game
		winner   string
		by       string
		game     int
		residual [2]string
	}{
		{"first game decisive", []Game{g("B", "A", BlackWins, position.StartFEN)}, "A", ByGame, 0, [2]string{"0", "0"}},
		{"a draw, then a win", []Game{g("A", "B", Drawn, fenSeedExample), g("B", "A", RedWins, position.StartFEN)}, "B", ByGame, 1, [2]string{"0.4", "-0.4"}},
		{"one draw is not enough, however large", []Game{g("A", "B", Drawn, fenSeedExample)}, "", Undecided, -1, [2]string{"0.4", "-0.4"}},
		{"two draws: larger summed 余子分", []Game{g("A", "B", Drawn, fenSeedExample), g("B", "A", Drawn, fenRookEach)}, "A", ByResidual, 1, [2]string{"0.5", "-0.5"}},
		{"two draws, equal sums: play on", []Game{g("A", "B", Drawn, position.StartFEN), g("B", "A", Drawn, position.StartFEN)}, "", Undecided, -1, [2]string{"0", "0"}},
		{"third game after equal sums", []Game{g("A", "B", Drawn, position.StartFEN), g("B", "A", Drawn, position.StartFEN), g("A", "B", Drawn, fenBlackRicher)}, "B", ByResidual, 2, [2]string{"-0.6", "0.6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := s.SettleKnockout("A", "B", tc.games)
			if err != nil {
				t.Fatal(err)
			}
			if d.Winner != tc.winner || d.By != tc.by || d.Game != tc.game || d.Residual != [2]Score{sc(t, tc.residual[0]), sc(t, tc.residual[1])} {
				t.Errorf("got %+v, want winner %q by %s game %d residual %v", d, tc.winner, tc.by, tc.game, tc.residual)
			}
		})
	}

	if _, err := s.SettleKnockout("A", "B", []Game{g("A", "B", RedWins, position.StartFEN), g("B", "A", Drawn, position.StartFEN)}); err == nil {
		t.Error("a game after the decision was accepted")
	}
	if _, err := s.SettleKnockout("A", "B", []Game{g("A", "C", RedWins, position.StartFEN)}); err == nil {
		t.Error("a game of another pairing was accepted")
	}
	var e *Error
	if _, err := builtin(t, "standard").SettleKnockout("A", "B", nil); !errors.As(err, &e) || e.Code != CodeNoRule {
		t.Errorf("standard has no knockout rule; got %v", err)
	}
}

// TestSettleTeam: seed 004 §三, team matches — "如果两队的大比分打平,则比较余子分。
// 如果余子分相等,则加赛。如果双方此前仅一次和棋,也要加赛,否则那局和棋就变成了胜负局。
// 如果加赛再出现和棋,则合并比较此前的余子分。"
func TestSettleTeam(t *testing.T) {
	s := builtin(t, "dafen-xiaofen")
	b := func(redTeam int, r Result, fen string) TeamGame {
		red, black := "x", "y"
		if redTeam == 1 {
			red, black = "y", "x"
		}
		return TeamGame{Game: Game{Red: red, Black: black, Result: r, Final: mustFEN(t, fen), Name: "board"}, RedTeam: redTeam}
	}
	teams := [2]string{"X", "Y"}
	tests := []struct {
		name            string
		boards, playoff []TeamGame
		winner, by      string
		game            int
		points          [2]string
		residual        [2]string
	}{
		{"match points decide", []TeamGame{b(0, RedWins, position.StartFEN), b(1, Drawn, fenSeedExample), b(0, Drawn, position.StartFEN)}, nil,
			"X", ByMatchPoints, -1, [2]string{"3.6", "1.6"}, [2]string{"-0.5", "0.5"}},
		{"level, two draws: team 余子分", []TeamGame{b(0, RedWins, position.StartFEN), b(1, RedWins, position.StartFEN), b(0, Drawn, fenSeedExample), b(1, Drawn, fenRookEach)}, nil,
			"X", ByResidual, -1, [2]string{"3.6", "3.6"}, [2]string{"0.5", "-0.5"}},
		{"level, a single draw: play-off needed", []TeamGame{b(0, RedWins, position.StartFEN), b(1, RedWins, position.StartFEN), b(0, Drawn, fenSeedExample)}, nil,
			"", Undecided, -1, [2]string{"2.8", "2.8"}, [2]string{"0.4", "-0.4"}},
		{"single draw, drawn play-off: combined 余子分", []TeamGame{b(0, RedWins, position.StartFEN), b(1, RedWins, position.StartFEN), b(0, Drawn, fenSeedExample)},
			[]TeamGame{b(0, Drawn, position.StartFEN)}, "X", ByResidual, 3, [2]string{"3.6", "3.6"}, [2]string{"0.3", "-0.3"}},
		{"equal 余子分: play-off decides", []TeamGame{b(0, Drawn, position.StartFEN), b(1, Drawn, position.StartFEN)},
			[]TeamGame{b(1, RedWins, position.StartFEN)}, "Y", ByGame, 2, [2]string{"1.6", "3.6"}, [2]string{"0", "0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := s.SettleTeam(teams, tc.boards, tc.playoff)
			if err != nil {
				t.Fatal(err)
			}
			if d.Winner != tc.winner || d.By != tc.by || d.Game != tc.game ||
				d.Points != [2]Score{sc(t, tc.points[0]), sc(t, tc.points[1])} ||
				d.Residual != [2]Score{sc(t, tc.residual[0]), sc(t, tc.residual[1])} {
				t.Errorf("got %+v, want winner %q by %s game %d points %v residual %v", d, tc.winner, tc.by, tc.game, tc.points, tc.residual)
			}
		})
	}
	if _, err := s.SettleTeam(teams, []TeamGame{{Game: Game{Red: "x", Black: "y", Result: RedWins}, RedTeam: 2}}, nil); err == nil {
		t.Error("RedTeam 2 was accepted")
	}
}
