package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/interp/scoring"
	"github.com/xqrules/xqrules/position/record"
)

func init() {
	register(&command{name: "score", summary: "tournament standings under scoring schemes side by side (胜2和1负0, 大分小分 …)", synopsis: scoreSynopsis, flags: runScore, output: true})
}

const scoreSynopsis = "[--scheme standard,dafen-xiaofen|all|FILE.yaml] [--event TEXT] [--format text|json] [-o OUT] FILE…"

func runScore(fs *pflag.FlagSet) runFunc {
	schemeArg := fs.String("scheme", "all", "comma-separated schemes: built-in names, \"all\", or paths of scheme files (a copy of rules/scoring/*.yaml)")
	event := fs.String("event", "", "score only the games whose Event tag contains this text")
	format := fs.String("format", "text", "text or json")
	choices(fs, "format", "text", "json")
	addEncodingFlag(fs)
	return func(e *env, args []string) int {
		if *format != "text" && *format != "json" {
			return usageErr(e, "score", "unknown --format %q (want text or json)", *format)
		}
		if len(args) == 0 {
			return usageErr(e, "score", "no game files given (PGN or JSON Lines, gzip or not)")
		}
		schemes, st := resolveSchemes(e, *schemeArg)
		if schemes == nil {
			return st
		}

		games, problems := readScoreGames(e, args, *event)
		if len(games) == 0 {
			fmt.Fprintf(e.stderr, "xqrules score: no game to score\n")
			return exitFailed
		}
		var names []string
		for _, g := range games {
			names = append(names, g.Red, g.Black)
		}
		variants := newGrouped(e.stderr, "xqrules score: ", 10)
		for _, v := range scoring.NameVariants(names) {
			variants.add("pairs of names that may be one player, kept apart", "players %q and %q may be one player (%s); kept apart", v.A, v.B, v.Reason)
		}
		problems += variants.close()

		tables := make([]*scoring.Standings, len(schemes))
		for i, s := range schemes {
			t, err := s.Standings(games)
			if err != nil {
				// A scheme that cannot score a game is a fault in the scheme
				// (the games were checked): stop, naming both.
				return fail(e, "score", fmt.Errorf("scheme %s: %w", s.Name, err))
			}
			tables[i] = t
		}
		if *format == "json" {
			if err := writeScoreJSON(e.stdout, tables); err != nil {
				return fail(e, "score", err)
			}
		} else {
			writeScoreText(e.stdout, tables, len(games))
		}
		if problems > 0 {
			fmt.Fprintf(e.stderr, "xqrules score: %d problem(s) reported above; %d game(s) scored\n", problems, len(games))
			return exitFailed
		}
		return exitOK
	}
}

// resolveSchemes turns --scheme into schemes: built-in names, "all", or
// files. It returns nil and the exit status on failure.
func resolveSchemes(e *env, arg string) ([]*scoring.Scheme, int) {
	builtin, err := scoring.Builtin()
	if err != nil {
		return nil, fail(e, "score", detail(err))
	}
	byName := map[string]*scoring.Scheme{}
	var known []string
	for _, s := range builtin {
		byName[s.Name] = s
		known = append(known, s.Name)
	}
	var out []*scoring.Scheme
	seen := map[*scoring.Scheme]bool{}
	files := map[string]bool{}
	add := func(s *scoring.Scheme) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, item := range strings.Split(arg, ",") {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
			continue
		case item == "all":
			for _, s := range builtin {
				add(s)
			}
		case strings.HasSuffix(item, ".yaml") || strings.HasSuffix(item, ".yml") || strings.ContainsRune(item, '/'):
			p := filepath.Clean(item)
			if files[p] {
				continue // the same file named twice
			}
			files[p] = true
			s, err := scoring.LoadFile(item)
			if err != nil {
				return nil, fail(e, "score", detail(err))
			}
			add(s)
		default:
			s, ok := byName[item]
			if !ok {
				return nil, usageErr(e, "score", "unknown scheme %q (built-in: %s, or all, or a .yaml file)", item, strings.Join(known, ", "))
			}
			add(s)
		}
	}
	if len(out) == 0 {
		return nil, usageErr(e, "score", "--scheme names no scheme")
	}
	if err := scoring.CheckUnique(out); err != nil {
		return nil, fail(e, "score", err)
	}
	return out, 0
}

// detail returns a scheme error with its source lines and carets.
func detail(err error) error {
	var l scoring.ErrorList
	if errors.As(err, &l) {
		return errors.New("scheme refused:\n" + l.Detail())
	}
	return err
}

// readScoreGames reads every game of the files, replays it, and returns the
// ones that can be scored. Every game left out is reported with its file,
// line and id (and move, when a move does not replay); the count of problems
// is returned so the exit status can say that something was skipped.
func readScoreGames(e *env, files []string, event string) ([]scoring.Game, int) {
	var games []scoring.Game
	skips := newGrouped(e.stderr, "xqrules score: skipped: ", 3)
	problems := 0
	for _, path := range files {
		r, err := openRecord(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "xqrules score: %v\n", err)
			problems++
			continue
		}
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				skips.add("games that cannot be read", "%v", err)
				continue
			}
			if event != "" && !strings.Contains(g.Tag("Event"), event) {
				continue
			}
			red, black := strings.TrimSpace(g.Tag("Red")), strings.TrimSpace(g.Tag("Black"))
			switch {
			case red == "" || black == "":
				skips.add("games without a player name", "%s: no player name in the Red/Black tags", g.Name())
				continue
			case red == black:
				skips.add("games with one player on both sides", "%s: %q plays both sides", g.Name(), red)
				continue
			}
			res, ok := scoring.ParseResult(g.Result)
			switch {
			case !ok:
				skips.add("games with an unknown result", "%s: unknown result %q", g.Name(), g.Result)
				continue
			case res == scoring.NoResult:
				skips.add("games without a result", "%s: %s – %s has no result", g.Name(), red, black)
				continue
			}
			// Every game is replayed, decisive or not, so that all schemes
			// score the same games: a record whose moves do not replay is
			// not trusted for its result either.
			rep, err := record.Replay(g)
			if err != nil {
				skips.add("games whose moves do not replay", "%v", err)
				continue
			}
			games = append(games, scoring.Game{Red: red, Black: black, Result: res, Final: rep.Final, Name: g.Name()})
		}
		r.Close()
	}
	return games, problems + skips.close()
}

// grouped prints warnings of a kind up to a number each, then how many of
// that kind there were in all: a corpus with thousands of games without a
// player name says so in one line, not thousands.
type grouped struct {
	w      io.Writer
	prefix string
	show   int
	counts map[string]int
	order  []string
}

func newGrouped(w io.Writer, prefix string, show int) *grouped {
	return &grouped{w: w, prefix: prefix, show: show, counts: map[string]int{}}
}

func (g *grouped) add(kind, format string, args ...any) {
	if g.counts[kind] == 0 {
		g.order = append(g.order, kind)
	}
	g.counts[kind]++
	if g.counts[kind] <= g.show {
		fmt.Fprintf(g.w, g.prefix+format+"\n", args...)
	}
}

// close prints the count of each kind with more warnings than were shown,
// and returns the number of warnings.
func (g *grouped) close() int {
	n := 0
	for _, k := range g.order {
		c := g.counts[k]
		n += c
		if c > g.show {
			fmt.Fprintf(g.w, "%s%d %s (the first %d shown above)\n", g.prefix, c, k, g.show)
		}
	}
	return n
}

// scoreJSON is one scheme's table as JSON.
type scoreJSON struct {
	Scheme    string         `json:"scheme"`
	Title     string         `json:"title"`
	Tiebreak  string         `json:"tiebreak,omitempty"` // the name of the second score
	Residual  string         `json:"residual,omitempty"` // the name of the drawn-material score
	Standings []scoreRowJSON `json:"standings"`
}

type scoreRowJSON struct {
	Rank      int             `json:"rank"`
	Player    string          `json:"player"`
	Points    scoring.Score   `json:"points"`
	Tiebreak  *scoring.Score  `json:"tiebreak,omitempty"`
	Tiebreaks []scoring.Score `json:"tiebreaks,omitempty"` // all of them, when the scheme has more than one
	Residual  *scoring.Score  `json:"residual,omitempty"`
	Opponents scoring.Score   `json:"opponents"`
	Games     int             `json:"games"`
	Wins      int             `json:"wins"`
	Draws     int             `json:"draws"`
	Losses    int             `json:"losses"`
}

func toJSON(t *scoring.Standings) scoreJSON {
	s := t.Scheme
	out := scoreJSON{Scheme: s.Name, Title: s.Title, Standings: []scoreRowJSON{}}
	if len(s.Tiebreaks) > 0 {
		out.Tiebreak = s.Tiebreaks[0].Name
	}
	if s.Residual != nil {
		out.Residual = s.Residual.Name
	}
	for _, r := range t.Rows {
		row := scoreRowJSON{Rank: r.Rank, Player: r.Player, Points: r.Points, Opponents: r.Opponents,
			Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}
		if len(r.Tiebreaks) > 0 {
			row.Tiebreak = &r.Tiebreaks[0]
		}
		if len(r.Tiebreaks) > 1 {
			row.Tiebreaks = r.Tiebreaks
		}
		if s.Residual != nil {
			row.Residual = &r.Residual
		}
		out.Standings = append(out.Standings, row)
	}
	return out
}

// writeScoreJSON writes one object for a single scheme, else
// {"schemes": [one object per scheme, in the order asked]}.
func writeScoreJSON(w io.Writer, tables []*scoring.Standings) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if len(tables) == 1 {
		return enc.Encode(toJSON(tables[0]))
	}
	all := struct {
		Schemes []scoreJSON `json:"schemes"`
	}{}
	for _, t := range tables {
		all.Schemes = append(all.Schemes, toJSON(t))
	}
	return enc.Encode(all)
}

// writeScoreText prints the tables side by side, each in its own order, then
// how many places each scheme changes against the first.
func writeScoreText(w io.Writer, tables []*scoring.Standings, games int) {
	blocks := make([][]string, len(tables))
	height := 0
	for i, t := range tables {
		blocks[i] = textBlock(t)
		height = max(height, len(blocks[i]))
	}
	widths := make([]int, len(blocks))
	for i, b := range blocks {
		for _, l := range b {
			widths[i] = max(widths[i], scoring.DisplayWidth(l))
		}
	}
	for y := 0; y < height; y++ {
		var line strings.Builder
		for i, b := range blocks {
			cell := ""
			if y < len(b) {
				cell = b[y]
			}
			if i > 0 {
				line.WriteString("   ")
			}
			line.WriteString(cell)
			if i < len(blocks)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-scoring.DisplayWidth(cell)))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
	fmt.Fprintf(w, "\ngames scored: %d; players: %d\n", games, len(tables[0].Rows))
	for _, t := range tables[1:] {
		n := scoring.PlacesChanged(tables[0], t)
		fmt.Fprintf(w, "%s → %s: %d of %d players change place", tables[0].Scheme.Name, t.Scheme.Name, n, len(t.Rows))
		if n > 0 {
			var moves []string
			for _, r := range t.Rows {
				if from := tables[0].Rank(r.Player); from != r.Rank {
					moves = append(moves, fmt.Sprintf("%s %d→%d", r.Player, from, r.Rank))
				}
			}
			fmt.Fprintf(w, " (%s)", strings.Join(moves, ", "))
		}
		fmt.Fprintln(w, ".")
	}
}

// textBlock renders one table as lines: a title, a header and one row per
// player. Columns are aligned by display width (Chinese takes two cells).
func textBlock(t *scoring.Standings) []string {
	s := t.Scheme
	header := []string{"#", "player", "points"}
	for _, tb := range s.Tiebreaks {
		header = append(header, tb.Name)
	}
	if s.Residual != nil {
		header = append(header, s.Residual.Name)
	}
	rows := [][]string{header}
	for i, r := range t.Rows {
		rank := fmt.Sprint(r.Rank)
		if (i > 0 && t.Rows[i-1].Rank == r.Rank) || (i+1 < len(t.Rows) && t.Rows[i+1].Rank == r.Rank) {
			rank += "="
		}
		row := []string{rank, r.Player, fix2(r.Points)}
		for _, v := range r.Tiebreaks {
			row = append(row, fix2(v))
		}
		if s.Residual != nil {
			row = append(row, signed2(r.Residual))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for c, cell := range row {
			widths[c] = max(widths[c], scoring.DisplayWidth(cell))
		}
	}
	lines := []string{fmt.Sprintf("%s — %s", s.Name, s.Title)}
	for _, row := range rows {
		var b strings.Builder
		for c, cell := range row {
			pad := strings.Repeat(" ", widths[c]-scoring.DisplayWidth(cell))
			if c > 0 {
				b.WriteString("  ")
			}
			if c == 1 { // names left-aligned, numbers right-aligned
				b.WriteString(cell + pad)
			} else {
				b.WriteString(pad + cell)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return lines
}

// fix2 shows a score to two decimals ("2.40"); display only, the value is exact.
func fix2(s scoring.Score) string {
	neg := s < 0
	if neg {
		s = -s
	}
	txt := fmt.Sprintf("%d.%02d", int64(s)/scoring.Unit, int64(s)%scoring.Unit)
	if neg {
		txt = "-" + txt
	}
	return txt
}

// signed2 is fix2 with an explicit + for positive values (余子分 is a balance).
func signed2(s scoring.Score) string {
	if s > 0 {
		return "+" + fix2(s)
	}
	return fix2(s)
}
