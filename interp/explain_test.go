package interp

import (
	"strings"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneSpaced is strings.Join(strings.Fields(s), " ").
func TestOneSpaced(t *testing.T) {
	for _, s := range []string{"", " ", "a", "  a  b\n\tc ", "车 i9\u00a0\u3000炮\u2003x", "\xff \xfe\xfd  z\u0085", "no-space"} {
		assert.Equal(t, strings.Join(strings.Fields(s), " "), oneSpaced([]byte(s)), "%q", s)
	}
}

// TestReadsSideMoves: a verdict reason that may reach a side's moves
// (which live in the session's scratch) — by name, or printing a value
// that holds them — is rendered at once; one that reads only names,
// labels, patterns, counts and victims waits for Explain.
func TestReadsSideMoves(t *testing.T) {
	for src, want := range map[string]bool{
		`{{side .Side.Name}} {{labels .Side.Labels}}; {{side .Other.Name}} {{labels .Other.Labels}}`: false,
		`{{.Side.VaryMoveCN}} {{.Cycle.Plies}} {{join .SidePatterns ", "}} {{.Side.Count}}`:          false,
		`{{if .Side.First}}first{{else}}{{.Other.N}}{{end}}`:                                         false,
		`{{len .Side.Moves}}`: true,
		`{{victims .Other.Perpetual}} {{victims .Side.Victims}}`: false,
		`{{range .Side.Victims}}{{.Kind}}{{end}}`:                false,
		`{{range .Side.Labels}}{{.}}{{end}}`:                     false,
		`{{printf "%v" .Side}}`:                                  true,
		`{{with .Other}}{{.Name}}{{end}}`:                        false,
		`{{.}}`:                                                  true,
		`{{$s := .Side}}{{$s.Name}}`:                             false,
		`{{with .Other}}{{.}}{{end}}`:                            true,
		`{{$s := .Side}}{{$s}}`:                                  true,
		`{{range .Side.Moves}}{{.ICCS}}{{end}}`:                  true,
		`{{$.Side.Moves}}`:                                       true,
		`{{(.Side).Name}}`:                                       false,
		`{{define "x"}}{{.Side.Moves}}{{end}}{{.Side.Name}}`:     true,
	} {
		tmpl, err := template.New("reason").Funcs(templateFuncs).Parse(src)
		require.NoError(t, err, src)
		assert.Equal(t, want, readsSideMoves(tmpl), src)
	}
}

// TestExplainLater: rulings explained after other cycles were judged (the
// sessions, and their scratch, reused) read as rulings explained at once —
// under the bundled books, whose verdict reasons wait for Explain, and a
// draft whose verdict reason lists the side's moves, rendered at once
// (and the bundled rows that list victims, kept in the rulings' rooms).
func TestExplainLater(t *testing.T) {
	lib := bundled(t)
	draft, err := lib.LoadBytes("draft-lists", "draft-lists.yaml", []byte(`extends: "11"
title: {zh: 草案, en: draft}
year: 2026
status: draft
override:
  - replace: 25.3-one-forbidden
    with:
      id: 25.3-one-forbidden
      when: side.长打 && !other.长打
      then: side-must-vary
      cite: 2011 25.3
      reason: '{{side .Side.Name}} {{range .Side.Moves}}{{.ICCS}}={{.Label}} {{end}}变着'
`))
	if el, ok := err.(ErrorList); ok {
		t.Fatal(el.Detail())
	}
	require.NoError(t, err)
	books, err := lib.Select("all")
	require.NoError(t, err)
	books = append(books, draft)
	for _, b := range books {
		for _, row := range b.Verdict {
			if row.tmpl != nil {
				assert.Equal(t, b == draft && row.ID == "25.3-one-forbidden", row.tmpl.readsSideMoves, b.ID+" "+row.ID)
			}
		}
	}

	cycles := caseFileCycles(t)
	require.Greater(t, len(cycles), 100)
	var later [][]Ruling
	for _, c := range cycles {
		rs, err := Judge(books, c.in)
		require.NoError(t, err, c.id)
		later = append(later, rs)
	}
	draftRuled := 0
	for k, c := range cycles {
		now, err := Judge(books, c.in)
		require.NoError(t, err, c.id)
		Explain(now)
		Explain(later[k])
		require.Equal(t, now, later[k], c.id)
		if r := now[len(now)-1]; r.Row == "25.3-one-forbidden" {
			draftRuled++
			assert.Regexp(t, `^(红方|黑方) ([a-i][0-9][a-i][0-9]=\S+ )+变着$`, r.Reason, c.id)
		}
	}
	assert.Positive(t, draftRuled)
}
