package corpus

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShardFromEnv(t *testing.T) {
	for _, c := range []struct {
		spec string
		env  map[string]string
		want string // K/N, or the start of the error
	}{
		{"auto", map[string]string{EnvIndex: "0", EnvCount: "4"}, "1/4"},
		{"auto", map[string]string{EnvIndex: "3", EnvCount: "4"}, "4/4"},
		{"auto/5", map[string]string{EnvIndex: "2"}, "3/5"},
		{"auto", map[string]string{EnvIndex: "4", EnvCount: "4"}, "error: --shard auto: JOB_COMPLETION_INDEX=4 is not below"},
		{"auto", map[string]string{EnvIndex: "1"}, "error: --shard auto: JOB_COMPLETION_INDEX=1 (a Kubernetes Indexed Job), but the number of shards is not given"},
		{"auto", map[string]string{EnvSlurmID: "0", EnvSlurmCount: "8", EnvSlurmMin: "0"}, "1/8"},
		{"auto", map[string]string{EnvSlurmID: "8", EnvSlurmCount: "8", EnvSlurmMin: "1"}, "8/8"},
		{"auto", map[string]string{EnvSlurmID: "7", EnvSlurmCount: "8"}, "8/8"},
		{"auto", map[string]string{EnvSlurmID: "4", EnvSlurmCount: "3", EnvSlurmMin: "0", EnvSlurmStep: "2"}, "error: --shard auto: SLURM_ARRAY_TASK_STEP=2"},
		{"auto", map[string]string{EnvSlurmID: "x", EnvSlurmCount: "3"}, "error: --shard auto: SLURM_ARRAY_TASK_ID=\"x\" is not a number"},
		{"auto", nil, "error: --shard auto: no scheduler found: looked for JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, with XQRULES_SHARD_COUNT or --shard auto/N) and SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT"},
		{"autox", nil, "error: --shard \"autox\""},
	} {
		sh, err := ShardFromEnv(c.spec, func(k string) string { return c.env[k] })
		if err != nil {
			assert.Contains(t, "error: "+err.Error(), c.want, "%s %v", c.spec, c.env)
			continue
		}
		assert.Equal(t, c.want, sh.String(), "%s %v", c.spec, c.env)
	}
}

func TestOutputNames(t *testing.T) {
	sh, err := NewShard(3, 12)
	require.NoError(t, err)
	assert.Equal(t, "cycles-03-of-12.parquet", ParquetName(sh))
	assert.Equal(t, "summary-03-of-12.jsonl", SummaryName(sh))
	assert.Equal(t, "cycles.parquet", ParquetName(Shard{}))
	for name, ok := range map[string]bool{"cycles-11-of-12.parquet": true, "summary-01-of-12.jsonl": true,
		".cycles-03-of-12-123.html": true, "cycles-1-of-2.parquet": false, "cycles.parquet": false, "notes.txt": false} {
		assert.Equal(t, ok, OutputFile(name, sh), name)
	}
}
