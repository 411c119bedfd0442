// Package record reads Xiangqi game records — PGN (ICCS, WXF or Chinese
// movetext), the JSON Lines game and case formats of xqrules' data, DhtmlXQ —
// streamed, gzip or not, and replays them. One bad game never stops a corpus:
// its error is reported with the game and move number, and reading goes on.
package record

import (
	"github.com/xqrules/xqrules/position"
)

// Game is one record as read, before replay.
type Game struct {
	Index  int               // 0-based position of the game in its file
	ID     string            // the record's own id when it has one (JSONL "id", PGN CCPDPath tag), else ""
	File   string            // the file it came from
	Line   int               // 1-based line where the record starts
	Tags   map[string]string // PGN tags or JSONL fields (Event, Red, Black, Result, Date, …)
	FEN    string            // start position ("" means the standard start)
	Moves  []string          // move texts as written (any notation)
	Result string            // "1-0", "0-1", "1/2-1/2", "*" or "" when unknown
}

// Name returns a short name for messages: "file:line (id)" or "file game N".
func (g *Game) Name() string {
	// Implemented by the records work; kept here so the API is fixed early.
	return g.File
}

// ReplayError is a move that could not be read or played.
type ReplayError struct {
	Game  *Game
	Ply   int    // 1-based ply of the bad move
	Text  string // the move as written
	Err   error
}

// Replayed is a game whose moves were all played.
type Replayed struct {
	Game  *Game
	Start *position.Position // the start position (not advanced)
	Moves []position.Move
	Final *position.Position // the position after the last move, with history
}
