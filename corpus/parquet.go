package corpus

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"
)

// ParquetCycle is a row of the Parquet files `scan --format parquet`
// writes: one cycle, with one ruling per book (rulings, in the order of
// --rules). The schema, as DuckDB's DESCRIBE prints it:
//
//	game_id      VARCHAR    record id (JSON Lines "id", PGN CCPDPath), else file#index
//	file         VARCHAR    the record file
//	game         INTEGER    1-based index of the record in its file
//	event        VARCHAR    the event as the record writes it ("" when none)
//	date         VARCHAR    the date as the record writes it ("" when none)
//	year         INTEGER    the year read from the date or the event (NULL when none)
//	result       VARCHAR    1-0, 0-1, 1/2-1/2, * or ""
//	ends_game    BOOLEAN    the game ends in this cycle
//	ply          INTEGER    moves played when the repetition is complete
//	from_ply     INTEGER    where the period judged starts (its position is fen)
//	occurrences  INTEGER    how often the position has occurred
//	fen          VARCHAR    the position the period starts from
//	moves        VARCHAR[]  the period's moves (ICCS)
//	rulings      STRUCT(ruleset VARCHAR, book VARCHAR, verdict VARCHAR, labels VARCHAR[],
//	                    clause VARCHAR, agrees BOOLEAN, error VARCHAR)[]
//
// In a ruling, book is the book applied (the in-force column's book for the
// game; the ruleset itself otherwise; "" when no book is in force), verdict
// is red-must-vary, black-must-vary, draw, error or unknown, clause the
// clause of the deciding verdict row, agrees NULL unless the game ends in
// the cycle with a result.
type ParquetCycle struct {
	GameID      string          `parquet:"game_id,dict"`
	File        string          `parquet:"file,dict"`
	Game        int32           `parquet:"game"`
	Event       string          `parquet:"event,dict"`
	Date        string          `parquet:"date,dict"`
	Year        *int32          `parquet:"year,optional"`
	Result      string          `parquet:"result,dict"`
	EndsGame    bool            `parquet:"ends_game"`
	Ply         int32           `parquet:"ply"`
	FromPly     int32           `parquet:"from_ply"`
	Occurrences int32           `parquet:"occurrences"`
	FEN         string          `parquet:"fen"`
	Moves       []string        `parquet:"moves,list"`
	Rulings     []ParquetRuling `parquet:"rulings,list"`
}

// ParquetRuling is one book's ruling in a [ParquetCycle].
type ParquetRuling struct {
	Ruleset string   `parquet:"ruleset,dict"`
	Book    string   `parquet:"book,dict"`
	Verdict string   `parquet:"verdict,dict"`
	Labels  []string `parquet:"labels,list"`
	Clause  string   `parquet:"clause,dict"`
	Agrees  *bool    `parquet:"agrees,optional"`
	Error   string   `parquet:"error"`
}

// ParquetRowGroup is the rows a Parquet row group holds: the writer keeps
// one row group in memory, so memory stays flat whatever the corpus size.
const ParquetRowGroup = 4096

// ParquetWriter writes cycles as Parquet rows ([ParquetCycle]).
type ParquetWriter struct {
	w   *parquet.GenericWriter[ParquetCycle]
	buf []ParquetCycle
}

// NewParquetWriter writes a Parquet file to w (snappy-compressed pages, a
// row group every ParquetRowGroup cycles); Close ends the file.
func NewParquetWriter(w io.Writer) *ParquetWriter {
	return &ParquetWriter{w: parquet.NewGenericWriter[ParquetCycle](w,
		parquet.Compression(&snappy.Codec{}),
		parquet.MaxRowsPerRowGroup(ParquetRowGroup),
		parquet.CreatedBy("xqrules", "", ""))}
}

// Write adds a cycle (held until a batch is full).
func (p *ParquetWriter) Write(c *Cycle) error {
	p.buf = append(p.buf, ParquetRow(c))
	if len(p.buf) >= 256 {
		return p.Flush()
	}
	return nil
}

// Flush hands the cycles held to the Parquet writer.
func (p *ParquetWriter) Flush() error {
	if len(p.buf) == 0 {
		return nil
	}
	_, err := p.w.Write(p.buf)
	clear(p.buf)
	p.buf = p.buf[:0]
	return err
}

// Close writes what is held and the file's footer.
func (p *ParquetWriter) Close() error {
	if err := p.Flush(); err != nil {
		return err
	}
	return p.w.Close()
}

// ParquetRow is a cycle as a Parquet row.
func ParquetRow(c *Cycle) ParquetCycle {
	r := ParquetCycle{GameID: cycleKey(c), File: c.File, Game: int32(c.Game), Event: c.Event, Date: c.Date,
		Result: c.Result, EndsGame: c.EndsGame, Ply: int32(c.Ply), FromPly: int32(c.FromPly),
		Occurrences: int32(c.Occurrences), FEN: c.FEN, Moves: c.Moves, Rulings: make([]ParquetRuling, len(c.Rulings))}
	if c.Year != 0 {
		y := int32(c.Year)
		r.Year = &y
	}
	for i, x := range c.Rulings {
		book := x.Book
		if book == "" && x.Ruleset != InForceID {
			book = x.Ruleset
		}
		r.Rulings[i] = ParquetRuling{Ruleset: x.Ruleset, Book: book, Verdict: x.Verdict, Labels: x.Labels,
			Clause: x.Clause, Agrees: x.Agrees, Error: x.Error}
	}
	return r
}

// ParquetName is the name of the Parquet file of shard sh in an output
// directory: cycles.parquet, or cycles-K-of-N.parquet (K zero-padded to
// N's width, so the names sort in shard order).
func ParquetName(sh Shard) string { return "cycles" + shardSuffix(sh) + ".parquet" }

// SummaryName is the name of the summary file beside it: one line, the
// summary `scan --format jsonl` ends with (scan-merge reads it).
func SummaryName(sh Shard) string { return "summary" + shardSuffix(sh) + ".jsonl" }

func shardSuffix(sh Shard) string {
	if sh.n == 0 {
		return ""
	}
	w := len(fmt.Sprint(sh.n))
	return fmt.Sprintf("-%0*d-of-%d", w, sh.k+1, sh.n)
}

// OutputFile reports whether name is a file a scan of shard sh may leave in
// its output directory: its own files, its sibling shards' (of the same N),
// or a temporary file of one of them (a dot file).
func OutputFile(name string, sh Shard) bool {
	if strings.HasPrefix(name, ".") {
		return true
	}
	if name == ParquetName(sh) || name == SummaryName(sh) {
		return true
	}
	if sh.n == 0 {
		return false
	}
	for _, pre := range []string{"cycles-", "summary-"} {
		rest, ok := strings.CutPrefix(name, pre)
		if !ok {
			continue
		}
		k, tail, ok := strings.Cut(rest, "-of-")
		if !ok {
			continue
		}
		if _, err := strconv.Atoi(k); err != nil {
			continue
		}
		n := fmt.Sprint(sh.n)
		if tail == n+".parquet" || tail == n+".jsonl" {
			return true
		}
	}
	return false
}
