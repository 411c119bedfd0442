package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
)

func init() {
	register(&command{name: "scan-merge", summary: "add up the summaries of scan --format jsonl outputs (the shards of one run) into the summary one run prints",
		synopsis: "[--format text|jsonl|json|html] [-o OUT] FILE…", help: scanMergeHelp, flags: runScanMerge, output: true})
}

// scanMergeHelp is what --help says of the command.
const scanMergeHelp = `Reads the outputs of scan --format jsonl (for instance of scan --shard 1/3, 2/3
and 3/3 run on three machines) and prints the summary a single run over all the
games prints: games, cycles, bad games and every book's counts added up. Each
file must end with its summary line; a file without one (a run killed, a full
disk) is refused, naming the file and its last line. The files must share the
--cycles mode and the rule sets; sharded outputs must be the N shards of one
run, each once.
Exit status: 0 ok, 1 a file refused, any bad game or ruling error in the
summaries (as scan's), 2 bad usage.`

func runScanMerge(fs *pflag.FlagSet) runFunc {
	format := fs.String("format", "text", "text (scan's summary table), jsonl (scan's summary line), json, or html (the report scan --html writes)")
	choices(fs, "format", "text", "jsonl", "json", "html")
	return func(e *env, args []string) int {
		switch *format {
		case "text", "jsonl", "json", "html":
		default:
			return usageErr(e, "scan-merge", "unknown --format %q (want text, jsonl, json or html)", *format)
		}
		if len(args) == 0 {
			return usageErr(e, "scan-merge", "no file given (the outputs of scan --format jsonl)")
		}
		var tot *scanTotals
		first := ""
		shards := map[string]string{} // shard → file
		n := 0
		for _, path := range args {
			t, err := readScanSummary(path)
			if err != nil {
				return fail(e, "scan-merge", err)
			}
			shardSpec := t.Shard
			if tot == nil {
				tot, first = t, path
				tot.Shard = "" // the merged summary is the whole run's
			} else if err := tot.merge(t); err != nil {
				return fail(e, "scan-merge", fmt.Errorf("%s: %w than %s", path, err, first))
			}
			if shardSpec != "" {
				sh, err := parseShard(shardSpec)
				if err != nil {
					return fail(e, "scan-merge", fmt.Errorf("%s: %w", path, err))
				}
				if n != 0 && sh.n != n {
					return fail(e, "scan-merge", fmt.Errorf("%s: shard %s is not one of %d like the others", path, shardSpec, n))
				}
				n = sh.n
				if other, dup := shards[shardSpec]; dup {
					return fail(e, "scan-merge", fmt.Errorf("%s: shard %s given twice (%s)", path, shardSpec, other))
				}
				shards[shardSpec] = path
			}
		}
		status := exitOK
		if n > 0 && len(shards) < n {
			var missing []string
			for k := 1; k <= n; k++ {
				if s := fmt.Sprintf("%d/%d", k, n); shards[s] == "" {
					missing = append(missing, s)
				}
			}
			fmt.Fprintf(e.stderr, "xqrules scan-merge: shards %s missing: the summary covers %d of %d shards\n", strings.Join(missing, ", "), len(shards), n)
			status = exitFailed
		}
		switch *format {
		case "text":
			writeScanSummary(e.stdout, tot)
		case "html":
			if err := htmlreport.WriteScan(e.stdout, tot.htmlSummary(args)); err != nil {
				return fail(e, "scan-merge", err)
			}
		default:
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			if *format == "json" {
				enc.SetIndent("", "  ")
			}
			if err := enc.Encode(tot); err != nil {
				return fail(e, "scan-merge", err)
			}
		}
		if tot.failed() {
			status = exitFailed
		}
		return status
	}
}

// merge adds u's counts to t's; the two must be summaries of the same
// kind of run (mode, rule sets). The error completes "FILE: … than FILE0".
func (t *scanTotals) merge(u *scanTotals) error {
	if u.Mode != t.Mode {
		return fmt.Errorf("--cycles %s: another mode (%s)", u.Mode, t.Mode)
	}
	ids := func(s []scanSummary) []string {
		var out []string
		for _, x := range s {
			out = append(out, x.Ruleset)
		}
		return out
	}
	if !slices.Equal(ids(u.Summary), ids(t.Summary)) {
		return fmt.Errorf("rule sets %s: other rule sets (%s)", strings.Join(ids(u.Summary), ","), strings.Join(ids(t.Summary), ","))
	}
	t.Games += u.Games
	t.Cycles += u.Cycles
	t.BadGames += u.BadGames
	for i := range t.Summary {
		a, b := &t.Summary[i], &u.Summary[i]
		a.RedMustVary += b.RedMustVary
		a.BlackMustVary += b.BlackMustVary
		a.Draw += b.Draw
		a.Errors += b.Errors
		a.Decisive += b.Decisive
		a.LoserMustVary += b.LoserMustVary
	}
	if len(u.Agreement) != len(t.Agreement) {
		return fmt.Errorf("an agreement matrix of %d books: another shape (%d)", len(u.Agreement), len(t.Agreement))
	}
	for i, row := range u.Agreement {
		if len(row) != len(t.Agreement[i]) {
			return fmt.Errorf("an agreement matrix with a row of %d: another shape (%d)", len(row), len(t.Agreement[i]))
		}
		for j, n := range row {
			t.Agreement[i][j] += n
		}
	}
	return nil
}

// summaryPrefix starts the summary line scan writes (its first field).
var summaryPrefix = []byte(`{"type":"summary"`)

// readScanSummary reads a scan --format jsonl output and returns its
// summary, its last line; an output without one is refused.
func readScanSummary(path string) (*scanTotals, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var sum *scanTotals
	sumLine, lineNo := 0, 0
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			lineNo++
			if line[len(line)-1] != '\n' {
				return nil, fmt.Errorf("%s:%d: the last line is cut short (no newline): the output is truncated", path, lineNo)
			}
			if sum != nil && len(bytes.TrimSpace(line)) > 0 {
				return nil, fmt.Errorf("%s:%d: a line after the summary (line %d): not one scan's output", path, lineNo, sumLine)
			}
			if bytes.HasPrefix(line, summaryPrefix) {
				sum = &scanTotals{}
				if err := json.Unmarshal(line, sum); err != nil {
					return nil, fmt.Errorf("%s:%d: summary: %v", path, lineNo, err)
				}
				sumLine = lineNo
			} else if lineNo == 1 && !bytes.HasPrefix(line, []byte(`{"type":`)) {
				return nil, fmt.Errorf("%s:1: not an output of scan --format jsonl", path)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, lineNo+1, err)
		}
	}
	if sum == nil {
		if lineNo == 0 {
			return nil, fmt.Errorf("%s: empty: no summary line (the output is truncated, or not scan's)", path)
		}
		return nil, fmt.Errorf("%s:%d: the output ends without its summary line: it is truncated (a run stopped, a full disk)", path, lineNo)
	}
	return sum, nil
}
