package corpus_test

import (
	"fmt"
	"os"

	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/interp"
)

// Scan a small corpus under two books and print the summary.
func Example() {
	lib, err := interp.Bundled()
	if err != nil {
		panic(err)
	}
	books, err := lib.Select("11,asian")
	if err != nil {
		panic(err)
	}
	opt := corpus.Options{Books: books, Cycles: interp.CyclesFirst, Jobs: 2}
	sum := corpus.NewSummary(opt.Cycles, books, opt.Shard)
	for b := range corpus.Scan([]string{"../testdata/records/ccpd_scan_sample.jsonl"}, opt) {
		for i := range b.Items {
			g := &b.Items[i]
			sum.AddGame(g)
			for _, c := range g.Res.Cycles {
				fmt.Printf("%s ply %d: %s %s, %s %s\n", c.ID, c.Ply,
					c.Rulings[0].Ruleset, c.Rulings[0].Verdict, c.Rulings[1].Ruleset, c.Rulings[1].Verdict)
			}
		}
	}
	fmt.Println()
	sum.WriteText(os.Stdout)
	// Output:
	// 對局/大師對局/以賽事分類/全國賽對局譜/00009929.pgn ply 54: 11 red-must-vary, asian red-must-vary
	// 對局/大師對局/以賽事分類/各地杯賽/00000765.pgn ply 54: 11 black-must-vary, asian black-must-vary
	// 對局/大師對局/以棋手分類/趙國榮/00001085.pgn ply 19: 11 draw, asian draw
	// 中局/00000017.pgn ply 33: 11 black-must-vary, asian black-must-vary
	//
	// 4 games, 4 cycles (first), 0 bad games
	// rule set       red-must-vary  black-must-vary     draw  errors   loser must vary (2 cycles ending a decisive game)
	// 11                         1                2        1       0   2/2
	// asian                      1                2        1       0   2/2
	//
	// agreement: % of the 4 cycles on which two books give the same verdict
	//                   11  asian
	// 11             100.0  100.0
	// asian          100.0  100.0
	//
	// agreement with the real result, of the cycles that end a game with a result
	// (a draw ruled a draw, a decisive game ruled against its loser):
	// rule set                   all          1/2-1/2              1-0              0-1
	// 11                  3/3 100.0%       1/1 100.0%       1/1 100.0%       1/1 100.0%
	// asian               3/3 100.0%       1/1 100.0%       1/1 100.0%       1/1 100.0%
	//
	// by decade (% agreeing, of n):
	// rule set              2000      undated
	// 11               100% of 2    100% of 1
	// asian            100% of 2    100% of 1
}
