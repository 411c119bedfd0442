package position

import (
	"fmt"
	"strings"
)

// Chinese is the traditional notation: "炮二平五", "马8进7", "前车平四",
// simplified or traditional characters, full-width or ASCII digits for Black.
//
// A move names the piece, the file it stands on (Red counts 一…九 and Black
// 1…9, each from its own right), the way it goes (进 towards the enemy, 退
// back, 平 sideways) and a number: the ranks moved when a king, rook, cannon or
// pawn goes straight, otherwise the file it arrives on. Pieces of one kind that
// share a file are told apart by their place in the stack (前/中/后, 一…五)
// instead of the file; see Encode.
type Chinese struct{}

// Name returns "chinese".
func (Chinese) Name() string { return "chinese" }

// Encode returns the canonical (simplified) Chinese text of m, a legal move
// in p, or "" when m moves no piece. The canonical form is the one the data
// of xqrules and most mainland books use:
//
//   - 炮二平五, 马8进7: 车马炮相仕帅兵 for Red and 车马炮象士将卒 for Black, Red's
//     files and numbers in Chinese numerals, Black's in ASCII digits;
//   - 前车进一, 后马退5: two pieces of a kind on one file drop the file for
//     前/后 (前 is the one nearer the enemy); three pawns are 前/中/后 and four
//     or five are 一…五 counted from the front, in Chinese numerals for both
//     sides since they stand in for 前/中/后 rather than count files (xqbase,
//     《中国象棋电脑应用规范(二)：着法表示》);
//   - 前兵三进一, 后卒3进1: when two files each hold two or more pawns the
//     stack word alone names two pieces, so the file comes back after the piece
//     (the traditional form cited by Chinese Wikipedia); xqbase numbers such
//     pawns 一…五 across both files instead, which Decode accepts but Encode
//     does not write, because the sources disagree on the order;
//   - advisors and elephants on one file keep the plain form: the one that can
//     advance is always the rear one and the one that can retreat the front one
//     (能进的一定在后，能退的一定在前), so the move itself tells them apart.
func (Chinese) Encode(p *Position, m Move) string {
	d, ok := describeMove(p, m)
	if !ok {
		return ""
	}
	c := d.pc.Color()
	b := make([]byte, 0, 15) // five three-byte characters at most
	if d.stacked() {
		b = append(b, cnStackWord(d.n, d.idx)...)
		b = append(b, d.pc.Chinese()...)
		if d.stacks > 1 {
			b = appendCNNumber(b, c, d.file)
		}
	} else {
		b = append(b, d.pc.Chinese()...)
		b = appendCNNumber(b, c, d.file)
	}
	switch d.dir {
	case '+':
		b = append(b, "进"...)
	case '-':
		b = append(b, "退"...)
	default:
		b = append(b, "平"...)
	}
	return string(appendCNNumber(b, c, d.arg))
}

// Decode reads Chinese text, simplified or traditional, with surrounding
// spaces (full-width ones too). Accepted, besides the canonical forms of
// Encode:
//
//   - the piece variants of real files: 車俥伡 马馬傌㐷 炮砲包 相象 仕士 帅帥将將
//     兵卒, 進 for 进 and 後 for 后, whichever side moves;
//   - numbers in Chinese numerals, ASCII or full-width digits for either side
//     (the side to move says whose files they are);
//   - 车前平三 (the stack word after the piece, as in AXF's own Chinese);
//   - for pawns on two stacked files: 前兵三进一, 前三进一 and 三前进一 (the file
//     with 前/中/后), 二兵三进一 (the ordinal with the file), and xqbase's 二兵平五
//     numbering the pawns of both files right to left, then front to back;
//   - a plain file where pieces of the kind are stacked (马四进五 for two horses
//     on file 四), when only one of them can make the move; if both can, the
//     error is "ambiguous" and says what to write.
//
// Errors are *MoveError with Code "syntax", "no-piece", "illegal" or "ambiguous".
func (Chinese) Decode(p *Position, text string) (Move, error) {
	d, err := parseChinese(text)
	if err != nil {
		return NoMove, err
	}
	if err := checkScript(p.Side(), text); err != nil {
		return NoMove, err
	}
	return d.resolve(p, Chinese{}, text)
}

// checkScript refuses a move whose numbers are written in the other side's
// script: Red's files and ranks are numbered 一…九, Black's 1…9 (ASCII or
// full-width). Read against the wrong side, 马8进7 from the start would be
// Red's 马八进七, and a skipped move would go unnoticed.
func checkScript(side Color, text string) error {
	arabic, chinese := false, false
	for _, r := range text {
		if cl, _ := cnClassify(r); cl == cnNumber {
			if (r >= '1' && r <= '9') || (r >= '１' && r <= '９') {
				arabic = true
			} else {
				chinese = true
			}
		}
	}
	switch {
	case arabic && chinese:
		return moveErr("chinese", text, "script", "mixes Chinese numerals (Red's) and Arabic digits (Black's); write Red's moves as 马二进三, Black's as 马8进7")
	case arabic && side == Red:
		return moveErr("chinese", text, "wrong-side", "Arabic digits number Black's files, but Red is to move (Red's moves are written with 一…九, e.g. 马二进三); is a move missing before it?")
	case chinese && side == Black:
		return moveErr("chinese", text, "wrong-side", "Chinese numerals number Red's files, but Black is to move (Black's moves are written with 1…9, e.g. 马8进7); is a move missing before it?")
	}
	return nil
}

// fileName spells file n of side c as Chinese text does, for messages.
func (Chinese) fileName(c Color, n int) string {
	return string(appendCNNumber(nil, c, n))
}

const (
	cnNumerals = "〇一二三四五六七八九十" // three bytes each; index = value
	cnDigits   = "0123456789"
)

// appendCNNumber appends n (0..10) in c's script: Chinese numerals for Red,
// ASCII digits for Black.
func appendCNNumber(b []byte, c Color, n int) []byte {
	if n < 0 || n > 10 {
		return append(b, '?')
	}
	if c == Black && n < 10 {
		return append(b, cnDigits[n])
	}
	return append(b, cnNumerals[3*n:3*n+3]...)
}

// cnStackWord names the piece idx (0 = front) of n of a kind on one file.
func cnStackWord(n, idx int) string {
	switch {
	case n == 2 && idx == 0, n == 3 && idx == 0:
		return "前"
	case n == 2 && idx == 1, n == 3 && idx == 2:
		return "后"
	case n == 3:
		return "中"
	case idx < 10:
		return cnNumerals[3*(idx+1) : 3*(idx+2)]
	}
	return "?" // more than ten pieces on a file: no board has that many points
}

// Character classes of Chinese move text.
const (
	cnPiece  = 'P' // value: Kind
	cnNumber = 'N' // value: 1..9
	cnStack  = 'D' // value: stackFront, stackMiddle or stackRear
	cnAction = 'A' // value: '+', '-' or '='
)

const (
	stackFront = iota + 1
	stackMiddle
	stackRear
)

// cnClassify says what a character of Chinese move text is, or class 0.
func cnClassify(r rune) (class byte, value int) {
	switch r {
	case '车', '車', '俥', '伡':
		return cnPiece, int(Rook)
	case '马', '馬', '傌', '㐷':
		return cnPiece, int(Horse)
	case '炮', '砲', '包':
		return cnPiece, int(Cannon)
	case '相', '象':
		return cnPiece, int(Elephant)
	case '仕', '士':
		return cnPiece, int(Advisor)
	case '帅', '帥', '将', '將':
		return cnPiece, int(King)
	case '兵', '卒':
		return cnPiece, int(Pawn)
	case '进', '進':
		return cnAction, '+'
	case '退':
		return cnAction, '-'
	case '平':
		return cnAction, '='
	case '前':
		return cnStack, stackFront
	case '中':
		return cnStack, stackMiddle
	case '后', '後':
		return cnStack, stackRear
	case '一':
		return cnNumber, 1
	case '二':
		return cnNumber, 2
	case '三':
		return cnNumber, 3
	case '四':
		return cnNumber, 4
	case '五':
		return cnNumber, 5
	case '六':
		return cnNumber, 6
	case '七':
		return cnNumber, 7
	case '八':
		return cnNumber, 8
	case '九':
		return cnNumber, 9
	}
	switch {
	case r >= '1' && r <= '9':
		return cnNumber, int(r - '0')
	case r >= '１' && r <= '９':
		return cnNumber, int(r-'１') + 1
	}
	return 0, 0
}

// stackPick turns 前/中/后 into the pick it makes.
func stackPick(v int) pick {
	switch v {
	case stackFront:
		return pick{how: pickFront}
	case stackRear:
		return pick{how: pickBack}
	}
	return pick{how: pickMiddle}
}

const cnSyntaxHint = "want a move like 炮二平五, 马8进7, 前车平四 or 前兵三进一"

// parseChinese reads the shape of Chinese move text; which piece it names is
// decided against a position by resolve.
func parseChinese(text string) (descMove, error) {
	var d descMove
	t := strings.TrimSpace(text)
	if t == "" {
		return d, moveErr("chinese", text, "syntax", "empty move; %s", cnSyntaxHint)
	}
	var class [5]byte
	var val [5]int
	n := 0
	for _, r := range t {
		if n == len(class) {
			return d, moveErr("chinese", text, "syntax", "too long; %s", cnSyntaxHint)
		}
		cl, v := cnClassify(r)
		if cl == 0 {
			return d, moveErr("chinese", text, "syntax", "%q is not a piece, number, 前/中/后 or 进/退/平; %s", r, cnSyntaxHint)
		}
		class[n], val[n] = cl, v
		n++
	}
	// The last two characters are always the way and the number; the rest
	// says which piece.
	switch string(class[:n]) {
	case "PNAN": // 炮二平五
		d.kind, d.file = Kind(val[0]), val[1]
	case "PDAN": // 车前平三
		d.kind, d.pick = Kind(val[0]), stackPick(val[1])
	case "DPAN": // 前车平三
		d.pick, d.kind = stackPick(val[0]), Kind(val[1])
	case "NPAN": // 二兵平五
		d.pick, d.kind = pick{how: pickOrdinal, k: int8(val[0] - 1)}, Kind(val[1])
	case "DNAN": // 前三进一: a pawn of a stack on file 三
		d.kind, d.pick, d.file = Pawn, stackPick(val[0]), val[1]
	case "NDAN": // 三前进一
		d.kind, d.file, d.pick = Pawn, val[0], stackPick(val[1])
	case "DPNAN": // 前兵三进一
		d.pick, d.kind, d.file = stackPick(val[0]), Kind(val[1]), val[2]
	case "NPNAN": // 二兵三进一
		d.pick, d.kind, d.file = pick{how: pickFront, k: int8(val[0] - 1)}, Kind(val[1]), val[2]
	default:
		return d, moveErr("chinese", text, "syntax", "not a move's shape; %s", cnSyntaxHint)
	}
	d.dir, d.arg = byte(val[n-2]), val[n-1]
	return d, nil
}

// The rest of this file is shared with WXF, which transliterates the Chinese
// notation: both parse to a descMove and encode from a described move.

// fileNumber returns side c's own number (1..9, from c's right) of board file f.
func fileNumber(c Color, f int) int {
	if c == Red {
		return 9 - f
	}
	return f + 1
}

// boardFile returns the board file (0..8) of side c's file number n.
func boardFile(c Color, n int) int {
	if c == Red {
		return 9 - n
	}
	return n - 1
}

// described is what the descriptive notations need to know to write a move.
type described struct {
	pc     Piece
	file   int  // the mover's own number of the origin file, 1..9
	n, idx int  // pieces of pc's kind on that file, and pc's place among them (0 = front)
	stacks int  // the mover's files holding two or more pieces of pc's kind (set when n ≥ 2)
	dir    byte // '+' 进, '-' 退, '=' 平
	arg    int  // ranks moved, or the destination file number
}

// stacked reports whether the text must name the piece by its place in a
// stack rather than by its file. Advisors and elephants never need to (see
// Chinese.Encode), kings cannot share a file.
func (d *described) stacked() bool {
	switch d.pc.Kind() {
	case King, Advisor, Elephant:
		return false
	}
	return d.n > 1
}

// describeMove gathers what encoding m needs; ok is false when m moves no piece.
func describeMove(p *Position, m Move) (d described, ok bool) {
	if m == NoMove || m == NullMove || !m.From().Valid() || !m.To().Valid() {
		return d, false
	}
	from, to := m.From(), m.To()
	pc := p.At(from)
	if pc == NoPiece {
		return d, false
	}
	c := pc.Color()
	d.pc = pc
	d.file = fileNumber(c, from.File())
	dr := to.Rank() - from.Rank()
	if c == Black {
		dr = -dr
	}
	switch {
	case dr > 0:
		d.dir = '+'
	case dr < 0:
		d.dir, dr = '-', -dr
	default:
		d.dir = '='
	}
	switch pc.Kind() {
	case Advisor, Elephant, Horse:
		d.arg = fileNumber(c, to.File())
	default:
		if d.dir == '=' {
			d.arg = fileNumber(c, to.File())
		} else {
			d.arg = dr
		}
	}
	f := from.File()
	for r := 0; r < 10; r++ {
		if p.board[SquareAt(f, r)] != pc {
			continue
		}
		d.n++
		if (c == Red && r > from.Rank()) || (c == Black && r < from.Rank()) {
			d.idx++ // nearer the enemy than the mover
		}
	}
	if d.n > 1 {
		for f := 0; f < 9; f++ {
			if countOnFile(p, pc, f) > 1 {
				d.stacks++
			}
		}
	}
	return d, true
}

// countOnFile counts the pieces pc on board file f.
func countOnFile(p *Position, pc Piece, f int) int {
	n := 0
	for sq := Square(f); sq < NumSquares; sq += 9 {
		if p.board[sq] == pc {
			n++
		}
	}
	return n
}

// stackOn appends the pieces pc on board file f to dst, front (nearest the
// enemy) first.
func stackOn(p *Position, pc Piece, f int, dst []Square) []Square {
	if pc.Color() == Red {
		for r := 9; r >= 0; r-- {
			if sq := SquareAt(f, r); p.board[sq] == pc {
				dst = append(dst, sq)
			}
		}
		return dst
	}
	for r := 0; r < 10; r++ {
		if sq := SquareAt(f, r); p.board[sq] == pc {
			dst = append(dst, sq)
		}
	}
	return dst
}

// descMove is a move as the descriptive notations state it: which piece (its
// kind, its file, its place in a stack), which way and how far or to which
// file. Chinese and WXF text both parse to one, so turning a description into
// a move is written once, in resolve.
type descMove struct {
	kind Kind
	file int  // the mover's own file number 1..9; 0 when the text names none
	pick pick // which of the pieces on the file (or in the stacks) the text means
	dir  byte // '+' 进, '-' 退, '=' 平
	arg  int  // 1..9: ranks moved when K R C P go straight, else the destination file
}

// pickHow is the way a text designates one piece among several of a kind.
type pickHow uint8

const (
	pickAll      pickHow = iota // no designator: any of them; the move has to tell them apart
	pickFront                   // the k-th from the front: 前 (k = 0), 二兵三 (k = 1), WXF ++
	pickBack                    // the k-th from the back: 后 (k = 0), WXF --
	pickMiddle                  // 中: the middle one of three or five
	pickOrdinal                 // 一…五 with no file: along the one stack, or across two (xqbase)
	pickWXFPlus                 // WXF "+": the front one of two or three, the second of four or five
	pickWXFMinus                // WXF "-": the rear one of two or three, the second-last of four or five
	pickWXFFile                 // WXF plain file: the middle one of three or five, else any
)

type pick struct {
	how pickHow
	k   int8
}

// choose appends to dst the pieces of stack s (front first) that p designates.
func (p pick) choose(s, dst []Square) []Square {
	n := len(s)
	i := -1
	switch p.how {
	case pickAll:
		return append(dst, s...)
	case pickFront, pickOrdinal:
		i = int(p.k)
	case pickBack:
		i = n - 1 - int(p.k)
	case pickMiddle:
		if n%2 == 1 && n > 1 {
			i = n / 2
		}
	case pickWXFPlus:
		i = 0
		if n > 3 {
			i = 1
		}
	case pickWXFMinus:
		i = n - 1
		if n > 3 {
			i = n - 2
		}
	case pickWXFFile:
		if n%2 == 0 {
			return append(dst, s...)
		}
		i = n / 2
	}
	if i < 0 || i >= n {
		return dst
	}
	return append(dst, s[i])
}

// descNotation is a notation whose text parses to a descMove.
type descNotation interface {
	Notation
	fileName(c Color, n int) string
}

// candidates appends the side to move's pieces that d can mean, before the
// move itself is looked at.
func (d *descMove) candidates(p *Position, pc Piece, dst []Square) []Square {
	c := pc.Color()
	var buf [10]Square
	if d.file != 0 {
		return d.pick.choose(stackOn(p, pc, boardFile(c, d.file), buf[:0]), dst)
	}
	// No file: the designator picks among the stacks (files holding two or
	// more). xqbase's ordinals number the pawns of two stacks as one series,
	// right to left then front to back; with one stack they count along it.
	if d.pick.how == pickOrdinal {
		all := buf[:0]
		stacks := 0
		for n := 1; n <= 9; n++ {
			before := len(all)
			if all = stackOn(p, pc, boardFile(c, n), all); len(all)-before < 2 {
				all = all[:before]
			} else {
				stacks++
			}
		}
		if stacks > 1 {
			if int(d.pick.k) < len(all) {
				dst = append(dst, all[d.pick.k])
			}
			return dst
		}
	}
	for f := 0; f < 9; f++ {
		if s := stackOn(p, pc, f, buf[:0]); len(s) > 1 || d.pick.how == pickAll {
			dst = d.pick.choose(s, dst)
		}
	}
	return dst
}

// target returns where the piece on from arrives by d, for side c; ok is
// false when d leads off the board or is no move of its kind.
func (d *descMove) target(c Color, from Square) (to Square, ok bool) {
	f, r := from.File(), from.Rank()
	fwd := 1
	if c == Black {
		fwd = -1
	}
	if d.arg < 1 || d.arg > 9 {
		return NoSquare, false
	}
	switch d.kind {
	case Advisor, Elephant, Horse:
		if d.dir == '=' {
			return NoSquare, false
		}
		tf := boardFile(c, d.arg)
		df := tf - f
		if df < 0 {
			df = -df
		}
		var dr int
		switch {
		case d.kind == Advisor && df == 1:
			dr = 1
		case d.kind == Elephant && df == 2:
			dr = 2
		case d.kind == Horse && (df == 1 || df == 2):
			dr = 3 - df
		default:
			return NoSquare, false
		}
		if d.dir == '-' {
			dr = -dr
		}
		f, r = tf, r+fwd*dr
	default:
		switch d.dir {
		case '=':
			if f = boardFile(c, d.arg); f == from.File() {
				return NoSquare, false
			}
		case '+':
			r += fwd * d.arg
		default:
			r -= fwd * d.arg
		}
	}
	if r < 0 || r > 9 {
		return NoSquare, false
	}
	return SquareAt(f, r), true
}

// whyNoTarget explains why target found no square for the piece on from.
func (d *descMove) whyNoTarget(c Color, from Square, nt descNotation) string {
	switch {
	case d.dir == '=' && (d.kind == Advisor || d.kind == Elephant || d.kind == Horse):
		return fmt.Sprintf("%s moves diagonally and cannot move sideways", d.kind.WithArticle())
	case d.dir == '=':
		return fmt.Sprintf("it is on file %s already", nt.fileName(c, d.arg))
	case d.kind == Advisor || d.kind == Elephant || d.kind == Horse:
		return fmt.Sprintf("%s on file %s cannot reach file %s", d.kind.WithArticle(), nt.fileName(c, fileNumber(c, from.File())), nt.fileName(c, d.arg))
	}
	return fmt.Sprintf("%d ranks that way lead off the board", d.arg)
}

// resolve finds the one legal move of the side to move that d describes.
func (d *descMove) resolve(p *Position, nt descNotation, text string) (Move, error) {
	c := p.Side()
	pc := MakePiece(c, d.kind)
	var cbuf [10]Square
	cands := d.candidates(p, pc, cbuf[:0])
	if len(cands) == 0 {
		return NoMove, d.noPiece(p, pc, nt, text)
	}
	var fbuf [10]Move
	found := fbuf[:0]
	for _, from := range cands {
		if to, ok := d.target(c, from); ok {
			if m := NewMove(from, to); p.IsLegal(m) {
				found = append(found, m)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if len(cands) == 1 {
			from := cands[0]
			to, ok := d.target(c, from)
			if !ok {
				return NoMove, moveErr(nt.Name(), text, "illegal", "the %s %s on %s cannot make this move: %s", c, d.kind, from, d.whyNoTarget(c, from, nt))
			}
			if err := checkLegal(p, NewMove(from, to), nt.Name(), text); err != nil {
				return NoMove, err
			}
		}
		return NoMove, moveErr(nt.Name(), text, "illegal", "none of the %d %s %ss it can mean (on %s) can make this move", len(cands), c, d.kind, squareNames(cands))
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = nt.Encode(p, m)
	}
	return NoMove, moveErr(nt.Name(), text, "ambiguous", "%d %s %ss can make this move (from %s): write %s", len(found), c, d.kind, fromSquares(found), strings.Join(alts, " or "))
}

// noPiece explains why d names none of the side to move's pieces.
func (d *descMove) noPiece(p *Position, pc Piece, nt descNotation, text string) error {
	c := pc.Color()
	if d.file != 0 {
		n := countOnFile(p, pc, boardFile(c, d.file))
		if n == 0 {
			return moveErr(nt.Name(), text, "no-piece", "no %s %s on file %s", c, d.kind, nt.fileName(c, d.file))
		}
		return moveErr(nt.Name(), text, "no-piece", "file %s holds %d %s %s(s): the text names none of them", nt.fileName(c, d.file), n, c, d.kind)
	}
	stacks := 0
	for f := 0; f < 9; f++ {
		if countOnFile(p, pc, f) > 1 {
			stacks++
		}
	}
	if stacks == 0 {
		return moveErr(nt.Name(), text, "no-piece", "no two %s %ss stand on one file, so the text names none", c, d.kind)
	}
	return moveErr(nt.Name(), text, "no-piece", "the %s %ss stacked on a file are too few for the text to name one", c, d.kind)
}

func squareNames(sqs []Square) string {
	s := make([]string, len(sqs))
	for i, sq := range sqs {
		s[i] = sq.String()
	}
	return strings.Join(s, ", ")
}

func fromSquares(ms []Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.From().String()
	}
	return strings.Join(s, " and ")
}
