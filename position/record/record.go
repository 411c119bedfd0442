// Package record reads Xiangqi game records — PGN (ICCS, WXF or Chinese
// movetext), the JSON Lines game and case formats of xqrules' data, DhtmlXQ,
// XQF (象棋演播室 1.0 to 1.8, encrypted or not) — streamed, gzip or not, in
// UTF-8, GB18030/GBK or Big5 (decided per file, see DetectEncoding, or given
// with Reader.SetEncoding), and replays them. One bad game never stops a
// corpus: its error is reported with the game and move number, and reading
// goes on. A file that cannot be read on (corrupt gzip, binary, mixed
// encodings, a line over MaxLineBytes, a corrupt XQF file) ends with one
// fatal error naming the line or byte offset, and the other files are
// unharmed.
//
// A file is read with Open (or NewReader) and Next until io.EOF:
//
//	r, err := record.Open("games.pgn.gz")
//	if err != nil { … }
//	defer r.Close()
//	for {
//		g, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		if err != nil { // a *record.Error: report it and go on
//			continue
//		}
//		rep, err := record.Replay(g) // a *record.ReplayError at the first bad move
//		…
//	}
package record

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/xqrules/xqrules/position"

	"github.com/xqrules/xqrules/internal/excerpt"
)

// Game is one record as read, before replay.
type Game struct {
	Index  int               // 0-based position of the game in its file
	ID     string            // the record's own id when it has one (JSONL "id", PGN CCPDPath tag), else ""
	File   string            // the file it came from
	Line   int               // 1-based line where the record starts
	Tags   map[string]string // PGN tags or JSONL fields (Event, Red, Black, Result, Date, …)
	FEN    string            // start position ("" means the standard start)
	Moves  []string          // move texts as written (any notation); DhtmlXQ moves are converted to ICCS
	Result string            // "1-0", "0-1", "1/2-1/2", "*" or "" when unknown

	// MoveLines gives the 1-based line of each move when the moves span
	// several lines (PGN); nil means every move is on Line (JSON Lines).
	MoveLines []int
	// Format is the format the record was read from: "pgn", "jsonl", "dhtmlxq".
	Format string
	// Encoding is the text encoding the record was read as: "utf-8",
	// "gb18030" (GBK, GB2312) or "big5"; for XQF, that of its texts.
	Encoding string
	// Comments holds the record's comments: Comments[i] is the comment
	// after the i-th move (0: before the first move), several joined by a
	// blank line. Nil when there are none.
	Comments map[int]string
	// Variations counts the variations the record holds (skipped: only the
	// main line is read).
	Variations int
	// Raw is the JSON object of a JSON Lines row, as read, so that callers
	// can decode fields this package does not know (a case's "expect",
	// "verdict", "labels" …). Nil for other formats.
	Raw json.RawMessage
}

// Name returns a short name for messages: "file:line (id)" or "file game N"
// (N 1-based) when the line is unknown.
func (g *Game) Name() string {
	var b strings.Builder
	b.WriteString(g.File)
	if g.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(g.Line))
	} else {
		b.WriteString(" game ")
		b.WriteString(strconv.Itoa(g.Index + 1))
	}
	if g.ID != "" {
		b.WriteString(" (")
		b.WriteString(g.ID)
		b.WriteByte(')')
	}
	return b.String()
}

// Tag returns the tag called name, trying the exact name and then a
// case-insensitive match, so that "Event" finds a JSON "event" field too.
func (g *Game) Tag(name string) string {
	if v, ok := g.Tags[name]; ok {
		return v
	}
	for k, v := range g.Tags {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// StartSide returns the side to move in the start position, read from the
// FEN's side field without parsing the board (Red when absent).
func (g *Game) StartSide() position.Color {
	f := strings.Fields(g.FEN)
	if len(f) > 1 && (f[1] == "b" || f[1] == "B") {
		return position.Black
	}
	return position.Red
}

// MoveNumber returns the move number printed before ply (1-based) in a
// record: plies 1 and 2 are move 1 when Red starts; when Black starts, ply
// 1 is "1. …" and ply 2 is move 2.
func (g *Game) MoveNumber(ply int) int {
	if g.StartSide() == position.Black {
		return ply/2 + 1
	}
	return (ply + 1) / 2
}

// lineOf returns the line of the move at 0-based index i.
func (g *Game) lineOf(i int) int {
	if i >= 0 && i < len(g.MoveLines) {
		return g.MoveLines[i]
	}
	return g.Line
}

// ReplayError is a move that could not be read or played, or a start
// position that could not be set up (Ply 0).
type ReplayError struct {
	Game   *Game
	Ply    int    // 1-based ply of the bad move (0: the start position is bad)
	Text   string // the move as written (the FEN when Ply is 0)
	Err    error
	Line   int // 1-based line of the move in its file
	MoveNo int // the move number as a record prints it (see Game.MoveNumber)
}

func (e *ReplayError) Error() string {
	var b strings.Builder
	g := e.Game
	b.WriteString(g.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	fmt.Fprintf(&b, ": game %d", g.Index+1)
	if g.ID != "" {
		fmt.Fprintf(&b, " (%s)", excerpt.Cut(g.ID))
	}
	if e.Ply == 0 {
		fmt.Fprintf(&b, ": start position: %v", e.Err)
		return b.String()
	}
	fmt.Fprintf(&b, ": move %d (ply %d) %s: %v", e.MoveNo, e.Ply, excerpt.Quote(e.Text), e.Err)
	return b.String()
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replayed is a game whose moves were all played.
type Replayed struct {
	Game  *Game
	Start *position.Position // the start position (not advanced)
	Moves []position.Move
	Final *position.Position // the position after the last move, with history
	Reps  Repetitions
}

// Repetitions summarises how often positions recur in a game: a position is
// the pieces and the side to move, the start position included.
type Repetitions struct {
	// Max is the largest number of times any position occurs (1 when none recurs).
	Max int
	// Twofold and Threefold count the distinct positions that occur at
	// least 2 and at least 3 times.
	Twofold, Threefold int
	// FirstThreefold is the ply after which some position occurs for the
	// third time, first in the game (0 when none does): where a threefold
	// adjudicator would stop the game.
	FirstThreefold int
}
