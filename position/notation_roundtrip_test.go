package position

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// notationDataPath is where a file of the shared test data lives:
// ../shared/data beside the repository, when it is there.
func notationDataPath(name string) string {
	return filepath.Join("..", "..", "shared", "data", name)
}

// notationDataFile returns the path of a file of the shared test data, or
// skips the test when the data is not there: the repository must test
// cleanly on its own.
func notationDataFile(t testing.TB, name string) string {
	t.Helper()
	path := notationDataPath(name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared data not found (%s): %v", path, err)
	}
	return path
}

// moveTexts is a list of move texts in JSON, written either as an array or as
// one string ("h2e2 h9g7", "1.炮二平五 马8进7 2.…"): move numbers are dropped.
type moveTexts []string

func (l *moveTexts) UnmarshalJSON(b []byte) error {
	var list []string
	if err := json.Unmarshal(b, &list); err == nil {
		*l = list
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*l = splitMoveText(s)
	return nil
}

// splitMoveText splits movetext into moves, dropping move numbers ("12.",
// "12...", or a number glued to the move as in "12.炮二平五") and results.
func splitMoveText(s string) []string {
	var out []string
	for _, tok := range strings.Fields(s) {
		i := 0
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		if i > 0 && i < len(tok) && tok[i] == '.' {
			tok = strings.TrimLeft(tok[i:], ".")
		}
		switch tok {
		case "", "1-0", "0-1", "1/2-1/2", "*":
			continue
		}
		out = append(out, tok)
	}
	return out
}

// notationCase is one move sequence from a data file, with the texts the
// file gives for it (if any).
type notationCase struct {
	name    string
	fen     string
	moves   []string // ICCS
	chinese []string // the file's Chinese text, or nil
	wxf     []string // the file's WXF text, or nil
}

// roundTripStats counts what round trips checked.
type roundTripStats struct {
	cases, plies  int
	compared      [2]int         // texts equal to the file's: Chinese, WXF
	refused       []string       // cases whose start position ParseFEN refuses
	stackShapes   map[string]int // moves of stacked pieces, by shape
	stackExamples map[string]string
}

func (s *roundTripStats) add(o *roundTripStats) {
	s.cases += o.cases
	s.plies += o.plies
	s.compared[0] += o.compared[0]
	s.compared[1] += o.compared[1]
	s.refused = append(s.refused, o.refused...)
	for k, v := range o.stackShapes {
		s.countShape(k, v, o.stackExamples[k])
	}
}

func (s *roundTripStats) countShape(key string, n int, example string) {
	if s.stackShapes == nil {
		s.stackShapes, s.stackExamples = map[string]int{}, map[string]string{}
	}
	s.stackShapes[key] += n
	if _, ok := s.stackExamples[key]; !ok {
		s.stackExamples[key] = example
	}
}

func (s *roundTripStats) log(t *testing.T, what string) {
	t.Helper()
	stacked := 0
	keys := make([]string, 0, len(s.stackShapes))
	for k, v := range s.stackShapes {
		stacked += v
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%s: %d sequences, %d plies round-tripped in both notations; %d Chinese and %d WXF texts equal to the file's; %d moves of stacked pieces",
		what, s.cases, s.plies, s.compared[0], s.compared[1], stacked)
	for _, k := range keys {
		t.Logf("  stacked, %s: %d, e.g. %s", k, s.stackShapes[k], s.stackExamples[k])
	}
	for _, r := range s.refused {
		t.Logf("  start position refused by ParseFEN, not replayed: %s", r)
	}
}

var roundTripNotations = [2]Notation{Chinese{}, WXF{}}

// roundTrip replays c from its FEN. At every ply it checks that both
// notations decode their own encoding back to the move, and that the encoding
// equals the file's text where the file gives one. It returns the first
// failure. Messages are built only on failure: the corpus test runs this for
// 2.5 M plies.
func roundTrip(c notationCase, st *roundTripStats) error {
	st.cases++
	p, err := ParseFEN(c.fen)
	if err != nil {
		st.refused = append(st.refused, c.name+": "+err.Error())
		return nil
	}
	texts := [2][]string{c.chinese, c.wxf}
	for k, want := range texts {
		if want != nil && len(want) != len(c.moves) {
			return fmt.Errorf("%s: %d moves but %d %s texts", c.name, len(c.moves), len(want), roundTripNotations[k].Name())
		}
	}
	for i, text := range c.moves {
		m, err := ICCS{}.Decode(p, text)
		if err != nil {
			return fmt.Errorf("%s ply %d: %w", c.name, i+1, err)
		}
		for k, n := range roundTripNotations {
			enc := n.Encode(p, m)
			if got, err := n.Decode(p, enc); err != nil || got != m {
				return fmt.Errorf("%s ply %d: %s encodes %s as %q, which decodes to %s (%v)\n%s", c.name, i+1, n.Name(), m, enc, got, err, p)
			}
			if want := texts[k]; want != nil {
				if want[i] != enc {
					return fmt.Errorf("%s ply %d: %s encodes %s as %q, the file says %q\n%s", c.name, i+1, n.Name(), m, enc, want[i], p)
				}
				st.compared[k]++
			}
		}
		if d, _ := describeMove(p, m); d.stacked() {
			key := fmt.Sprintf("%d on a file", d.n)
			if d.stacks > 1 {
				key += ", two stacked files"
			}
			st.countShape(key, 1, fmt.Sprintf("%s %s = %s = %s", p.FEN(), m, Chinese{}.Encode(p, m), WXF{}.Encode(p, m)))
		}
		st.plies++
		p.Make(m)
	}
	return nil
}

// readNotationRows decodes every line of a JSON Lines file (gzipped when the name
// ends in .gz) into a fresh T and calls fn with it.
func readNotationRows[T any](t testing.TB, path string, fn func(line int, v *T)) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		require.NoError(t, err)
		defer gz.Close()
		r = gz
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<26)
	line := 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		v := new(T)
		require.NoError(t, json.Unmarshal(sc.Bytes(), v), "%s:%d", path, line)
		fn(line, v)
	}
	require.NoError(t, sc.Err())
}

// The fixture: a few hundred moves copied from the shared data (sources in
// each row), so that a real-data round trip runs without ../shared.
func TestNotationRoundTripFixture(t *testing.T) {
	type row struct {
		Source   string    `json:"source"`
		FEN      string    `json:"fen"`
		Moves    moveTexts `json:"moves"`
		MovesCN  moveTexts `json:"moves_cn"`
		MovesWXF moveTexts `json:"moves_wxf"`
	}
	var st roundTripStats
	readNotationRows(t, filepath.Join("testdata", "notation", "roundtrip.jsonl"), func(line int, r *row) {
		assert.NoError(t, roundTrip(notationCase{name: fmt.Sprintf("fixture:%d %s", line, r.Source), fen: r.FEN, moves: r.Moves, chinese: r.MovesCN, wxf: r.MovesWXF}, &st))
	})
	st.log(t, "fixture")
	assert.Empty(t, st.refused)
	assert.GreaterOrEqual(t, st.plies, 300)
	assert.GreaterOrEqual(t, st.stackShapes["2 on a file"], 20, "the fixture must keep its tandem moves")
}

func TestNotationRoundTripRuleCases(t *testing.T) {
	path := notationDataFile(t, "rulecases.jsonl")
	type row struct {
		ID             string    `json:"id"`
		FEN            string    `json:"fen"`
		Moves          moveTexts `json:"moves"`
		MovesCN        moveTexts `json:"moves_cn"`
		MovesWXF       moveTexts `json:"moves_wxf"`
		MovesThreefold moveTexts `json:"moves_threefold"`
		GameFEN        string    `json:"game_fen"`
		GameMoves      moveTexts `json:"game_moves"`
	}
	var st roundTripStats
	rows, texts := 0, 0
	readNotationRows(t, path, func(_ int, r *row) {
		rows++
		if _, err := ParseFEN(r.FEN); err == nil {
			texts += len(r.Moves)
		}
		assert.NoError(t, roundTrip(notationCase{name: r.ID, fen: r.FEN, moves: r.Moves, chinese: r.MovesCN, wxf: r.MovesWXF}, &st))
		if r.MovesThreefold != nil {
			assert.NoError(t, roundTrip(notationCase{name: r.ID + " threefold", fen: r.FEN, moves: r.MovesThreefold}, &st))
		}
		if r.GameMoves != nil {
			assert.NoError(t, roundTrip(notationCase{name: r.ID + " game", fen: r.GameFEN, moves: r.GameMoves}, &st))
		}
	})
	assert.Equal(t, 155, rows)
	st.log(t, "rulecases.jsonl")
	assert.Equal(t, [2]int{texts, texts}, st.compared, "every text of moves_cn and moves_wxf compared")
}

func TestNotationRoundTripCN2020Figures(t *testing.T) {
	path := notationDataFile(t, "cn2020_figures.jsonl")
	type row struct {
		ID               string    `json:"id"`
		FEN              string    `json:"fen"`
		Moves            moveTexts `json:"moves"`
		MovesCN          moveTexts `json:"moves_cn"`
		BookMoves        moveTexts `json:"book_moves"`
		MovesThreefold   moveTexts `json:"moves_threefold"`
		MovesThreefoldCN moveTexts `json:"moves_threefold_cn"`
	}
	var st roundTripStats
	rows, book := 0, 0
	readNotationRows(t, path, func(_ int, r *row) {
		rows++
		assert.NoError(t, roundTrip(notationCase{name: r.ID, fen: r.FEN, moves: r.Moves, chinese: r.MovesCN}, &st))
		assert.NoError(t, roundTrip(notationCase{name: r.ID + " threefold", fen: r.FEN, moves: r.MovesThreefold, chinese: r.MovesThreefoldCN}, &st))
		// The book's own text (a prefix where the book lists fewer moves than
		// the transcriber's test plays) must decode to the same moves.
		p := MustParseFEN(r.FEN)
		for i, text := range r.BookMoves {
			m, err := Chinese{}.Decode(p, text)
			if !assert.NoError(t, err, "%s book move %d", r.ID, i+1) || !assert.Equal(t, r.Moves[i], m.String(), "%s book move %d %q", r.ID, i+1, text) {
				break
			}
			book++
			p.Make(m)
		}
	})
	assert.Equal(t, 31, rows)
	st.log(t, "cn2020_figures.jsonl")
	t.Logf("cn2020_figures.jsonl: %d book texts decoded", book)
}

func TestNotationRoundTripFamousGames(t *testing.T) {
	path := notationDataFile(t, "famous_games.jsonl")
	type segment struct {
		FEN     string    `json:"fen_at_from_ply"`
		Moves   moveTexts `json:"moves"`
		MovesCN moveTexts `json:"moves_cn"`
	}
	type row struct {
		CCPDID   string    `json:"ccpd_id"`
		FEN      string    `json:"fen"`
		Moves    moveTexts `json:"moves"`
		MovesCN  moveTexts `json:"moves_cn"`
		Segments []segment `json:"repetition_segments"`
	}
	var st roundTripStats
	rows := 0
	readNotationRows(t, path, func(line int, r *row) {
		rows++
		name := fmt.Sprintf("famous_games:%d %s", line, r.CCPDID)
		assert.NoError(t, roundTrip(notationCase{name: name, fen: r.FEN, moves: r.Moves, chinese: r.MovesCN}, &st))
		for i, s := range r.Segments {
			assert.NoError(t, roundTrip(notationCase{name: fmt.Sprintf("%s segment %d", name, i), fen: s.FEN, moves: s.Moves, chinese: s.MovesCN}, &st))
		}
	})
	assert.Equal(t, 18, rows)
	st.log(t, "famous_games.jsonl")
}

func TestNotationRoundTripRepetitionGames(t *testing.T) {
	path := notationDataFile(t, "ccpd_repetition_games.jsonl")
	type row struct {
		ID           string    `json:"id"`
		GameFEN      string    `json:"game_fen"`
		GameMoves    moveTexts `json:"game_moves"`
		CycleFEN     string    `json:"cycle_fen"`
		CycleMoves   moveTexts `json:"cycle_moves"`
		CycleMovesCN moveTexts `json:"cycle_moves_cn"`
	}
	var st roundTripStats
	rows := 0
	readNotationRows(t, path, func(_ int, r *row) {
		rows++
		assert.NoError(t, roundTrip(notationCase{name: r.ID, fen: r.GameFEN, moves: r.GameMoves}, &st))
		assert.NoError(t, roundTrip(notationCase{name: r.ID + " cycle", fen: r.CycleFEN, moves: r.CycleMoves, chinese: r.CycleMovesCN}, &st))
	})
	assert.Equal(t, 2543, rows)
	st.log(t, "ccpd_repetition_games.jsonl")
}

// TestNotationRoundTripCorpus replays every distinct record of the CCPD ICCS
// corpus (58,463 records, 2.5 M plies once duplicates are left out) through
// both notations, on every core.
func TestNotationRoundTripCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the 2.5 M-ply corpus runs without -short")
	}
	path := notationDataFile(t, "ccpd_games_iccs.jsonl.gz")
	type row struct {
		ID          string    `json:"id"`
		FEN         string    `json:"fen"`
		Moves       moveTexts `json:"moves"`
		DuplicateOf string    `json:"duplicate_of"`
	}
	var (
		total    roundTripStats
		mu       sync.Mutex
		failures int
		wg       sync.WaitGroup
	)
	work := make(chan *row, 256)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st roundTripStats
			for r := range work {
				if err := roundTrip(notationCase{name: r.ID, fen: r.FEN, moves: r.Moves}, &st); err != nil {
					mu.Lock()
					if failures++; failures <= 10 { // enough to see the pattern
						t.Error(err)
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			total.add(&st)
			mu.Unlock()
		}()
	}
	rows, dups := 0, 0
	readNotationRows(t, path, func(_ int, r *row) {
		rows++
		if r.DuplicateOf != "" {
			dups++ // the same moves as a record replayed already
			return
		}
		work <- r
	})
	close(work)
	wg.Wait()
	assert.Equal(t, 58463, rows)
	assert.Zero(t, failures, "records that failed")
	t.Logf("%d records, %d duplicates left out", rows, dups)
	total.log(t, "ccpd_games_iccs.jsonl.gz")
}

// fuzzPositions are the positions the fuzz targets decode in: the fuzzer
// picks one with a byte, so stacked pieces of every shape are in reach.
var fuzzPositions = []string{StartFEN, fenStartBlack, fenRooksBlack, fenHorses, fenCannons, fenPawns5, fenStacks32, fenAdvisors, fenPawns3Blk, fenRealPawns3, fenPinned}

// fuzzDecode checks what every decoder promises, whatever the text: no panic,
// errors are *MoveError, a decoded move is legal and is the move its own
// canonical text decodes to, and the position is left as it was.
func fuzzDecode(t *testing.T, n Notation, which uint8, text string) {
	p := MustParseFEN(fuzzPositions[int(which)%len(fuzzPositions)])
	before := *p
	var (
		m   Move
		err error
	)
	if n == nil {
		m, err = ParseMove(p, text)
	} else {
		m, err = n.Decode(p, text)
	}
	if p.board != before.board || p.key != before.key || p.side != before.side || p.kings != before.kings {
		t.Fatalf("decoding %q changed the position", text)
	}
	if err != nil {
		var me *MoveError
		if !errors.As(err, &me) {
			t.Fatalf("%q: error %T is not a *MoveError: %v", text, err, err)
		}
		switch me.Code {
		case "syntax", "no-piece", "illegal", "ambiguous", "unknown-notation", "wrong-side", "script":
		default:
			t.Fatalf("%q: unknown code %q", text, me.Code)
		}
		return
	}
	if !p.IsLegal(m) {
		t.Fatalf("%q decodes to %s, not legal in %s", text, m, p.FEN())
	}
	for _, n := range roundTripNotations {
		enc := n.Encode(p, m)
		if got, err := n.Decode(p, enc); err != nil || got != m {
			t.Fatalf("%q decodes to %s, whose %s text %q decodes to %s (%v)", text, m, n.Name(), enc, got, err)
		}
	}
}

// fuzzSeeds adds real move texts: those of the fixture's games (copied from
// the shared data) and every form the table tests know.
func fuzzSeeds(f *testing.F, chinese bool) {
	type row struct {
		MovesCN  moveTexts `json:"moves_cn"`
		MovesWXF moveTexts `json:"moves_wxf"`
	}
	readNotationRows(f, filepath.Join("testdata", "notation", "roundtrip.jsonl"), func(line int, r *row) {
		texts := r.MovesWXF
		if chinese {
			texts = r.MovesCN
		}
		for i, text := range texts {
			f.Add(uint8(line+i), text)
		}
	})
	for i, tc := range canonicalCases {
		text := tc.wxf
		if chinese {
			text = tc.chinese
		}
		f.Add(uint8(i), text)
	}
	for _, s := range []string{"炮二平五", "馬８進７", "後車進一", "前兵七进一", "二兵三平四", "七前进一", "车前平八", "一兵平四",
		"C2.5", "h8+7", "+C.5", "++.4", "77=6", "Pc+1", "17+1", "h2e2", "H2-E2", "", " ", "炮", "\xff\xfe"} {
		f.Add(uint8(len(s)), s)
	}
}

func FuzzDecodeChinese(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, which uint8, text string) { fuzzDecode(t, Chinese{}, which, text) })
}

func FuzzDecodeWXF(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, which uint8, text string) { fuzzDecode(t, WXF{}, which, text) })
}

// FuzzParseMove tries every notation in turn, as the CLI does.
func FuzzParseMove(f *testing.F) {
	fuzzSeeds(f, true)
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, which uint8, text string) { fuzzDecode(t, nil, which, text) })
}

// benchPlies returns the positions and moves of the fixture's games, to
// benchmark the notations on real play.
func benchPlies(b *testing.B) (ps []*Position, ms []Move) {
	type row struct {
		FEN   string    `json:"fen"`
		Moves moveTexts `json:"moves"`
	}
	readNotationRows(b, filepath.Join("testdata", "notation", "roundtrip.jsonl"), func(_ int, r *row) {
		p := MustParseFEN(r.FEN)
		for _, text := range r.Moves {
			m, err := ICCS{}.Decode(p, text)
			require.NoError(b, err)
			ps, ms = append(ps, p.Clone()), append(ms, m)
			p.Make(m)
		}
	})
	return ps, ms
}

func benchEncode(b *testing.B, n Notation) {
	ps, ms := benchPlies(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = n.Encode(ps[i], ms[i])
		if i++; i == len(ms) {
			i = 0
		}
	}
}

func benchDecode(b *testing.B, n Notation) {
	ps, ms := benchPlies(b)
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = n.Encode(ps[i], m)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := n.Decode(ps[i], texts[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(ms) {
			i = 0
		}
	}
}

func BenchmarkChineseEncode(b *testing.B) { benchEncode(b, Chinese{}) }
func BenchmarkChineseDecode(b *testing.B) { benchDecode(b, Chinese{}) }
func BenchmarkWXFEncode(b *testing.B)     { benchEncode(b, WXF{}) }
func BenchmarkWXFDecode(b *testing.B)     { benchDecode(b, WXF{}) }

// BenchmarkICCSDecode is the yardstick: reading coordinates costs only the
// legality check, which the descriptive notations make too.
func BenchmarkICCSDecode(b *testing.B) { benchDecode(b, ICCS{}) }

// TestParseMoves: moves in mixed notations are read each in the position the
// ones before leave; start is not changed; an error names the move.
func TestParseMoves(t *testing.T) {
	start := MustParseFEN(StartFEN)
	key := start.Key()
	ms, err := ParseMoves(start, []string{"h2e2", "马8进7", "N2+3"})
	require.NoError(t, err)
	require.Len(t, ms, 3)
	assert.Equal(t, "h2e2", ms[0].String())
	assert.Equal(t, "h9g7", ms[1].String())
	assert.Equal(t, "h0g2", ms[2].String())
	assert.Equal(t, key, start.Key())

	_, err = ParseMoves(start, []string{"h2e2", "h2e2"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `move 2 "h2e2"`)
}

// Moves as people type them: numbered as records number them, separated
// by spaces, commas or 、, in any notation.
func TestSplitMoves(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"1. h2e2 h9g7 2. h0g2 i9h9", []string{"h2e2", "h9g7", "h0g2", "i9h9"}},
		{"1.h2e2 1...h9g7", []string{"h2e2", "h9g7"}},
		{"1 炮二平五 马8进7\n2 马二进三", []string{"炮二平五", "马8进7", "马二进三"}},
		{"1、炮二平五，马8进7", []string{"炮二平五", "马8进7"}},
		{"1卒平4 C2.5", []string{"1卒平4", "C2.5"}},
		{"  ", []string{}},
	} {
		assert.Equal(t, tc.want, SplitMoves(tc.text), tc.text)
	}
	p := MustParseFEN(StartFEN)
	ms, err := ParseMoves(p, SplitMoves("1. 炮二平五 马8进7 2. 马二进三"))
	require.NoError(t, err)
	require.Len(t, ms, 3)
	assert.Equal(t, []string{"h2e2", "h9g7", "h0g2"}, []string{ms[0].String(), ms[1].String(), ms[2].String()})
}
