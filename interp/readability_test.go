package interp

// The function-length check of facts/ and interp/ (150 lines) is
// internal/funclen's TestFactsAndInterpFunctionsAreShort.

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

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
