package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/position"
)

func init() {
	register(&command{name: "notation", summary: "convert moves between ICCS, WXF and Chinese notation", synopsis: "[--fen FEN] --to iccs|wxf|chinese MOVE…", flags: runNotation})
}

func runNotation(fs *pflag.FlagSet) runFunc {
	fen := fs.String("fen", position.StartFEN, "position before the first move")
	to := fs.String("to", "iccs", "target notation: iccs, wxf or chinese")
	choices(fs, "to", "iccs", "wxf", "chinese")
	return func(e *env, args []string) int {
		target, ok := position.NotationByName(*to)
		if !ok {
			return usageErr(e, "notation", "unknown notation %q (want iccs, wxf or chinese)", *to)
		}
		p, err := position.ParseFEN(*fen)
		if err != nil {
			return fail(e, "notation", err)
		}
		var texts []string
		for _, a := range args {
			texts = append(texts, position.SplitMoves(a)...)
		}
		if len(texts) == 0 {
			return usageErr(e, "notation", "no move given (xqrules notation --to wxf h2e2 h9g7)")
		}
		out := make([]string, 0, len(texts))
		for i, t := range texts {
			m, err := position.ParseMove(p, t)
			if err != nil {
				return fail(e, "notation", fmt.Errorf("move %d: %w", i+1, err))
			}
			out = append(out, target.Encode(p, m))
			p.Make(m)
		}
		fmt.Fprintln(e.stdout, strings.Join(out, " "))
		return exitOK
	}
}
