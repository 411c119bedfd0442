package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/corpus"
)

// --format parquet -o DIR: a row per cycle, read back equal to the cycles
// of --format jsonl; the summary line beside it, equal to jsonl's.
func TestScanParquet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	text, errs, st := xq(t, "scan", "--rules", "in-force,11,ko", "--format", "parquet", "-o", dir, scanSample)
	require.Equal(t, exitOK, st, errs)
	assert.Contains(t, text, "4 games, 4 cycles")
	jl, errs, st := xq(t, "scan", "--rules", "in-force,11,ko", "--format", "jsonl", scanSample)
	require.Equal(t, exitOK, st, errs)
	_, lines := jsonlLines(t, jl)

	rows, err := parquet.ReadFile[corpus.ParquetCycle](filepath.Join(dir, "cycles.parquet"))
	require.NoError(t, err)
	require.Len(t, rows, 4)
	for i, r := range rows {
		var c scanCycle
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &c))
		want := corpus.ParquetRow(&c)
		for j := range want.Rulings {
			if want.Rulings[j].Labels == nil {
				want.Rulings[j].Labels = []string{} // an empty list reads back empty, not null
			}
		}
		assert.Equal(t, want, r, "cycle %d", i)
	}
	assert.Equal(t, "in-force", rows[0].Rulings[0].Ruleset)
	assert.Equal(t, "11", rows[0].Rulings[1].Book)

	sum, err := os.ReadFile(filepath.Join(dir, "summary.jsonl"))
	require.NoError(t, err)
	assert.JSONEq(t, lines[len(lines)-1], string(sum))
	merged, errs, st := xq(t, "scan-merge", "--format", "jsonl", filepath.Join(dir, "summary.jsonl"))
	require.Equal(t, exitOK, st, errs)
	assert.JSONEq(t, lines[len(lines)-1], merged, "scan-merge reads the summary file")

	// A rerun overwrites its own files.
	_, errs, st = xq(t, "scan", "--rules", "11", "--format", "parquet", "-o", dir, scanSample)
	require.Equal(t, exitOK, st, errs)
	assert.Equal(t, []string{"cycles.parquet", "summary.jsonl"}, dirNames(t, dir))
	// The shards of one run share a directory (and a rerun of one of them
	// overwrites its files); an unsharded run's files there are another's.
	shards := filepath.Join(t.TempDir(), "shards")
	for _, k := range []string{"1/2", "2/2", "2/2"} {
		_, errs, st = xq(t, "scan", "--rules", "11", "--shard", k, "--format", "parquet", "-o", shards, scanSample)
		require.Equal(t, exitOK, st, errs)
	}
	assert.Equal(t, []string{"cycles-1-of-2.parquet", "cycles-2-of-2.parquet", "summary-1-of-2.jsonl", "summary-2-of-2.jsonl"},
		dirNames(t, shards))
	n := 0
	for _, k := range []string{"1", "2"} {
		rows, err := parquet.ReadFile[corpus.ParquetCycle](filepath.Join(shards, "cycles-"+k+"-of-2.parquet"))
		require.NoError(t, err)
		n += len(rows)
	}
	assert.Equal(t, 4, n, "the shards' rows are every cycle once")
	_, errs, st = xq(t, "scan", "--rules", "11", "--shard", "1/3", "--format", "parquet", "-o", shards, scanSample)
	assert.Equal(t, exitFailed, st, "shards of another N: another run's")
	assert.Contains(t, errs, "holds other files")

	// A directory that holds other files is refused unless --force.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
	_, errs, st = xq(t, "scan", "--rules", "11", "--format", "parquet", "-o", dir, scanSample)
	assert.Equal(t, exitFailed, st)
	assert.Contains(t, errs, "holds other files (notes.txt)")
	assert.Contains(t, errs, "--force")
	_, errs, st = xq(t, "scan", "--rules", "11", "--format", "parquet", "-o", dir, "--force", scanSample)
	assert.Equal(t, exitOK, st, errs)
	assert.Contains(t, dirNames(t, dir), "notes.txt", "--force deletes nothing")

	for _, args := range [][]string{
		{"--format", "parquet", scanSample},
		{"--format", "jsonl", "-o", dir, scanSample},
	} {
		_, errs, st := xq(t, append([]string{"scan"}, args...)...)
		assert.Equal(t, exitUsage, st, "%v: %s", args, errs)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
