package record

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// DhtmlXQ is the game format of the dpxq.com (东萍象棋网) web viewer, found
// in web pages and forum posts as a block of UBB-style tags:
//
//	[DhtmlXQ]
//	[DhtmlXQ_title]…[/DhtmlXQ_title]  [DhtmlXQ_red]…  [DhtmlXQ_black]…
//	[DhtmlXQ_result]红胜[/DhtmlXQ_result]
//	[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]
//	[DhtmlXQ_movelist]77477967…[/DhtmlXQ_movelist]
//	[/DhtmlXQ]
//
// Coordinates are two digits, x (column 0–8 from Red's left, ICCS file a–i)
// then y (row 0–9 from Black's side, so ICCS rank 9−y). binit lists the 32
// pieces in a fixed order — for each side rook, horse, elephant, advisor,
// king, advisor, elephant, horse, rook, cannon, cannon, five pawns; Red
// first — with "99" for a piece not on the board; no binit means the
// standard start. movelist is the main line, four digits (from, to) per
// move. The format does not say who moves first: the piece on the first
// move's from-point does. Variations ([DhtmlXQ_move_…]) and comments are
// skipped. Closing tags are matched loosely ("[/DhtmlXQ_…]" ends any
// value), as some generators write mismatched ones.
//
// Moves are converted to ICCS when read, so that Replay and error messages
// deal in one notation.

// dhtmlBinitOrder is the piece kind at each binit index, for one side.
const dhtmlBinitOrder = "rnbakabnrccppppp"

var dhtmlTagName = map[string]string{
	"title": "Title", "event": "Event", "date": "Date", "place": "Site", "round": "Round",
	"red": "Red", "black": "Black", "result": "Result", "redteam": "RedTeam",
	"blackteam": "BlackTeam", "open": "Opening", "remark": "Remark", "author": "Author",
}

// dhtmlState carries what is left of a line after a block ends on it.
type dhtmlState struct {
	rest     []byte
	restLine int
}

func (r *Reader) nextDhtmlXQ() (*Game, error) {
	if r.dhtml == nil {
		r.dhtml = &dhtmlState{}
	}
	st := r.dhtml
	var block []byte
	in, start := false, 0
	for {
		var line []byte
		n := 0
		if st.rest != nil {
			line, n = st.rest, st.restLine
			st.rest = nil
		} else {
			var err error
			line, err = r.lines.next()
			if err == io.EOF {
				if in {
					g := r.newGame(start)
					return nil, r.errorAt(start, g.Index, "", CodeDhtmlXQ, "unterminated [DhtmlXQ] block (no [/DhtmlXQ])", nil)
				}
				return nil, io.EOF
			}
			if err != nil {
				return nil, err
			}
			n = r.lines.line
		}
		for len(line) > 0 {
			if !in {
				k := bytes.Index(line, []byte("[DhtmlXQ]"))
				if k < 0 {
					break
				}
				in, start = true, n
				line = line[k+len("[DhtmlXQ]"):]
				continue
			}
			k := bytes.Index(line, []byte("[/DhtmlXQ]"))
			if k < 0 {
				block = append(block, line...)
				block = append(block, '\n')
				if len(block) > MaxRecordBytes {
					g := r.newGame(start)
					return nil, &Error{File: r.name, Line: start, Index: g.Index, Code: CodeRecordTooLarge,
						Msg: "DhtmlXQ block larger than 16 MiB", Fatal: true}
				}
				break
			}
			block = append(block, line[:k]...)
			if rest := line[k+len("[/DhtmlXQ]"):]; len(rest) > 0 {
				st.rest, st.restLine = bytes.Clone(rest), n
			}
			return r.parseDhtmlXQ(block, start)
		}
	}
}

// parseDhtmlXQ reads the tags of one block (without [DhtmlXQ] and [/DhtmlXQ]).
func (r *Reader) parseDhtmlXQ(block []byte, line int) (*Game, error) {
	g := r.newGame(line)
	g.Format = FormatDhtmlXQ
	var binit, movelist string
	haveBinit := false
	s := string(block)
	for {
		k := strings.Index(s, "[DhtmlXQ_")
		if k < 0 {
			break
		}
		s = s[k+len("[DhtmlXQ_"):]
		end := strings.IndexByte(s, ']')
		if end < 0 {
			break
		}
		name := s[:end]
		s = s[end+1:]
		vend := strings.Index(s, "[/DhtmlXQ")
		if vend < 0 {
			return nil, r.errorAt(line, g.Index, g.ID, CodeDhtmlXQ, "no closing tag for [DhtmlXQ_"+name+"]", nil)
		}
		value := strings.TrimSpace(s[:vend])
		s = s[vend:]
		switch {
		case name == "binit":
			binit, haveBinit = value, true
		case name == "movelist":
			movelist = value
		case strings.HasPrefix(name, "move_"), strings.HasPrefix(name, "comment"):
			// variations and comments: skipped
		default:
			if g.Tags == nil {
				g.Tags = make(map[string]string, 16)
			}
			if t, ok := dhtmlTagName[name]; ok {
				name = t
			} else {
				name = "DhtmlXQ_" + name
			}
			g.Tags[name] = value
		}
	}
	if len(movelist)%4 != 0 || strings.Trim(movelist, "0123456789") != "" {
		return nil, r.errorAt(line, g.Index, g.ID, CodeDhtmlXQ, "movelist is not groups of four digits", []byte(movelist))
	}
	// Moves, converted to ICCS in one string.
	moves := make([]byte, 0, len(movelist))
	for i := 0; i < len(movelist); i += 4 {
		q := movelist[i : i+4]
		if q[0] > '8' || q[2] > '8' {
			return nil, r.errorAt(line, g.Index, g.ID, CodeDhtmlXQ, fmt.Sprintf("move %d: column 9 is off the board", i/4+1), []byte(q))
		}
		moves = append(moves, 'a'+q[0]-'0', '9'-q[1]+'0', 'a'+q[2]-'0', '9'-q[3]+'0')
	}
	ms := string(moves)
	g.Moves = make([]string, len(ms)/4)
	for i := range g.Moves {
		g.Moves[i] = ms[4*i : 4*i+4]
	}
	if haveBinit {
		fen, err := binitFEN(binit, movelist)
		if err != "" {
			return nil, r.errorAt(line, g.Index, g.ID, CodeDhtmlXQ, "binit: "+err, []byte(binit))
		}
		g.FEN = fen
	}
	if res, ok := g.Tags["Result"]; ok {
		if norm, ok := normResult(res); ok {
			g.Result = norm
		}
	}
	return g, nil
}

// binitFEN converts a binit to a FEN; the side to move is the colour of the
// piece on the first move's from-point (Red when there is no move).
func binitFEN(binit, movelist string) (string, string) {
	if len(binit) != 64 || strings.Trim(binit, "0123456789") != "" {
		return "", "want 64 digits"
	}
	var board [10][9]byte // [row from the top][column]
	for i := 0; i < 32; i++ {
		xy := binit[2*i : 2*i+2]
		if xy == "99" {
			continue
		}
		x, y := int(xy[0]-'0'), int(xy[1]-'0')
		if x > 8 {
			return "", fmt.Sprintf("piece %d at column %d, off the board", i+1, x)
		}
		if board[y][x] != 0 {
			return "", fmt.Sprintf("two pieces on point %s", xy)
		}
		pc := dhtmlBinitOrder[i%16]
		if i < 16 {
			pc -= 'a' - 'A'
		}
		board[y][x] = pc
	}
	// board[0] is rank 9; boardFEN takes rank 0 first.
	var ranks [10][9]byte
	for y := range board {
		ranks[9-y] = board[y]
	}
	var b strings.Builder
	b.WriteString(boardFEN(&ranks))
	side := " w - - 0 1"
	if len(movelist) >= 4 {
		if pc := board[movelist[1]-'0'][movelist[0]-'0']; pc >= 'a' && pc <= 'z' {
			side = " b - - 0 1"
		}
	}
	b.WriteString(side)
	return b.String(), ""
}
