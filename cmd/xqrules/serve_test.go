package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// apiPost posts body and returns the answer's status and bytes.
func apiPost(t *testing.T, ts *httptest.Server, path string, body any) (int, []byte) {
	t.Helper()
	bs, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(string(bs)))
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, out
}

// TestServeSameJSON: the workbench's API answers with the CLI's JSON,
// byte for byte: judge, facts, rules list, diff.
func TestServeSameJSON(t *testing.T) {
	caseFiles, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "cases", "cn2020_figures.yaml"))
	if len(caseFiles) == 0 {
		t.Fatal("testdata/cases/cn2020_figures.yaml is missing")
	}
	ts := httptest.NewServer(newWorkbench("all", caseFiles, true))
	defer ts.Close()

	cli, _, st := xq(t, "judge", "--fen", fig06FEN, "--moves", fig06Moves, "--format", "json")
	require.Equal(t, exitOK, st)
	status, api := apiPost(t, ts, "/api/judge", map[string]string{"fen": fig06FEN, "moves": fig06Moves})
	require.Equal(t, http.StatusOK, status, string(api))
	assert.Equal(t, cli, string(api), "judge")

	cli, _, st = xq(t, "facts", "--fen", fig06FEN, "--moves", fig06Moves, "--format", "json")
	require.Equal(t, exitOK, st)
	status, api = apiPost(t, ts, "/api/facts", map[string]string{"fen": fig06FEN, "moves": fig06Moves})
	require.Equal(t, http.StatusOK, status, string(api))
	assert.Equal(t, cli, string(api), "facts")

	cli, _, st = xq(t, "rules", "list", "--format", "json")
	require.Equal(t, exitOK, st)
	resp, err := http.Get(ts.URL + "/api/books")
	require.NoError(t, err)
	books, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, cli, string(books), "rules list")

	// A draft that makes a check no longer 将: perpetual check is no more,
	// so 图6 changes (the book: red must vary; the draft cannot see it).
	draft := `title: {en: "checks are idle"}
year: 2024
status: draft
extends: "11"
override:
  - replace: 24.1-check
    with:
      id: 24.1-check
      label: 将
      when: "false"
      cite: draft 24.1
      status: paraphrased
`
	path := filepath.Join(t.TempDir(), "draft.yaml")
	require.NoError(t, os.WriteFile(path, []byte(draft), 0o644))
	cli, stderr, st := xq(t, append([]string{"diff", "--rules", "11," + path, "--format", "json"}, caseFiles...)...)
	require.Equal(t, exitOK, st, stderr)
	status, api = apiPost(t, ts, "/api/diff", map[string]string{"draft": draft})
	require.Equal(t, http.StatusOK, status, string(api))
	assert.Equal(t, cli, string(api), "diff")
	var rep diffReport
	require.NoError(t, json.Unmarshal(api, &rep))
	changed := map[string]bool{}
	for _, d := range rep.Diffs {
		changed[d.ID] = d.VerdictDiffers
	}
	assert.True(t, changed["cn2020-fig06"], "图6's perpetual check is gone under the draft: %v", changed)
}

func TestServeUsage(t *testing.T) {
	_, stderr, st := xq(t, "serve", "extra")
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, stderr, `unexpected argument "extra"`)
	_, stderr, st = xq(t, "serve", "--rules", "nosuch")
	assert.Equal(t, exitUsage, st)
	assert.Contains(t, stderr, "nosuch")
	_, stderr, st = xq(t, "serve", "--addr", "256.0.0.1:1")
	assert.Equal(t, exitFailed, st, stderr)
}

// TestServeWarnsOffLoopback: listening on any address but the loopback
// interface says on stderr that the workbench is reachable from the
// network; on 127.0.0.1 nothing is said. The server is stopped at once.
func TestServeWarnsOffLoopback(t *testing.T) {
	saved := serveContext
	t.Cleanup(func() { serveContext = saved })
	serveContext = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // stop as soon as it serves
		return ctx, cancel
	}
	for addr, warns := range map[string]bool{"0.0.0.0:0": true, "127.0.0.1:0": false, "localhost:0": false} {
		stdout, stderr, st := xq(t, "serve", "--addr", addr)
		require.Equal(t, exitOK, st, stderr)
		assert.Contains(t, stdout, "the workbench is at http://", addr)
		if warns {
			assert.Contains(t, stderr, "warning", addr)
			assert.Contains(t, stderr, "reachable from the network", addr)
			assert.Regexp(t, `--addr 127\.0\.0\.1:\d+`, stderr, addr)
		} else {
			assert.Empty(t, stderr, addr)
		}
	}
}
