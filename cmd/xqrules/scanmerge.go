package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/corpus"
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
			t, err := corpus.ReadSummary(path)
			if err != nil {
				return fail(e, "scan-merge", err)
			}
			shardSpec := t.Shard
			if tot == nil {
				tot, first = t, path
				tot.Shard = "" // the merged summary is the whole run's
			} else if err := tot.Merge(t); err != nil {
				return fail(e, "scan-merge", fmt.Errorf("%s: %w than %s", path, err, first))
			}
			if shardSpec != "" {
				sh, err := corpus.ParseShard(shardSpec)
				if err != nil {
					return fail(e, "scan-merge", fmt.Errorf("%s: %w", path, err))
				}
				if n != 0 && sh.N() != n {
					return fail(e, "scan-merge", fmt.Errorf("%s: shard %s is not one of %d like the others", path, shardSpec, n))
				}
				n = sh.N()
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
			if err := htmlreport.WriteScan(e.stdout, htmlSummary(tot, args)); err != nil {
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
		if tot.Failed() {
			status = exitFailed
		}
		return status
	}
}
