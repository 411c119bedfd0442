package record

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// MaxLineBytes bounds the length of one line (16 MiB). A longer line is
// refused with CodeLineTooLong rather than read into memory: a record file
// has short lines, and a file with a 100 MB line is not one (a binary file
// or a JSON dump without newlines).
const MaxLineBytes = 16 << 20

// MaxRecordBytes bounds one DhtmlXQ block or one PGN game's movetext, for
// the same reason.
const MaxRecordBytes = 16 << 20

// Formats, as detected from the content and reported in Game.Format.
const (
	FormatPGN     = "pgn"
	FormatJSONL   = "jsonl"
	FormatDhtmlXQ = "dhtmlxq"
	FormatXQF     = "xqf"
)

// Reader reads the records of one file, one at a time: only the current
// record is in memory, whatever the size of the file.
type Reader struct {
	name    string
	src     io.Reader
	closer  io.Closer
	counted *countingReader
	size    int64

	started bool
	done    bool
	format  string
	lines   *lineReader
	parse   func() (*Game, error)
	games   int // games and errors returned, for CodeEmpty
	index   int // next game index
	dhtml   *dhtmlState
	want    string        // the encoding asked for by SetEncoding ("": detect)
	enc     string        // the encoding the file is read as
	raw     *bufio.Reader // the undecoded content (after gzip), for XQF

	prefetch *prefetch // decompresses a gzip file ahead of the parser
}

// Open opens a record file; the format (PGN, JSON Lines, DhtmlXQ, XQF) and
// gzip compression are recognised from the content, not the name. An error
// opening the file is an *Error with CodeIO.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{File: path, Index: -1, Code: CodeIO, Msg: "cannot open", Err: unwrapPath(err), Fatal: true}
	}
	r := NewReader(f, path)
	r.closer = f
	if st, err := f.Stat(); err == nil {
		r.size = st.Size()
	}
	return r, nil
}

// unwrapPath drops the *PathError wrapper, whose text repeats the path.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// NewReader reads records from src; name is used in errors and Game.File.
// Nothing is read until the first call to Next.
func NewReader(src io.Reader, name string) *Reader {
	c := &countingReader{r: src}
	return &Reader{name: name, src: c, counted: c}
}

// Close closes the file opened by Open (NewReader's source is the caller's)
// and stops the goroutine that decompresses a gzip file ahead of Next:
// call it when done with a Reader, even one made by NewReader.
func (r *Reader) Close() error {
	r.finish()
	if r.closer != nil {
		err := r.closer.Close()
		r.closer = nil
		return err
	}
	return nil
}

// Format returns the detected format ("" before the first Next).
func (r *Reader) Format() string { return r.format }

// SetEncoding sets the text encoding of the file (EncodingUTF8,
// EncodingGB18030 or EncodingBig5, see ParseEncoding) instead of detecting
// it; "" detects it. Call it before the first Next.
func (r *Reader) SetEncoding(enc string) { r.want = enc }

// Encoding returns the text encoding the file is read as ("" before the
// first Next, or when it could not be decided).
func (r *Reader) Encoding() string { return r.enc }

// Progress returns the bytes of the file read so far (compressed bytes for
// a gzip file) and its size (0 when unknown). It may be called from another
// goroutine than the one calling Next.
func (r *Reader) Progress() (read, size int64) { return r.counted.n.Load(), r.size }

// Next returns the next record, or io.EOF after the last one. A record that
// cannot be read is returned as a non-fatal *Error and the following call
// reads on; after a fatal *Error (see Error.Fatal) Next returns io.EOF.
func (r *Reader) Next() (*Game, error) {
	if r.done {
		return nil, io.EOF
	}
	if !r.started {
		r.started = true
		if err := r.init(); err != nil {
			r.finish()
			return nil, err
		}
	}
	g, err := r.parse()
	if err == io.EOF {
		r.finish()
		if r.games == 0 {
			return nil, &Error{File: r.name, Index: -1, Code: CodeEmpty, Msg: "no record found (empty file?)"}
		}
		return nil, io.EOF
	}
	r.games++
	var e *Error
	if errors.As(err, &e) && e.Fatal {
		r.finish()
	}
	return g, err
}

// finish marks the end of reading: the decompressing goroutine, if any,
// stops even if the caller never calls Close.
func (r *Reader) finish() {
	r.done = true
	if r.prefetch != nil {
		r.prefetch.Close()
	}
}

// newGame returns a game at the next index.
func (r *Reader) newGame(line int) *Game {
	g := &Game{Index: r.index, File: r.name, Line: line, Format: r.format, Encoding: r.enc}
	r.index++
	return g
}

// errorAt returns a non-fatal error in the game at index (-1: none).
func (r *Reader) errorAt(line, index int, id, code, msg string, text []byte) *Error {
	return &Error{File: r.name, Line: line, Index: index, ID: id, Code: code, Msg: msg, Text: snippet(text)}
}

// init detects gzip and the format.
func (r *Reader) init() error {
	raw := bufio.NewReaderSize(r.src, 64<<10)
	head, err := raw.Peek(2)
	if len(head) == 0 {
		if err != nil && err != io.EOF {
			return &Error{File: r.name, Index: -1, Code: CodeIO, Msg: "cannot read", Err: err, Fatal: true}
		}
		return &Error{File: r.name, Index: -1, Code: CodeEmpty, Msg: "empty file", Fatal: true}
	}
	var text io.Reader = raw
	gzipped := len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b
	if gzipped {
		zr, err := gzip.NewReader(raw)
		if err != nil {
			return &Error{File: r.name, Index: -1, Code: CodeGzip, Msg: "corrupt gzip stream", Err: err, Fatal: true}
		}
		r.prefetch = newPrefetch(zr)
		text = r.prefetch
	}
	br := bufio.NewReaderSize(text, sniffBytes)
	// Skip a UTF-8 byte order mark; refuse UTF-16, which would otherwise
	// be reported as binary.
	bom, _ := br.Peek(3)
	if bytes.HasPrefix(bom, []byte{0xEF, 0xBB, 0xBF}) {
		br.Discard(3)
		if r.want == "" {
			r.want = EncodingUTF8
		}
	} else if bytes.HasPrefix(bom, []byte{0xFF, 0xFE}) || bytes.HasPrefix(bom, []byte{0xFE, 0xFF}) {
		return &Error{File: r.name, Line: 1, Index: -1, Code: CodeEncoding, Msg: "UTF-16 (byte order mark at byte offset 0): convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8", Fatal: true}
	}
	peek, err := br.Peek(sniffBytes)
	if len(peek) == 0 && err != nil && err != io.EOF {
		return (&lineReader{name: r.name, gzipped: gzipped}).readErr(err)
	}
	if gzipped && len(peek) == 0 {
		return &Error{File: r.name, Index: -1, Code: CodeEmpty, Msg: "empty file (after gzip)", Fatal: true}
	}
	if isXQF(peek) {
		r.format = FormatXQF
		r.raw = br
		r.enc = r.want
		r.parse = r.nextXQF
		return nil
	}
	r.enc = r.want
	if r.enc == "" {
		enc, err := DetectEncoding(peek)
		if enc == "" {
			return &Error{File: r.name, Index: -1, Code: CodeEncoding, Msg: err.Error(), Fatal: true}
		}
		r.enc = enc // mixed encodings: read as UTF-8 up to the line that is not
	}
	if dec := decoderOf(r.enc); dec != nil {
		br = bufio.NewReaderSize(transform.NewReader(br, dec), 64<<10)
		peek, _ = br.Peek(4096)
	} else if len(peek) > 4096 {
		peek = peek[:4096]
	}
	r.lines = &lineReader{br: br, name: r.name, gzipped: gzipped, enc: r.enc, decoded: decoderOf(r.enc) != nil}
	// A file whose start is ASCII may hold GBK or Big5 further on: it is
	// switched to that encoding at its first line that is not UTF-8 (the
	// ASCII read so far is the same in all three).
	r.lines.switchable = r.want == "" && r.enc == EncodingUTF8 && isASCII(peek)
	r.lines.switched = func(enc string) { r.enc = enc }
	r.format = detect(peek)
	switch r.format {
	case FormatJSONL:
		r.parse = r.nextJSONL
	case FormatDhtmlXQ:
		r.parse = r.nextDhtmlXQ
	case FormatXQF:
		r.parse = r.nextXQF
	default:
		r.parse = r.newPGN().next
	}
	return nil
}

// detect guesses the format from the first bytes of the (decompressed)
// content: a JSON object first means JSON Lines, "XQ" and a binary header
// is XQF, a [DhtmlXQ] block or an HTML page is DhtmlXQ, anything else is
// read as PGN (whose parser reports what it cannot read).
func detect(head []byte) string {
	if isXQF(head) {
		return FormatXQF
	}
	t := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case isJSONObjectStart(t):
		return FormatJSONL
	case bytes.Contains(head, []byte("[DhtmlXQ")), len(t) > 0 && t[0] == '<':
		return FormatDhtmlXQ
	}
	return FormatPGN
}

// isJSONObjectStart reports whether t starts like a JSON object ('{', then
// a key or '}'), not like a PGN comment.
func isJSONObjectStart(t []byte) bool {
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return len(t) == 0 || t[0] == '"' || t[0] == '}'
}

// isXQF reports whether head starts like an XQF file: "XQ" and a binary
// header.
func isXQF(head []byte) bool {
	return len(head) >= 16 && head[0] == 'X' && head[1] == 'Q' && isBinary(head[:16])
}

func isBinary(b []byte) bool {
	for _, c := range b {
		if c < 0x09 || (c > 0x0d && c < 0x20) {
			return true
		}
	}
	return false
}

// countingReader counts the bytes read from the file, for Progress.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// lineReader returns the lines of a text file, checked to be UTF-8 and
// bounded in length. A line is valid until the next call.
type lineReader struct {
	br      *bufio.Reader
	name    string
	gzipped bool
	line    int    // number of the last line returned
	off     int64  // byte offset of the next line (in the text read, after gzip and decoding)
	enc     string // the file's encoding (the lines are decoded to UTF-8)
	decoded bool   // enc is not UTF-8: the lines come through a decoder

	switchable bool             // all ASCII so far, the encoding not given: may switch encoding
	switched   func(enc string) // told when it does
	long       []byte           // holds a line longer than the bufio buffer
	eof        bool
}

// next returns the next line without its end of line ("\n" or "\r\n"),
// io.EOF after the last one, or a fatal *Error.
func (l *lineReader) next() ([]byte, error) {
	if l.eof {
		return nil, io.EOF
	}
	b, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], b...)
		for err == bufio.ErrBufferFull {
			if len(l.long) > MaxLineBytes {
				l.eof = true
				return nil, &Error{File: l.name, Line: l.line + 1, Index: -1, Code: CodeLineTooLong,
					Msg: "line longer than 16 MiB (not a record file?)", Fatal: true}
			}
			b, err = l.br.ReadSlice('\n')
			l.long = append(l.long, b...)
		}
		b = l.long
	}
	if err != nil {
		if err != io.EOF {
			l.eof = true
			return nil, l.readErr(err)
		}
		l.eof = true
		if len(b) == 0 {
			return nil, io.EOF
		}
	}
	l.line++
	off := l.off
	l.off += int64(len(b))
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if l.decoded {
		if hasReplacement(b) {
			l.eof = true
			return nil, &Error{File: l.name, Line: l.line, Index: -1, Code: CodeEncoding,
				Msg: "bytes that are not " + encodingName(l.enc) + " (mixed encodings, or not text?)", Fatal: true}
		}
		return b, nil
	}
	if l.switchable && !isASCII(b) {
		l.switchable = false
		if !utf8.Valid(b) {
			if d, ok := l.switchEncoding(b); ok {
				return d, nil
			}
		}
	}
	if !utf8.Valid(b) {
		l.eof = true
		msg := describeLine(b, off)
		if l.gzipped {
			msg += " (offset in the decompressed text)"
		}
		return nil, &Error{File: l.name, Line: l.line, Index: -1, Code: CodeEncoding, Msg: msg, Fatal: true}
	}
	return b, nil
}

// switchEncoding decides the encoding of a file that was ASCII up to line
// b (not UTF-8), from b and the bytes buffered after it, and reads on in it:
// it returns b decoded.
func (l *lineReader) switchEncoding(b []byte) ([]byte, bool) {
	rest, _ := l.br.Peek(l.br.Buffered())
	sample := append(append(make([]byte, 0, len(b)+1+len(rest)), b...), '\n')
	sample = append(sample, rest...)
	enc, err := DetectEncoding(sample)
	dec := decoderOf(enc)
	if err != nil || dec == nil {
		return nil, false
	}
	d, err := dec.Bytes(b)
	if err != nil || hasReplacement(d) {
		return nil, false
	}
	l.br = bufio.NewReaderSize(transform.NewReader(l.br, decoderOf(enc)), 64<<10)
	l.enc, l.decoded = enc, true
	l.switched(enc)
	return d, true
}

// isASCII reports whether b is all ASCII, eight bytes at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// readErr turns an error of the underlying reader into a fatal *Error.
func (l *lineReader) readErr(err error) *Error {
	if l.gzipped {
		return &Error{File: l.name, Line: l.line + 1, Index: -1, Code: CodeGzip, Msg: "corrupt gzip stream", Err: err, Fatal: true}
	}
	return &Error{File: l.name, Line: l.line + 1, Index: -1, Code: CodeIO, Msg: "read error", Err: err, Fatal: true}
}
