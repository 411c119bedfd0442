package interp

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/facts"
)

// TestFastReasonCoverage keeps every reason of the bundled books in the
// subset the fast form takes (verifyFast checks the forms against
// text/template wherever the tests render a reason).
func TestFastReasonCoverage(t *testing.T) {
	for _, b := range bundled(t).Books() {
		for _, r := range b.Moves {
			if r.tmpl != nil {
				assert.NotNil(t, r.tmpl.fast, "%s %s: %s", b.ID, r.ID, r.reason.text)
			}
		}
		for _, r := range b.Verdict {
			if r.tmpl != nil {
				assert.NotNil(t, r.tmpl.fast, "%s %s: %s", b.ID, r.ID, r.reason.text)
			}
		}
	}
}

// TestFastReasonSubset renders templates at the edges of the subset both
// ways (render panics on a difference), and leaves the rest to
// text/template.
func TestFastReasonSubset(t *testing.T) {
	c := cycle(mv("red", "rook", "d9", "e9", check, chase("horse", "e5", "none")), mv("black", "king", "e9", "d9"))
	m := &c.Moves[0]
	data := &reasonData{Move: *m, Threat: m.Threats[0], Threats: m.Threats, Label: "捉"}
	empty := &reasonData{}
	for _, src := range []string{
		"plain", "{{.Ply}} {{.Check}} {{.ICCS}} {{.Label}}", "{{piece .Piece}} {{prot .Threat.Protection}}",
		"{{if .Check}}check{{else}}quiet{{end}}", "{{if .Ply}}n{{end}}{{if .CN}}cn{{end}}{{if .Threats}}t{{end}}",
		"{{with .Threat.Line}}{{line .}}{{else}}none{{end}}", "{{with .Threat.Victim}}{{.Kind}} {{piece .}}{{end}}",
		"{{if .Check}}a{{else if .Mate}}b{{else}}c{{end}}", "{{pieces .Checkers}}|{{takers .Offer.Takers}}",
		"  spaced \n\t out  ", "{{with .Threat}}{{if .Joint}}j{{end}}{{.GainAfter}}{{end}}",
	} {
		tt := compileForTest(t, src)
		assert.NotNil(t, tt.fast, src)
		render(tt, data)
		render(tt, empty)
	}
	for _, src := range []string{
		"{{.Threat}}", "{{join .Threat.Line \", \"}}", "{{range .Threats}}{{piece .Victim}}{{end}}",
		"{{$x := .Ply}}{{$x}}", "{{.Ply | printf \"%d\"}}", "{{len .Threats}}", "{{piece .Piece | prot}}",
	} {
		tt := compileForTest(t, src)
		assert.Nil(t, tt.fast, src)
		assert.Equal(t, render(tt, data), render(&reasonTmpl{t: tt.t}, data))
	}
}

func compileForTest(t *testing.T, src string) *reasonTmpl {
	t.Helper()
	c := &compiler{book: &Book{}}
	tt := c.compileTemplate(exprSrc{text: src, set: true, f: newSrcFile("t", []byte(src))}, "t", reasonData{})
	if tt == nil {
		t.Fatalf("%s: %v", src, c.errs)
	}
	return tt
}

func TestSqueeze(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a", "a ", "a  b", "a b c", "a\tb", "a\nb", "红方 长将", "a\u3000b", "a\u00a0b", "\xff \xfe", "a b ",
		"a\u0085b", "a\u2028b", "a\u205fb", "a\u1680", "\u3001、。「」", "\xe3\x80", "\xc2", "x\xe2\x80\x8ay", "长将 (红 将 闲)"} {
		assert.Equal(t, strings.Join(strings.Fields(s), " "), squeeze(s), "%q", s)
	}
	for r := rune(0); r < 0x3100; r++ {
		for _, s := range []string{"a" + string(r) + "b", string(r) + "a", "a " + string(r)} {
			if want := strings.Join(strings.Fields(s), " "); squeeze(s) != want {
				t.Fatalf("squeeze(%q) = %q, want %q", s, squeeze(s), want)
			}
		}
	}
}

// TestAppendFuncs: each appender of the fast forms appends what its
// namesake in templateFuncs returns.
func TestAppendFuncs(t *testing.T) {
	pieces := []facts.Piece{{}, {Square: "e4"}, {CN: "车", Square: "i9"}, {CN: "马"}}
	strs := [][]string{nil, {}, {"a"}, {"捉", "闲", "捉"}, {"", "x"}}
	words := []string{"", "none", "real", "false", "insufficient", "other", "red", "black", "红"}
	for name, fn := range appendFuncs {
		text := reflect.ValueOf(templateFuncs[name])
		require.True(t, text.IsValid(), name)
		var args []any
		switch fn.(type) {
		case func([]byte, facts.Piece) []byte:
			for _, p := range pieces {
				args = append(args, p)
			}
		case func([]byte, []facts.Piece) []byte:
			args = append(args, []facts.Piece(nil), pieces[:1], pieces)
		case func([]byte, []facts.Taker) []byte:
			args = append(args, []facts.Taker(nil), []facts.Taker{{Piece: pieces[2]}, {Piece: pieces[0]}})
		case func([]byte, []Victim) []byte:
			args = append(args, []Victim(nil), []Victim{{Piece: pieces[2]}, {Piece: pieces[1]}})
		case func([]byte, []string) []byte:
			for _, l := range strs {
				args = append(args, l)
			}
		case func([]byte, string) []byte:
			for _, w := range words {
				args = append(args, w)
			}
		default:
			t.Fatalf("%s: %T", name, fn)
		}
		for _, a := range args {
			want := text.Call([]reflect.Value{reflect.ValueOf(a)})[0].String()
			got := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf([]byte("<")), reflect.ValueOf(a)})[0].Bytes()
			assert.Equal(t, "<"+want, string(got), "%s(%#v)", name, a)
		}
	}
}
