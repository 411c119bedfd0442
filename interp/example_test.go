package interp_test

import (
	"fmt"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// A draft that misspells a fact is refused at load, with the place, the
// rule and a suggestion — before anything is judged.
func ExampleLibrary_LoadBytes() {
	lib, err := interp.Bundled()
	if err != nil {
		panic(err)
	}
	draft := `title: {en: "a draft of the 2011 book"}
year: 2025
status: draft
extends: "11"
override:
  - replace: 24.1-check
    with:
      id: 24.1-check
      label: 将
      when: Chek
      cite: draft 24.1
      status: paraphrased
`
	_, err = lib.LoadBytes("draft", "draft.yaml", []byte(draft))
	fmt.Println(err.(interp.ErrorList).Detail())
	// Output:
	// draft.yaml:10:13: rule "24.1-check": unknown name Chek (did you mean Check?) [unknown-name]
	//   10 |       when: Chek
	//      |             ^
}

// Judging a cycle under two books: the 2020 book's figure 6, where red
// checks on every move.
func ExampleJudge() {
	lib, _ := interp.Bundled()
	books, _ := lib.Select("11,asian")
	start := position.MustParseFEN("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1")
	moves, err := position.ParseMoves(start, []string{"车四平五", "将5平6", "车五平四", "将6平5"})
	if err != nil {
		panic(err)
	}
	in, _ := interp.FindCycle(start, moves)
	rulings, err := interp.Judge(books, in)
	if err != nil {
		panic(err)
	}
	for _, r := range rulings {
		fmt.Println(r.Ruleset, r.Verdict, "—", r.Clause)
		fmt.Println("  ", r.Moves[0].Label, r.Moves[0].Rule)
	}
	// Output:
	// 11 red-must-vary — 2011 25.1
	//    将 24.1-check
	// asian red-must-vary — AXF rules 6, 8
	//    将 check
}

// Judge leaves the reasons' texts for Explain: an output that shows them
// asks for them (here the rook's check under 2011 24.1 and AXF's rule,
// and the verdicts' reasons, from the books' templates).
func ExampleExplain() {
	lib, _ := interp.Bundled()
	books, _ := lib.Select("11,asian")
	start := position.MustParseFEN("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1")
	moves, _ := position.ParseMoves(start, []string{"车四平五", "将5平6", "车五平四", "将6平5"})
	in, _ := interp.FindCycle(start, moves)
	rulings, err := interp.Judge(books, in)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q %q\n", rulings[0].Reason, rulings[0].Moves[0].Reason)
	interp.Explain(rulings)
	for _, r := range rulings {
		fmt.Println(r.Ruleset, r.Reason, "—", r.Moves[0].Reason)
	}
	// Output:
	// "" ""
	// 11 红方单方面长将 (将 将) — 车 e0 gives check
	// asian 红方长将 (将 将): must vary — 车 e0 checks
}

// Books are chosen by id, several at once, "all" for every bundled one, or
// by the path of a rule-set file.
func ExampleLibrary_Select() {
	lib, _ := interp.Bundled()
	books, err := lib.Select("11", "20,asian")
	if err != nil {
		panic(err)
	}
	for _, b := range books {
		fmt.Println(b.ID, b.Year)
	}
	books, _ = lib.Select("2011") // an edition year names its book
	fmt.Println(books[0].ID)
	_, err = lib.Select("2012")
	fmt.Println(err)
	// Output:
	// 11 2011
	// 20 2020
	// asian 2003
	// 11
	// no rule set "2012" (bundled: 79, 87, 99, 11, 20, asian, tw-1982, wang-zhong, wang-zhong-2, ko; or an edition year: 1979, 1987, 1999, 2011, 2020)
}
