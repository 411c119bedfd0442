package interp

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// ccpdRepetitions is the corpus of real games with a threefold repetition
// (CCPD, CC BY 4.0; see ../shared/data/README.md). It is not committed.
const ccpdRepetitions = "../../shared/data/ccpd_repetition_games.jsonl"

// ccpdScan opts in to the corpus scan: it takes longer than go test's default
// timeout on a 2-core machine, so CI's plain `go test ./...` must not run it.
var ccpdScan = flag.Bool("ccpd", false, "judge the 2,543 CCPD repetition games under every book (slow; add -timeout 0)")

type ccpdRow struct {
	ID               string `json:"id"`
	Result           string `json:"result"`
	CycleFEN         string `json:"cycle_fen"`
	CycleMoves       string `json:"cycle_moves"`
	EndsInRepetition bool   `json:"ends_in_repetition"`
}

// TestCCPDRepetitionGames judges the repetition of each of the 2,543 real
// games under every bundled book: none may fail to rule. It logs how the
// verdicts distribute per book, and, for the games that end in the
// repetition with a decisive result, how often each book names the loser
// as the side that must vary.
func TestCCPDRepetitionGames(t *testing.T) {
	if !*ccpdScan {
		t.Skip("judges 2,543 games with the full fact search (tens of minutes on 2 cores); run with -ccpd")
	}
	f, err := os.Open(ccpdRepetitions)
	if os.IsNotExist(err) {
		t.Skipf("%s is not here (it lives in ../shared/data, outside the repository)", ccpdRepetitions)
	}
	require.NoError(t, err)
	defer f.Close()
	var rows []ccpdRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var r ccpdRow
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())

	books, err := bundled(t).Select("all")
	require.NoError(t, err)
	type outcome struct {
		verdicts map[string]string
		err      error
	}
	out := make([]outcome, len(rows))
	start := time.Now()
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i].verdicts, out[i].err = judgeRow(books, rows[i])
			}
		}()
	}
	for i := range rows {
		work <- i
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)

	dist := map[string]map[string]int{}
	loserAgrees := map[string]int{}
	decisive := 0
	for i, o := range out {
		if o.err != nil {
			t.Errorf("%s: %v", rows[i].ID, o.err)
			continue
		}
		loser := ""
		if rows[i].EndsInRepetition {
			switch rows[i].Result {
			case "1-0":
				loser = BlackMustVary
			case "0-1":
				loser = RedMustVary
			}
		}
		if loser != "" {
			decisive++
		}
		for book, v := range o.verdicts {
			if dist[book] == nil {
				dist[book] = map[string]int{}
			}
			dist[book][v]++
			if loser != "" && v == loser {
				loserAgrees[book]++
			}
		}
	}
	t.Logf("%d games judged under %d books in %v (%.1f ms per game, all books)", len(rows), len(books), elapsed.Round(time.Millisecond),
		float64(elapsed.Milliseconds())/float64(len(rows)))
	t.Logf("%-13s %14s %16s %8s %9s   loser must vary (%d decisive games ending in the repetition)", "book", "red-must-vary", "black-must-vary", "draw", "no-cycle", decisive)
	ids := make([]string, 0, len(dist))
	for id := range dist {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return indexOf(bookOrder, ids[i]) < indexOf(bookOrder, ids[j]) })
	for _, id := range ids {
		d := dist[id]
		t.Logf("%-13s %14d %16d %8d %9d   %d/%d", id, d[RedMustVary], d[BlackMustVary], d[Draw], d[NoCycle], loserAgrees[id], decisive)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return len(list)
}

func judgeRow(books []*Book, r ccpdRow) (map[string]string, error) {
	start, err := position.ParseFEN(r.CycleFEN)
	if err != nil {
		return nil, err
	}
	moves, err := position.ParseMoves(start, strings.Fields(r.CycleMoves))
	if err != nil {
		return nil, err
	}
	in, ok := FindCycle(start, moves)
	if !ok {
		return nil, fmt.Errorf("no cycle in %s", r.CycleMoves)
	}
	rs, err := Judge(books, in)
	if err != nil {
		return nil, err
	}
	v := make(map[string]string, len(rs))
	for _, r := range rs {
		v[r.Ruleset] = r.Verdict
	}
	return v, nil
}

// TestCCPDCycleWindows checks that FindCycles (CyclesFirst) on each whole
// game finds the cycle the corpus records (cycle_fen, cycle_moves), judged
// as TestCCPDRepetitionGames judges it — so that `xqrules scan --cycles
// first` reproduces that test's figures. Fast (no judging); skipped when
// the corpus is not beside the repository.
func TestCCPDCycleWindows(t *testing.T) {
	f, err := os.Open(ccpdRepetitions)
	if os.IsNotExist(err) {
		t.Skipf("%s is not here", ccpdRepetitions)
	}
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n, ends, endsAgree := 0, 0, 0
	for sc.Scan() {
		var r struct {
			ccpdRow
			GameFEN   string `json:"game_fen"`
			GameMoves string `json:"game_moves"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		n++
		want, ok := rowInput(t, r.CycleFEN, r.CycleMoves)
		require.True(t, ok, r.ID)
		start, moves := playMoves(t, r.GameFEN, r.GameMoves)
		cs := FindCycles(start, moves, CyclesFirst)
		if !assert.Len(t, cs, 1, r.ID) {
			continue
		}
		got := cs[0]
		assert.Equal(t, want.Start.FEN(), got.Start.FEN(), r.ID)
		assert.Equal(t, fmt.Sprint(want.Moves), fmt.Sprint(got.Moves), r.ID)
		assert.Equal(t, want.Occurrences, got.Occurrences, r.ID)
		assert.Equal(t, want.Context, got.Context, r.ID)
		if r.EndsInRepetition {
			ends++
		}
		if r.EndsInRepetition == got.EndsGame {
			endsAgree++
		}
	}
	require.NoError(t, sc.Err())
	t.Logf("%d games; ends_in_repetition %d; FindCycles' EndsGame agrees on %d", n, ends, endsAgree)
}

func rowInput(t *testing.T, fen, moves string) (Input, bool) {
	return FindCycle(playMoves(t, fen, moves))
}
