package explore

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

// Start is a position candidates are made from, with where it came from.
type Start struct {
	Pos *position.Position
	// Source names it for people: "file:line (case id)" or "file:line (game
	// id) ply N".
	Source string
	// Strict: the position passes ParseFEN (it can arise in a game); a
	// minimised example of it must too. Otherwise (a rule-book diagram read
	// with ParseFENComposed) it must stay a composed position.
	Strict bool
	// Played: the repetition cycle a game played from it (a record's start),
	// judged first among its candidates (ShapePlayed); nil for a case's start
	// or when the played moves are not a cycle IsCycle accepts.
	Played []position.Move
}

// BadStart is a start that could not be read or is not legal: reported with
// its source and skipped.
type BadStart struct {
	Source string
	Err    error
}

func (b BadStart) String() string { return fmt.Sprintf("%s: %v", b.Source, b.Err) }

// ReadStarts reads the start positions of files: case files (the YAML of
// testdata/cases/, or JSON Lines rows with "expect") give each case's cycle
// start (its FEN when it has no cycle); game records (PGN, JSON Lines,
// DhtmlXQ, XQF; gzip or not) give the start of every repetition cycle of
// every game (interp.FindCycles, all), with the cycle played there
// (Start.Played). A position seen twice is kept once, at its first source. An error is returned only for a file that cannot be
// opened; bad cases and games are returned as BadStarts.
func ReadStarts(files ...string) ([]Start, []BadStart, error) {
	var starts []Start
	var bad []BadStart
	seen := map[uint64]bool{}
	add := func(s Start) {
		if k := s.Pos.Key(); !seen[k] {
			seen[k] = true
			starts = append(starts, s)
		}
	}
	for _, f := range files {
		var err error
		if interp.IsCaseFile(f) {
			err = caseStarts(f, add, &bad)
		} else {
			err = gameStarts(f, add, &bad)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return starts, bad, nil
}

// DefaultCaseFiles finds the bundled case files, testdata/cases/*.yaml, in
// the working directory or the root of the xqrules module above it (they
// are part of the source tree, not of the binary).
func DefaultCaseFiles() ([]string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "testdata", "cases", "*.yaml"))
		if len(files) > 0 {
			return relative(files), nil
		}
		if isModuleRoot(dir) {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return nil, errors.New("no case files: testdata/cases/*.yaml is neither here nor at the root of the xqrules source tree above (the bundled case files are not in the binary; give files with --from)")
}

// relative makes files relative to the working directory, for shorter
// sources in the report.
func relative(files []string) []string {
	wd, err := os.Getwd()
	if err != nil {
		return files
	}
	for i, f := range files {
		if r, err := filepath.Rel(wd, f); err == nil {
			files[i] = r
		}
	}
	return files
}

func isModuleRoot(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	return err == nil && strings.Contains(string(b), "module github.com/xqrules/xqrules\n")
}

func caseStarts(file string, add func(Start), bad *[]BadStart) error {
	cases, err := interp.ReadCases(file)
	if err != nil {
		return err
	}
	for i := range cases {
		c := &cases[i]
		src := fmt.Sprintf("%s:%d (%s)", c.File, c.Line, c.ID)
		// The cycle's start; the case's own when it has no cycle (or its
		// moves cannot be played: the start is still a position).
		in, err := c.Input()
		p := in.Start
		if err != nil || p == nil {
			if p, err = position.ParseFENComposed(c.FEN); err != nil {
				*bad = append(*bad, BadStart{src, err})
				continue
			}
		}
		addStart(p, src, add, bad)
	}
	return nil
}

func gameStarts(file string, add func(Start), bad *[]BadStart) error {
	r, err := record.Open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	for {
		g, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var re *record.Error
			if errors.As(err, &re) && re.Fatal {
				return err
			}
			*bad = append(*bad, BadStart{file, err})
			continue
		}
		rp, err := record.Replay(g)
		if err != nil {
			*bad = append(*bad, BadStart{g.Name(), err})
			continue
		}
		for _, c := range interp.FindCycles(rp.Start, rp.Moves, interp.CyclesAll) {
			addPlayed(c.Start, c.Moves, fmt.Sprintf("%s ply %d", g.Name(), c.FromPly), add, bad)
		}
	}
}

// addStart adds p, copied without its history, noting whether it is
// strictly legal; a position that is not even a composed one is bad.
func addStart(p *position.Position, src string, add func(Start), bad *[]BadStart) {
	addPlayed(p, nil, src, add, bad)
}

// addPlayed is addStart for a start a game played the cycle moves from
// (kept when they are a cycle candidates could be: IsCycle).
func addPlayed(p *position.Position, moves []position.Move, src string, add func(Start), bad *[]BadStart) {
	var played []position.Move
	if len(moves) > 0 && IsCycle(p, moves) {
		played = slices.Clone(moves)
	}
	if q, err := position.ParseFEN(p.FEN()); err == nil {
		add(Start{Pos: q, Source: src, Strict: true, Played: played})
		return
	}
	q, err := position.ParseFENComposed(p.FEN())
	if err != nil {
		*bad = append(*bad, BadStart{src, err})
		return
	}
	add(Start{Pos: q, Source: src, Played: played})
}

// setup reads fen as a start of the given strictness would be.
func setup(fen string, strict bool) (*position.Position, error) {
	if strict {
		return position.ParseFEN(fen)
	}
	return position.ParseFENComposed(fen)
}
