package facts

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xqrules/xqrules/position"
)

// figure is one row of testdata/data/cn2020_figures.jsonl: a figure of the
// 2020 Chinese rule book (图2–30) with the book's labels and the transcriber's
// details (target piece, joint chase, rootless target).
type figure struct {
	ID             string    `json:"id"`
	FEN            string    `json:"fen"`
	Moves          []string  `json:"moves"`
	MovesThreefold []string  `json:"moves_threefold"`
	BookLabels     []*string `json:"book_labels"`
	Verdict        string    `json:"verdict"`
	Details        []struct {
		Type   string `json:"move_t"`
		Target string `json:"zhuo_tgt_piece"`
		Joint  bool   `json:"is_jointed"`
		NoRoot bool   `json:"no_root_protected"`
	} `json:"label_details"`
}

func loadFigures(t testing.TB) []figure {
	f, err := os.Open("../testdata/data/cn2020_figures.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var out []figure
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var fg figure
		require.NoError(t, json.Unmarshal(sc.Bytes(), &fg))
		out = append(out, fg)
	}
	return out
}

// cycle is the figure's cycle as cycleOf finds it, in the threefold
// version of its moves when the transcription gives one.
func (fg figure) cycle(tb testing.TB) (*position.Position, []position.Move, int) {
	moves := fg.Moves
	if len(fg.MovesThreefold) > 0 {
		moves = fg.MovesThreefold
	}
	return cycleOf(tb, fg.FEN, moves)
}

// cycleOf replays moves from fen and returns the last period's start position,
// its moves and the occurrences of the final position.
func cycleOf(t testing.TB, fen string, texts []string) (*position.Position, []position.Move, int) {
	start, err := position.ParseFEN(fen)
	require.NoError(t, err)
	ms, err := position.ParseMoves(start, texts)
	require.NoError(t, err)
	cs, cycle, occ, ok := lastPeriod(start, ms)
	require.True(t, ok, "no cycle in %v", texts)
	return cs, cycle, occ
}

// lastPeriod plays ms from start and returns the last period of the game:
// the position it starts from (a fresh history), its moves and how many
// times the final position occurred; ok is false when no position repeats.
func lastPeriod(start *position.Position, ms []position.Move) (*position.Position, []position.Move, int, bool) {
	p := start.Clone()
	for _, m := range ms {
		p.Make(m)
	}
	keys := p.Keys()
	from, ok := position.LastPeriod(keys)
	if !ok {
		return nil, nil, 0, false
	}
	cs := start.Clone()
	for _, m := range ms[:from] {
		cs.Make(m)
	}
	cs.ResetHistory()
	return cs, ms[from:], position.Occurrences(keys, keys[len(keys)-1]), true
}

// knownFactGaps are the 捉 moves of the 2020 figures for which the facts do
// not (yet) show a new winning threat matching the transcription. Each is a
// genuine open question about what "new" and "joint" mean in the book, not a
// case to bend the code to; the first analysis is in the note beside each.
var knownFactGaps = map[string]string{
	"cn2020-fig03 g1h1": "连续将军得车: after 车8进1+ the rook takes whatever blocks it, with check again; the line is filed under the advisor e1, which every answer loses, and its Wins end with the rook d1 (so the 捉 weighs as a rook chase). The rook itself is not a victim of every answer: when red blocks with the elephant (相g0: 车xg0+ 仕f0 车xf0+ 帅e1 车f1+ 帅e2 车xd1) it needs a fourth check, beyond GainChecks 3 (4 roughly doubles the cases' time)",
	"cn2020-fig03 h1g1": "the line starts 车7进1 taking the elephant g0 with check, its first capture: filed under the elephant (gain 14), the rook d1 among its Wins",
	"cn2020-fig26 h7h4": "the rook is won through a line whose first capture is the elephant e2 (gain 7, filed under the elephant)",
	"cn2020-fig22 d6e6": "the rook (the horse b6's only root) attacks a crossed pawn; taking it lets black's rook take the horse (−3 on balance). 图12 reads the same structure (a root taking a pawn and losing what it guarded) as no chase, 图22 as a chase: under any one reading of the exchange the two figures disagree (a known disagreement in testdata/cases/cn2020_figures.yaml)",
	"cn2020-fig22 e6d6": "as d6e6",
}

// singleByBook are the 捉 moves the transcription (cppxq's code) marks
// joint where the book's own prose names a single piece's chase: the prose
// decides (issue 11, class 2).
var singleByBook = map[string]string{
	"cn2020-fig26 d7d4": "图26: 红方一着捉无根子，一着捉少根子 — 车六退三 adds the rook beside the horse's capture of the 炮 e4 (another line): the 炮 is 少根, the chase no 联合捉",
}

var kindOfDetail = map[string]string{"ROOK": "rook", "HORSE": "horse", "CANNON": "cannon", "PAWN": "pawn", "ELEPHANT": "elephant", "ADVISOR": "advisor"}

// TestFiguresFacts checks the facts behind the 2020 book's per-move labels:
// every 将 is a check, every 杀 a mate threat, every 捉 a new winning threat
// (on the piece the transcription names, joint or rootless where it says so).
// Labels themselves are the rule sets' business (interp/); this asserts only
// the neutral facts a label needs.
func TestFiguresFacts(t *testing.T) {
	par := DefaultParams()
	// The Chinese books bound 连将杀 by nothing but the position; 图17's 杀
	// needs seven checks (13 plies).
	par.MateDepth = 15
	for _, fg := range loadFigures(t) {
		t.Run(fg.ID, func(t *testing.T) {
			start, cyc, occ := fg.cycle(t)
			c, err := AnalyzeCycle(start, cyc, occ, par)
			require.NoError(t, err)
			for i, mf := range c.Moves {
				if i >= len(fg.BookLabels) || fg.BookLabels[i] == nil {
					continue
				}
				label := *fg.BookLabels[i]
				where := fg.ID + " ply " + mf.ICCS
				switch label {
				case "将":
					if !mf.Check {
						t.Errorf("%s: book says 将, facts show no check", where)
					}
				case "杀":
					if !mf.MateThreat.Exists {
						t.Errorf("%s: book says 杀, facts show no mate threat", where)
					}
				case "捉":
					d := fg.Details[i]
					if _, single := singleByBook[fg.ID+" "+mf.ICCS]; single {
						d.Joint = false
					}
					ok := false
					for _, th := range mf.Threats {
						// New (从没捉到捉 / 新增得子), or renewed: a chased
						// chaser escapes and screens the victim or keeps it
						// trapped (issue 11 class 3c; one that still takes it
						// or backs the capture renews nothing by itself:
						// seed 001 图5 — 图25–27 are New).
						renewed := mf.MovedWasThreatened && (th.MovedPieceScreens || th.MovedPieceTraps)
						if !(th.New || renewed) || th.GainAfter <= 0 {
							continue
						}
						if d.Target != "" && th.Victim.Kind != kindOfDetail[d.Target] {
							continue
						}
						if d.Joint && !th.Joint {
							continue
						}
						if d.NoRoot && th.Protection == "real" {
							continue
						}
						ok = true
					}
					if gap, known := knownFactGaps[fg.ID+" "+mf.ICCS]; known {
						if ok {
							t.Errorf("%s: listed as a known gap (%s) but the facts now match: remove it from knownFactGaps", where, gap)
						}
						continue
					}
					if !ok {
						t.Errorf("%s: book says 捉 (%s joint=%v noroot=%v), no such new threat in facts: %s", where, d.Target, d.Joint, d.NoRoot, threatSummary(mf))
					}
				}
			}
		})
	}
}

func threatSummary(mf Move) string {
	var sb strings.Builder
	for _, th := range mf.Threats {
		sb.WriteString(th.Victim.Kind + "@" + th.Victim.Square)
		sb.WriteString("(gain ")
		sb.WriteString(itoa(th.GainAfter))
		sb.WriteString(" before ")
		sb.WriteString(itoa(th.GainBefore))
		sb.WriteString(" " + th.Protection + " " + th.Cause)
		if th.Joint {
			sb.WriteString(" joint")
		}
		sb.WriteString(") ")
	}
	return sb.String()
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
