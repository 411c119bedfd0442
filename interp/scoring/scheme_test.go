package scoring

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqrules/xqrules/position"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const schemeDir = "../../testdata/scoring/schemes"

// TestBadSchemes loads each *.bad.yaml and compares every error, with its
// source line and caret, to the .golden file next to it.
func TestBadSchemes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(schemeDir, "*.bad.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no bad fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".bad.yaml")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(filepath.Base(f), data)
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("Parse: %v, want an ErrorList", err)
			}
			var b strings.Builder
			for _, e := range list {
				b.WriteString("[" + e.Code + "] " + e.Detail() + "\n")
			}
			golden := strings.TrimSuffix(f, ".yaml") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("errors:\n%s\nwant:\n%s", b.String(), want)
			}
		})
	}
}

// TestVariantScheme: the researcher's edit "draw 0.7, cap 1.0, no Red
// deduction" works by editing a copy of the file, with no code change.
func TestVariantScheme(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(schemeDir, "dafen-variant.good.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("dafen-variant.good.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	// Seed example without Red's deduction: 17 vs 12 → +0.5 / −0.5.
	d, err := s.Residual.Of(mustFEN(t, fenSeedExample))
	if err != nil {
		t.Fatal(err)
	}
	if d.Score != [2]Score{50, -50} {
		t.Errorf("seed example under the variant: %v, want 0.5 : -0.5", d.Score)
	}
	// The cap is now 1.0: a difference of 31 gives ±1.
	if d, _ := s.Residual.Of(mustFEN(t, fenCapped)); d.Score != [2]Score{100, -100} {
		t.Errorf("capped under the variant: %v, want 1 : -1", d.Score)
	}
	if got := s.Points(position.Black, DrawOutcome); got != 70 {
		t.Errorf("draw = %v, want 0.7", got)
	}
	st, err := s.Standings([]Game{{Red: "红", Black: "黑", Result: Drawn, Final: mustFEN(t, fenSeedExample)}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows[0].Tiebreaks[0] != 120 || st.Rows[1].Tiebreaks[0] != 20 {
		t.Errorf("one-game event: %v / %v, want 1.2 / 0.2", st.Rows[0].Tiebreaks[0], st.Rows[1].Tiebreaks[0])
	}
}

func TestDuplicateNames(t *testing.T) {
	a, err := Parse("a.yaml", []byte("name: x\npoints: {win: 2, draw: 1, loss: 0}\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("b.yaml", []byte("name: x\npoints: {win: 3, draw: 1, loss: 0}\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = CheckUnique([]*Scheme{a, b})
	if err == nil || !strings.Contains(err.Error(), `b.yaml: scheme name "x" is already used by a.yaml`) {
		t.Errorf("CheckUnique: %v", err)
	}
}
