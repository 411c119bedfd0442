// Package cliout holds the JSON objects the CLI prints with --format json
// that other front ends (the workbench's HTTP API) answer with too, so that
// both give the same JSON.
package cliout

import (
	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// Judgement is one input's rulings, as `judge` prints them.
type Judgement struct {
	Game  string   `json:"game,omitempty"`
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"`
	Cycle *Cycle   `json:"cycle,omitempty"`
	// Earlier: when the input does not end in a repetition, the cycles
	// played before its end (every position occurring the third time, as
	// scan --cycles all finds them).
	Earlier []Cycle         `json:"earlier_cycles,omitempty"`
	Rulings []interp.Ruling `json:"rulings"`
	In      interp.Input    `json:"-"` // the cycle judged, for the HTML boards
}

// Cycle is the cycle judged: the last period of the input.
type Cycle struct {
	FEN         string   `json:"fen"`
	Moves       []string `json:"moves"`
	FromPly     int      `json:"from_ply"` // 0-based ply of the input where the cycle starts
	Occurrences int      `json:"occurrences"`
}

// Judge judges the last period of a game, the rulings' reasons in words.
func Judge(books []*interp.Book, start *position.Position, moves []position.Move) (Judgement, error) {
	j := Judgement{FEN: start.FEN(), Moves: ICCS(moves)}
	in, ok := interp.FindCycle(start, moves)
	if !ok {
		for _, c := range interp.FindCycles(start, moves, interp.CyclesAll) {
			j.Earlier = append(j.Earlier, Cycle{FEN: c.Start.FEN(), Moves: ICCS(c.Moves), FromPly: c.FromPly, Occurrences: c.Occurrences})
		}
		rs, err := interp.Judge(books, interp.Input{})
		j.Rulings = rs
		return j, err
	}
	j.In = in
	j.Cycle = &Cycle{FEN: in.Start.FEN(), Moves: ICCS(in.Moves), FromPly: len(moves) - len(in.Moves), Occurrences: in.Occurrences}
	rs, err := interp.Judge(books, in)
	if err != nil {
		return j, err
	}
	interp.Explain(rs)
	j.Rulings = rs
	return j, nil
}

// ICCS writes moves in ICCS (h2e2).
func ICCS(moves []position.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// BookInfo is a rule book as `rules list` prints it.
type BookInfo struct {
	ID      string        `json:"id"`
	Title   interp.Title  `json:"title"`
	Year    int           `json:"year"`
	Status  string        `json:"status"`
	InForce interp.Period `json:"in_force"`
	Extends string        `json:"extends,omitempty"`
	Summary string        `json:"summary,omitempty"`
	File    string        `json:"file"`
}

// Info describes a book.
func Info(b *interp.Book) BookInfo {
	return BookInfo{ID: b.ID, Title: b.Title, Year: b.Year, Status: b.Status,
		InForce: b.InForce, Extends: b.Extends, Summary: b.Summary, File: b.File}
}
