package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/facts"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

func init() {
	register(&command{name: "facts", summary: "show the neutral facts of each move of a cycle (debugging rule sets)", synopsis: "--fen FEN --moves \"h6i4 i9h9 i4h6 h9i9\" [--rules 11] [--composed] [--format text|json] [-o OUT]", flags: runFacts, output: true})
}

func runFacts(fs *pflag.FlagSet) runFunc {
	fen := fs.String("fen", position.StartFEN, "position before the cycle")
	movesArg := fs.String("moves", "", "the cycle's moves, any notation, space-separated")
	format := fs.String("format", "text", "text or json")
	choices(fs, "format", "text", "json")
	book := fs.String("rules", "11", "the bundled rule book whose parameters (piece values, search depths) the facts use")
	composed := addComposedFlag(fs)
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "facts", "unknown --format %q (want text or json)", *format)
		}
		// The moves and position are read as judge reads them.
		start, err := parseStart(*fen, *composed)
		if err != nil {
			return fail(e, "facts", err)
		}
		texts := position.SplitMoves(*movesArg)
		if len(texts) == 0 {
			return usageErr(e, "facts", "--moves is empty")
		}
		moves, err := position.ParseMoves(start, texts)
		if err != nil {
			return fail(e, "facts", err)
		}
		// The cycle is the last period of the input, found as judge finds it.
		in, ok := interp.FindCycle(start, moves)
		if !ok {
			return fail(e, "facts", facts.ErrNoCycle)
		}
		lib, err := interp.Bundled()
		if err != nil {
			return fail(e, "facts", err)
		}
		books, err := lib.Select(*book)
		if err != nil || len(books) != 1 {
			return usageErr(e, "facts", "--rules must name one bundled book (see xqrules rules list): %q", *book)
		}
		// Every fact, whatever the book itself needs to judge.
		par := books[0].Params
		par.Detail, par.Skip = facts.DetailFull, 0
		c, err := facts.AnalyzeCycle(in.Start, in.Moves, in.Occurrences, par)
		if err != nil {
			return fail(e, "facts", err)
		}
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(c); err != nil {
				return fail(e, "facts", err)
			}
			return exitOK
		}
		printFacts(e.stdout, c)
		return exitOK
	}
}

func printFacts(w io.Writer, c facts.Cycle) {
	fmt.Fprintf(w, "cycle of %d plies from %s (%s first, position seen %d times)\n", c.Plies, c.FEN, c.FirstMover, c.Occurrences)
	for _, m := range c.Moves {
		fmt.Fprintf(w, "\n%d. %s %s %s (%s)", m.Ply, m.Side, m.ICCS, m.CN, m.Piece.CN)
		if m.Captured.Kind != "" {
			fmt.Fprintf(w, " takes %s %s", m.Captured.CN, m.Captured.Square)
		}
		fmt.Fprintln(w)
		if m.Check {
			fmt.Fprintf(w, "   check by %s%s%s\n", pieces(m.Checkers), ifText(m.DiscoveredCheck, " (discovered)"), ifText(m.DoubleCheck, " (double)"))
		}
		if m.Mate {
			fmt.Fprintln(w, "   mate")
		}
		if m.AnswersCheck {
			fmt.Fprintln(w, "   answers a check")
		}
		if mt := m.MateThreat; mt.Exists {
			fmt.Fprintf(w, "   mate threat (%s, %d plies): %s%s%s\n", mt.Kind, mt.Plies, strings.Join(mt.Line, " "), ifText(mt.Before, "; existed before (从杀到杀)"), ifText(m.MateThreatSelfInflicted, "; self-inflicted by the opponent (自毙)"))
		}
		for _, t := range m.Threats {
			fmt.Fprintf(w, "   threat on %s %s: gain after %d, before %s; new=%v cause=%s; attackers %s; protection %s%s%s%s%s\n",
				t.Victim.CN, t.Victim.Square, t.GainAfter, gainText(t.HasBefore, t.GainBefore), t.New, t.Cause, pieces(t.Attackers), t.Protection,
				paren(t.ProtectionWhy), ifText(t.Joint, " joint"), ifText(t.ViaCheck, " via-check"), ifText(t.MatedAfterCapture, " capture-gets-mated"))
			if len(t.LineCN) > 0 { // no line is printed rather than an empty one
				fmt.Fprintf(w, "      line %s\n", strings.Join(t.LineCN, " "))
			}
		}
		for _, o := range m.Offers {
			fmt.Fprintf(w, "   offer %s %s (protection %s, new=%v, free take=%v%s):", o.Piece.CN, o.Piece.Square, o.Protection, o.New, o.FreeTake,
				ifText(o.AttackerOfThreat, ", attacker of a threat"))
			for _, tk := range o.Takers {
				fmt.Fprintf(w, " by %s %s net %d%s%s;", tk.Piece.CN, tk.Piece.Square, tk.Net, ifText(tk.MatedAtOnce, " mated"), ifText(tk.SameKind, " same-kind"))
			}
			fmt.Fprintln(w)
		}
		if m.Block {
			fmt.Fprintf(w, "   blocks %s\n", pieces(m.Blocked))
		}
		if m.Follow {
			fmt.Fprintf(w, "   follows %s\n", pieces(m.Followed))
		}
	}
	for _, s := range []facts.Side{c.Red, c.Black} {
		vary := fmt.Sprint(s.CanVary)
		if s.VaryMove != "" {
			vary += " (" + s.VaryMove + ")"
		}
		fmt.Fprintf(w, "\n%s: %d moves, squares %s, strong pieces %d, can vary=%s, completes last=%v\n", s.Name, s.Moves, strings.Join(s.Squares, " "), s.Strong, vary, s.CompletesLast)
	}
}

func pieces(ps []facts.Piece) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.CN+" "+p.Square)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}

func ifText(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

func gainText(has bool, g int) string {
	if !has {
		return "none"
	}
	return fmt.Sprint(g)
}
