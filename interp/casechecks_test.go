package interp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xqrules/xqrules/position"
)

// Two small positions, worked out by hand:
//   - ladder: red rooks a8 and b0, red king d0, black king e9, black cannon
//     i8. 车八进九 (b0b9) mates (e8 f8 under the rook a8, d9 d8 facing the
//     red king, f9 on the rook b9's rank); the rook a8 can take the cannon i8.
//   - boxed: black king e9 to move, red rook a8 over rank 8, red rook f0 on
//     the f file, red king d0 on the d file: no legal move, no check.
const (
	ladderFEN = "4k4/R7c/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
	boxedFEN  = "4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1"
)

// TestCaseCheckItems: every then item, once where it holds and once where
// it does not.
func TestCaseCheckItems(t *testing.T) {
	tests := []struct {
		fen  string
		play string
		then string
		ok   bool
	}{
		{ladderFEN, "b0b9", "check", true},
		{ladderFEN, "", "check", false},
		{ladderFEN, "", "no-check", true},
		{ladderFEN, "b0b9", "no-check", false},
		{ladderFEN, "b0b9", "mate", true},
		{ladderFEN, "a8a9", "mate", false}, // check, but 将5进1… e8 is free
		{ladderFEN, "a8a9", "no-mate", true},
		{ladderFEN, "b0b9", "no-mate", false},
		{boxedFEN, "", "stalemate", true},
		{ladderFEN, "b0b9", "stalemate", false}, // no move, but in check
		{ladderFEN, "", "stalemate", false},
		{boxedFEN, "", "no-moves", true},
		{ladderFEN, "b0b9", "no-moves", true},
		{ladderFEN, "a8a9", "no-moves", false},
		{ladderFEN, "", "mate-in-one", true},
		{ladderFEN, "b0b1", "mate-in-one", false}, // black to move: no mate
		{ladderFEN, "b0b1", "no-mate-in-one", true},
		{ladderFEN, "", "no-mate-in-one", false},
		{ladderFEN, "a8i8", "captures 炮", true},
		{ladderFEN, "车九平一", "captures 砲", true}, // Chinese notation, either side's character
		{ladderFEN, "a8i8", "captures C", true},
		{ladderFEN, "a8i8", "captures 车", false},
		{ladderFEN, "b0b1", "captures 炮", false}, // nothing taken
		{ladderFEN, "", "captures 炮", false},     // nothing played
		{ladderFEN, "", "legal b0b9", true},
		{ladderFEN, "", "legal 车八进九", true},
		{ladderFEN, "", "legal b0c1", false},
		{ladderFEN, "", "illegal b0c1", true},
		{ladderFEN, "", "illegal d0e0", true}, // e0 faces the king e9
		{ladderFEN, "", "illegal b0b9", false},
		{ladderFEN, "", "legal d0e0", false},
		{ladderFEN, "", "legal xyz", false}, // unreadable: a slip of the case
		{ladderFEN, "", "illegal xyz", false},
		{ladderFEN, "", "attacks i8", true},
		{ladderFEN, "", "attacks e9", false},
		{ladderFEN, "b0b1", "attacks a8", false}, // black's cannon has no screen on rank 8
		{ladderFEN, "", "no-attacks e9", true},
		{ladderFEN, "", "no-attacks i8", false},
		// pass: red moves again, as "from the next move on" needs.
		{ladderFEN, "b0b1 pass", "mate-in-one", true}, // b1b9 mates as b0b9 did
		{ladderFEN, "a8a7 pass", "attacks i8", false},
		{ladderFEN, "a8h8 pass", "attacks i8", true},
		{ladderFEN, "b0b9 pass", "mate", false}, // black is in check: it cannot pass
		{ladderFEN, "a8i8 pass", "captures 炮", false},
	}
	for _, tt := range tests {
		start := position.MustParseFEN(tt.fen)
		ck := CaseCheck{Play: strings.Fields(tt.play), Then: []string{tt.then}, Line: 7}
		err := verifyChecks(start, nil, []CaseCheck{ck})
		if tt.ok {
			assert.NoError(t, err, "%s: play %q then %q", tt.fen, tt.play, tt.then)
		} else if assert.Error(t, err, "%s: play %q then %q", tt.fen, tt.play, tt.then) {
			var ce *CaseError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, 7, ce.Line)
		}
	}
}

// The king d0 stepping to e0 would face the king e9: illegal (as the test
// above says); this pins it down with the move generator itself.
func TestCaseCheckFacingKings(t *testing.T) {
	p := position.MustParseFEN(ladderFEN)
	assert.False(t, p.IsLegal(position.NewMove(position.SquareAt(3, 0), position.SquareAt(4, 0))))
}

func TestCaseCheckAfter(t *testing.T) {
	start := position.MustParseFEN(ladderFEN)
	moves, err := position.ParseMoves(start, strings.Fields("b0b1 i8i7 b1b0 i7i8"))
	require.NoError(t, err)
	// After one ply black is to move and cannot mate; after four red can.
	assert.NoError(t, verifyChecks(start, moves, []CaseCheck{{After: 1, Then: []string{"no-mate-in-one", "no-check"}}}))
	assert.NoError(t, verifyChecks(start, moves, []CaseCheck{{After: 4, Then: []string{"mate-in-one"}}}))
	assert.ErrorContains(t, verifyChecks(start, moves, []CaseCheck{{After: 5, Then: []string{"check"}}}), "after")
	assert.ErrorContains(t, verifyChecks(start, moves, []CaseCheck{{After: 1, Play: []string{"b1b9"}, Then: []string{"check"}}}), "play move 1")
	assert.ErrorContains(t, verifyChecks(start, moves, []CaseCheck{{After: 0}}), "nothing to check")
}

// A case file with good and broken cases: each broken one is refused with
// its line (the case's, or the failing check's) and the reason; the others
// still run; not_built is read with its count.
func TestReadCaseFileRefusals(t *testing.T) {
	src := `source: test
cases:
  - id: good
    constructed: true
    lecture: "第1讲"
    quote: "红方长将"
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1b0 i7i8
    moves_cn: 车八进一 炮9进1 车八退一 炮9退1
    expect: {"11": draw}
    checks:
      - says: "车一进九 mates"
        play: b0b9
        then: [check, mate]
      - says: "the rook a8 can take the cannon"
        after: 0
        then: [attacks i8]
  - id: check-fails
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1b0 i7i8
    expect: {"11": draw}
    checks:
      - then: [mate-in-one]
      - says: "black can take the rook"
        after: 1
        then: [attacks a8]
  - id: illegal-position
    constructed: true
    fen: "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    moves: e0d0 e9d9 d0e0 d9e9
    expect: {"11": draw}
  - id: composed-adviser
    constructed: true
    fen: "4k4/R7c/9/9/9/9/9/9/A8/R2K5 w - - 0 1"
    moves: b0c0 i8i7 c0b0 i7i8
    expect: {"11": draw}
  - id: no-replay
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1c0
    expect: {"11": draw}
  - id: no-cycle
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1b2 i7i8
    expect: {"11": draw}
  - id: no-cycle-expected
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7
    expect: {"asian": no-cycle}
  - id: cn-differs
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1b0 i7i8
    moves_cn: 车八进一 炮9进2 车八退一 炮9退1
    expect: {"11": draw}
  - id: bad-then
    fen: "` + ladderFEN + `"
    moves: b0b1 i8i7 b1b0 i7i8
    expect: {"11": draw}
    checks:
      - then: [mates]
not_built:
  - source: "图9"
    why: "the text gives no moves"
`
	path := filepath.Join(t.TempDir(), "cases.yaml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	cf, err := ReadCaseFile(path)
	require.NoError(t, err)
	require.Len(t, cf.Cases, 9)
	by := map[string]*Case{}
	for i := range cf.Cases {
		by[cf.Cases[i].ID] = &cf.Cases[i]
	}
	good := by["good"]
	require.NoError(t, good.Err)
	assert.True(t, good.Constructed)
	assert.Equal(t, "第1讲", good.Lecture)
	assert.Equal(t, "红方长将", good.Quote)
	assert.Equal(t, "车八进一 炮9进1 车八退一 炮9退1", good.MovesCN)
	require.Len(t, good.Checks, 2)
	assert.Equal(t, 12, good.Checks[0].Line)
	assert.Equal(t, []string{"b0b9"}, good.Checks[0].Play)
	assert.Equal(t, 3, good.Line)
	assert.Equal(t, 3, good.ErrLine())

	cfail := by["check-fails"]
	assert.ErrorContains(t, cfail.Err, "check 2 (line 24")
	assert.ErrorContains(t, cfail.Err, "attacks a8")
	assert.Equal(t, 24, cfail.ErrLine(), "the failing check's line")
	assert.Equal(t, 18, cfail.Line)

	assert.ErrorContains(t, by["illegal-position"].Err, "fen")
	assert.Equal(t, by["illegal-position"].Line, by["illegal-position"].ErrLine())
	assert.ErrorContains(t, by["composed-adviser"].Err, "fen", "a constructed position must be one a game can reach")
	assert.ErrorContains(t, by["no-replay"].Err, "move 3")
	assert.ErrorContains(t, by["no-cycle"].Err, "does not close")
	assert.NoError(t, by["no-cycle-expected"].Err)
	assert.ErrorContains(t, by["cn-differs"].Err, "moves_cn: move 2")
	assert.ErrorContains(t, by["bad-then"].Err, `unknown then item "mates"`)

	require.Len(t, cf.NotBuilt, 1)
	assert.Equal(t, NotBuilt{Source: "图9", Why: "the text gives no moves", Line: 61}, cf.NotBuilt[0])

	// The refused cases are not run; the good one is.
	lib, err := Bundled()
	require.NoError(t, err)
	res, err := RunCase(lib, good, nil)
	require.NoError(t, err)
	require.Len(t, res, 1)
	_, err = RunCase(lib, cfail, nil)
	assert.Error(t, err)

	// ReadCases gives the same cases.
	cases, err := ReadCases(path)
	require.NoError(t, err)
	assert.Len(t, cases, 9)
}

// A file-level `constructed: true` (a file of composed positions) holds
// every case to a position a game can reach, as a case's own flag does;
// it may come after the cases; it must be a boolean.
func TestReadCaseFileConstructed(t *testing.T) {
	composed := "3rk4/9/9/9/3n5/3NC4/4N4/2N6/4A4/4K4 w - - 0 1" // three red horses
	body := "cases:\n  - id: composed\n    fen: \"" + composed + "\"\n    moves: e4g4 d9d8 g4e4 d8d9\n    expect: {\"11\": draw}\n"
	read := func(src string) (*CaseFile, error) {
		path := filepath.Join(t.TempDir(), "cases.yaml")
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		return ReadCaseFile(path)
	}
	cf, err := read(body)
	require.NoError(t, err)
	assert.NoError(t, cf.Cases[0].Err, "a diagram may be composed when the file does not say otherwise")
	assert.False(t, cf.Constructed)

	cf, err = read(body + "constructed: true\n")
	require.NoError(t, err)
	assert.True(t, cf.Constructed)
	assert.ErrorContains(t, cf.Cases[0].Err, "fen", "the file's flag applies to every case")
	assert.True(t, cf.Cases[0].Constructed)

	_, err = read("constructed: yes please\n" + body)
	assert.ErrorContains(t, err, "constructed must be true or false")
}

// FuzzReadCaseFile: no case file, however broken, panics the reader; a
// case it accepts can be played. The committed case files and the refusals
// above seed it.
func FuzzReadCaseFile(f *testing.F) {
	files, _ := filepath.Glob("../testdata/cases/*.yaml")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("cases:\n  - id: x\n    fen: \"" + ladderFEN + "\"\n    moves: b0b1 i8i7 b1b0 i7i8\n    expect: {\"11\": draw}\n    checks:\n      - {after: 9, play: [b0b9], then: [mate, captures 马, attacks z9]}\n"))
	f.Add([]byte("cases:\n  - id: x\n    checks: [1, {then: 3}, {after: -1}]\nnot_built: [{source: 1}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cf, _ := readYAMLCaseFile("fuzz.yaml", data)
		if cf == nil {
			return
		}
		for i := range cf.Cases {
			if c := &cf.Cases[i]; c.Err == nil {
				if _, err := c.Input(); err != nil {
					t.Fatalf("case %s accepted but not playable: %v", c.ID, err)
				}
			}
		}
	})
}
