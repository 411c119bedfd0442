package scoring

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"github.com/xqrules/xqrules/position"
)

// Result is a game's result.
type Result int8

// Results. NoResult is a game that was not finished or whose result is unknown.
const (
	NoResult Result = iota
	RedWins
	Drawn
	BlackWins
)

func (r Result) String() string {
	switch r {
	case RedWins:
		return "1-0"
	case Drawn:
		return "1/2-1/2"
	case BlackWins:
		return "0-1"
	}
	return "*"
}

// ParseResult reads a result as PGN and the JSONL records write it ("1-0",
// "0-1", "1/2-1/2"), plus the common variants ½-½, 0.5-0.5 and =-=. "*" and
// "" give NoResult with ok true (a known "no result"); anything else gives ok
// false (an unknown result string).
func ParseResult(text string) (r Result, ok bool) {
	switch strings.TrimSpace(text) {
	case "1-0":
		return RedWins, true
	case "0-1":
		return BlackWins, true
	case "1/2-1/2", "½-½", "0.5-0.5", "=-=":
		return Drawn, true
	case "*", "":
		return NoResult, true
	}
	return NoResult, false
}

// Game is one game as the scoring sees it.
type Game struct {
	Red, Black string
	Result     Result
	// Final is the position the game ended in. It is needed for drawn games
	// under a scheme with a residual rule (余子分 compares the final material).
	Final *position.Position
	// Name says where the game comes from ("file:line (id)"), for messages.
	Name string
}

// GameError is a game that could not be scored.
type GameError struct {
	Game string
	Err  error
}

func (e *GameError) Error() string { return fmt.Sprintf("%s: %v", e.Game, e.Err) }
func (e *GameError) Unwrap() error { return e.Err }

// GameScore is what one game gives each side (indexes position.Red, position.Black).
type GameScore struct {
	Points   [2]Score
	Residual [2]Score
	// Drawn explains the residual of a drawn game; nil for decisive games or
	// when the scheme has no residual rule.
	Drawn *DrawnMaterial
}

// Score scores one game. A decisive game carries no 余子分 (seed 004 §二.1:
// "在胜负局情形下,余子分不存在,可以视为0:0").
func (s *Scheme) Score(g Game) (GameScore, error) {
	var gs GameScore
	switch g.Result {
	case RedWins:
		gs.Points = [2]Score{s.points[position.Red][Win], s.points[position.Black][Loss]}
	case BlackWins:
		gs.Points = [2]Score{s.points[position.Red][Loss], s.points[position.Black][Win]}
	case Drawn:
		gs.Points = [2]Score{s.points[position.Red][DrawOutcome], s.points[position.Black][DrawOutcome]}
		if s.Residual != nil {
			if g.Final == nil {
				return gs, &GameError{g.Name, fmt.Errorf("a drawn game needs its final position for %s", s.Residual.Name)}
			}
			d, err := s.Residual.Of(g.Final)
			if err != nil {
				return gs, &GameError{g.Name, err}
			}
			gs.Residual, gs.Drawn = d.Score, &d
		}
	default:
		return gs, &GameError{g.Name, fmt.Errorf("no result")}
	}
	return gs, nil
}

// Row is one player's line in the standings.
type Row struct {
	Rank      int // 1-based; players level on points and every tiebreak share a rank
	Player    string
	Points    Score
	Tiebreaks []Score // in the order of Scheme.Tiebreaks
	Opponents Score   // 对手分
	Residual  Score   // 余子分 summed over the player's drawn games
	Games     int
	Wins      int
	Draws     int
	Losses    int
	RedGames  int
}

// Standings is an event's table under one scheme.
type Standings struct {
	Scheme *Scheme
	Rows   []Row
}

// Standings scores every game and ranks the players: by points, then by each
// tiebreak in turn, highest first. Players level on all of them share a rank
// and are listed by name. A game that cannot be scored (no result, a draw
// without its final position, the same name on both sides) is an error: the
// caller decides what to skip before asking.
func (s *Scheme) Standings(games []Game) (*Standings, error) {
	rows := map[string]*Row{}
	row := func(name string) *Row {
		r, ok := rows[name]
		if !ok {
			r = &Row{Player: name}
			rows[name] = r
		}
		return r
	}
	scores := make([]GameScore, len(games))
	for i, g := range games {
		if g.Red == "" || g.Black == "" {
			return nil, &GameError{g.Name, fmt.Errorf("a player has no name")}
		}
		if g.Red == g.Black {
			return nil, &GameError{g.Name, fmt.Errorf("%q plays both sides", g.Red)}
		}
		gs, err := s.Score(g)
		if err != nil {
			return nil, err
		}
		scores[i] = gs
		for c, name := range [2]string{g.Red, g.Black} {
			r := row(name)
			r.Games++
			if c == int(position.Red) {
				r.RedGames++
			}
			r.Points += gs.Points[c]
			r.Residual += gs.Residual[c]
			switch {
			case g.Result == Drawn:
				r.Draws++
			case (g.Result == RedWins) == (c == int(position.Red)):
				r.Wins++
			default:
				r.Losses++
			}
		}
	}
	// 对手分: each opponent's final points, once per game played against them.
	for _, g := range games {
		rows[g.Red].Opponents += rows[g.Black].Points
		rows[g.Black].Opponents += rows[g.Red].Points
	}
	st := &Standings{Scheme: s, Rows: make([]Row, 0, len(rows))}
	for _, r := range rows {
		env := Totals{
			Points: r.Points.Float(), Opponents: r.Opponents.Float(), Residual: r.Residual.Float(),
			Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, RedGames: r.RedGames,
		}
		for _, t := range s.Tiebreaks {
			v, err := t.x.score(env)
			if err != nil {
				return nil, fmt.Errorf("player %q: %w", r.Player, err)
			}
			r.Tiebreaks = append(r.Tiebreaks, v)
		}
		st.Rows = append(st.Rows, *r)
	}
	sort.SliceStable(st.Rows, func(i, j int) bool {
		a, b := &st.Rows[i], &st.Rows[j]
		if c := compareKeys(a, b); c != 0 {
			return c > 0
		}
		return a.Player < b.Player
	})
	for i := range st.Rows {
		if i > 0 && compareKeys(&st.Rows[i-1], &st.Rows[i]) == 0 {
			st.Rows[i].Rank = st.Rows[i-1].Rank
		} else {
			st.Rows[i].Rank = i + 1
		}
	}
	return st, nil
}

// compareKeys orders two rows by points, then by the tiebreaks.
func compareKeys(a, b *Row) int {
	if a.Points != b.Points {
		return cmp.Compare(a.Points, b.Points)
	}
	for k := range a.Tiebreaks {
		if a.Tiebreaks[k] != b.Tiebreaks[k] {
			return cmp.Compare(a.Tiebreaks[k], b.Tiebreaks[k])
		}
	}
	return 0
}

// Rank returns the player's rank, or 0 when the player is not in the table.
func (st *Standings) Rank(player string) int {
	for _, r := range st.Rows {
		if r.Player == player {
			return r.Rank
		}
	}
	return 0
}

// PlacesChanged counts the players whose rank differs between two tables of
// the same event (a player missing from one counts as changed).
func PlacesChanged(a, b *Standings) int {
	n := 0
	for _, r := range a.Rows {
		if b.Rank(r.Player) != r.Rank {
			n++
		}
	}
	return n
}
