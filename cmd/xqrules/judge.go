package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/cliout"
	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

func init() {
	register(&command{name: "judge", summary: "rule on a repetition cycle under every rule book, move by move", synopsis: "[--fen FEN --moves \"h6i4 i9h9 i4h6 h9i9\" | GAME_FILE…] [--rules 11,asian|all|FILE.yaml] [--composed] [--format text|json|jsonl|html] [-o OUT]", flags: runJudge, output: true})
}

// judgement is one input's rulings, as printed (shared with the workbench's API).
type judgement = cliout.Judgement

// cycleInfo is the cycle judged: the last period of the input.
type cycleInfo = cliout.Cycle

func runJudge(fs *pflag.FlagSet) runFunc {
	fen := fs.String("fen", position.StartFEN, "start position (XQBase/UCCI FEN)")
	movesArg := fs.String("moves", "", "the moves from the start position, any notation (ICCS h2e2, WXF C2.5, Chinese 炮二平五), space or comma separated")
	rulesArg := fs.String("rules", "all", "rule sets: all, bundled ids (11,asian) or rule-set files")
	format := fs.String("format", "text", "text; json (with --moves one object; with game files one document {\"games\": [...]}); jsonl (one object per game, a line each); or html (one self-contained page: boards, moves, the books side by side, the attacks behind each 捉)")
	choices(fs, "format", "text", "json", "jsonl", "html")
	composed := addComposedFlag(fs)
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		switch *format {
		case "text", "json", "jsonl", "html":
		default:
			return usageErr(e, "judge", "unknown --format %q (want text, json, jsonl or html)", *format)
		}
		if len(args) > 0 && *movesArg != "" {
			return usageErr(e, "judge", "give --moves or game files, not both")
		}
		if len(args) == 0 && strings.TrimSpace(*movesArg) == "" {
			return usageErr(e, "judge", "nothing to judge: give --moves or a game file")
		}
		books, st := selectBooks(e, "judge", *rulesArg)
		if books == nil {
			return st
		}
		var js []judgement
		status := exitOK
		if len(args) == 0 {
			start, err := parseStart(*fen, *composed)
			if err != nil {
				return fail(e, "judge", err)
			}
			moves, err := position.ParseMoves(start, position.SplitMoves(*movesArg))
			if err != nil {
				return fail(e, "judge", err)
			}
			j, err := judgeMoves(books, start, moves)
			if err != nil {
				return fail(e, "judge", err)
			}
			js = append(js, j)
		} else {
			// A game that cannot be read or judged is reported; the others are
			// judged, and the status says that something failed.
			for _, path := range args {
				got, err := judgeFile(books, path)
				js = append(js, got...)
				if err != nil {
					fmt.Fprintf(e.stderr, "xqrules judge: %v\n", err)
					status = exitFailed
				}
			}
		}
		if err := printJudgements(e, js, *format, len(args) > 0); err != nil {
			return fail(e, "judge", err)
		}
		return status
	}
}

// addComposedFlag adds --composed to a command that reads --fen.
func addComposedFlag(fs *pflag.FlagSet) *bool {
	return fs.Bool("composed", false, "accept a --fen that cannot arise in a game but a composed study (排局) or a rule-book diagram may hold: pieces on points they cannot reach, more pieces of a kind than the set has")
}

// parseStart reads --fen: a position that can arise in a game, or with
// --composed a composed one; a refusal that --composed would lift says so.
func parseStart(fen string, composed bool) (*position.Position, error) {
	if composed {
		return position.ParseFENComposed(fen)
	}
	p, err := position.ParseFEN(fen)
	var fe *position.FENError
	if errors.As(err, &fe) && fe.Composed {
		return nil, fmt.Errorf("%w; add --composed to accept it", err)
	}
	return p, err
}

// judgeGames is judge --format json on game files: one JSON document
// whatever the number of games.
type judgeGames struct {
	Games []judgement `json:"games"`
}

func printJudgements(e *env, js []judgement, format string, files bool) error {
	if format == "html" {
		page := make([]htmlreport.Judged, len(js))
		for i, j := range js {
			page[i] = htmlreport.Judged{Name: j.Game, FEN: j.FEN, Plies: len(j.Moves), Cycle: j.In, Rulings: j.Rulings}
			if j.Cycle != nil {
				page[i].FromPly = j.Cycle.FromPly
			}
		}
		return htmlreport.WriteJudgement(e.stdout, page)
	}
	switch format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if files {
			if js == nil {
				js = []judgement{}
			}
			return enc.Encode(judgeGames{Games: js})
		}
		return enc.Encode(js[0])
	case "jsonl":
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		for _, j := range js {
			if err := enc.Encode(j); err != nil {
				return err
			}
		}
		return nil
	}
	for i, j := range js {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		writeJudgement(e.stdout, j)
	}
	return nil
}

// selectBooks loads the bundled books and picks the ones --rules names; a
// problem is printed and books is nil.
func selectBooks(e *env, cmd, spec string) ([]*interp.Book, int) {
	lib, err := interp.Bundled()
	if err != nil {
		return nil, failRules(e, cmd, err)
	}
	books, err := lib.Select(spec)
	if err != nil {
		return nil, failRules(e, cmd, err)
	}
	return books, exitOK
}

// failRules prints a rule-loading error (every positioned error with its
// source line) and returns exitFailed; a rule set named that does not
// exist is a usage error.
func failRules(e *env, cmd string, err error) int {
	if errors.Is(err, interp.ErrNoRuleSet) {
		return usageErr(e, cmd, "--rules: %v", err)
	}
	var el interp.ErrorList
	if errors.As(err, &el) {
		fmt.Fprintf(e.stderr, "xqrules %s: rule set refused:\n%s\n", cmd, el.Detail())
		return exitFailed
	}
	return fail(e, cmd, err)
}

// judgeMoves judges the last period of a game.
func judgeMoves(books []*interp.Book, start *position.Position, moves []position.Move) (judgement, error) {
	return cliout.Judge(books, start, moves)
}

func iccs(moves []position.Move) []string { return cliout.ICCS(moves) }

// judgeFile judges every game of a record file (PGN, JSON Lines, DhtmlXQ).
// A game that cannot be read or replayed is reported in err; the others
// are judged.
func judgeFile(books []*interp.Book, path string) ([]judgement, error) {
	r, err := openRecord(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out []judgement
	var errs []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		rep, err := record.Replay(g)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		j, err := judgeMoves(books, rep.Start, rep.Moves)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", g.Name(), err))
			continue
		}
		j.Game = g.Name()
		out = append(out, j)
	}
	if len(errs) > 0 {
		return out, errors.New(strings.Join(errs, "\n"))
	}
	return out, nil
}

var sideZH = map[string]string{"red": "红", "black": "黑"}

// writeJudgement prints rulings for people: for each book, each move's
// label, tags, rule and reason, the sides' patterns and the verdict with
// its clause; then a summary line per book.
func writeJudgement(w io.Writer, j judgement) {
	if j.Game != "" {
		fmt.Fprintf(w, "game %s\n", j.Game)
	}
	if j.Cycle == nil {
		fmt.Fprintf(w, "no cycle: the moves do not end in a repetition (after %d moves the position has not occurred before with the same side to move)\n", len(j.Moves))
		if len(j.Earlier) > 0 {
			fmt.Fprintln(w, "earlier repetitions, not judged (xqrules scan --cycles all judges every one; or judge the moves up to the ply):")
			for _, c := range j.Earlier {
				fmt.Fprintf(w, "  plies %d-%d: %s (the position occurred %d times)\n", c.FromPly+1, c.FromPly+len(c.Moves), strings.Join(c.Moves, " "), c.Occurrences)
			}
		}
		for _, r := range j.Rulings {
			fmt.Fprintf(w, "  %-13s %s\n", r.Ruleset, r.Verdict)
		}
		return
	}
	// The cycle's moves as a ruling on it names them (a book that judged
	// every move since the position first occurred names more).
	cn := append([]string{}, j.Cycle.Moves...)
	for _, r := range j.Rulings {
		if len(r.Moves) != len(j.Cycle.Moves) {
			continue
		}
		for i, m := range r.Moves {
			if m.CN != "" {
				cn[i] = m.CN
			}
		}
		break
	}
	fmt.Fprintf(w, "cycle: %s  (%d plies from ply %d; the position occurred %d times)\n", strings.Join(cn, " "), len(j.Cycle.Moves), j.Cycle.FromPly, j.Cycle.Occurrences)
	fmt.Fprintf(w, "from:  %s\n", j.Cycle.FEN)
	for _, r := range j.Rulings {
		fmt.Fprintf(w, "\n== %s  %s\n", r.Ruleset, r.Title)
		if r.Judged.To > 0 {
			fmt.Fprintf(w, "  judged: %s\n", r.Judged)
		}
		for _, m := range r.Moves {
			name := m.CN
			if name == "" {
				name = m.Move
			}
			label := m.Label
			if len(m.Tags) > 0 {
				label += " (" + strings.Join(m.Tags, " ") + ")"
			}
			fmt.Fprintf(w, "  %d. %s %-8s %s  %s\n", m.Ply, sideZH[m.Side], name, m.Move, label)
			if m.Rule != "" && m.Rule != "(default)" {
				fmt.Fprintf(w, "       %s [%s]: %s\n", m.Cite, m.Rule, m.Reason)
			}
			if len(m.Chases) > 0 {
				cs := make([]string, len(m.Chases))
				for k, c := range m.Chases {
					kind := c.Kind
					if c.Joint {
						kind = "联合捉" + kind + " by " + strings.Join(c.By, ", ")
					}
					victim := c.Victim
					if c.Wins != "" {
						victim += " → " + c.Wins
					}
					cs[k] = fmt.Sprintf("%s (%s, grade %d)", victim, kind, c.Grade)
				}
				fmt.Fprintf(w, "       chases: %s\n", strings.Join(cs, "; "))
			}
			for _, x := range m.Exempted {
				fmt.Fprintf(w, "       %s\n", x)
			}
		}
		for _, s := range r.Sides {
			pats := "—"
			if len(s.Patterns) > 0 {
				pats = strings.Join(s.Patterns, ", ")
			}
			weight := ""
			if r.Weighed {
				weight = fmt.Sprintf(" (lightest grade %d)", s.Lightest)
			}
			fmt.Fprintf(w, "  %s: %s  → %s%s\n", sideZH[s.Side], strings.Join(s.Labels, " "), pats, weight)
		}
		fmt.Fprintf(w, "  verdict: %s", r.Verdict)
		if r.Clause != "" {
			fmt.Fprintf(w, " — %s [%s]", r.Clause, r.Row)
		}
		fmt.Fprintln(w)
		if r.Reason != "" {
			fmt.Fprintf(w, "    %s\n", r.Reason)
		}
		for _, n := range r.Notes {
			fmt.Fprintf(w, "    note: %s\n", n)
		}
	}
	fmt.Fprintln(w, "\nsummary:")
	for _, r := range j.Rulings {
		labels := make([]string, len(r.Moves))
		for i, m := range r.Moves {
			labels[i] = m.Label
		}
		fmt.Fprintf(w, "  %-13s %-16s %s\n", r.Ruleset, r.Verdict, strings.Join(labels, " "))
	}
}
