package facts

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/xqrules/xqrules/position"
)

func TestDebugCycle(t *testing.T) {
	fen := os.Getenv("XQ_FEN")
	if fen == "" {
		t.Skip()
	}
	p := position.MustParseFEN(fen)
	var ms []position.Move
	q := p.Clone()
	for _, s := range strings.Fields(os.Getenv("XQ_MOVES")) {
		m, err := position.ParseMove(q, s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		q.Make(m)
	}
	c, err := AnalyzeCycle(p, ms, 2, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(c, "", " ")
	fmt.Println(string(b))
}
