package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/cliout"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

func init() {
	register(&command{name: "rules", summary: "list the rule books, check rule-set files, show a book's rules", synopsis: "list [--format text|json] | check FILE… | show ID|FILE",
		flags: runRules, sub: []*command{
			{name: "list", summary: "the rule books: id, title, year, status", synopsis: "[--format text|json] [-o OUT] [FILE.yaml…]", flags: rulesList, output: true},
			{name: "check", summary: "load rule-set files, print every error (file:line:col, rule id, code); exit 1 if any", synopsis: "FILE…", flags: rulesCheck},
			{name: "show", summary: "a book's rules after extends and overrides, in evaluation order", synopsis: "[-o OUT] ID|FILE.yaml", flags: rulesShow, output: true,
				complete: func(args []string, _ string) []string {
					if len(args) > 0 {
						return nil
					}
					return bookIDs()
				}},
		}})
}

// runRules runs when no subcommand is named (or an unknown one).
func runRules(fs *pflag.FlagSet) runFunc {
	return func(e *env, args []string) int {
		if len(args) == 0 {
			return usageErr(e, "rules", "name a subcommand: list, check or show (see xqrules rules --help)")
		}
		return usageErr(e, "rules", "unknown subcommand %q (want list, check or show)", args[0])
	}
}

type bookInfo = cliout.BookInfo

func rulesList(fs *pflag.FlagSet) runFunc {
	format := fs.String("format", "text", "text or json")
	choices(fs, "format", "text", "json")
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "rules list", "unknown --format %q (want text or json)", *format)
		}
		lib, err := interp.Bundled()
		if err != nil {
			return failRules(e, "rules list", err)
		}
		if len(args) > 0 {
			if _, err := lib.LoadFiles(args...); err != nil {
				return failRules(e, "rules list", err)
			}
		}
		var infos []bookInfo
		for _, b := range lib.Books() {
			infos = append(infos, cliout.Info(b))
		}
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			enc.Encode(infos)
			return exitOK
		}
		for _, b := range infos {
			title := b.Title.ZH
			if title == "" {
				title = b.Title.EN
			}
			ext := ""
			if b.Extends != "" {
				ext = "  (extends " + b.Extends + ")"
			}
			fmt.Fprintf(e.stdout, "%-13s %4d  %-14s %s%s\n", b.ID, b.Year, b.Status, title, ext)
		}
		return exitOK
	}
}

func rulesCheck(fs *pflag.FlagSet) runFunc {
	return func(e *env, args []string) int {
		if len(args) == 0 {
			return usageErr(e, "rules check", "give one or more rule-set files")
		}
		lib, err := interp.Bundled()
		if err != nil {
			return failRules(e, "rules check", err)
		}
		// The files are loaded together: they may extend one another.
		var books []*interp.Book
		if slices.Contains(args, "-") {
			if len(args) > 1 {
				return usageErr(e, "rules check", "- (standard input) must be the only file")
			}
			var b *interp.Book
			var data []byte
			data, err = io.ReadAll(stdinSource)
			if err == nil {
				data, _, err = record.DecodeText(data, "")
			}
			if err != nil {
				return fail(e, "rules check", fmt.Errorf("standard input: %w", err))
			}
			if b, err = lib.LoadBytes("stdin", "-", data); err == nil {
				books = []*interp.Book{b}
			}
		} else {
			books, err = lib.LoadFiles(args...)
		}
		if err != nil {
			if el, ok := err.(interp.ErrorList); ok {
				fmt.Fprintln(e.stderr, el.Detail())
				fmt.Fprintf(e.stderr, "%d error(s); nothing loaded\n", len(el))
				return exitFailed
			}
			return fail(e, "rules check", err)
		}
		for _, b := range books {
			fmt.Fprintf(e.stdout, "%s: ok — rule set %q: %d move rules, %d patterns, %d verdict rows\n",
				b.File, b.ID, len(b.Moves), len(b.Patterns), len(b.Verdict))
		}
		return exitOK
	}
}

func rulesShow(fs *pflag.FlagSet) runFunc {
	return func(e *env, args []string) int {
		if len(args) != 1 {
			return usageErr(e, "rules show", "give one rule set")
		}
		lib, err := interp.Bundled()
		if err != nil {
			return failRules(e, "rules show", err)
		}
		books, err := lib.Select(args[0])
		if err != nil {
			return failRules(e, "rules show", err)
		}
		b := books[0]
		w := e.stdout
		var title []string
		for _, t := range []string{b.Title.ZH, b.Title.EN} {
			if t = strings.TrimSpace(t); t != "" {
				title = append(title, t)
			}
		}
		if len(title) == 0 {
			title = []string{"(no title)"}
		}
		fmt.Fprintf(w, "%s — %s (%d, %s)\n", b.ID, strings.Join(title, " / "), b.Year, b.Status)
		if b.Extends != "" {
			fmt.Fprintf(w, "extends %s\n", b.Extends)
		}
		if b.Summary != "" {
			fmt.Fprintf(w, "%s\n", b.Summary)
		}
		p := b.Params
		fmt.Fprintf(w, "\nparams: 车 %d 马 %d 炮 %d 士 %d 象 %d 兵 %d 过河兵 %d; pawn trades no gain %v; mate depth %d, quiet mate %v; repetitions %d\n",
			p.Rook, p.Horse, p.Cannon, p.Advisor, p.Elephant, p.Pawn, p.CrossedPawn, p.PawnTradeNoGain, p.MateDepth, p.QuietMate, b.Repetitions)
		var labels []string
		for _, l := range b.Labels {
			s := l.Name
			if l.Attack {
				s += "*"
			}
			labels = append(labels, s)
		}
		fmt.Fprintf(w, "labels (heaviest first, * = attack): %s; default %s\n", strings.Join(labels, " > "), b.DefaultLabel)
		fmt.Fprintln(w, "\nmove rules:")
		for _, r := range b.Moves {
			what := "→ " + r.Label
			if len(r.Exempt) > 0 {
				what = "exempts " + strings.Join(r.Exempt, " ")
			}
			forw := ""
			if r.For != "" {
				forw = " for each of " + r.For
			}
			fmt.Fprintf(w, "  %-34s %-14s%s: %s  [%s, %s]\n", r.ID, what, forw, oneLine(r.When()), r.Cite, r.Status)
		}
		fmt.Fprintln(w, "\npatterns (per side):")
		for _, p := range b.Patterns {
			fmt.Fprintf(w, "  %-20s %s  [%s, %s]\n", p.Name, oneLine(p.When()), p.Cite, p.Status)
		}
		fmt.Fprintln(w, "\nverdict (first row that holds, tried with side = red then black):")
		for _, r := range b.Verdict {
			fmt.Fprintf(w, "  %-30s %-16s %s  [%s, %s]\n", r.ID, r.Then, oneLine(r.When()), r.Cite, r.Status)
		}
		return exitOK
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
