package corpus

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/position/record"
)

// Shard is the K-th of N shares of a corpus; the zero Shard is the whole.
// A game belongs to share FNV-1a-64(key) mod N, its key being its record
// id (JSON Lines "id", PGN CCPDPath), or, for a record without one, its
// file's base name and 1-based index ("games.pgn#12"). A record that could
// not be read goes by its id or index likewise; an error that is no game's
// (a file that cannot be opened, a broken gzip stream: [NoGame]) is the
// first shard's, so that merged shards count it once.
type Shard struct{ k, n int } // k 0-based; n 0: no sharding

// NewShard returns share k (1-based) of n.
func NewShard(k, n int) (Shard, error) {
	if n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("--shard %d/%d: K must be from 1 to N (%d)", k, n, n)
	}
	return Shard{k - 1, n}, nil
}

// ParseShard reads "K/N" ("" is the whole corpus); "auto" and "auto/N"
// are read from the scheduler's environment ([ShardFromEnv] with
// os.Getenv).
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	if s == "auto" || strings.HasPrefix(s, "auto/") {
		return ShardFromEnv(s, os.Getenv)
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %s: want K/N, e.g. 2/3 (the 2nd of 3 shares)", excerpt.Quote(s))
	}
	if n < 1 {
		return Shard{}, fmt.Errorf("--shard %s: N, the number of shares, must be 1 or more", s)
	}
	if k < 1 || k > n {
		return Shard{}, fmt.Errorf("--shard %s: K must be from 1 to N (%d)", s, n)
	}
	return Shard{k - 1, n}, nil
}

// String is "K/N", or "" for the whole corpus.
func (sh Shard) String() string {
	if sh.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", sh.k+1, sh.n)
}

// K is the share's 1-based number (0 for the whole corpus); N the number
// of shares (0 for the whole corpus).
func (sh Shard) K() int {
	if sh.n == 0 {
		return 0
	}
	return sh.k + 1
}

// N is the number of shares (0: no sharding).
func (sh Shard) N() int { return sh.n }

// Has reports whether the record read as g (or failing with readErr) is
// the shard's.
func (sh Shard) Has(g *record.Game, readErr error) bool {
	if sh.n <= 1 {
		return true
	}
	key := Key(g, readErr)
	if key == "" { // NoGame
		return sh.k == 0
	}
	return ShareOf(key, sh.n) == sh.k+1
}

// Key is the key a record is sharded by ("" for an error that is no
// game's).
func Key(g *record.Game, readErr error) string {
	switch fe, _ := readErr.(*record.Error); {
	case g != nil && g.ID != "":
		return g.ID
	case g != nil:
		return fmt.Sprintf("%s#%d", filepath.Base(g.File), g.Index+1)
	case fe != nil && fe.ID != "":
		return fe.ID
	case fe != nil && fe.Index >= 0:
		return fmt.Sprintf("%s#%d", filepath.Base(fe.File), fe.Index+1)
	}
	return ""
}

// ShareOf is the 1-based share of n a key belongs to.
func ShareOf(key string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(n)) + 1
}

// NoGame reports whether a record is an error that is no game's: a file
// that cannot be opened, a broken gzip stream (the first shard's).
func NoGame(g *record.Game, readErr error) bool {
	if g != nil || readErr == nil {
		return false
	}
	fe, _ := readErr.(*record.Error)
	return fe == nil || (fe.ID == "" && fe.Index < 0)
}

// The environment variables --shard auto reads.
const (
	// EnvIndex: a Kubernetes Indexed Job's completion index (0-based).
	EnvIndex = "JOB_COMPLETION_INDEX"
	// EnvCount: the number of shards of a Kubernetes Indexed Job, which
	// the Job does not pass to its pods: set it to the Job's completions
	// (or give the count on the command line, --shard auto/N).
	EnvCount = "XQRULES_SHARD_COUNT"
	// EnvSlurmID, EnvSlurmCount: a Slurm job array's task id and number of
	// tasks; EnvSlurmMin (the array's first id) and EnvSlurmStep (its
	// step, which must be 1) when Slurm sets them.
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmStep  = "SLURM_ARRAY_TASK_STEP"
)

// ShardFromEnv reads the shard a scheduler runs this process as, for
// --shard auto (or auto/N, N giving the count): a Kubernetes Indexed Job
// (JOB_COMPLETION_INDEX, with the count from N or XQRULES_SHARD_COUNT) or
// a Slurm job array (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, the id
// counted from SLURM_ARRAY_TASK_MIN). Outside both, the error names the
// variables it looked for.
func ShardFromEnv(spec string, getenv func(string) string) (Shard, error) {
	count := ""
	if rest, ok := strings.CutPrefix(spec, "auto/"); ok {
		count = rest
	} else if spec != "auto" {
		return Shard{}, fmt.Errorf("--shard %s: want auto or auto/N", excerpt.Quote(spec))
	}
	num := func(name, v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, fmt.Errorf("--shard auto: %s=%s is not a number", name, excerpt.Quote(v))
		}
		return n, nil
	}
	if idx := getenv(EnvIndex); idx != "" {
		k, err := num(EnvIndex, idx)
		if err != nil {
			return Shard{}, err
		}
		name := "--shard auto/N"
		if count == "" {
			name, count = EnvCount, getenv(EnvCount)
			if count == "" {
				return Shard{}, fmt.Errorf("--shard auto: %s=%s (a Kubernetes Indexed Job), but the number of shards is not given: set %s to the Job's completions, or write --shard auto/N",
					EnvIndex, idx, EnvCount)
			}
		}
		n, err := num(name, count)
		if err != nil {
			return Shard{}, err
		}
		if k < 0 || k >= n {
			return Shard{}, fmt.Errorf("--shard auto: %s=%d is not below %s=%d", EnvIndex, k, name, n)
		}
		return Shard{k, n}, nil
	}
	if id := getenv(EnvSlurmID); id != "" {
		k, err := num(EnvSlurmID, id)
		if err != nil {
			return Shard{}, err
		}
		if count == "" {
			count = getenv(EnvSlurmCount)
			if count == "" {
				return Shard{}, fmt.Errorf("--shard auto: %s=%s, but %s is not set", EnvSlurmID, id, EnvSlurmCount)
			}
		}
		n, err := num(EnvSlurmCount, count)
		if err != nil {
			return Shard{}, err
		}
		if min := getenv(EnvSlurmMin); min != "" {
			m, err := num(EnvSlurmMin, min)
			if err != nil {
				return Shard{}, err
			}
			k -= m
		}
		if step := getenv(EnvSlurmStep); step != "" && strings.TrimSpace(step) != "1" {
			return Shard{}, fmt.Errorf("--shard auto: %s=%s: the array must be contiguous (--array=0-%d)", EnvSlurmStep, step, n-1)
		}
		if k < 0 || k >= n {
			return Shard{}, fmt.Errorf("--shard auto: task %s=%s is not one of %d from %s", EnvSlurmID, id, n, EnvSlurmMin)
		}
		return Shard{k, n}, nil
	}
	return Shard{}, fmt.Errorf("--shard auto: no scheduler found: looked for %s (a Kubernetes Indexed Job, with %s or --shard auto/N) and %s with %s (a Slurm job array); none is set",
		EnvIndex, EnvCount, EnvSlurmID, EnvSlurmCount)
}
