package position

import "strings"

// WXF is the notation of the World Xiangqi Federation: "C2.5", "H8+7", "R1+1",
// "+C.5"/"-C.5" for tandem pieces; "=" and "." both mean 平 (traverse).
//
// It transliterates the Chinese notation character for character: a piece
// letter (K A E H R C P), the file counted from the mover's own right, the way
// ('+' 进, '-' 退, '=' or '.' 平) and the number. The rules that turn it into a
// move are the Chinese ones (see descMove in notation_chinese.go).
type WXF struct{}

// Name returns "wxf".
func (WXF) Name() string { return "wxf" }

// wxfLetters are the WXF piece letters by Kind.
const wxfLetters = "?KAEHRCP"

// Encode returns the canonical WXF text of m, a legal move in p, or "" when m
// moves no piece. It is the form of the moves_wxf fields in xqrules' data:
// upper-case letters for Red, lower case for Black, '=' for traverse, and for
// stacked pieces the form of the WXF notation page
// (http://www.wxf.org/xq/computer/wxf_notation.html):
//
//   - two of a kind on a file: '+' front, '-' rear in place of the file (R+=3, c-+1);
//   - three pawns: P+, then the plain file for the middle one (P3=4), then P-;
//   - four or five pawns: ++ and -- for the foremost and rearmost (the letter
//     gives way), P+ and P- for the second and second-last, the plain file for
//     the middle one of five;
//   - two files each holding two or more pawns: the file digit replaces the
//     letter, then '+', '-' or the file again for the middle one (3+=4, 33=4, 7-=6).
//
// Advisors and elephants keep the plain form, as in Chinese.
func (WXF) Encode(p *Position, m Move) string {
	d, ok := describeMove(p, m)
	if !ok {
		return ""
	}
	letter := wxfLetters[d.pc.Kind()]
	if d.pc.Color() == Black {
		letter += 'a' - 'A'
	}
	file := byte('0' + d.file)
	var b [4]byte
	b[0], b[1] = letter, file
	if d.stacked() {
		b[0], b[1] = wxfStack(d.n, d.idx, d.stacks, letter, file)
	}
	b[2], b[3] = d.dir, byte('0'+d.arg)
	return string(b[:])
}

// wxfStack returns the two characters that name piece idx (0 = front) of n
// stacked on a file.
func wxfStack(n, idx, stacks int, letter, file byte) (byte, byte) {
	last := n - 1
	if stacks > 1 { // the file names the stack, the mark the piece
		switch {
		case idx == 0:
			return file, '+'
		case idx == last:
			return file, '-'
		case n == 3:
			return file, file
		}
	} else {
		switch {
		case n <= 3 && idx == 0:
			return letter, '+'
		case n <= 3 && idx == last:
			return letter, '-'
		case n <= 3, n == 5 && idx == 2:
			return letter, file
		case n <= 5 && idx == 0:
			return '+', '+'
		case n <= 5 && idx == last:
			return '-', '-'
		case n <= 5 && idx == 1:
			return letter, '+'
		case n <= 5 && idx == last-1:
			return letter, '-'
		}
	}
	// More pawns on a file than the set has (hand-built positions only):
	// xqbase's letters a…e, which Decode reads as ordinals.
	return letter, byte('a' + idx)
}

// Decode reads WXF text; the letter's case is ignored (the side to move is
// the mover). Accepted, besides the canonical forms of Encode: '.' for '=',
// E or B for the elephant and H or N for the horse, the designator before the
// letter (+C.5, -R+1: 前炮平五, 后车进一), xqbase's pawn ordinals a…e in place
// of the file (Pb=5: the second pawn), and Fairy-Stockfish's index-then-file
// digits for stacked pawns (24=3: the second pawn of file 4) when the two
// digits differ; equal digits are WXF's middle pawn (33=4).
//
// Errors are *MoveError with Code "syntax", "no-piece", "illegal" or "ambiguous".
func (WXF) Decode(p *Position, text string) (Move, error) {
	d, err := parseWXF(text)
	if err != nil {
		return NoMove, err
	}
	return d.resolve(p, WXF{}, text)
}

// fileName spells file n as WXF text does, for messages.
func (WXF) fileName(_ Color, n int) string { return string(cnDigits[n%10]) }

const wxfSyntaxHint = "want four characters like C2=5, H8+7, R+=3 or c2.5"

// wxfKind returns the kind of a WXF piece letter, either case, or NoKind.
func wxfKind(ch byte) Kind {
	switch ch | 0x20 {
	case 'k':
		return King
	case 'a':
		return Advisor
	case 'e', 'b':
		return Elephant
	case 'h', 'n':
		return Horse
	case 'r':
		return Rook
	case 'c':
		return Cannon
	case 'p':
		return Pawn
	}
	return NoKind
}

func wxfIsDigit(ch byte) bool { return ch >= '1' && ch <= '9' }

func wxfIsLetter(ch byte) bool { return (ch|0x20) >= 'a' && (ch|0x20) <= 'z' }

// parseWXF reads the shape of WXF text; which piece it names is decided
// against a position by resolve.
func parseWXF(text string) (descMove, error) {
	var d descMove
	t := strings.TrimSpace(text)
	if len(t) != 4 {
		return d, moveErr("wxf", text, "syntax", "%s", wxfSyntaxHint)
	}
	switch t[2] {
	case '+', '-', '=':
		d.dir = t[2]
	case '.':
		d.dir = '='
	default:
		return d, moveErr("wxf", text, "syntax", "third character %q is not +, -, = or .; %s", t[2], wxfSyntaxHint)
	}
	if !wxfIsDigit(t[3]) {
		return d, moveErr("wxf", text, "syntax", "last character %q is not a digit 1-9; %s", t[3], wxfSyntaxHint)
	}
	d.arg = int(t[3] - '0')
	c0, c1 := t[0], t[1]
	ok := true
	switch {
	case wxfIsLetter(c0):
		if d.kind = wxfKind(c0); d.kind == NoKind {
			return d, moveErr("wxf", text, "syntax", "%q is not a piece letter (K A E H R C P); %s", c0, wxfSyntaxHint)
		}
		switch {
		case wxfIsDigit(c1):
			d.file, d.pick = int(c1-'0'), pick{how: pickWXFFile}
		case c1 == '+':
			d.pick = pick{how: pickWXFPlus}
		case c1 == '-':
			d.pick = pick{how: pickWXFMinus}
		case d.kind == Pawn && wxfIsLetter(c1) && c1|0x20 <= 'e':
			d.pick = pick{how: pickOrdinal, k: int8(c1 | 0x20 - 'a')}
		default:
			ok = false
		}
	case c0 == '+' || c0 == '-':
		front := c0 == '+'
		switch {
		case wxfKind(c1) != NoKind: // +C: the Chinese order, 前炮
			d.kind = wxfKind(c1)
		case c1 == c0: // ++ / --: the foremost / rearmost pawn
			d.kind = Pawn
		default:
			ok = false
		}
		if d.pick = (pick{how: pickBack}); front {
			d.pick = pick{how: pickFront}
		}
	case wxfIsDigit(c0):
		d.kind = Pawn
		switch {
		case c1 == '+':
			d.file, d.pick = int(c0-'0'), pick{how: pickWXFPlus}
		case c1 == '-':
			d.file, d.pick = int(c0-'0'), pick{how: pickWXFMinus}
		case c1 == c0:
			d.file, d.pick = int(c0-'0'), pick{how: pickMiddle}
		case wxfIsDigit(c1): // Fairy-Stockfish: index from the front, then the file
			d.file, d.pick = int(c1-'0'), pick{how: pickFront, k: int8(c0 - '1')}
		default:
			ok = false
		}
	default:
		ok = false
	}
	if !ok {
		return d, moveErr("wxf", text, "syntax", "%q does not name a piece; %s", t[:2], wxfSyntaxHint)
	}
	return d, nil
}
