package interp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/position"
	"github.com/xqrules/xqrules/position/record"
)

// Case is one adjudication with its expected rulings: a row of a JSON Lines
// case file, or a case of a YAML case file.
type Case struct {
	ID    string
	File  string
	Line  int
	FEN   string
	Moves []string
	// Expect: rule set id → verdict.
	Expect map[string]string
	// Labels: rule set id → the expected label of each move of the cycle
	// judged ("" where unknown).
	Labels map[string][]string
	// Known: rule set id → why the engine and the source are believed to
	// disagree. Such results are reported apart and not counted.
	Known map[string]string
	// Uncounted: rule set id → a qualified verdict (disputed, inferred) kept
	// for the record; reported, not counted.
	Uncounted map[string]string
	Source    string
	// RulesetNamed: the rule set a row names in words ("ruleset"), when its
	// expectations were read from that form; its books are the Expect keys.
	RulesetNamed string
	// Ruling: the source's ruling in words (YAML case files).
	Ruling string
	Notes  string
	// MovesCN: the moves in Chinese notation as the file gives them (YAML).
	MovesCN string
	// Lecture: the section of the source the case belongs to (a casebook
	// groups by it); Quote: the source's ruling sentence verbatim.
	Lecture string
	Quote   string
	// Constructed: the position was built from the source's words (its
	// diagram is lost); it must be one that can arise in a game.
	Constructed bool
	// Checks: relations the source claims, verified when the file is read.
	Checks []CaseCheck
	// Err: the row could not be read; the others still run.
	Err error
}

// Books returns the rule set ids the case names, in a stable order.
func (c *Case) Books() []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]string{c.Expect, c.Known, c.Uncounted} {
		for id := range m {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	for id := range c.Labels {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return sortedBookIDsOf(out)
}

func sortedBookIDsOf(ids []string) []string {
	m := map[string]*Book{}
	for _, id := range ids {
		m[id] = nil
	}
	return sortedBookIDs(m)
}

// looksJSONL: the first line that is not blank or a # comment starts
// with "{".
func looksJSONL(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return line[0] == '{'
	}
	return true
}

// ReadCases reads a case file: JSON Lines (.jsonl, .json) or YAML (.yaml,
// .yml). A row that cannot be read is returned with Err set; an error is

// IsCaseFile tells a case file from a game file by its name and first row:
// YAML, or JSON Lines whose first row has "expect" (a game record has none).
// A file that cannot be opened is not a case file: the game reader reports it.
func IsCaseFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		return true
	case ".jsonl", ".json":
	default:
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var row map[string]json.RawMessage
		if json.Unmarshal([]byte(line), &row) != nil {
			return false
		}
		_, ok := row["expect"]
		return ok
	}
	return false
}

// returned only when the file itself cannot be read.
func ReadCases(path string) ([]Case, error) {
	cf, err := ReadCaseFile(path)
	if cf == nil {
		return nil, err
	}
	return cf.Cases, err
}

var verdictWords = map[string]bool{RedMustVary: true, BlackMustVary: true, Draw: true, NoCycle: true}

type jsonCase struct {
	ID     string            `json:"id"`
	FEN    string            `json:"fen"`
	Moves  json.RawMessage   `json:"moves"`
	Expect map[string]string `json:"expect"`
	// The form of the shared data files: one ruling in words under a rule
	// set named in words (see rulingOf).
	Verdict string    `json:"verdict"`
	Ruleset string    `json:"ruleset"`
	Labels  []*string `json:"labels"`
	Source  string    `json:"source"`
	Ruling  string    `json:"ruling"`
	Note    string    `json:"note"`
}

// jsonCaseFields are the fields of a JSON Lines case row.
var jsonCaseFields = []string{"id", "fen", "moves", "expect", "verdict", "ruleset", "labels", "source", "ruling", "note"}

// jsonDataFields are the other fields of the shared data files read as case
// files (../shared/data: the 2020 figures, the AXF/WXF rulings, the famous
// games, the CCPD repetitions): what they record besides a case, which a
// case row may carry and the reader passes over. Any other field is an
// error, as in a YAML case file: a typo ("lables") must not pass silently.
var jsonDataFields = []string{
	"all_moves_legal", "author_notes", "axf_book_line_check", "axf_book_verdict", "axf_diagram",
	"black", "book_labels", "book_moves", "book_moves_note", "case", "ccpd_id", "code_comments",
	"comment_verbatim", "cycle_fen", "cycle_moves", "cycle_moves_cn", "cycle_start_ply", "date",
	"ends_in_repetition", "event", "expected_result", "expected_result_meaning", "fen_source",
	"fen_source_name", "final_position_occurrences", "game_fen", "game_moves",
	"inferred_from_game_result", "label_details", "label_differences", "licence", "matched_cycle",
	"max_position_occurrences", "moves_cn", "moves_cppxq", "moves_threefold", "moves_threefold_cn",
	"moves_threefold_note", "moves_wxf", "notation_mismatch", "notes", "official_reference", "plies",
	"plies_after_third_occurrence", "red", "repeat_of_ply", "repeats_to_start", "repetition_segments",
	"result", "side_to_move_after_moves", "source_test", "third_occurrence_ply",
	"threefold_occurrences", "topic", "validated", "validated_note", "verdict_check_against_comment",
}

// unknownJSONField refuses a row with a field that is neither a case's
// nor one of the data files', suggesting the case field it may mean.
func unknownJSONField(row []byte) error {
	var fields map[string]json.RawMessage
	if json.Unmarshal(row, &fields) != nil {
		return nil
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if contains(jsonCaseFields, k) || contains(jsonDataFields, k) {
			continue
		}
		msg := fmt.Sprintf("unknown field %s", excerpt.Quote(k))
		if sg := suggest(k, jsonCaseFields); sg != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", sg)
		}
		return errors.New(msg + "; a case row has " + strings.Join(jsonCaseFields, ", "))
	}
	return nil
}

func readJSONLCases(path string, data []byte) []Case {
	var out []Case
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		c := Case{File: path, Line: line}
		var jc jsonCase
		if err := json.Unmarshal(text, &jc); err != nil {
			c.Err = fmt.Errorf("not a JSON object: %v", err)
			out = append(out, c)
			continue
		}
		if c.Err = unknownJSONField(text); c.Err != nil {
			c.ID = jc.ID
			if c.ID == "" {
				c.ID = fmt.Sprintf("line %d", line)
			}
			out = append(out, c)
			continue
		}
		c.ID, c.FEN, c.Expect, c.Source, c.Ruling, c.Notes = jc.ID, jc.FEN, jc.Expect, jc.Source, jc.Ruling, jc.Note
		if c.ID == "" {
			c.ID = fmt.Sprintf("line %d", line)
		}
		c.Moves, c.Err = movesOf(jc.Moves)
		if c.Err == nil && len(jc.Expect) == 0 && (jc.Verdict != "" || jc.Ruleset != "") {
			c.Err = rulingOf(&c, jc.Verdict, jc.Ruleset, jc.Labels)
		}
		if c.Err == nil {
			c.Err = checkCase(&c)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		out = append(out, Case{File: path, Line: line + 1, Err: err})
	}
	return out
}

// movesOf accepts moves as a JSON list of strings or one string.
func movesOf(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 {
		return nil, errors.New("no moves")
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return position.SplitMoves(s), nil
	}
	return nil, errors.New("moves must be a list of strings or a string")
}

func checkCase(c *Case) error {
	if c.FEN == "" {
		return errors.New("no fen")
	}
	if len(c.Moves) == 0 {
		return errors.New("no moves")
	}
	if len(c.Expect)+len(c.Labels)+len(c.Known)+len(c.Uncounted) == 0 {
		return errors.New(noExpectation)
	}
	for id, v := range c.Expect {
		if !verdictWords[v] {
			return fmt.Errorf("expect[%s]: %s is not a verdict (red-must-vary, black-must-vary, draw, no-cycle)", excerpt.Cut(id), excerpt.Quote(v))
		}
	}
	for id := range c.Known {
		if _, ok := c.Expect[id]; !ok {
			return fmt.Errorf("known_disagreement[%s] without an expected verdict for %s", id, id)
		}
	}
	return nil
}

// yamlCase is a case of a YAML case file.
type yamlCase struct {
	ID                string               `yaml:"id"`
	Source            string               `yaml:"source"`
	FEN               string               `yaml:"fen"`
	Moves             any                  `yaml:"moves"`
	MovesCN           string               `yaml:"moves_cn"`
	Expect            map[string]string    `yaml:"expect"`
	Labels            map[string][]*string `yaml:"labels"`
	KnownDisagreement map[string]string    `yaml:"known_disagreement"`
	Uncounted         map[string]string    `yaml:"uncounted"`
	Ruling            string               `yaml:"ruling"`
	Notes             string               `yaml:"notes"`
	Topic             string               `yaml:"topic"`
	Diagram           string               `yaml:"diagram"`
	Lecture           string               `yaml:"lecture"`
	Quote             string               `yaml:"quote"`
	Constructed       bool                 `yaml:"constructed"`
	Checks            any                  `yaml:"checks"` // decoded apart, for each check's line
}

var caseFileFields = []string{"source", "licence", "notes", "constructed", "cases", "not_built"}

// CaseFile is a YAML case file as read: its cases and the figures of its
// source it leaves out, each with the reason.
type CaseFile struct {
	Path                   string
	Source, Licence, Notes string
	// Constructed: every case's position was built by hand (a composed
	// clause case), so each must be one a game can reach, as a case
	// marked constructed must.
	Constructed bool
	Cases       []Case
	NotBuilt    []NotBuilt
}

// NotBuilt is a figure of a case file's source that has no case, and why.
type NotBuilt struct {
	Source, Why string
	Line        int
}

// ReadCaseFile reads a case file with what it says besides its cases (a
// JSON Lines file has only cases). Errors as ReadCases.
func ReadCaseFile(path string) (*CaseFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadCaseData(path, data)
}

// ReadCaseData reads a case file's content; name is the file's name (its
// extension says JSON Lines or YAML; without one, as for standard input,
// "-", rows that start with "{" are JSON Lines and anything else YAML).
func ReadCaseData(path string, data []byte) (*CaseFile, error) {
	data, _, err := record.DecodeText(data, "")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var cf *CaseFile
	yamlFile := false
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		yamlFile = true
	case ".jsonl", ".json":
	default:
		yamlFile = !looksJSONL(data)
	}
	switch {
	case yamlFile:
		if cf, err = readYAMLCaseFile(path, data); cf == nil || err != nil {
			return cf, err
		}
	default:
		cf = &CaseFile{Path: path, Cases: readJSONLCases(path, data)}
	}
	if len(cf.Cases) == 0 {
		// An empty run must not pass for a passing one.
		return nil, errors.New("no cases (JSON Lines: a case a line; YAML: a cases: list; see testdata/cases/README.md)")
	}
	return cf, nil
}

func readYAMLCaseFile(path string, data []byte) (*CaseFile, error) {
	d := &decoder{f: newSrcFile(path, data)}
	body := d.parseYAML()
	if body == nil {
		return nil, d.errs
	}
	cf := &CaseFile{Path: path}
	var out []Case
	fields := d.fields(body, "", "a case file", caseFileFields...)
	for _, fl := range fields {
		if fl.key == "constructed" { // read first: it applies to every case
			cf.Constructed, _ = d.boolean(fl, "")
		}
	}
	for _, fl := range fields {
		switch fl.key {
		case "source":
			cf.Source, _ = d.str(fl, "")
		case "licence":
			cf.Licence, _ = d.str(fl, "")
		case "notes":
			cf.Notes, _ = d.str(fl, "")
		case "not_built":
			cf.NotBuilt = d.notBuilt(fl)
		}
		if fl.key != "cases" {
			continue
		}
		items, _ := d.list(fl, "")
		for _, it := range items {
			c := Case{File: path, Line: d.pos(it).line}
			var yc yamlCase
			if err := yaml.NodeToValue(it, &yc, yaml.Strict()); err != nil {
				c.ID = idOf(d, it)
				c.Err = errors.New(firstLine(err.Error()))
				out = append(out, c)
				continue
			}
			c.ID, c.FEN, c.Expect, c.Known, c.Uncounted, c.Source, c.Ruling, c.Notes =
				yc.ID, yc.FEN, yc.Expect, yc.KnownDisagreement, yc.Uncounted, yc.Source, yc.Ruling, yc.Notes
			c.MovesCN, c.Lecture, c.Quote, c.Constructed = yc.MovesCN, yc.Lecture, yc.Quote, yc.Constructed || cf.Constructed
			if yc.Checks != nil {
				c.Checks, c.Err = d.caseChecks(it)
			}
			if c.ID == "" {
				c.Err = errors.New("a case needs an id")
			}
			switch m := yc.Moves.(type) {
			case string:
				c.Moves = position.SplitMoves(m)
			case []any:
				for _, x := range m {
					c.Moves = append(c.Moves, fmt.Sprint(x))
				}
			}
			if len(yc.Labels) > 0 {
				c.Labels = map[string][]string{}
				for id, ls := range yc.Labels {
					row := make([]string, len(ls))
					for i, l := range ls {
						if l != nil {
							row[i] = *l
						}
					}
					c.Labels[id] = row
				}
			}
			if c.Err == nil {
				c.Err = checkCase(&c)
			}
			if c.Err == nil {
				c.Err = playCase(&c)
			}
			out = append(out, c)
		}
	}
	cf.Cases = out
	if len(d.errs) > 0 {
		return cf, d.errs
	}
	return cf, nil
}

// playCase refuses a YAML case whose position cannot arise (a constructed
// one) or cannot be played, whose moves (and Chinese moves) do not replay,
// whose cycle does not close (unless a book is expected to find none), or
// one of whose checks fails.
func playCase(c *Case) error {
	parse := position.ParseFENComposed // rule-book diagrams may be composed
	if c.Constructed {
		parse = position.ParseFEN // built by us: a position a game can reach
	}
	start, err := parse(c.FEN)
	if err != nil {
		return err // "fen …: why"
	}
	moves, err := position.ParseMoves(start, c.Moves)
	if err != nil {
		return err // "move N …: why"
	}
	if c.MovesCN != "" {
		cn := strings.Fields(c.MovesCN)
		if len(cn) > len(moves) {
			return fmt.Errorf("moves_cn: %d moves, moves has %d", len(cn), len(moves))
		}
		from := len(moves) - len(cn) // moves_cn may give only the last moves
		at := start.Clone()
		for _, m := range moves[:from] {
			at.Make(m)
		}
		got, err := position.ParseMoves(at, cn)
		if err != nil {
			return fmt.Errorf("moves_cn: %w", err)
		}
		for i, m := range got {
			if m != moves[from+i] {
				return fmt.Errorf("moves_cn: move %d %s is %s, moves has %s", i+1, excerpt.Quote(cn[i]), m, moves[from+i])
			}
		}
	}
	expectsNone := false
	for _, v := range c.Expect {
		expectsNone = expectsNone || v == NoCycle
	}
	if _, ok := FindCycle(start, moves); !ok && !expectsNone {
		return errors.New("moves: the cycle does not close (the last position was not seen before with the same side to move)")
	}
	return verifyChecks(start, moves, c.Checks)
}

var checkFields = []string{"says", "after", "play", "then"}

// caseChecks decodes a case's checks, each with its line.
func (d *decoder) caseChecks(n ast.Node) ([]CaseCheck, error) {
	var out []CaseCheck
	for _, fl := range d.fields(n, "", "a case") {
		if fl.key != "checks" {
			continue
		}
		s, ok := fl.value.(*ast.SequenceNode)
		if !ok {
			return nil, &CaseError{Line: d.pos(fl.value).line, Msg: "checks must be a list"}
		}
		for i, v := range s.Values {
			line := d.pos(v).line
			ck := CaseCheck{Line: line}
			bad := func(format string, args ...any) error {
				return &CaseError{Line: line, Msg: fmt.Sprintf("check %d (line %d): ", i+1, line) + fmt.Sprintf(format, args...)}
			}
			m, ok := d.resolve(v).(*ast.MappingNode)
			if !ok {
				return nil, bad("a check must be a mapping (says, after, play, then)")
			}
			for _, mv := range m.Values {
				key := mv.Key.String()
				if !contains(checkFields, key) {
					msg := fmt.Sprintf("unknown field %s", excerpt.Quote(key))
					if sg := suggest(key, checkFields); sg != "" {
						msg += fmt.Sprintf(" (did you mean %q?)", sg)
					}
					return nil, bad("%s", msg)
				}
				var val any
				if err := yaml.NodeToValue(mv.Value, &val); err != nil {
					return nil, bad("%s: %s", key, firstLine(err.Error()))
				}
				var err error
				switch key {
				case "says":
					ck.Says = fmt.Sprint(val)
				case "after":
					switch x := val.(type) {
					case uint64:
						ck.After = int(x)
					case int64:
						ck.After = int(x)
					default:
						err = fmt.Errorf("after must be a number of plies, not %v", val)
					}
				case "play":
					ck.Play, err = playList(val)
				case "then":
					ck.Then, err = thenList(val)
					for _, it := range ck.Then {
						if err == nil {
							_, _, err = parseThen(it)
						}
					}
				}
				if err != nil {
					return nil, bad("%v", err)
				}
			}
			out = append(out, ck)
		}
	}
	return out, nil
}

// notBuilt decodes the figures a file leaves out.
func (d *decoder) notBuilt(fl field) []NotBuilt {
	items, _ := d.list(fl, "")
	var out []NotBuilt
	for _, it := range items {
		nb := NotBuilt{Line: d.pos(it).line}
		for _, f := range d.fields(it, "", "a not_built entry", "source", "why") {
			switch f.key {
			case "source":
				nb.Source, _ = d.str(f, "")
			case "why":
				nb.Why, _ = d.str(f, "")
			}
		}
		if nb.Source == "" || nb.Why == "" {
			d.errs = append(d.errs, d.f.errorAt(d.pos(it), "", CodeType, "a not_built entry needs a source and a why"))
		}
		out = append(out, nb)
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i > 0 {
		return s[:i]
	}
	return s
}

// CaseResult is one case judged under one rule set.
type CaseResult struct {
	ID       string `json:"id"`
	Ruleset  string `json:"ruleset"`
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual"`
	Pass     bool   `json:"pass"`
	// Status: pass, fail, known (a recorded disagreement, not counted),
	// uncounted (a qualified expectation, not counted), labels-only.
	Status string `json:"status"`
	Note   string `json:"note,omitempty"`
	// Labels expected and found for the cycle's moves, and how many agree.
	LabelsExpected []string `json:"labels_expected,omitempty"`
	LabelsActual   []string `json:"labels_actual,omitempty"`
	LabelsAgree    int      `json:"labels_agree,omitempty"`
	LabelsTotal    int      `json:"labels_total,omitempty"`
	Clause         string   `json:"clause,omitempty"`
	// RulesetNamed: the rule set the row named in words, read as Ruleset.
	RulesetNamed string `json:"ruleset_named,omitempty"`
	File         string `json:"file,omitempty"`
	Line         int    `json:"line,omitempty"`
}

// LabelMismatch is a move whose label differs from the one a case expects.
type LabelMismatch struct {
	Ply           int    // from 1
	Expected, Got string // Got is "?" when the cycle has no such move
}

// LabelMismatches lists the moves whose label differs from the expected one
// (moves with no expected label are skipped).
func (r CaseResult) LabelMismatches() []LabelMismatch {
	var out []LabelMismatch
	for i, l := range r.LabelsExpected {
		if l == "" {
			continue
		}
		got := "?"
		if i < len(r.LabelsActual) {
			got = r.LabelsActual[i]
		}
		if got != l {
			out = append(out, LabelMismatch{Ply: i + 1, Expected: l, Got: got})
		}
	}
	return out
}

// RunCase judges a case under the rule sets it names that lib holds (and,
// when only is not empty, that are in only). A case that cannot be played
// or names an unknown rule set returns an error.
func RunCase(lib *Library, c *Case, only map[string]bool) ([]CaseResult, error) {
	return runCase(Judge, lib, c, only)
}

func runCase(judge func([]*Book, Input) ([]Ruling, error), lib *Library, c *Case, only map[string]bool) ([]CaseResult, error) {
	books, err := c.BooksIn(lib, only)
	if err != nil || len(books) == 0 {
		return nil, err
	}
	run, err := judgeCase(judge, books, c)
	return run.Results, err
}

// BooksIn returns the books of lib that the case names (only those in
// only, when only is not empty); a named book lib does not hold is an error.
func (c *Case) BooksIn(lib *Library, only map[string]bool) ([]*Book, error) {
	if c.Err != nil {
		return nil, c.Err
	}
	var books []*Book
	for _, id := range c.Books() {
		if len(only) > 0 && !only[id] {
			continue
		}
		b := lib.Book(id)
		if b == nil {
			return nil, fmt.Errorf("no rule set %s", excerpt.Quote(id))
		}
		books = append(books, b)
	}
	return books, nil
}

// CaseRun is a case judged: the cycle found (Input.Moves empty when there
// is none), every book's ruling, and a result for each book the case names.
type CaseRun struct {
	Input   Input
	Rulings []Ruling
	Results []CaseResult
}

// JudgeCase judges a case under books, named by the case or not (a draft
// the case expects nothing of is judged all the same), and compares the
// rulings of the books it names with what it expects, as RunCase does.
// The rulings' reasons are in words (Explain).
func JudgeCase(books []*Book, c *Case) (CaseRun, error) {
	run, err := judgeCase(Judge, books, c)
	Explain(run.Rulings)
	return run, err
}

// expectsCycle: the case expects a verdict on a cycle under some book (not
// "no-cycle").
func (c *Case) expectsCycle() bool {
	for _, v := range c.Expect {
		if v != NoCycle {
			return true
		}
	}
	return false
}

// Input is the cycle a case gives, as Judge takes it: the last period of its
// moves (no moves when they do not repeat a position).
func (c *Case) Input() (Input, error) {
	if c.Err != nil {
		return Input{}, c.Err
	}
	start, err := position.ParseFENComposed(c.FEN) // rule-book diagrams may be composed
	if err != nil {
		return Input{}, err
	}
	moves, err := position.ParseMoves(start, c.Moves)
	if err != nil {
		return Input{}, err
	}
	in, ok := FindCycle(start, moves)
	if !ok {
		in = Input{}
	}
	return in, nil
}

func judgeCase(judge func([]*Book, Input) ([]Ruling, error), books []*Book, c *Case) (CaseRun, error) {
	in, err := c.Input()
	if err != nil {
		return CaseRun{}, err
	}
	if len(in.Moves) == 0 && c.expectsCycle() {
		// A transcription that stops before the position returns (a JSON
		// Lines row; YAML cases are refused as they are read, playCase).
		return CaseRun{}, fmt.Errorf("moves: the cycle does not close — the position after the last move (ply %d) was not seen before with the same side to move", len(strings.Fields(strings.Join(c.Moves, " "))))
	}
	for id, want := range c.Labels {
		n := len(in.Moves)
		for _, b := range books {
			if b.ID == id {
				mv, _ := in.judged(b) // the moves since the position first occurred, under judge_from: first
				n = len(mv)
			}
		}
		if len(in.Moves) > 0 && len(want) != n {
			return CaseRun{}, fmt.Errorf("labels[%s] gives %d labels, the cycle judged has %d moves (one label a move, ~ for unknown)", id, len(want), n)
		}
	}
	rulings, err := judge(books, in)
	if err != nil {
		return CaseRun{}, err
	}
	run := CaseRun{Input: in, Rulings: rulings}
	named := map[string]bool{}
	for _, id := range c.Books() {
		named[id] = true
	}
	for _, r := range rulings {
		if !named[r.Ruleset] {
			continue
		}
		res := CaseResult{ID: c.ID, Ruleset: r.Ruleset, Actual: r.Verdict, Clause: r.Clause, RulesetNamed: c.RulesetNamed, File: c.File, Line: c.Line}
		for _, m := range r.Moves {
			res.LabelsActual = append(res.LabelsActual, m.Label)
		}
		if want, ok := c.Labels[r.Ruleset]; ok {
			res.LabelsExpected = want
			for i, l := range want {
				if l == "" {
					continue
				}
				res.LabelsTotal++
				if i < len(res.LabelsActual) && res.LabelsActual[i] == l {
					res.LabelsAgree++
				}
			}
		}
		exp, hasExp := c.Expect[r.Ruleset]
		switch {
		case c.Known[r.Ruleset] != "":
			res.Expected, res.Status, res.Note = exp, "known", c.Known[r.Ruleset]
			res.Pass = exp == r.Verdict
		case hasExp:
			res.Expected = exp
			res.Pass = exp == r.Verdict
			res.Status = "fail"
			if res.Pass {
				res.Status = "pass"
			}
		case c.Uncounted[r.Ruleset] != "":
			res.Status, res.Note = "uncounted", c.Uncounted[r.Ruleset]
		default:
			res.Status = "labels-only"
		}
		run.Results = append(run.Results, res)
	}
	return run, nil
}
