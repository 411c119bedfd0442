package scoring

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqrules/xqrules/rules"
)

// FuzzParse: the loader never panics, and a scheme it accepts can score the
// seed's example draw. Seeded with the built-in schemes and the fixtures.
func FuzzParse(f *testing.F) {
	builtin, _ := fs.Glob(rules.Scoring, "scoring/*.yaml")
	for _, n := range builtin {
		data, err := fs.ReadFile(rules.Scoring, n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	fixtures, _ := filepath.Glob(filepath.Join(schemeDir, "*.yaml"))
	for _, n := range fixtures {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	final := mustFEN(f, fenSeedExample)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		// Schemes that pass the load-time dry run may still fail on another
		// position; that must be an error, not a panic.
		_, _ = s.Standings([]Game{{Red: "a", Black: "b", Result: Drawn, Final: final, Name: "g"}})
	})
}

// BenchmarkStandings scores the hand-computed round robin under 大分小分
// (six games, three of them with 余子分).
func BenchmarkStandings(b *testing.B) {
	s := builtin(b, "dafen-xiaofen")
	games := roundRobin(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Standings(games); err != nil {
			b.Fatal(err)
		}
	}
}
