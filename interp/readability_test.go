package interp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of interp may be (issue 28: a
// long function becomes named steps a reader can check one by one; ~120
// is the aim, 150 the limit).
const maxFuncLines = 150

// TestFunctionLength fails when a function of interp (its non-test files,
// subpackages included) is over maxFuncLines lines, declaration to closing
// brace.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			from, to := fset.Position(fd.Pos()), fset.Position(fd.End())
			if n := to.Line - from.Line + 1; n > maxFuncLines {
				t.Errorf("%s:%d: %s is %d lines, over %d: split it into named steps", path, from.Line, fd.Name.Name, n, maxFuncLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDocWalkNamesEachFileOnce: doc.go's walk of one move through a
// ruling names each file it visits once, and only files that exist.
func TestDocWalkNamesEachFileOnce(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	from := strings.Index(text, "# Following one move of one book")
	if from < 0 {
		t.Fatal("doc.go has no walk")
	}
	seen := map[string]bool{}
	for _, name := range regexp.MustCompile(`[a-z]+\.go\b`).FindAllString(text[from:], -1) {
		if seen[name] {
			t.Errorf("the walk names %s twice", name)
		}
		seen[name] = true
		if _, err := os.Stat(name); err != nil {
			t.Errorf("the walk names %s: %v", name, err)
		}
	}
	if len(seen) == 0 {
		t.Error("the walk names no file")
	}
}
