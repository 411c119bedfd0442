package record

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/xqrules/xqrules/position"
)

// XQF is the format of 象棋演播室 (XQStudio), the common desktop program:
// a 1024-byte header (signature "XQ", version, keys, the 32 pieces' start
// squares, result, Pascal strings for title, event, date, site, players…)
// then the move tree from offset 0x400, in preorder: a node of 4 bytes
// (from, to, flags, reserved), then its comment. The first node stands for
// the start position (its comment is the game's opening comment).
//
// Version 1.0 (0x0A) is plain; its description (XQF.TXT, 2001) gives every
// node a 4-byte comment length. From 1.1 (0x0B) on the file is encrypted:
// the header's key bytes give a key for squares (KeyXY), one each for the
// from and to squares of moves (KeyXYf, KeyXYt), an offset subtracted
// from comment lengths, and 32 key bytes subtracted from every byte of the
// tree according to its file offset modulo 32 (the copyright text below
// masked with the header's key bytes). From 1.2 the 32 piece squares are
// also rotated by KeyXY + 1. Each square key is derived from its header
// byte k as (54k² + 221)·previous key, modulo 256. A piece on a square
// past 89 is not on the board.

const (
	xqfHeaderSize = 0x400
	xqfMaxBytes   = 16 << 20
)

// xqfCopyright is the 32-byte text the tree's key bytes are masked with.
const xqfCopyright = "[(C) Copyright Mr. Dong Shiwei.]"

// xqfPieces are the FEN letters of the 32 pieces in the header's order:
// Red's 车马相仕帅仕相马车炮炮兵兵兵兵兵, then Black's.
const xqfPieces = "RNBAKABNRCCPPPPPrnbakabnrccppppp"

// nextXQF reads the one game of an XQF file.
func (r *Reader) nextXQF() (*Game, error) {
	if r.index > 0 {
		return nil, io.EOF
	}
	data, err := io.ReadAll(io.LimitReader(r.raw, xqfMaxBytes+1))
	if err != nil {
		return nil, (&lineReader{name: r.name, gzipped: r.prefetch != nil}).readErr(err)
	}
	g := r.newGame(1)
	g.Format = FormatXQF
	if len(data) > xqfMaxBytes {
		return nil, &Error{File: r.name, Index: g.Index, Code: CodeRecordTooLarge, Msg: "XQF file larger than 16 MiB", Fatal: true}
	}
	if err := readXQF(data, g, r.want); err != nil {
		e := &Error{File: r.name, Index: g.Index, Code: CodeXQF, Msg: err.Error(), Fatal: true}
		return nil, e
	}
	return g, nil
}

// xqfError is a problem at a byte offset of an XQF file.
func xqfError(off int, format string, args ...any) error {
	return fmt.Errorf("XQF: byte offset %d: %s", off, fmt.Sprintf(format, args...))
}

// xqfKeys are the keys of an encrypted file (all zero for 1.0): the
// square keys, the comment length offset and the 32 bytes subtracted from
// the tree's bytes.
type xqfKeys struct {
	xy, xyf, xyt byte
	rmk          uint32 // subtracted from comment lengths
	f32          [32]byte
}

func xqfKey(k, prev byte) byte { return (k*k*54 + 221) * prev }

// readXQF reads the XQF file data into g; enc is the encoding of its
// texts ("" to detect it).
func readXQF(data []byte, g *Game, enc string) error {
	if len(data) < 2 || data[0] != 'X' || data[1] != 'Q' {
		return xqfError(0, "not an XQF file (no \"XQ\" signature)")
	}
	if len(data) < xqfHeaderSize {
		return xqfError(len(data), "truncated header (%d bytes, want %d)", len(data), xqfHeaderSize)
	}
	ver := data[2]
	if ver < 0x0A || ver > 0x12 {
		return xqfError(2, "unknown XQF version 0x%02x (read: 1.0 to 1.8, 0x0A to 0x12)", ver)
	}
	var k xqfKeys
	if ver > 0x0A {
		k.xy = xqfKey(data[0x0D], data[0x0D])
		k.xyf = xqfKey(data[0x0E], k.xy)
		k.xyt = xqfKey(data[0x0F], k.xyf)
		k.rmk = (uint32(data[0x0C])*256+uint32(data[0x0D]))%32000 + 767
		mask := data[0x03]
		four := [4]byte{
			data[0x0C]&mask | data[0x08],
			data[0x0D]&mask | data[0x09],
			data[0x0E]&mask | data[0x0A],
			data[0x0F]&mask | data[0x0B],
		}
		for i := range k.f32 {
			k.f32[i] = xqfCopyright[i] & four[i%4]
		}
	}

	// The start position.
	var squares [32]byte
	copy(squares[:], data[0x10:0x30])
	if ver >= 0x0C {
		for i := range 32 {
			squares[(i+int(k.xy)+1)&31] = data[0x10+i]
		}
	}
	var board [10][9]byte // [rank][file], rank 0 = Red's back rank
	for i, s := range squares {
		if ver > 0x0A {
			s -= k.xy
		}
		if s >= 90 {
			continue // not on the board (0xFF, or any value past 89)
		}
		x, y := s/10, s%10
		if board[y][x] != 0 {
			return xqfError(0x10+i, "two pieces on square %c%d", 'a'+x, y)
		}
		board[y][x] = xqfPieces[i]
	}

	// Texts, in the file's encoding.
	var texts []string
	pascal := func(off, size int) string {
		n := int(data[off])
		if n >= size {
			n = size - 1
		}
		s := string(data[off+1 : off+1+n])
		if i := strings.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		texts = append(texts, s)
		return s
	}
	tags := map[string]string{}
	for _, f := range []struct {
		tag       string
		off, size int
	}{
		{"Title", 0x50, 64}, {"Event", 0xD0, 64}, {"Date", 0x110, 16}, {"Site", 0x120, 16},
		{"Red", 0x130, 16}, {"Black", 0x140, 16}, {"TimeControl", 0x150, 64},
		{"RedTime", 0x190, 16}, {"BlackTime", 0x1A0, 16}, {"Annotator", 0x1D0, 16}, {"Author", 0x1E0, 16},
	} {
		if s := pascal(f.off, f.size); s != "" {
			tags[f.tag] = s
		}
	}
	switch data[0x33] {
	case 1:
		g.Result = "1-0"
	case 2:
		g.Result = "0-1"
	case 3:
		g.Result = "1/2-1/2"
	}

	// The move tree.
	t := xqfTree{data: data, k: &k, ver: ver, off: xqfHeaderSize}
	var moves []string
	comments := map[int]string{}
	first := true
	for {
		nodeOff := t.off
		from, to, flags, comment, err := t.node()
		if err != nil {
			return err
		}
		if !first {
			if from >= 90 || to >= 90 {
				return xqfError(nodeOff, "move %d off the board (squares %d to %d)", len(moves)+1, from, to)
			}
			moves = append(moves, fmt.Sprintf("%c%d%c%d", 'a'+from/10, from%10, 'a'+to/10, to%10))
		}
		if comment != "" {
			comments[len(moves)] = comment
			texts = append(texts, comment)
		}
		first = false
		if t.sibling(flags) {
			g.Variations++
		}
		if !t.child(flags) {
			break
		}
	}
	// The rest of the tree is variations: count them (checking the nodes
	// can be read).
	for t.off < len(data) {
		_, _, flags, _, err := t.node()
		if err != nil {
			return err
		}
		if t.sibling(flags) {
			g.Variations++
		}
	}

	if enc == "" {
		enc = EncodingUTF8
		if all := strings.Join(texts, "\n"); all != "" {
			var err error
			if enc, err = DetectEncoding([]byte(all)); err != nil {
				return fmt.Errorf("XQF texts: %v", err)
			}
		}
	}
	g.Encoding = enc
	dec := func(s string) string {
		if d := decoderOf(enc); d != nil {
			out, err := d.String(s)
			if err == nil {
				return out
			}
		}
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	for name, v := range tags {
		tags[name] = strings.TrimSpace(dec(v))
	}
	if len(comments) > 0 {
		for i, c := range comments {
			comments[i] = strings.ReplaceAll(dec(c), "\r\n", "\n")
		}
		g.Comments = comments
	}
	g.Moves = moves

	// Side to move: the side of the piece the first move moves, else the
	// header's (0x32 is 1 when Black starts).
	side := "w"
	if data[0x32] == 1 {
		side = "b"
	}
	if len(moves) > 0 {
		x, y := moves[0][0]-'a', moves[0][1]-'0'
		if p := board[y][x]; p >= 'a' && p <= 'z' {
			side = "b"
		} else if p != 0 {
			side = "w"
		}
	}
	if fen := boardFEN(&board) + " " + side + " - - 0 1"; fen != position.StartFEN {
		tags["FEN"] = fen
		g.FEN = fen
	}
	if g.Result != "" {
		tags["Result"] = g.Result
	}
	g.Tags = tags
	return nil
}

// boardFEN writes the board part of a FEN, rank 9 first.
func boardFEN(b *[10][9]byte) string {
	var s strings.Builder
	for y := 9; y >= 0; y-- {
		empty := 0
		for x := range 9 {
			if b[y][x] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteByte(byte('0' + empty))
				empty = 0
			}
			s.WriteByte(b[y][x])
		}
		if empty > 0 {
			s.WriteByte(byte('0' + empty))
		}
		if y > 0 {
			s.WriteByte('/')
		}
	}
	return s.String()
}

// xqfTree reads the nodes of the move tree.
type xqfTree struct {
	data []byte
	k    *xqfKeys
	ver  byte
	off  int
}

// bytes returns the next n bytes, decrypted.
func (t *xqfTree) bytes(n int, what string) ([]byte, error) {
	if t.off+n > len(t.data) || n < 0 {
		return nil, xqfError(t.off, "truncated: %s needs %d bytes, the file has %d left", what, n, len(t.data)-t.off)
	}
	out := make([]byte, n)
	for i := range out {
		p := t.off + i
		out[i] = t.data[p] - t.k.f32[p%32]
	}
	t.off += n
	return out, nil
}

// node reads one node: the from and to squares (X*10+Y), its flags and
// its comment (undecoded).
func (t *xqfTree) node() (from, to int, flags byte, comment string, err error) {
	b, err := t.bytes(4, "a move")
	if err != nil {
		return 0, 0, 0, "", err
	}
	from = int(b[0] - 24 - t.k.xyf)
	to = int(b[1] - 32 - t.k.xyt)
	flags = b[2]
	hasComment := true
	if t.ver > 0x0A {
		hasComment = flags&0x20 != 0
	}
	if !hasComment {
		return from, to, flags, "", nil
	}
	lenOff := t.off
	lb, err := t.bytes(4, "a comment's length")
	if err != nil {
		return 0, 0, 0, "", err
	}
	n := binary.LittleEndian.Uint32(lb) - t.k.rmk
	if n > uint32(len(t.data)-t.off) {
		return 0, 0, 0, "", xqfError(lenOff, "comment of %d bytes points past the end of the file (%d bytes left)", int32(n), len(t.data)-t.off)
	}
	c, err := t.bytes(int(n), "a comment")
	if err != nil {
		return 0, 0, 0, "", err
	}
	return from, to, flags, string(c), nil
}

// child reports whether a node's flags say a move follows it.
func (t *xqfTree) child(flags byte) bool {
	if t.ver <= 0x0A {
		return flags&0xF0 != 0
	}
	return flags&0x80 != 0
}

// sibling reports whether a node's flags say an alternative to it follows
// its subtree (a variation).
func (t *xqfTree) sibling(flags byte) bool {
	if t.ver <= 0x0A {
		return flags&0x0F != 0
	}
	return flags&0x40 != 0
}
