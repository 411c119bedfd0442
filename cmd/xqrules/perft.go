package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/position"
)

func init() {
	register(&command{name: "perft", summary: "count the legal move tree to a depth (checks the move generator)", synopsis: "[--fen FEN] --depth N", flags: runPerft})
	register(&command{name: "divide", summary: "perft split by root move, for diffing against another engine", synopsis: "[--fen FEN] --depth N", flags: runDivide})
}

// perftFlags defines perft's and divide's flags; position reads them.
func perftFlags(fs *pflag.FlagSet) (fen *string, depth *int) {
	fen = fs.String("fen", position.StartFEN, "start position (XQBase/UCCI FEN)")
	depth = fs.Int("depth", 0, "depth in plies (1 or more)")
	return fen, depth
}

// perftPosition checks perft's and divide's command line.
func perftPosition(e *env, name string, args []string, fen *string, depth *int) (*position.Position, int, int, bool) {
	if len(args) > 0 {
		return nil, 0, usageErr(e, name, "unexpected argument %q", args[0]), false
	}
	if *depth < 1 {
		return nil, 0, usageErr(e, name, "--depth must be 1 or more"), false
	}
	p, err := position.ParseFEN(*fen)
	if err != nil {
		return nil, 0, fail(e, name, err), false
	}
	return p, *depth, 0, true
}

func runPerft(fs *pflag.FlagSet) runFunc {
	fen, depthFlag := perftFlags(fs)
	return func(e *env, args []string) int {
		p, depth, st, ok := perftPosition(e, "perft", args, fen, depthFlag)
		if !ok {
			return st
		}
		start := time.Now()
		n := p.Perft(depth)
		el := time.Since(start)
		fmt.Fprintln(e.stdout, n)
		fmt.Fprintf(e.stderr, "perft %d: %d nodes in %v (%.1f M nodes/s)\n", depth, n, el.Round(time.Millisecond), float64(n)/el.Seconds()/1e6)
		return exitOK
	}
}

func runDivide(fs *pflag.FlagSet) runFunc {
	fen, depthFlag := perftFlags(fs)
	return func(e *env, args []string) int {
		p, depth, st, ok := perftPosition(e, "divide", args, fen, depthFlag)
		if !ok {
			return st
		}
		var total uint64
		for _, d := range p.Divide(depth) {
			fmt.Fprintf(e.stdout, "%s %d\n", d.Move, d.Nodes)
			total += d.Nodes
		}
		fmt.Fprintf(e.stdout, "total %d\n", total)
		return exitOK
	}
}
