package main

import (
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Flags may follow the files, as the README writes them (issue 15: the old
// parser took "--rules 11 --cycles first" for three more files).
func TestFlagsAnywhere(t *testing.T) {
	before, errs, st := xq(t, "scan", "--rules", "11", "--cycles", "first", "--quiet", scanSample)
	require.Equal(t, exitOK, st, errs)
	after, errs, st := xq(t, "scan", scanSample, "--rules", "11", "--cycles", "first", "--quiet")
	require.Equal(t, exitOK, st, errs)
	assert.Equal(t, before, after)
	assert.Contains(t, after, "4 games, 4 cycles (first), 0 bad games")
	assert.Contains(t, after, "\n11 ")
	assert.NotContains(t, after, "\nasian ")
}

// "--" ends the flags: a file may be named like a flag.
func TestDoubleDashEndsFlags(t *testing.T) {
	out, _, st := xq(t, "scan", "--rules", "11", "--", "--quiet")
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, out, "--quiet: cannot open", "the word after -- is a file")
	out, _, st = xq(t, "notation", "--to", "wxf", "--", "h2e2")
	assert.Equal(t, exitOK, st)
	assert.Equal(t, "C2=5\n", out)
}

// A bad command line is a usage error (exit 2) that names the flag, on
// standard error, whatever the command.
func TestUsageErrorsNameTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"scan", scanSample, "--nonsense"}, "unknown flag: --nonsense"},
		{[]string{"judge", "-x"}, "unknown shorthand flag: 'x' in -x"},
		{[]string{"scan", scanSample, "--rules"}, "flag needs an argument: --rules"},
		{[]string{"scan", "-j", "many", scanSample}, `invalid argument "many" for "-j, --jobs"`},
		{[]string{"rules", "list", "--format"}, "flag needs an argument: --format"},
		{[]string{"nosuchcommand"}, `unknown command "nosuchcommand"`},
		{[]string{"convert", "--encoding", "ebcdic", scanSample}, "--encoding"},
	} {
		out, errs, st := xq(t, tc.args...)
		assert.Equal(t, exitUsage, st, "%v", tc.args)
		assert.Contains(t, errs, tc.want, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
	}
}

// Every command's --help has the same layout, on standard output, exit 0.
func TestHelpLayout(t *testing.T) {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, args := range [][]string{{n, "--help"}, {"help", n}, {n, "-h"}} {
			out, errs, st := xq(t, args...)
			assert.Equal(t, exitOK, st, "%v: %s", args, errs)
			assert.True(t, strings.HasPrefix(out, "Usage: xqrules "+n+" "), "%v: %q", args, out)
			assert.Contains(t, out, commands[n].summary, "%v", args)
			assert.Contains(t, out, "\nFlags:\n", "%v", args)
			assert.Contains(t, out, "-h, --help", "%v", args)
		}
	}
	out, _, st := xq(t, "--help")
	assert.Equal(t, exitOK, st)
	assert.True(t, strings.HasPrefix(out, "Usage: xqrules "), out)
	for _, n := range names {
		assert.Contains(t, out, "\n  "+n+" ", n)
	}
	_, errs, st := xq(t)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "Usage: xqrules ")
}

func TestVersion(t *testing.T) {
	out, _, st := xq(t, "--version")
	assert.Equal(t, exitOK, st)
	assert.True(t, strings.HasPrefix(out, "xqrules "), out)
}

// completion writes a script for each shell; the script's completions
// come from __complete, which knows the book ids and the values of --format.
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		out, errs, st := xq(t, "completion", sh)
		assert.Equal(t, exitOK, st, errs)
		assert.Contains(t, out, "xqrules", sh)
	}
	out, _, st := xq(t, "__complete", "scan", "--rules", "")
	assert.Equal(t, exitOK, st)
	lines := strings.Split(out, "\n")
	// The bundled books README.md names.
	for _, id := range []string{"all", "11", "20", "asian", "ko"} {
		assert.Contains(t, lines, id)
	}
	out, _, _ = xq(t, "__complete", "judge", "--rules", "11,as")
	assert.Contains(t, strings.Split(out, "\n"), "11,asian")
	out, _, _ = xq(t, "__complete", "judge", "--format", "")
	assert.Equal(t, []string{"text", "json", "jsonl", "html"}, strings.Split(out, "\n")[:4])
	out, _, _ = xq(t, "__complete", "scan", "tests.jsonl", "--format", "")
	assert.Equal(t, []string{"text", "jsonl", "json"}, strings.Split(out, "\n")[:3])
	out, _, _ = xq(t, "__complete", "rules", "show", "")
	assert.Contains(t, strings.Split(out, "\n"), "asian")
}

// A command in the older form (run parses its own arguments with
// newFlags/parseFlags) still runs: it gets the whole command line, its
// own --help and its own status.
func TestOlderFormCommand(t *testing.T) {
	register(&command{name: "legacy-test", summary: "a command in the older form", run: func(e *env, args []string) int {
		fs := newFlags(e, "legacy-test", "[--n N] WORD…")
		n := fs.Int("n", 1, "how many times")
		if st, ok := parseFlags(e, fs, args); !ok {
			return st
		}
		for range *n {
			e.stdout.Write([]byte(strings.Join(fs.Args(), " ") + "\n"))
		}
		return 3
	}})
	t.Cleanup(func() { delete(commands, "legacy-test") })
	out, _, st := xq(t, "legacy-test", "--n", "2", "a", "b")
	assert.Equal(t, 3, st)
	assert.Equal(t, "a b\na b\n", out)
	out, _, st = xq(t, "legacy-test", "--help")
	assert.Equal(t, exitOK, st)
	assert.Contains(t, out, "Usage: xqrules legacy-test [--n N] WORD…")
	_, errs, st := xq(t, "legacy-test", "--bad")
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "-bad")
}

// -j is --jobs on every command that judges or replays in parallel.
func TestJobsShorthand(t *testing.T) {
	for _, c := range []string{"cases", "casebook", "replay", "scan", "diff"} {
		out, _, st := xq(t, c, "--help")
		assert.Equal(t, exitOK, st, c)
		assert.Contains(t, out, "-j, --jobs", c)
	}
}

// Issue 25, item 6: a flag's bad value is said without Go internals.
func TestFlagValueErrorsWithoutGoInternals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--depth", "abc"}, `invalid argument "abc" for "--depth" flag: want a whole number`},
		{[]string{"divide", "--depth=1.5"}, `invalid argument "1.5" for "--depth" flag: want a whole number`},
		{[]string{"scan", "-j", "99999999999999999999", scanSample}, `for "-j, --jobs" flag: out of range`},
		{[]string{"scan", "--quiet=maybe", scanSample}, `invalid argument "maybe" for "--quiet" flag: want true or false`},
	} {
		out, errs, st := xq(t, tc.args...)
		assert.Equal(t, exitUsage, st, "%v", tc.args)
		assert.Contains(t, errs, tc.want, "%v", tc.args)
		assert.NotContains(t, errs, "strconv", "%v", tc.args)
		assert.NotContains(t, errs, "Parse", "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
	}
}

// Issue 25, item 10: exit codes as the README says; an edition year names
// its book.
func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
		msg  string
	}{
		{[]string{"notation", "--to", "chinese"}, exitUsage, "no move given"},
		{[]string{"help", "nosuch"}, exitUsage, `unknown help topic "nosuch"`},
		{[]string{"help", "rules", "nosuch"}, exitUsage, `unknown help topic "rules nosuch"`},
		{[]string{"judge", "--rules", "2012", "--moves", "h2e2"}, exitUsage, `no rule set "2012"`},
		{[]string{"scan", "--rules", "nosuch", scanSample}, exitUsage, `no rule set "nosuch"`},
		{[]string{"judge", "--format", "xml", "--moves", "h2e2"}, exitUsage, `unknown --format "xml"`},
		{[]string{"judge", "--rules", "./nosuch.yaml", "--moves", "h2e2"}, exitFailed, "nosuch.yaml"},
	} {
		out, errs, st := xq(t, tc.args...)
		assert.Equal(t, tc.want, st, "%v", tc.args)
		assert.Contains(t, errs, tc.msg, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
	}
	out, errs, st := xq(t, "help", "rules", "list")
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, out, "Usage: xqrules rules list")

	for year, id := range map[string]string{"1979": "79", "1987": "87", "1999": "99", "2011": "11", "2020": "20"} {
		out, errs, st := xq(t, "judge", "--format", "json", "--rules", year, "--fen", fig06FEN, "--moves", fig06Moves)
		require.Equal(t, exitOK, st, errs)
		assert.Contains(t, out, `"ruleset": "`+id+`"`, year)
	}
}

// Issue 25, item 11: the rough edges a new user met.
func TestRoughEdges(t *testing.T) {
	out, _, st := xq(t, "judge", "--help")
	require.Equal(t, exitOK, st)
	first, _, _ := strings.Cut(out, "\n")
	assert.Contains(t, first, "text|json|jsonl|html", "the usage line names every format")

	_, errs, st := xq(t)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "\n  completion ")
	assert.Contains(t, errs, "\n  help ")

	_, errs, st = xq(t, "scan", "--shard", "1/0", scanSample)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "--shard 1/0: N, the number of shares, must be 1 or more")

	draft := writeFile(t, "draft.yaml", "title: {en: A draft}\nyear: 2024\nstatus: draft\nextends: \"11\"\n")
	out, errs, st = xq(t, "rules", "show", draft)
	require.Equal(t, exitOK, st, errs)
	assert.True(t, strings.HasPrefix(out, "draft — A draft (2024, draft)\n"), out)
	blank := writeFile(t, "blank.yaml", "title: {en: \" \"}\nyear: 2024\nstatus: draft\nextends: \"11\"\n")
	_, errs, st = xq(t, "rules", "show", blank)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "title needs zh or en")

	// 2020 图2: a threat with no line.
	out, errs, st = xq(t, "facts", "--fen", "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w", "--moves", "h6i4 i9h9 i4h6 h9i9")
	require.Equal(t, exitOK, st, errs)
	for _, l := range strings.Split(out, "\n") {
		assert.NotEqual(t, "line", strings.TrimSpace(l), "no empty line is printed")
	}

	text := writeFile(t, "XQF.TXT", "XQF notes\nThis is about XQF files. 1. Download it.\n2. Open it 1-0\n3. Read it 1-0\n4. Close it 1-0\n")
	out, errs, st = xq(t, "replay", text)
	assert.Equal(t, exitFailed, st, errs)
	assert.Equal(t, 1, strings.Count(out, "XQF.TXT:"), out)
	assert.Contains(t, out, "XQF.TXT: not a record file")
	assert.Contains(t, out, "games 0, plies 0, errors 1")
	out, _, st = xq(t, "replay", text, recordFixture("big5.pgn"))
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, out, "games 1, plies 2, errors 1")
}

// --version is never a bare "devel" where anything better is known.
func TestVersionFallback(t *testing.T) {
	out, _, st := xq(t, "--version")
	assert.Equal(t, exitOK, st)
	assert.NotEqual(t, "xqrules devel\n", out)
	assert.Equal(t, "v1.2.0", versionOf("v1.2.0", nil, false))
	bi := &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}}
	assert.Equal(t, "devel (go1.26, built without version control information: go run, or -buildvcs=false)", versionOf("", bi, true))
	bi.Settings = []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}
	assert.Equal(t, "devel (0123456789ab 2026-01-02T03:04:05Z, modified)", versionOf("", bi, true))
	bi.Main.Version = "v0.0.0-20260102030405-0123456789ab"
	assert.Equal(t, bi.Main.Version, versionOf("", bi, true))
}
