// Package funclen measures Go functions, so that a test can keep the
// packages a rules committee reads (facts, interp) made of functions short
// enough to check against the book one step at a time (issue 28: none over
// 150 lines).
package funclen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Func is one function (declared or literal) and its length in lines, from
// the line of its `func` keyword to the line of its closing brace.
type Func struct {
	Name  string // the declared name, Recv.Name for a method, or "func literal in NAME"
	Pos   token.Position
	Lines int
}

func (f Func) String() string { return fmt.Sprintf("%s: %s is %d lines", f.Pos, f.Name, f.Lines) }

// Longer returns the functions of the .go files (tests included) in dir and
// the directories below it that are longer than limit lines, longest first.
func Longer(dir string, limit int) ([]Func, error) {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no Go files", dir)
	}
	fset := token.NewFileSet()
	var out []Func
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		out = append(out, longerIn(fset, f, limit)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Lines > out[j].Lines })
	return out, nil
}

// longerIn returns the functions of f longer than limit lines.
func longerIn(fset *token.FileSet, f *ast.File, limit int) []Func {
	var out []Func
	outer := ""
	ast.Inspect(f, func(n ast.Node) bool {
		var name string
		var body *ast.BlockStmt
		switch x := n.(type) {
		case *ast.FuncDecl:
			name, body = x.Name.Name, x.Body
			if x.Recv != nil && len(x.Recv.List) > 0 {
				name = recvName(x.Recv.List[0].Type) + "." + name
			}
			outer = name
		case *ast.FuncLit:
			name, body = "func literal in "+outer, x.Body
		}
		if body == nil {
			return true
		}
		start := fset.Position(n.Pos())
		if lines := fset.Position(body.Rbrace).Line - start.Line + 1; lines > limit {
			out = append(out, Func{Name: name, Pos: start, Lines: lines})
		}
		return true
	})
	return out
}

// recvName is the type name of a method's receiver, without * or type
// parameters.
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return strings.TrimSpace(fmt.Sprint(x))
		}
	}
}
