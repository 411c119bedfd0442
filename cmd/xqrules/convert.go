package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

// convertHelp is what --help says of the command.
const convertHelp = `Converts every game of every file — PGN (UTF-8, GBK/GB18030 or Big5; ICCS, WXF or
Chinese moves), JSON Lines, DhtmlXQ, XQF (象棋演播室 1.0-1.8) — to UTF-8 PGN or the
project's JSON Lines, keeping the tags and the comments. A game that cannot be read or
replayed is reported on standard error and skipped; the others are converted.
Exit status: 0 all converted, 1 any game skipped, 2 bad usage.`

func init() {
	register(&command{name: "convert", summary: "convert records (PGN in any encoding or notation, JSON Lines, DhtmlXQ, XQF) to UTF-8 PGN or JSON Lines", synopsis: "--to pgn|jsonl [--notation iccs|chinese|wxf] [--encoding auto|utf-8|gb18030|big5] [-o OUT] FILE…", help: convertHelp, flags: runConvert, output: true})
}

// recordEncoding is the --encoding of the commands that read records
// ("" detects each file's encoding).
var recordEncoding string

// addEncodingFlag adds --encoding to a command that reads record files.
func addEncodingFlag(fs *pflag.FlagSet) {
	recordEncoding = ""
	fs.Func("encoding", "text encoding of the record files: auto (decided per file), utf-8, gb18030 (also gbk, gb2312) or big5 (default auto)", func(s string) error {
		enc, err := record.ParseEncoding(s)
		recordEncoding = enc
		return err
	})
	choices(fs, "encoding", "auto", "utf-8", "gb18030", "big5")
}

// openRecord opens a record file with the --encoding asked for.
func openRecord(path string) (*record.Reader, error) {
	if path == "-" {
		// Standard input: the format is recognised from the content, as for
		// a file.
		r := record.NewReader(stdinSource, "-")
		r.SetEncoding(recordEncoding)
		return r, nil
	}
	r, err := record.Open(path)
	if err == nil {
		r.SetEncoding(recordEncoding)
	}
	return r, err
}

// stdinSource is what a record file named "-" reads: the command's
// standard input (set by run, so tests run in-process).
var stdinSource io.Reader = os.Stdin

func runConvert(fs *pflag.FlagSet) runFunc {
	to := fs.String("to", "", "output format: pgn or jsonl")
	choices(fs, "to", "pgn", "jsonl")
	notation := fs.String("notation", "iccs", "notation of the moves written: iccs, chinese or wxf")
	choices(fs, "notation", "iccs", "chinese", "wxf")
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		if *to != "pgn" && *to != "jsonl" {
			return usageErr(e, "convert", "--to must be pgn or jsonl (got %q)", *to)
		}
		nt, ok := position.NotationByName(*notation)
		if !ok {
			return usageErr(e, "convert", "unknown --notation %q (want iccs, chinese or wxf)", *notation)
		}
		if len(args) == 0 {
			return usageErr(e, "convert", "no file given (see xqrules convert --help)")
		}
		bw := bufio.NewWriter(e.stdout)
		games, skipped := 0, 0
		for _, path := range args {
			r, err := openRecord(path)
			if err != nil {
				// A file missing is no bad game: the output would lack
				// all of its games, and is not written.
				fmt.Fprintf(e.stderr, "xqrules convert: %v\n", err)
				e.spoil()
				skipped++
				continue
			}
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err == nil {
					var rp *record.Replayed
					if rp, err = record.Replay(g); err == nil {
						if *to == "pgn" {
							err = writePGN(bw, rp, nt, games > 0)
						} else {
							err = writeJSONL(bw, rp, nt)
						}
					}
				}
				if err != nil {
					fmt.Fprintf(e.stderr, "xqrules convert: skipped: %v\n", err)
					skipped++
					continue
				}
				games++
			}
			r.Close()
		}
		if err := bw.Flush(); err != nil {
			return fail(e, "convert", err)
		}
		fmt.Fprintf(e.stderr, "xqrules convert: %d games converted, %d skipped\n", games, skipped)
		if games == 0 {
			return fail(e, "convert", errors.New("no game converted"))
		}
		if skipped > 0 {
			return exitFailed
		}
		return exitOK
	}
}

// movesIn writes the moves of a replayed game in a notation.
func movesIn(rp *record.Replayed, nt position.Notation) []string {
	p := rp.Start.Clone()
	out := make([]string, len(rp.Moves))
	for i, m := range rp.Moves {
		out[i] = nt.Encode(p, m)
		p.Make(m)
	}
	return out
}

// pgnTagOrder is the order of the usual tags; the others follow sorted.
var pgnTagOrder = []string{"Game", "Event", "Site", "Date", "Round", "RedTeam", "Red", "BlackTeam", "Black", "Result", "FEN"}

// writePGN writes one game as PGN.
func writePGN(w *bufio.Writer, rp *record.Replayed, nt position.Notation, sep bool) error {
	g := rp.Game
	tags := map[string]string{}
	for k, v := range g.Tags {
		tags[k] = v
	}
	delete(tags, "FEN")
	if g.FEN != "" {
		tags["FEN"] = rp.Start.FEN()
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	tags["Result"] = res
	if _, ok := tags["Game"]; !ok {
		tags["Game"] = "Chinese Chess"
	}
	if sep {
		w.WriteString("\n")
	}
	done := map[string]bool{}
	writeTag := func(k string) {
		v := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", "").Replace(tags[k])
		fmt.Fprintf(w, "[%s \"%s\"]\n", k, v)
		done[k] = true
	}
	for _, k := range pgnTagOrder {
		if _, ok := tags[k]; ok {
			writeTag(k)
		}
	}
	var rest []string
	for k := range tags {
		if !done[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		writeTag(k)
	}
	w.WriteString("\n")
	comment := func(ply int) {
		if c, ok := g.Comments[ply]; ok {
			c = strings.TrimRight(strings.ReplaceAll(c, "\r\n", "\n"), " \r\n")
			w.WriteString("{" + strings.ReplaceAll(c, "}", ")") + "}\n")
		}
	}
	comment(0)
	black := g.StartSide() == position.Black
	for i, m := range movesIn(rp, nt) {
		ply := i + 1
		redMove := (ply%2 == 1) != black
		switch {
		case redMove:
			fmt.Fprintf(w, "%d. %s", g.MoveNumber(ply), m)
		case i == 0 || g.Comments[i] != "":
			fmt.Fprintf(w, "%d... %s", g.MoveNumber(ply), m)
		default:
			w.WriteString(" " + m)
		}
		if _, ok := g.Comments[ply]; ok || !redMove || ply == len(rp.Moves) {
			w.WriteString("\n")
		}
		comment(ply)
	}
	_, err := w.WriteString(res + "\n")
	return err
}

// writeJSONL writes one game as a JSON Lines row: id, fen, moves, result,
// the tags in lower case, the comments by ply.
func writeJSONL(w *bufio.Writer, rp *record.Replayed, nt position.Notation) error {
	g := rp.Game
	row := map[string]any{}
	for k, v := range g.Tags {
		if k == "FEN" || k == "Result" {
			continue
		}
		row[strings.ToLower(k)] = v
	}
	if g.ID != "" {
		row["id"] = g.ID
	}
	row["fen"] = rp.Start.FEN()
	row["moves"] = movesIn(rp, nt)
	if g.Result != "" {
		row["result"] = g.Result
	}
	if len(g.Comments) > 0 {
		cs := map[string]string{}
		for ply, c := range g.Comments {
			cs[strconv.Itoa(ply)] = c
		}
		row["comments"] = cs
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	w.Write(b)
	return w.WriteByte('\n')
}
