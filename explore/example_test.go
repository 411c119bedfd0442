package explore_test

import (
	"context"
	"fmt"

	"github.com/xqrules/xqrules/explore"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// A draft of the 2011 book without 26.2 (a lone piece's incidental chase
// of an advisor or elephant is 闲) against the book, explored from one
// position: the cycles where they part, grouped by the rows that decided
// them (the sides named by their part, not their colour), each with an
// example reduced to the pieces the difference needs.
func ExampleRun() {
	lib, err := interp.Bundled()
	if err != nil {
		panic(err)
	}
	draft, err := lib.LoadBytes("no-26.2", "no-26.2.yaml", []byte(`title: {en: "2011 without 26.2"}
year: 2026
status: draft
extends: "11"
override:
  - remove: 26.2-incidental-advisor-elephant
`))
	if err != nil {
		panic(err)
	}
	start := explore.Start{
		Pos:    position.MustParseFEN("3a1k3/4a4/9/8R/9/9/4p4/9/9/4K4 w"),
		Source: "AXF orange 029, reduced",
		Strict: true,
	}
	rep, err := explore.Run(context.Background(), lib.Book("11"), draft, []explore.Start{start}, explore.Options{Count: 100, Jobs: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d cycles judged, %d where the books part\n", rep.Judged, rep.Differ)
	for _, g := range rep.Groups[:1] {
		fmt.Printf("%d× %s\n", g.Count, g.Key)
		fmt.Printf("minimal: %d pieces, %s %v, the varying side %s\n", g.Minimal.Pieces, g.Minimal.FEN, g.Minimal.CN, g.Minimal.Varying)
	}
	// Output:
	// 100 cycles judged, 3 where the books part
	// 3× 11: 25.2-both-allowed → draw / no-26.2: 25.3-one-forbidden → the varying side must vary; the varying side: 闲 vs 捉 on 1 of its 2 moves
	// minimal: 6 pieces, 3a1k3/4a4/9/8R/9/9/4p4/9/9/4K4 w - - 0 1 [车一平四 士5进6 车四平一 士6退5], the varying side red
}
