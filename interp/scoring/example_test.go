package scoring_test

import (
	"fmt"

	"github.com/xqrules/xqrules/interp/scoring"
	"github.com/xqrules/xqrules/position"
)

// The worked example of seed 004 §二.2: a draw with Red 车士相全 against Black
// 炮士象全. Red's material 17, less 1 for moving first, against Black's 12: a
// difference of 4, so 余子分 +0.4 / −0.4; in a one-game event the second score
// 对手及余子分 is 0.8 + 0.4 for Red and 0.8 − 0.4 for Black.
func Example() {
	schemes, err := scoring.Builtin()
	if err != nil {
		panic(err)
	}
	var dx *scoring.Scheme
	for _, s := range schemes {
		if s.Name == "dafen-xiaofen" {
			dx = s
		}
	}
	final := position.MustParseFEN("2bakab2/9/4c4/9/9/9/9/9/9/R1BAKAB2 w - - 0 1")
	st, err := dx.Standings([]scoring.Game{{Red: "红", Black: "黑", Result: scoring.Drawn, Final: final}})
	if err != nil {
		panic(err)
	}
	for _, r := range st.Rows {
		fmt.Printf("%d %s points %v %s %v %s %v\n", r.Rank, r.Player, r.Points, dx.Tiebreaks[0].Name, r.Tiebreaks[0], dx.Residual.Name, r.Residual)
	}
	// Output:
	// 1 红 points 0.8 对手及余子分 1.2 余子分 0.4
	// 2 黑 points 0.8 对手及余子分 0.4 余子分 -0.4
}
