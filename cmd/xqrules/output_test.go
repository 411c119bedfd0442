package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// samplePGN is a small record to convert.
const samplePGN = `[Game "Chinese Chess"]
[Result "*"]

1. h2e2 h9g7
*
`

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// dirEntries lists a directory: a run must leave no temporary file behind.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, d := range des {
		out = append(out, d.Name())
	}
	return out
}

// Issue 25, item 1: an output that is one of the inputs is refused (exit 2)
// and the input is left as it was, through any path to it.
func TestOutputIsAnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	require.NoError(t, os.WriteFile(in, []byte(samplePGN), 0o644))
	link := filepath.Join(dir, "link.pgn")
	require.NoError(t, os.Symlink(in, link))
	cases := writeFile(t, "cases.yaml", casebookFile)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"convert", "--to", "pgn", "-o", "in.pgn", "in.pgn"},
		{"convert", "--to", "pgn", "-o", "./in.pgn", in},
		{"convert", "--to", "jsonl", "--output", in, "link.pgn"},
		{"convert", "--to", "pgn", "-o", "link.pgn", "in.pgn"},
		{"scan", "--rules", "11", "-o", "in.pgn", "in.pgn"},
		{"scan", "--rules", "11", "--html", "in.pgn", "in.pgn"},
		{"scan", "--rules", "11", "--cpuprofile", "./in.pgn", "in.pgn"},
		{"casebook", "-o", cases, cases},
		{"judge", "--rules", "11", "--format", "html", "-o", "in.pgn", "in.pgn"},
		{"replay", "-o", "link.pgn", "in.pgn"},
	} {
		stdout, errs, st := xq(t, args...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
		assert.Contains(t, errs, "refused, it would be overwritten while it is read", "%v", args)
		assert.Empty(t, stdout, "%v", args)
		assert.Equal(t, samplePGN, readFile(t, in), "%v", args)
	}
	assert.Equal(t, casebookFile, readFile(t, cases))
	assert.ElementsMatch(t, []string{"in.pgn", "link.pgn"}, dirEntries(t, dir))
}

// Issue 25, item 2: a run that fails or finds nothing leaves an existing
// output as it was; a run that succeeds replaces it whole.
func TestFailedRunKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	const old = "precious\n"
	empty := filepath.Join(dir, "empty.pgn")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	binary := filepath.Join(dir, "binary.pgn")
	require.NoError(t, os.WriteFile(binary, []byte{0, 1, 2, 0xff, 0xfe, 0, 7}, 0o644))
	cases := writeFile(t, "cases.yaml", casebookFile)
	for _, args := range [][]string{
		{"convert", "--to", "pgn", "-o", out, filepath.Join(dir, "nosuch.pgn")},
		{"convert", "--to", "pgn", "-o", out, empty},
		{"convert", "--to", "pgn", "-o", out, binary},
		{"convert", "--to", "pgn", "-o", out, recordFixture("big5.pgn"), filepath.Join(dir, "nosuch.pgn")},
		{"casebook", "-o", out, filepath.Join(dir, "nosuch.yaml")},
		{"casebook", "-o", out, cases, filepath.Join(dir, "nosuch.yaml")},
		{"casebook", "--rules", "nosuch", "-o", out, cases},
		{"scan", "--format", "nosuch", "-o", out, scanSample},
		{"judge", "--rules", "nosuch", "-o", out, "--moves", fig06Moves},
		{"judge", "--fen", "9/9/9 w", "-o", out, "--moves", fig06Moves},
		{"facts", "--fen", fig06FEN, "--moves", "h2e2", "-o", out},
	} {
		require.NoError(t, os.WriteFile(out, []byte(old), 0o644))
		_, errs, st := xq(t, args...)
		assert.NotEqual(t, exitOK, st, "%v", args)
		assert.Contains(t, errs, out+" not written", "%v", args)
		assert.Equal(t, old, readFile(t, out), "%v", args)
		assert.ElementsMatch(t, []string{"out.txt", "empty.pgn", "binary.pgn"}, dirEntries(t, dir), "%v", args)
	}

	_, errs, st := xq(t, "convert", "--to", "jsonl", "-o", out, recordFixture("big5.pgn"))
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, readFile(t, out), `"moves":["h2e2","h9g7"]`)
}

// Issue 25, item 9: every command that writes a document takes -o; the
// file holds what standard output would.
func TestOutputFlagEverywhere(t *testing.T) {
	cases := writeFile(t, "cases.yaml", casebookFile)
	dir := t.TempDir()
	scanOut := filepath.Join(dir, "scan.jsonl")
	_, errs, st := xq(t, "scan", "--rules", "11", "--format", "jsonl", "-o", scanOut, scanSample)
	require.Equal(t, exitOK, st, errs)
	for _, args := range [][]string{
		{"judge", "--rules", "11", "--fen", fig06FEN, "--moves", fig06Moves},
		{"judge", "--rules", "11", "--format", "html", "--fen", fig06FEN, "--moves", fig06Moves},
		{"facts", "--fen", fig06FEN, "--moves", fig06Moves},
		{"scan", "--rules", "11", "--format", "json", scanSample},
		{"scan-merge", "--format", "html", scanOut},
		{"diff", "--rules", "11,87", cases},
		{"score", scanSample},
		{"replay", scanSample},
		{"cases", cases},
		{"rules", "list"},
		{"rules", "show", "11"},
		{"convert", "--to", "pgn", scanSample},
		{"casebook", cases},
	} {
		want, _, st1 := xq(t, args...)
		out := filepath.Join(dir, "out")
		stdout, errs, st2 := xq(t, append(args, "-o", out)...)
		assert.Equal(t, st1, st2, "%v: %s", args, errs)
		assert.Empty(t, stdout, "%v", args)
		got := readFile(t, out)
		if args[0] == "scan" || args[0] == "scan-merge" { // the time taken differs
			assert.Equal(t, len(strings.Split(want, "\n")), len(strings.Split(got, "\n")), "%v", args)
		} else {
			assert.Equal(t, want, got, "%v", args)
		}
		require.NoError(t, os.Remove(out))
	}
}

// Two outputs of one command naming the same file (scan --html X -o X) are
// refused before any work, whichever path names it, and the file is left as
// it was (the follow-up of issue 25).
func TestTwoOutputsOneFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	const old = "precious\n"
	require.NoError(t, os.WriteFile(out, []byte(old), 0o644))
	require.NoError(t, os.Symlink(out, filepath.Join(dir, "link.txt")))
	sample, err := filepath.Abs(scanSample)
	require.NoError(t, err)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"scan", "--rules", "11", "--html", "out.txt", "-o", "out.txt", sample},
		{"scan", "--rules", "11", "--html", "./out.txt", "-o", out, sample},
		{"scan", "--rules", "11", "--html", "link.txt", "-o", "out.txt", sample},
		{"scan", "--rules", "11", "--cpuprofile", "out.txt", "-o", "out.txt", sample},
		{"scan", "--rules", "11", "--html", "new.html", "-o", "./new.html", sample},
	} {
		stdout, errs, st := xq(t, args...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
		assert.Contains(t, errs, "the same file as", "%v", args)
		assert.Empty(t, stdout, "%v", args)
		assert.Equal(t, old, readFile(t, out), "%v", args)
		assert.ElementsMatch(t, []string{"out.txt", "link.txt"}, dirEntries(t, dir), "%v", args)
	}
	// Each its own file: both written.
	_, errs, st := xq(t, "scan", "--rules", "11", "--html", "report.html", "-o", "out.txt", sample)
	require.Equal(t, exitOK, st, errs)
	assert.NotEqual(t, old, readFile(t, out))
	assert.Contains(t, readFile(t, filepath.Join(dir, "report.html")), "<html")
}
