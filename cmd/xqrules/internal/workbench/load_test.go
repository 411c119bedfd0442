package workbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/interp"
)

// bookCase is a cycle of the 2020 book's figures with the book's own
// verdict under 20.
type bookCase struct {
	id, fen string
	moves   []string
	want    string
}

// bookCases reads the 2020 figures (testdata/cases), keeping those whose
// verdict under 20 the engine is not known to get wrong.
func bookCases(t testing.TB) []bookCase {
	path := filepath.Join("..", "..", "..", "..", "testdata", "cases", "cn2020_figures.yaml")
	cs, err := interp.ReadCases(path)
	if err != nil {
		t.Skipf("the 2020 figures are not readable here (%v)", err)
	}
	var out []bookCase
	for _, c := range cs {
		want, ok := c.Expect["20"]
		if !ok || c.Known["20"] != "" || c.Err != nil || len(c.Moves) == 0 {
			continue
		}
		out = append(out, bookCase{id: c.ID, fen: c.FEN, moves: c.Moves, want: want})
	}
	require.NotEmpty(t, out)
	return out
}

// judge20 posts one case and returns the status, the verdict under 20
// and the time taken.
func judge20(client *http.Client, url string, c bookCase) (int, string, []byte, time.Duration, error) {
	body, _ := json.Marshal(map[string]any{"fen": c.fen, "moves": c.moves})
	t0 := time.Now()
	resp, err := client.Post(url+"/api/judge", "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, 0, err
	}
	out, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	if err != nil {
		return 0, "", nil, d, err
	}
	var j struct {
		Rulings []struct{ Ruleset, Verdict string }
	}
	json.Unmarshal(out, &j)
	for _, r := range j.Rulings {
		if r.Ruleset == "20" {
			return resp.StatusCode, r.Verdict, out, d, nil
		}
	}
	return resp.StatusCode, "", out, d, nil
}

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))]
}

func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestLoad200: 200 concurrent /api/judge requests of the 2020 figures on
// loopback, every book: each answered 200 with the book's verdict under 20
// and the same JSON as the same request alone; the heap after is about
// what it was. Latencies and memory are logged (-v), not asserted.
func TestLoad200(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test is not short")
	}
	cases := bookCases(t)
	// Requests wait for a slot as long as it takes: this test is about
	// answers, not about the busy answer (TestBusyAndDeadline).
	ts := httptest.NewServer(New(Options{Wait: time.Minute, Timeout: time.Minute}))
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}

	// Each case alone first: the reference answers.
	alone := map[string][]byte{}
	for _, c := range cases {
		st, v, out, _, err := judge20(client, ts.URL, c)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, st, "%s: %s", c.id, out)
		assert.Equal(t, c.want, v, "%s: the book's verdict under 20", c.id)
		alone[c.id] = out
	}
	before := heapAfterGC()

	const n = 200
	lat := make([]time.Duration, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := cases[i%len(cases)]
			<-start
			st, v, out, d, err := judge20(client, ts.URL, c)
			lat[i] = d
			switch {
			case err != nil:
				errs[i] = err
			case st != http.StatusOK:
				errs[i] = fmt.Errorf("%s: status %d: %s", c.id, st, out)
			case v != c.want:
				errs[i] = fmt.Errorf("%s: verdict %q under 20, the book says %q", c.id, v, c.want)
			case !bytes.Equal(out, alone[c.id]):
				errs[i] = fmt.Errorf("%s: the answer differs from the same request alone", c.id)
			}
		}()
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(t0)
	for _, err := range errs {
		assert.NoError(t, err)
	}
	client.CloseIdleConnections()
	after := heapAfterGC()
	t.Logf("%d concurrent requests (%d cases, every book) in %v: p50 %v, p90 %v, p99 %v, max %v; heap after GC %.1f MiB before, %.1f MiB after",
		n, len(cases), wall.Round(time.Millisecond), percentile(lat, .5).Round(time.Microsecond), percentile(lat, .9).Round(time.Microsecond),
		percentile(lat, .99).Round(time.Microsecond), percentile(lat, 1).Round(time.Microsecond), float64(before)/(1<<20), float64(after)/(1<<20))
	// Flat: what the requests left behind is garbage (a generous bound:
	// caches of compiled books may grow once).
	assert.Less(t, after, before+64<<20, "the heap after the load, after GC")
}

// BenchmarkJudgeAPI: one typical cycle (2020 图2) judged through the API
// under every bundled book, on loopback, one request at a time; p50 and
// p99 per request are reported beside ns/op.
func BenchmarkJudgeAPI(b *testing.B) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	client := &http.Client{}
	c := bookCase{id: "cn2020-fig02", fen: fig02FEN, moves: []string{"h6i4", "i9h9", "i4h6", "h9i9"}, want: "red-must-vary"}
	if st, v, out, _, err := judge20(client, ts.URL, c); err != nil || st != http.StatusOK || v != c.want {
		b.Fatalf("status %d verdict %q err %v: %s", st, v, err, out)
	}
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_, _, _, d, err := judge20(client, ts.URL, c)
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, d)
	}
	b.StopTimer()
	b.ReportMetric(float64(percentile(lat, .5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, .99).Microseconds())/1000, "p99-ms")
}
