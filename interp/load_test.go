package interp

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/facts"
	"golang.org/x/text/encoding/simplifiedchinese"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Each testdata/rules/*.bad.yaml is refused at load; its errors (with code,
// position and caret) must match the .golden file beside it. Files in
// groups are loaded together (they extend one another).
var groups = map[string][]string{
	"cycle-a.bad.yaml": {"cycle-a.bad.yaml", "cycle-b.bad.yaml"},
	"cycle-b.bad.yaml": nil, // loaded with cycle-a
}

// The codes each bad file must produce: tests assert codes, not prose.
var wantCodes = map[string][]string{
	"typo-fact.bad.yaml":        {CodeUnknownName},
	"not-bool.bad.yaml":         {CodeNotBool},
	"override-missing.bad.yaml": {CodeUnknownRule, CodeUnknownRule},
	"duplicate-ids.bad.yaml":    {CodeDuplicate, CodeDuplicate},
	"cycle-a.bad.yaml":          {CodeExtendsCycle, CodeExtendsCycle},
	"self-extends.bad.yaml":     {CodeExtendsCycle},
	"status.bad.yaml":           {CodeBadValue},
	"alias-bomb.bad.yaml":       {CodeAlias},
	"unknown-field.bad.yaml":    {CodeUnknownField, CodeMissing, CodeUnknownField},
	"syntax.bad.yaml":           {CodeYAML},
	"chase-exchange.bad.yaml":   {CodeBadValue},
	"judge-from.bad.yaml":       {CodeBadValue},
	"many.bad.yaml": {CodeExprSyntax, CodeMissing, CodeUnknownLabel, CodeUnknownName, CodeNeverApplies,
		CodeTemplate, CodeUnknownLabel, CodeUnknownPattern, CodeNotBool, CodeBadValue},
}

func TestBadRuleFiles(t *testing.T) {
	t.Chdir("..")
	files, err := filepath.Glob("testdata/rules/*.bad.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		base := filepath.Base(f)
		group, grouped := groups[base]
		if grouped && group == nil {
			continue
		}
		t.Run(base, func(t *testing.T) {
			paths := []string{f}
			if grouped {
				paths = nil
				for _, g := range group {
					paths = append(paths, filepath.Join("testdata/rules", g))
				}
			}
			l := bundled(t)
			_, err := l.LoadFiles(paths...)
			require.Error(t, err, "a bad file must be refused")
			el, ok := err.(ErrorList)
			require.True(t, ok, "errors come as an ErrorList, got %T", err)
			for _, e := range el {
				assert.NotZero(t, e.Line, "every error has a line: %v", e)
				assert.NotEmpty(t, e.Code)
			}
			if want, ok := wantCodes[base]; ok {
				assert.Equal(t, want, el.Codes())
			} else {
				t.Errorf("no expected codes for %s: %v", base, el.Codes())
			}
			golden(t, strings.TrimSuffix(f, ".yaml")+".golden", el.Detail()+"\n")
			// Nothing of a refused group stays loaded.
			for _, p := range paths {
				id := strings.TrimSuffix(filepath.Base(p), ".yaml")
				assert.Nil(t, l.Book(id))
			}
		})
	}
}

func TestGoodRuleFiles(t *testing.T) {
	t.Chdir("..")
	files, err := filepath.Glob("testdata/rules/*.good.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			l := bundled(t)
			b, err := l.LoadFile(f)
			if el, ok := err.(ErrorList); ok {
				t.Fatal(el.Detail())
			}
			require.NoError(t, err)
			assert.Equal(t, strings.TrimSuffix(filepath.Base(f), ".yaml"), b.ID)
			assert.NotEmpty(t, b.Verdict)
		})
	}
}

func TestDraftDiffersByItsOverride(t *testing.T) {
	t.Chdir("..")
	l := bundled(t)
	b, err := l.LoadFile("testdata/rules/no-offer.good.yaml")
	require.NoError(t, err)
	eleven := l.Book("11")
	assert.Len(t, b.Moves, len(eleven.Moves)-1)
	for _, r := range b.Moves {
		assert.NotEqual(t, "24-offer-from-behind", r.ID)
	}
	// The parent is untouched.
	found := false
	for _, r := range eleven.Moves {
		found = found || r.ID == "24-offer-from-behind"
	}
	assert.True(t, found)
}

func TestTooLargeFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "huge.yaml")
	// 10 MB: a long comment after a valid head.
	data := []byte("title: {en: huge}\nyear: 2024\nstatus: draft\nextends: \"11\"\n")
	data = append(data, []byte("# "+strings.Repeat("x", 10<<20)+"\n")...)
	require.NoError(t, os.WriteFile(name, data, 0o644))
	_, err := bundled(t).LoadFile(name)
	el, ok := err.(ErrorList)
	require.True(t, ok)
	assert.Equal(t, []string{CodeTooLarge}, el.Codes())
	assert.Contains(t, el[0].Error(), "over the 1048576-byte limit")
}

func TestErrorPositionInsideBlock(t *testing.T) {
	// The expr error's line and column land on the right character of the
	// YAML file, inside a | block, a > block and a quoted string.
	for _, tc := range []struct {
		name, when   string
		line, column int
	}{
		{"plain", "when: Check && Chek", 10, 20},
		{"quoted", `when: "Check && Chek"`, 10, 21},
		{"literal", "when: |\n      Check &&\n        Chek", 12, 9},
		{"folded", "when: >-\n      Check\n      && Chek", 12, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "title: {en: t}\nyear: 2024\nstatus: draft\nextends: \"11\"\nmoves:\n  - id: x\n    label: 将\n    cite: t\n    status: paraphrased\n    " + tc.when + "\n"
			_, err := bundled(t).LoadBytes("t-"+tc.name, "t.yaml", []byte(src))
			el, ok := err.(ErrorList)
			require.True(t, ok, "%v", err)
			require.Len(t, el, 1, el.Detail())
			assert.Equal(t, CodeUnknownName, el[0].Code)
			assert.Equal(t, "x", el[0].Rule)
			assert.Equal(t, tc.line, el[0].Line, el.Detail())
			assert.Equal(t, tc.column, el[0].Column, el.Detail())
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file (run go test ./interp -update)")
	if string(want) == got {
		return
	}
	// Report the lines that changed, not two walls of text.
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	in := func(l string, set []string) bool {
		for _, x := range set {
			if x == l {
				return true
			}
		}
		return false
	}
	var diff []string
	for _, l := range wl {
		if !in(l, gl) {
			diff = append(diff, "- "+l)
		}
	}
	for _, l := range gl {
		if !in(l, wl) {
			diff = append(diff, "+ "+l)
		}
	}
	t.Errorf("%s differs from the golden file (go test ./interp -update rewrites it):\n%s", path, strings.Join(diff, "\n"))
}

func TestExpressionTooLarge(t *testing.T) {
	long := "Check" + strings.Repeat(" || Check", MaxExprBytes/9+1)
	src := "title: {en: t}\nyear: 2024\nstatus: draft\nextends: \"11\"\nmoves:\n  - id: big\n    label: 将\n    cite: t\n    status: paraphrased\n    when: " + long + "\n"
	_, err := bundled(t).LoadBytes("t-big", "t.yaml", []byte(src))
	el, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	assert.Equal(t, []string{CodeExprSize}, el.Codes())
	assert.Equal(t, "big", el[0].Rule)
}

func TestRuleFileEncodings(t *testing.T) {
	dir := t.TempDir()
	// A draft whose title is Chinese, saved in GBK: read as GBK.
	text := "title: {en: draft, zh: 长将一方判负草案}\nyear: 2024\nstatus: draft\nextends: \"11\"\n# 注释：长捉亦判负\n"
	gbk, err := simplifiedchinese.GBK.NewEncoder().String(text)
	require.NoError(t, err)
	name := filepath.Join(dir, "gbkdraft.yaml")
	require.NoError(t, os.WriteFile(name, []byte(gbk), 0o644))
	b, err := bundled(t).LoadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "gbkdraft", b.ID)

	// A binary file: one error that names the offset and echoes no bytes.
	bin := filepath.Join(dir, "bin.yaml")
	require.NoError(t, os.WriteFile(bin, []byte("title: x\n\x00\x01\xff\xfe\x80garbage"), 0o644))
	_, err = bundled(t).LoadFile(bin)
	el, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	assert.Equal(t, []string{CodeEncoding}, el.Codes())
	assert.Contains(t, el[0].Error(), "a binary file, not text (control byte 0x00 at byte offset 9)")
	assert.NotContains(t, el[0].Error(), "garbage")
	assert.NotContains(t, el[0].Error(), "\x00")
}

// A # after a space in an unquoted expression starts a YAML comment: the
// error points at it and says how to write the expression; a trailing
// comment after a whole expression is fine.
func TestHashInUnquotedExpression(t *testing.T) {
	head := "title: {en: t}\nyear: 2024\nstatus: draft\nextends: \"11\"\nmoves:\n  - id: x\n    label: 将\n    cite: t\n    status: paraphrased\n"
	_, err := bundled(t).LoadBytes("hash", "hash.yaml", []byte(head+"    when: any(Threats, #.New)\n"))
	el, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	require.Len(t, el, 1)
	assert.Contains(t, el[0].Msg, "the # at 10:24 began a YAML comment")
	assert.Contains(t, el[0].Msg, `quote it (when: "…")`)

	_, err = bundled(t).LoadBytes("hash2", "hash2.yaml", []byte(head+"    when: 'any(Threats, #.New)'\n"))
	require.NoError(t, err, "quoted, the # is expr's")
	_, err = bundled(t).LoadBytes("hash3", "hash3.yaml", []byte(head+"    when: Check # gives check\n"))
	require.NoError(t, err, "a comment after a whole expression")
}

// extends names a book id; a file path gets how to load it.
func TestExtendsAFile(t *testing.T) {
	_, err := bundled(t).LoadBytes("ext", "ext.yaml", []byte("title: {en: t}\nyear: 2024\nstatus: draft\nextends: ./other.yaml\n"))
	el, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	require.Len(t, el, 1)
	assert.Equal(t, CodeExtendsMissing, el[0].Code)
	assert.Contains(t, el[0].Msg, "extends takes a book id, not a file")
	assert.Contains(t, el[0].Msg, `extends: "other"`)
	assert.Equal(t, 4, el[0].Line)
}

// TestChaseExchangeParam: chase_exchange reaches the facts' params; the
// bundled Chinese books stay on the board reading (see rules/11.yaml).
func TestChaseExchangeParam(t *testing.T) {
	t.Chdir("..")
	l := bundled(t)
	b, err := l.LoadFile("testdata/rules/chase-exchange.good.yaml")
	require.NoError(t, err)
	assert.Equal(t, facts.ChaseSquare, b.Params.ChaseExchange)
	for _, id := range []string{"11", "20", "99", "87", "79", "asian"} {
		require.NotNil(t, l.Book(id), id)
		assert.Equal(t, facts.ChaseBoard, l.Book(id).Params.ChaseExchange, id)
	}
}

// Issue 25, item 12: book 20 cites the clauses it takes from 11 as the 2020
// edition's (inherited_cites in rules/20.yaml); 11 is untouched, and a
// draft of 20 inherits 20's cites.
func TestInheritedCites(t *testing.T) {
	l := bundled(t)
	cites := func(b *Book) map[string]string {
		out := map[string]string{}
		for _, r := range b.Moves {
			out[r.ID] = r.Cite
		}
		for _, p := range b.Patterns {
			out[p.ID] = p.Cite
		}
		for _, r := range b.Verdict {
			out[r.ID] = r.Cite
		}
		return out
	}
	eleven, twenty := cites(l.Book("11")), cites(l.Book("20"))
	assert.Equal(t, "2011 24.3 捉, 26.5 (complete exchange)", eleven["24.3-chase"])
	assert.Equal(t, "2020 24.3 捉, 26.5 (complete exchange)", twenty["24.3-chase"])
	assert.Equal(t, "2020 25.3", twenty["25.3-one-forbidden"])
	assert.Equal(t, "2020 26.1, 26.8", twenty["26.1-king-pawn-own-chase"], "20's own cite")
	for id, c := range twenty {
		assert.False(t, strings.HasPrefix(c, "2011 "), "%s: %s", id, c)
	}

	b, err := l.LoadBytes("d20", "d20.yaml", []byte("title: {en: d}\nyear: 2024\nstatus: draft\nextends: \"20\"\n"))
	require.NoError(t, err)
	assert.Equal(t, twenty["24.3-chase"], cites(b)["24.3-chase"])

	_, err = l.LoadBytes("bad", "bad.yaml", []byte("title: {en: d}\nyear: 2024\nstatus: draft\nextends: \"11\"\ninherited_cites: {from: \"2011\"}\n"))
	var el ErrorList
	require.ErrorAs(t, err, &el)
	assert.Equal(t, 5, el[0].Line)
	assert.Contains(t, el[0].Msg, "inherited_cites needs from")
}
