package corpus

import (
	"encoding/json"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

// BatchSize is the batch [Scan] reads in: judging a cycle under every book
// takes a fraction of a second, so batches must be small for the workers to
// share them out and for a progress line to move.
const BatchSize = 4

// Options says what [Scan] judges and how.
type Options struct {
	Books  []*interp.Book // the books every cycle is judged under, in this order
	Cycles string         // which cycles of a game: interp.CyclesAll, CyclesFirst or CyclesLast
	Jobs   int            // games judged in parallel
	Shard  Shard          // the share of the games judged (the zero Shard: all)
	// Open and Opened are as in [Reading].
	Open   func(path string) (*record.Reader, error)
	Opened func(file int, r *record.Reader)
}

// Ruling is one book's ruling on a cycle.
type Ruling struct {
	Ruleset string   `json:"ruleset"`
	Verdict string   `json:"verdict"` // a verdict word, or "error"
	Labels  []string `json:"labels,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// Cycle is one cycle found and judged. Its JSON is a line of
// `scan --format jsonl` (with "type": "cycle").
type Cycle struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Game   int    `json:"game"` // 1-based index of the record in its file
	ID     string `json:"id,omitempty"`
	Result string `json:"result,omitempty"`
	// Ply: moves played when the repetition is complete; FromPly: where the
	// period judged starts (its position is FEN).
	Ply         int      `json:"ply"`
	FromPly     int      `json:"from_ply"`
	Occurrences int      `json:"occurrences"`
	FEN         string   `json:"fen"`
	Moves       []string `json:"moves"`
	// EndsGame: the game ends in this repetition (the record's own
	// ends_in_repetition when it has one, for its first cycle).
	EndsGame bool     `json:"ends_game"`
	Rulings  []Ruling `json:"rulings"`
}

// Scanned is what scanning one game found: its cycles judged, or its error
// (the record could not be read, or the game not replayed); Other: the
// game is another shard's, and was not looked at.
type Scanned struct {
	Cycles []Cycle
	Err    error
	Other  bool
}

// Game is one record of a scan and what was found in it.
type Game = Item[Scanned]

// Scan reads the files, judges the games of opt.Shard in opt.Jobs
// goroutines and returns the batches in file order (see [Pipeline]).
// Every record comes back, other shards' marked Other, so that the caller
// can say the errors that are no game's ([NoGame]) whatever its shard.
func Scan(files []string, opt Options) <-chan *Batch[Scanned] {
	scanner := func() func(*Game) {
		return func(it *Game) {
			if !opt.Shard.Has(it.Game, it.ReadErr) {
				it.Res.Other = true
				return
			}
			if it.ReadErr != nil {
				it.Res.Err = it.ReadErr
				return
			}
			if it.Game != nil {
				it.Res.Cycles, it.Res.Err = ScanGame(it.Game, opt.Books, opt.Cycles)
			}
		}
	}
	return Pipeline(files, Reading{Jobs: opt.Jobs, BatchSize: BatchSize, Open: opt.Open, Opened: opt.Opened}, scanner)
}

// ScanGame replays a game, finds its cycles (mode: interp.CyclesAll, …) and
// judges each under books. The error is the game's (it cannot be
// replayed); a book that cannot rule on a cycle is recorded in the cycle's
// rulings.
func ScanGame(g *record.Game, books []*interp.Book, mode string) ([]Cycle, error) {
	rp, err := record.Replay(g)
	if err != nil {
		return nil, err
	}
	found := interp.FindCycles(rp.Start, rp.Moves, mode)
	if len(found) > 0 && mode != interp.CyclesLast && g.Raw != nil {
		// The corpus's own reading of whether the game ends in its first
		// threefold cycle (CCPD's ends_in_repetition) wins over ours.
		var x struct {
			Ends *bool `json:"ends_in_repetition"`
		}
		if json.Unmarshal(g.Raw, &x) == nil && x.Ends != nil {
			found[0].EndsGame = *x.Ends
		}
	}
	out := make([]Cycle, 0, len(found))
	for _, f := range found {
		moves := make([]string, len(f.Moves))
		for i, m := range f.Moves {
			moves[i] = m.String()
		}
		c := Cycle{File: g.File, Line: g.Line, Game: g.Index + 1, ID: g.ID, Result: g.Result,
			Ply: f.Ply, FromPly: f.FromPly, Occurrences: f.Occurrences, FEN: f.Start.FEN(), Moves: moves,
			EndsGame: f.EndsGame}
		c.Rulings = JudgeEach(books, f.Input)
		out = append(out, c)
	}
	return out, nil
}

// JudgeEach judges in under every book; when the books cannot all rule,
// each is judged alone, so that one book's error does not hide the others'
// rulings. A scan's workers keep the cores busy, so the analyses of a
// cycle run in turn, sharing what they can, and no reason is rendered
// ([interp.JudgeVerdicts]).
func JudgeEach(books []*interp.Book, in interp.Input) []Ruling {
	out := make([]Ruling, len(books))
	rs, err := interp.JudgeVerdicts(books, in)
	if err == nil {
		for i, r := range rs {
			out[i] = rulingOf(r)
		}
		return out
	}
	for i, b := range books {
		rs, err := interp.JudgeVerdicts([]*interp.Book{b}, in)
		if err != nil {
			out[i] = Ruling{Ruleset: b.ID, Verdict: "error", Error: err.Error()}
			continue
		}
		out[i] = rulingOf(rs[0])
	}
	return out
}

func rulingOf(r interp.Ruling) Ruling {
	s := Ruling{Ruleset: r.Ruleset, Verdict: r.Verdict}
	for _, m := range r.Moves {
		s.Labels = append(s.Labels, m.Label)
	}
	return s
}
