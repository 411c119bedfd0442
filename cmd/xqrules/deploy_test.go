package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/corpus"
	"github.com/xqrules/xqrules/position/record"
)

// deployCorpus: the records the tests run the shards over.
var deployCorpus = []string{recordFixture("ccpd_scan_sample.jsonl"), recordFixture("ccpd_sample.jsonl"),
	recordFixture("ccpd_repetition_sample.jsonl"), recordFixture("famous_sample.jsonl"), recordFixture("wukong_sample.pgn")}

// coverOnce checks that the shards the environments give cover every
// record of the corpus exactly once.
func coverOnce(t *testing.T, envs []map[string]string) {
	t.Helper()
	var shards []corpus.Shard
	for _, env := range envs {
		sh, err := corpus.ShardFromEnv("auto", func(k string) string { return env[k] })
		require.NoError(t, err, "%v", env)
		shards = append(shards, sh)
	}
	games := 0
	for _, f := range deployCorpus {
		r, err := record.Open(f)
		require.NoError(t, err)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			games++
			n := 0
			for _, sh := range shards {
				if sh.Has(g, err) {
					n++
				}
			}
			assert.Equal(t, 1, n, "%s#%d is in %d shards", f, games, n)
		}
		r.Close()
	}
	assert.Greater(t, games, 10)
}

// The Kubernetes Indexed Job: its pods (JOB_COMPLETION_INDEX 0 … completions-1,
// with the XQRULES_SHARD_COUNT the manifest sets) cover every game once, and
// the command it runs scans with --shard auto into Parquet.
func TestDeployKubernetesJob(t *testing.T) {
	data, err := os.ReadFile("../../deploy/kubernetes/scan-job.yaml")
	require.NoError(t, err)
	var job struct {
		Kind string
		Spec struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int
			Template       struct {
				Spec struct {
					Containers []struct {
						Command []string
						Args    []string
						Env     []struct{ Name, Value string }
					}
				}
			}
		}
	}
	require.NoError(t, yaml.Unmarshal(data, &job))
	assert.Equal(t, "Job", job.Kind)
	assert.Equal(t, "Indexed", job.Spec.CompletionMode)
	require.Len(t, job.Spec.Template.Spec.Containers, 1)
	c := job.Spec.Template.Spec.Containers[0]
	args := strings.Join(append(c.Command, c.Args...), " ")
	assert.Contains(t, args, "xqrules scan ")
	assert.Contains(t, args, "--shard auto")
	assert.Contains(t, args, "--format parquet -o /out")
	count := ""
	for _, e := range c.Env {
		if e.Name == corpus.EnvCount {
			count = e.Value
		}
	}
	assert.Equal(t, strconv.Itoa(job.Spec.Completions), count, "XQRULES_SHARD_COUNT must equal completions")
	var envs []map[string]string
	for i := range job.Spec.Completions {
		envs = append(envs, map[string]string{corpus.EnvIndex: strconv.Itoa(i), corpus.EnvCount: count})
	}
	coverOnce(t, envs)

	// Run the pods' command (on the test corpus, into a temporary
	// directory): every game is scanned once across them.
	out := t.TempDir()
	games := 0
	for _, env := range envs {
		for k, v := range env {
			t.Setenv(k, v)
		}
		run := []string{}
		for i := 1; i < len(c.Args); i++ { // after "scan"
			switch a := c.Args[i]; {
			case strings.HasPrefix(a, "/data/"):
				run = append(run, deployCorpus...)
			case a == "/out":
				run = append(run, out)
			default:
				run = append(run, a)
			}
		}
		_, errs, _ := xq(t, append([]string{"scan"}, run...)...)
		require.NotContains(t, errs, "--shard auto:", errs)
		sh, err := corpus.ShardFromEnv("auto", os.Getenv)
		require.NoError(t, err)
		sum, err := corpus.ReadSummary(filepath.Join(out, corpus.SummaryName(sh)))
		require.NoError(t, err)
		games += sum.Games
	}
	total, _, _ := xq(t, append([]string{"scan", "--rules", "11", "--format", "jsonl"}, deployCorpus...)...)
	_, lines := jsonlLines(t, total)
	var whole scanTotals
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &whole))
	assert.Equal(t, whole.Games, games)
	assert.Greater(t, games, 10)
}

// The Slurm job array: its tasks (SLURM_ARRAY_TASK_ID over --array=A-B,
// with the SLURM_ARRAY_TASK_COUNT and _MIN Slurm sets) cover every game once.
func TestDeploySlurmArray(t *testing.T) {
	f, err := os.Open("../../deploy/slurm/scan.sbatch")
	require.NoError(t, err)
	defer f.Close()
	arrayRe := regexp.MustCompile(`^#SBATCH --array=(\d+)-(\d+)$`)
	lo, hi := -1, -1
	var script strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := arrayRe.FindStringSubmatch(sc.Text()); m != nil {
			lo, _ = strconv.Atoi(m[1])
			hi, _ = strconv.Atoi(m[2])
		}
		script.WriteString(sc.Text() + "\n")
	}
	require.GreaterOrEqual(t, lo, 0, "an #SBATCH --array=A-B line")
	assert.Contains(t, script.String(), "xqrules scan ")
	assert.Contains(t, script.String(), "--shard auto --format parquet -o")
	n := hi - lo + 1
	var envs []map[string]string
	for id := lo; id <= hi; id++ {
		envs = append(envs, map[string]string{corpus.EnvSlurmID: strconv.Itoa(id), corpus.EnvSlurmCount: strconv.Itoa(n),
			corpus.EnvSlurmMin: strconv.Itoa(lo)})
	}
	coverOnce(t, envs)
}

// Outside a scheduler, --shard auto names the variables it looked for.
func TestScanShardAutoOutside(t *testing.T) {
	for _, k := range []string{corpus.EnvIndex, corpus.EnvCount, corpus.EnvSlurmID, corpus.EnvSlurmCount} {
		t.Setenv(k, "")
	}
	_, errs, st := xq(t, "scan", "--rules", "11", "--shard", "auto", scanSample)
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, errs, "looked for JOB_COMPLETION_INDEX")
	assert.Contains(t, errs, "SLURM_ARRAY_TASK_ID")
}
