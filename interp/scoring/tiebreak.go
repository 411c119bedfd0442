package scoring

import (
	"fmt"

	"github.com/xqrules/xqrules/position"
)

// How a knockout tie or a team match was settled.
const (
	ByGame        = "game"         // a decisive game
	ByMatchPoints = "match-points" // the team match's points (大比分)
	ByResidual    = "residual"     // the summed 余子分 of the drawn games
	Undecided     = "undecided"    // not settled: another game (a play-off) is needed
)

// Decision is the outcome of a knockout tie or a team match.
type Decision struct {
	Winner string // "" when Undecided
	By     string // ByGame, ByMatchPoints, ByResidual or Undecided
	// Points and Residual are each side's match points and summed 余子分,
	// indexed like the players or teams given; Draws counts the drawn games.
	Points   [2]Score
	Residual [2]Score
	Draws    int
	// Game is the index of the deciding game (in the order given, play-offs
	// after the boards), or -1.
	Game int
}

// SettleKnockout settles a knockout tie between players a and b from their games in
// the order played, by seed 004 §三: "如果和棋,先记录余子分,然后加赛。如果次局又
// 是和棋,则合并计算两局的余子分,大者胜出。" The first decisive game decides. Each
// drawn game adds its 余子分 to each player's sum; once decide_after_draws games
// have been drawn, a larger sum decides. Equal sums leave the tie Undecided
// (another game). A game after the decision is an error: the record is wrong.
func (s *Scheme) SettleKnockout(a, b string, games []Game) (Decision, error) {
	if s.Knockout == nil {
		return Decision{}, &Error{File: s.File, Code: CodeNoRule, Msg: fmt.Sprintf("scheme %q has no knockout rule", s.Name)}
	}
	d := Decision{By: Undecided, Game: -1}
	sides := [2]string{a, b}
	for i, g := range games {
		red := sideOf(sides, g.Red)
		if red < 0 || g.Black != sides[1-red] {
			return d, &GameError{g.Name, fmt.Errorf("%s – %s is not a game of the tie %s – %s", g.Red, g.Black, a, b)}
		}
		if err := d.add(s, sides, g, red, i); err != nil {
			return d, err
		}
		if d.By != Undecided {
			continue
		}
		d.byResidual(sides, s.Knockout.DecideAfterDraws, i)
	}
	return d, nil
}

// TeamGame is one board of a team match: a game and which of the two teams
// had Red on it (0 or 1, indexing the teams given to SettleTeam).
type TeamGame struct {
	Game
	RedTeam int
}

// SettleTeam settles a team match by seed 004 §三: "如果两队的大比分打平,则比较余子分。
// 如果余子分相等,则加赛。如果双方此前仅一次和棋,也要加赛,否则那局和棋就变成了胜负局。
// 如果加赛再出现和棋,则合并比较此前的余子分。" Match points (the scheme's points
// summed per team over the boards) decide first. Level on them, the team
// 余子分 decides when at least min_draws boards were drawn and the sums differ.
// Otherwise the play-off games count in order: a decisive one decides; a drawn
// one adds its 余子分 and the sums are compared again under the same rule.
func (s *Scheme) SettleTeam(teams [2]string, boards, playoff []TeamGame) (Decision, error) {
	if s.Team == nil {
		return Decision{}, &Error{File: s.File, Code: CodeNoRule, Msg: fmt.Sprintf("scheme %q has no team rule", s.Name)}
	}
	d := Decision{By: Undecided, Game: -1}
	for _, g := range boards {
		if g.RedTeam != 0 && g.RedTeam != 1 {
			return d, &GameError{g.Name, fmt.Errorf("RedTeam is %d, want 0 or 1", g.RedTeam)}
		}
		gs, err := s.Score(g.Game)
		if err != nil {
			return d, err
		}
		red, black := g.RedTeam, 1-g.RedTeam
		d.Points[red] += gs.Points[position.Red]
		d.Points[black] += gs.Points[position.Black]
		d.Residual[red] += gs.Residual[position.Red]
		d.Residual[black] += gs.Residual[position.Black]
		if g.Result == Drawn {
			d.Draws++
		}
	}
	switch {
	case d.Points[0] > d.Points[1]:
		d.Winner, d.By = teams[0], ByMatchPoints
		return d, nil
	case d.Points[1] > d.Points[0]:
		d.Winner, d.By = teams[1], ByMatchPoints
		return d, nil
	}
	d.byResidual(teams, s.Team.MinDraws, -1)
	for i, g := range playoff {
		if g.RedTeam != 0 && g.RedTeam != 1 {
			return d, &GameError{g.Name, fmt.Errorf("RedTeam is %d, want 0 or 1", g.RedTeam)}
		}
		if err := d.add(s, teams, g.Game, g.RedTeam, len(boards)+i); err != nil {
			return d, err
		}
		if d.By == Undecided {
			d.byResidual(teams, s.Team.MinDraws, len(boards)+i)
		}
	}
	return d, nil
}

// add counts one game of a sudden-death sequence; redSide (0 or 1) says
// which of the two sides had Red.
func (d *Decision) add(s *Scheme, sides [2]string, g Game, redSide, index int) error {
	if d.By != Undecided {
		return &GameError{g.Name, fmt.Errorf("game played after the tie was settled (%s, by %s)", d.Winner, d.By)}
	}
	gs, err := s.Score(g)
	if err != nil {
		return err
	}
	red, black := redSide, 1-redSide
	d.Points[red] += gs.Points[position.Red]
	d.Points[black] += gs.Points[position.Black]
	switch g.Result {
	case RedWins:
		d.Winner, d.By, d.Game = sides[red], ByGame, index
	case BlackWins:
		d.Winner, d.By, d.Game = sides[black], ByGame, index
	case Drawn:
		d.Draws++
		d.Residual[red] += gs.Residual[position.Red]
		d.Residual[black] += gs.Residual[position.Black]
	}
	return nil
}

// byResidual settles on the summed 余子分 once enough games were drawn.
func (d *Decision) byResidual(sides [2]string, minDraws, index int) {
	if d.Draws < minDraws || d.Residual[0] == d.Residual[1] {
		return
	}
	w := 0
	if d.Residual[1] > d.Residual[0] {
		w = 1
	}
	d.Winner, d.By, d.Game = sides[w], ByResidual, index
}

// sideOf returns 0 or 1 when name is one of sides, else -1.
func sideOf(sides [2]string, name string) int {
	switch name {
	case sides[0]:
		return 0
	case sides[1]:
		return 1
	}
	return -1
}
