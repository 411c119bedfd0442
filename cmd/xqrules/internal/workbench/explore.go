package workbench

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/xqrules/xqrules/explore"
	"github.com/xqrules/xqrules/interp"
)

// ExploreFunc explores a draft against its parent over the server's start
// positions for at most budget, calling progress as it goes (never
// concurrently); see Options.Explore.
type ExploreFunc func(ctx context.Context, a, b *interp.Book, budget time.Duration, progress func(explore.Progress)) (*explore.Report, error)

// Explore budgets: the default, and the most a request may ask.
const (
	DefaultExploreSeconds = 8
	MaxExploreSeconds     = 60
)

type exploreRequest struct {
	Draft string `json:"draft"`
	// Rules: the book the draft is explored against; default the book it
	// extends.
	Rules string `json:"rules"`
	// Seconds: how long to look (default 8, at most 60); the examples are
	// minimised after it, within the server's timeout.
	Seconds int `json:"seconds"`
}

// POST /api/explore: `explore --rules PARENT,draft.yaml --budget Ns` over
// the server's casebook starts. The answer is JSON Lines, written as the
// run goes: {"type": "progress", …} lines, then one {"type": "report",
// "report": {…}} (or {"type": "error", "error": {…}} when it fails midway).
// Errors found before it starts (a bad draft, no parent, a busy server)
// are answered as every endpoint answers them.
func (s *server) explore(w http.ResponseWriter, r *http.Request) {
	if s.opt.Explore == nil {
		writeError(w, &apiError{Status: http.StatusNotImplemented, Code: "no-casebook", Message: "this server has no casebook to explore from"})
		return
	}
	if err := checkContentType(r, jsonBody); err != nil {
		writeError(w, err)
		return
	}
	body, err := readBody(w, r, s.opt.MaxBody)
	if err != nil {
		writeError(w, err)
		return
	}
	var req exploreRequest
	if err := decode(body, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.Draft) == "" {
		writeError(w, &apiError{Status: http.StatusUnprocessableEntity, Code: "no-draft", Field: "draft", Message: "draft is empty"})
		return
	}
	if req.Seconds == 0 {
		req.Seconds = DefaultExploreSeconds
	}
	if req.Seconds < 0 || req.Seconds > MaxExploreSeconds {
		writeError(w, &apiError{Status: http.StatusUnprocessableEntity, Code: "seconds", Field: "seconds",
			Message: "seconds must be between 1 and " + strconv.Itoa(MaxExploreSeconds)})
		return
	}
	books, d, err := s.selectBooks(req.Rules, req.Draft)
	if err != nil {
		writeError(w, err)
		return
	}
	var base *interp.Book
	for _, b := range books {
		if b != d {
			base = b
			break
		}
	}
	if base == nil || len(books) != 2 {
		writeError(w, &apiError{Status: http.StatusUnprocessableEntity, Code: "rules", Field: "rules",
			Message: "explore compares the draft with one book: name it in rules, or let the draft extend one"})
		return
	}
	budget := time.Duration(req.Seconds) * time.Second
	// The search stops at its budget; the minimisation after it has the
	// server's timeout.
	ctx, cancel := context.WithTimeout(r.Context(), budget+s.opt.Timeout)
	defer cancel()
	if !s.acquire(ctx, w) {
		return
	}
	defer func() { <-s.sem }()

	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	flusher, _ := w.(http.Flusher)
	send := func(v any) {
		enc.Encode(v)
		if flusher != nil {
			flusher.Flush()
		}
	}
	rep, err := s.opt.Explore(ctx, base, d, budget, func(p explore.Progress) {
		send(struct {
			Type string `json:"type"`
			explore.Progress
		}{"progress", p})
	})
	if err != nil {
		send(map[string]any{"type": "error", "error": &apiError{Status: http.StatusInternalServerError, Code: "explore", Message: err.Error()}})
		return
	}
	send(map[string]any{"type": "report", "report": rep})
}
