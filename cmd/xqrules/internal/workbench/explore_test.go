package workbench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/explore"
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

const no262 = `title: {en: "2011 without 26.2"}
year: 2026
status: draft
extends: "11"
override:
  - remove: 26.2-incidental-advisor-elephant
`

// POST /api/explore streams progress and then the report of exploring the
// draft against its parent; without a casebook it answers 501; a bad
// budget or draft is refused before any work.
func TestExplore(t *testing.T) {
	ts := newTest(t, Options{})
	st, out := post(t, ts, "/api/explore", map[string]any{"draft": no262})
	assert.Equal(t, http.StatusNotImplemented, st)
	assert.Equal(t, "no-casebook", apiErr(t, out)["code"])

	var books []string
	var asked time.Duration
	start := explore.Start{Pos: position.MustParseFEN("3a1k3/4a4/9/8R/9/9/4p4/9/9/4K4 w"), Source: "test", Strict: true}
	ts = newTest(t, Options{Explore: func(ctx context.Context, a, b *interp.Book, budget time.Duration, progress func(explore.Progress)) (*explore.Report, error) {
		books, asked = []string{a.ID, b.ID}, budget
		// A count, not the time: the same report every run.
		return explore.Run(ctx, a, b, []explore.Start{start}, explore.Options{Count: 100, Jobs: 1, Progress: progress})
	}})
	body, _ := json.Marshal(map[string]any{"draft": no262, "seconds": 2})
	resp, err := http.Post(ts.URL+"/api/explore", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Type"), "application/x-ndjson")
	var types []string
	var last map[string]any
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		require.NoError(t, json.Unmarshal(sc.Bytes(), &last))
		types = append(types, last["type"].(string))
	}
	assert.Equal(t, []string{"11", "draft"}, books, "the draft against its parent")
	assert.Equal(t, 2*time.Second, asked)
	require.NotEmpty(t, types)
	assert.Equal(t, "progress", types[0])
	assert.Equal(t, "report", types[len(types)-1])
	rep := last["report"].(map[string]any)
	assert.EqualValues(t, 100, rep["judged"])
	groups := rep["groups"].([]any)
	require.NotEmpty(t, groups)
	assert.Contains(t, groups[0].(map[string]any)["key"], "25.3-one-forbidden")

	st, out = post(t, ts, "/api/explore", map[string]any{"draft": no262, "seconds": 3600})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.Equal(t, "seconds", apiErr(t, out)["code"])
	st, out = post(t, ts, "/api/explore", map[string]any{"draft": notBool})
	assert.Equal(t, http.StatusUnprocessableEntity, st)
	assert.NotEmpty(t, apiErr(t, out)["errors"])
}
