package interp

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad feeds arbitrary bytes to the loader as a rule set that may extend
// the bundled books. It must never panic or hang; a refusal is an
// ErrorList whose every error has a code and, when it is about a place in
// the file, a line within it.
func FuzzLoad(f *testing.F) {
	for _, pattern := range []string{"../rules/*.yaml", "../testdata/rules/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err == nil {
				f.Add(data)
			}
		}
	}
	f.Add([]byte("title: {en: x}\nyear: 1\nstatus: draft\nextends: \"11\"\nmoves:\n  - {id: a, label: 将, when: 'Check &&', cite: c, status: paraphrased}\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Add([]byte("- [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"))
	base, err := Bundled()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lib := NewLibrary()
		for id, b := range base.books {
			lib.books[id], lib.raw[id] = b, base.raw[id]
		}
		b, err := lib.LoadBytes("fuzz", "fuzz.yaml", data)
		if err == nil {
			if b == nil || b.ID != "fuzz" || len(b.Labels) == 0 {
				t.Fatalf("accepted a rule set without labels: %+v", b)
			}
			return
		}
		var el ErrorList
		if !errors.As(err, &el) || len(el) == 0 {
			t.Fatalf("refusal is not an ErrorList: %T %v", err, err)
		}
		lines := 1
		for _, c := range data {
			if c == '\n' {
				lines++
			}
		}
		for _, e := range el {
			if e.Code == "" {
				t.Fatalf("error without a code: %v", e)
			}
			if e.File == "fuzz.yaml" && e.Line > lines {
				t.Fatalf("error past the end of the file (%d lines): %v", lines, e)
			}
			_ = e.Detail()
		}
	})
}
