package corpus

import (
	"encoding/json"
	"slices"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position/record"
)

// BatchSize is the batch [Scan] reads in: judging a cycle under every book
// takes a fraction of a second, so batches must be small for the workers to
// share them out and for a progress line to move.
const BatchSize = 4

// InForceID names the column of the book in force (`--rules in-force`).
const InForceID = "in-force"

// Options says what [Scan] judges and how.
type Options struct {
	// Books: the books every cycle is judged under, in this order. A nil
	// entry is the column of the book in force: each game is judged under
	// the book InForce gives it (Ruling.Book), or not at all when the table
	// does not place it (verdict "unknown").
	Books   []*interp.Book
	InForce *interp.InForce
	Cycles  string // which cycles of a game: interp.CyclesAll, CyclesFirst or CyclesLast
	Jobs    int    // games judged in parallel
	Shard   Shard  // the share of the games judged (the zero Shard: all)
	// Open and Opened are as in [Reading].
	Open   func(path string) (*record.Reader, error)
	Opened func(file int, r *record.Reader)
}

// Ruling is one book's ruling on a cycle.
type Ruling struct {
	Ruleset string   `json:"ruleset"`
	Book    string   `json:"book,omitempty"` // the in-force column: the book in force for the game
	Verdict string   `json:"verdict"`        // a verdict word, "error", or "unknown" (no book in force)
	Labels  []string `json:"labels,omitempty"`
	// Judged: the plies the book judged, when it judged every move since
	// the position first occurred (judge_from: first) rather than the period.
	Judged *interp.JudgedPlies `json:"judged,omitempty"`
	Clause string              `json:"clause,omitempty"` // the clause of the deciding verdict row
	Error  string              `json:"error,omitempty"`
	// Agrees: for a cycle that ends a game with a result, whether the
	// ruling agrees with it (a draw ruled a draw, a decisive game ruled
	// against its loser); absent otherwise.
	Agrees *bool `json:"agrees,omitempty"`
}

// Cycle is one cycle found and judged. Its JSON is a line of
// `scan --format jsonl` (with "type": "cycle").
type Cycle struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Game   int    `json:"game"` // 1-based index of the record in its file
	ID     string `json:"id,omitempty"`
	Event  string `json:"event,omitempty"`
	Date   string `json:"date,omitempty"` // as the record writes it
	Year   int    `json:"year,omitempty"` // read from the date or the event name (GameYear)
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
	// With a table of the book in force: where it places the game, and the
	// game's year (0: none found); BadDate: the record's date holds no year.
	InForce *interp.Placement
	Year    int
	BadDate bool
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
				it.Res = ScanGame(it.Game, opt)
			}
		}
	}
	return Pipeline(files, Reading{Jobs: opt.Jobs, BatchSize: BatchSize, Open: opt.Open, Opened: opt.Opened}, scanner)
}

// ScanGame replays a game, finds its cycles (opt.Cycles) and judges each
// under opt.Books (and the book in force). Err is the game's (it cannot be
// replayed); a book that cannot rule on a cycle is recorded in the cycle's
// rulings.
func ScanGame(g *record.Game, opt Options) Scanned {
	var res Scanned
	books := opt.Books
	event, date := g.Tag("Event"), g.Tag("Date")
	res.Year, res.BadDate = GameYear(date, event)
	if slices.Contains(books, nil) {
		path := g.ID
		if path == "" {
			path = g.File
		}
		pl := interp.Placement{Unknown: "no table"}
		if opt.InForce != nil {
			pl = opt.InForce.Place(interp.GameEvent{Name: event, Path: path, Tags: g.Tags, Year: res.Year})
		}
		res.InForce = &pl
	}
	rp, err := record.Replay(g)
	if err != nil {
		res.Err = err
		return res
	}
	found := interp.FindCycles(rp.Start, rp.Moves, opt.Cycles)
	if len(found) > 0 && opt.Cycles != interp.CyclesLast && g.Raw != nil {
		// The corpus's own reading of whether the game ends in its first
		// threefold cycle (CCPD's ends_in_repetition) wins over ours.
		var x struct {
			Ends *bool `json:"ends_in_repetition"`
		}
		if json.Unmarshal(g.Raw, &x) == nil && x.Ends != nil {
			found[0].EndsGame = *x.Ends
		}
	}
	var judge func(interp.Input) []Ruling
	if res.InForce != nil {
		judge = inForceJudge(books, opt.InForce, res.InForce)
	} else {
		judge = func(in interp.Input) []Ruling { return JudgeEach(books, in) }
	}
	out := make([]Cycle, 0, len(found))
	for _, f := range found {
		moves := make([]string, len(f.Moves))
		for i, m := range f.Moves {
			moves[i] = m.String()
		}
		c := Cycle{File: g.File, Line: g.Line, Game: g.Index + 1, ID: g.ID, Event: event, Date: date, Year: res.Year, Result: g.Result,
			Ply: f.Ply, FromPly: f.FromPly, Occurrences: f.Occurrences, FEN: f.Start.FEN(), Moves: moves,
			EndsGame: f.EndsGame}
		c.Rulings = judge(f.Input)
		if real := RealVerdict(&c); real != "" {
			for i := range c.Rulings {
				if r := &c.Rulings[i]; isVerdict(r.Verdict) {
					a := r.Verdict == real
					r.Agrees = &a
				}
			}
		}
		out = append(out, c)
	}
	res.Cycles = out
	return res
}

// inForceJudge judges under books, the nil entry standing for the book in
// force pl places the game under (judged once, when it is one of books too).
func inForceJudge(books []*interp.Book, tab *interp.InForce, pl *interp.Placement) func(interp.Input) []Ruling {
	var inForce *interp.Book
	if pl.Book != "" {
		for _, b := range books {
			if b != nil && b.ID == pl.Book {
				inForce = b
			}
		}
		if inForce == nil {
			inForce = tab.Book(pl.Book)
		}
	}
	judged := make([]*interp.Book, 0, len(books)+1) // distinct, in order
	at := make([]int, len(books))                   // books[i]'s ruling in judged's; -1: unknown
	for i, b := range books {
		if b == nil {
			b = inForce
		}
		if b == nil {
			at[i] = -1
			continue
		}
		j := slices.Index(judged, b)
		if j < 0 {
			j = len(judged)
			judged = append(judged, b)
		}
		at[i] = j
	}
	return func(in interp.Input) []Ruling {
		rs := JudgeEach(judged, in)
		out := make([]Ruling, len(books))
		for i, b := range books {
			switch {
			case at[i] < 0:
				out[i] = Ruling{Ruleset: InForceID, Verdict: Unknown}
			case b == nil:
				out[i] = rs[at[i]]
				out[i].Ruleset, out[i].Book = InForceID, inForce.ID
			default:
				out[i] = rs[at[i]]
			}
		}
		return out
	}
}

// Unknown is the in-force column's verdict on a game the table does not
// place (a computer event, no date): no book, so no ruling.
const Unknown = "unknown"

// JudgeEach judges in under every book; when the books cannot all rule,
// each is judged alone, so that one book's error does not hide the others'
// rulings. A scan's workers keep the cores busy, so the analyses of a
// cycle run in turn, sharing what they can, and no reason is rendered
// ([interp.JudgeVerdicts]).
func JudgeEach(books []*interp.Book, in interp.Input) []Ruling {
	out := make([]Ruling, len(books))
	if len(books) == 0 { // the in-force column alone, on a game without a book in force
		return out
	}
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
	s := Ruling{Ruleset: r.Ruleset, Verdict: r.Verdict, Clause: r.Clause}
	if r.Judged.SinceFirst {
		j := r.Judged
		s.Judged = &j
	}
	for _, m := range r.Moves {
		s.Labels = append(s.Labels, m.Label)
	}
	return s
}

// RealVerdict is the verdict that agrees with the real result of a game
// that ends in cycle c: draw for a draw, "X must vary" for X's loss; "" when
// the game does not end in the cycle or has no result.
func RealVerdict(c *Cycle) string {
	if !c.EndsGame {
		return ""
	}
	switch c.Result {
	case "1/2-1/2":
		return interp.Draw
	case "1-0":
		return interp.BlackMustVary
	case "0-1":
		return interp.RedMustVary
	}
	return ""
}

func isVerdict(v string) bool {
	return v == interp.Draw || v == interp.RedMustVary || v == interp.BlackMustVary
}
