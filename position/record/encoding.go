package record

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqrules/xqrules/internal/excerpt"
)

// Text encodings a record file may be in, as reported in Game.Encoding and
// accepted by Reader.SetEncoding. GB18030 covers GBK and GB2312 (it is
// their superset), so a GBK file is read as GB18030.
const (
	EncodingUTF8    = "utf-8"
	EncodingGB18030 = "gb18030"
	EncodingBig5    = "big5"
)

// sniffBytes is how much of a file (after gzip) the encoding is decided on.
const sniffBytes = 64 << 10

// ParseEncoding returns the encoding named by name (utf-8, gb18030, gbk,
// gb2312, cp936, big5, cp950; any case), or "" for "auto" and "" (detect).
func ParseEncoding(name string) (string, error) {
	switch strings.ToLower(strings.ReplaceAll(strings.TrimSpace(name), "_", "-")) {
	case "", "auto":
		return "", nil
	case "utf-8", "utf8":
		return EncodingUTF8, nil
	case "gb18030", "gbk", "gb2312", "cp936", "gb-18030", "euc-cn":
		return EncodingGB18030, nil
	case "big5", "big-5", "cp950", "big5-hkscs":
		return EncodingBig5, nil
	}
	return "", fmt.Errorf("unknown encoding %s (want auto, utf-8, gb18030 (also gbk, gb2312) or big5)", excerpt.Quote(name))
}

// decoderOf returns the decoder of a non-UTF-8 encoding (nil for UTF-8).
func decoderOf(enc string) *encoding.Decoder {
	switch enc {
	case EncodingGB18030:
		return simplifiedchinese.GB18030.NewDecoder()
	case EncodingBig5:
		return traditionalchinese.Big5.NewDecoder()
	}
	return nil
}

// notationRunes are the characters of Chinese move notation and of the
// words around it (results, sides), simplified and traditional: the text a
// record's Chinese is mostly made of. A decoding of the wrong encoding
// turns them into other characters.
var notationRunes = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "车車马馬傌相象仕士帅帥将將炮砲包兵卒俥炮進进退平" +
		"一二三四五六七八九１２３４５６７８９０前后後中红紅黑胜勝负負和先方局" {
		m[r] = true
	}
	return m
}()

// DetectEncoding decides the text encoding of a record file from its first
// bytes (up to 64 KiB): UTF-8 when they are valid UTF-8, else whichever of
// GB18030 and Big5 decodes more of the Chinese into the characters of move
// notation (piece names, 进退平, digits). It returns an error describing the
// bytes (binary, mixed encodings) when they are none of these; the error
// names the byte offset and holds none of the bytes. For mixed encodings
// (UTF-8 Chinese, then bytes that are not UTF-8) it returns EncodingUTF8
// with the error: the start of the file reads as UTF-8.
func DetectEncoding(b []byte) (string, error) {
	bad := invalidUTF8At(b)
	if bad < 0 {
		return EncodingUTF8, nil
	}
	if i := binaryAt(b); i >= 0 {
		return "", fmt.Errorf("a binary file, not text (control byte 0x%02x at byte offset %d)", b[i], i)
	}
	// UTF-8 Chinese before bytes that are not UTF-8: two encodings in one file.
	if n := utf8NotationRunes(b[:bad]); n >= 2 {
		return EncodingUTF8, fmt.Errorf("mixed encodings: UTF-8 Chinese before byte offset %d, then bytes that are not UTF-8 (%s)", bad, guessName(b[bad:]))
	}
	best, score, rep := "", math.MinInt, 0
	for _, enc := range []string{EncodingGB18030, EncodingBig5} {
		s, r := notationScore(enc, b)
		if s > score {
			best, score, rep = enc, s, r
		}
	}
	if score <= 0 && rep > 0 {
		return "", fmt.Errorf("not text in UTF-8, GB18030/GBK or Big5 (the first byte that is not UTF-8 is at byte offset %d)", bad)
	}
	return best, nil
}

// guessName describes bytes that are not UTF-8, for a message.
func guessName(b []byte) string {
	if i := binaryAt(b); i >= 0 {
		return "binary"
	}
	gb, _ := notationScore(EncodingGB18030, b)
	b5, _ := notationScore(EncodingBig5, b)
	switch {
	case gb > b5:
		return "they look like GBK/GB18030"
	case b5 > gb:
		return "they look like Big5"
	}
	return "neither GBK nor Big5 text"
}

// notationScore decodes b as enc and returns how many of the non-ASCII
// characters are notation characters, less those the decoder could not
// read (which count four times), and how many it could not read.
func notationScore(enc string, b []byte) (score, replaced int) {
	out, _ := decoderOf(enc).Bytes(trimPartial(enc, b))
	for _, r := range string(out) {
		switch {
		case r < utf8.RuneSelf:
		case r == utf8.RuneError:
			replaced++
			score -= 4
		case notationRunes[r]:
			score++
		}
	}
	return score, replaced
}

// trimPartial drops a multi-byte character cut at the end of a sample.
func trimPartial(enc string, b []byte) []byte {
	if len(b) < sniffBytes {
		return b
	}
	i := len(b)
	for i > 0 && len(b)-i < 4 && b[i-1] >= 0x80 {
		i--
	}
	return b[:i]
}

// utf8NotationRunes counts the notation characters in valid UTF-8 text.
func utf8NotationRunes(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if notationRunes[r] {
			n++
		}
		b = b[size:]
	}
	return n
}

// invalidUTF8At returns the offset of the first byte that is not UTF-8, or
// -1; a character cut at the end of a full sample is not counted.
func invalidUTF8At(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if len(b) >= sniffBytes && len(b)-i < utf8.UTFMax && !utf8.FullRune(b[i:]) {
				return -1
			}
			return i
		}
		i += size
	}
	return -1
}

// binaryAt returns the offset of the first control byte that a text record
// does not hold (NUL and the like; tab, line ends, form feed and the DOS
// end-of-file mark are text), or -1.
func binaryAt(b []byte) int {
	for i, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1a {
			return i
		}
	}
	return -1
}

// describeLine says what the bytes of a line that is not UTF-8 look like,
// in a file read as UTF-8; off is the byte offset of the line in the file.
func describeLine(line []byte, off int64) string {
	bad := invalidUTF8At(line)
	if bad < 0 {
		bad = 0
	}
	at := off + int64(bad)
	if binaryAt(line) >= 0 {
		return fmt.Sprintf("binary bytes at byte offset %d (not a text record?)", at)
	}
	return fmt.Sprintf("mixed encodings: not UTF-8 from byte offset %d though the file's start is (%s); convert the file, or give --encoding", at, guessName(line[bad:]))
}

// hasReplacement reports whether decoded text holds U+FFFD, which the
// decoders write for bytes they cannot read.
func hasReplacement(b []byte) bool { return bytes.Contains(b, []byte("\uFFFD")) }

// encodingName is an encoding's name for messages.
func encodingName(enc string) string {
	switch enc {
	case EncodingGB18030:
		return "GB18030/GBK"
	case EncodingBig5:
		return "Big5"
	}
	return "UTF-8"
}

// DecodeText returns a whole text file as UTF-8: in enc when given (see
// ParseEncoding), else in the encoding DetectEncoding finds over all of
// it; a UTF-8 byte order mark is dropped. It also returns the encoding
// used. The error describes bytes that are none of these (binary, mixed
// encodings, bytes the encoding cannot read) with a byte offset, and holds
// none of them.
func DecodeText(b []byte, enc string) ([]byte, string, error) {
	b = bytes.TrimPrefix(b, []byte{0xEF, 0xBB, 0xBF})
	if enc == "" {
		if utf8.Valid(b) {
			return b, EncodingUTF8, nil
		}
		var err error
		if enc, err = DetectEncoding(b); err != nil {
			return nil, "", err
		}
	}
	dec := decoderOf(enc)
	if dec == nil {
		if i := invalidUTF8At(b); i >= 0 {
			return nil, "", fmt.Errorf("not UTF-8 at byte offset %d (%s)", i, guessName(b[i:]))
		}
		return b, enc, nil
	}
	out, err := dec.Bytes(b)
	if err != nil || hasReplacement(out) {
		return nil, "", fmt.Errorf("bytes that are not %s (mixed encodings, or not text?)", encodingName(enc))
	}
	return out, enc, nil
}
