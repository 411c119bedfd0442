// Package workbench is the HTTP side of `xqrules serve`: one page (embedded,
// nothing fetched from elsewhere) and a JSON API over the library — the same
// JSON as the CLI's --format json. Requests never touch the file system:
// drafts, positions and games come in the request body.
package workbench

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/htmlreport"
	"github.com/xqrules/xqrules/interp"
)

//go:embed assets
var assets embed.FS

// Options configures the handler; the zero value of a field is its default.
type Options struct {
	// Rules: the books judged when a request names none (default "all").
	Rules string
	// Diff judges the casebook under two books (a draft and its parent)
	// and returns the report `xqrules diff --format json` prints; nil: the
	// diff endpoint answers 501. The files it reads are the server's
	// (chosen when it starts), never named by a request.
	Diff func(books []*interp.Book) (any, error)
	// Explore explores a draft against its parent over the server's start
	// positions (POST /api/explore); nil: the endpoint answers 501.
	Explore ExploreFunc
	// MaxBody caps a request body (default 1 MiB).
	MaxBody int64
	// Timeout is a request's deadline for its analysis (default 10 s).
	Timeout time.Duration
	// Concurrent analyses at most (default GOMAXPROCS); a request finding
	// them all busy waits up to Wait (default 2 s), then gets 503.
	Concurrent int
	Wait       time.Duration
	// LocalHostsOnly refuses requests whose Host is not localhost or a
	// loopback address: a server on the loopback interface is then out of
	// reach of a web page that rebinds its own name to 127.0.0.1.
	LocalHostsOnly bool
}

// Defaults.
const (
	DefaultMaxBody = 1 << 20
	DefaultTimeout = 10 * time.Second
	DefaultWait    = 2 * time.Second
)

type server struct {
	opt Options
	sem chan struct{}
}

// New returns the workbench's handler: the page at /, its assets, and the
// API under /api/.
func New(opt Options) http.Handler { return newServer(opt).handler() }

func newServer(opt Options) *server {
	if opt.Rules == "" {
		opt.Rules = "all"
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = DefaultMaxBody
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.Concurrent <= 0 {
		opt.Concurrent = runtime.GOMAXPROCS(0)
	}
	if opt.Wait <= 0 {
		opt.Wait = DefaultWait
	}
	return &server{opt: opt, sem: make(chan struct{}, opt.Concurrent)}
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Code: "method", Message: r.Method + " is not allowed on " + r.URL.Path})
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /board.css", s.boardCSS)
	mux.HandleFunc("GET /fonts/text.otf", textFont)
	mux.HandleFunc("GET /api/books", s.books)
	mux.HandleFunc("GET /api/books/{id}/clauses", s.clauses)
	mux.HandleFunc("POST /api/position", s.api(s.position, jsonBody))
	mux.HandleFunc("POST /api/game", s.api(s.game, recordBody))
	mux.HandleFunc("POST /api/judge", s.api(s.judge, jsonBody))
	mux.HandleFunc("POST /api/facts", s.api(s.facts, jsonBody))
	mux.HandleFunc("POST /api/check", s.api(s.check, jsonBody))
	mux.HandleFunc("POST /api/diff", s.api(s.diff, jsonBody))
	mux.HandleFunc("POST /api/explore", s.explore)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		// An endpoint asked with the wrong method: 405 and the methods it takes.
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			r2 := r.Clone(r.Context())
			r2.Method = m
			if _, pattern := mux.Handler(r2); pattern != "/api/" && pattern != "" {
				allow = append(allow, m)
				if m == http.MethodGet {
					allow = append(allow, http.MethodHead)
				}
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Code: "method",
				Message: r.Method + " is not allowed on " + r.URL.Path + ": use " + strings.Join(allow, " or ")})
			return
		}
		writeError(w, &apiError{Status: http.StatusNotFound, Code: "not-found", Message: "no such endpoint: " + r.Method + " " + r.URL.Path})
	})
	var h http.Handler = mux
	h = sameOrigin(h)
	if s.opt.LocalHostsOnly {
		h = localHostsOnly(h)
	}
	return securityHeaders(h)
}

// sameOrigin refuses a request a page of another site makes (its Origin,
// or the browser's Sec-Fetch-Site, says so): the API is for this page and
// for clients such as curl, which send no Origin. A page elsewhere cannot
// make the browser run analyses here, nor read the answers.
func sameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		site := r.Header.Get("Sec-Fetch-Site")
		foreign := site == "cross-site" || site == "same-site"
		if origin != "" && !foreign {
			u, err := url.Parse(origin)
			foreign = err != nil || u.Host == "" || !strings.EqualFold(hostPort(u.Host, u.Scheme), hostPort(r.Host, requestScheme(r)))
		}
		if foreign {
			what := "another site"
			if origin != "" {
				what = strconv.Quote(origin)
			}
			writeError(w, &apiError{Status: http.StatusForbidden, Code: "origin",
				Message: "this server answers its own page only, not a page from " + what})
			return
		}
		h.ServeHTTP(w, r)
	})
}

func requestScheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	return "http"
}

// hostPort writes host with its port, the scheme's default if none.
func hostPort(host, scheme string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	port := "80"
	if scheme == "https" {
		port = "443"
	}
	return net.JoinHostPort(strings.Trim(host, "[]"), port)
}

// The media types an endpoint's body may have. JSON only, except a record
// file, which comes as bytes (or JSON Lines as JSON). Neither is a type a
// page elsewhere can send without asking first (text/plain, a form).
var (
	jsonBody   = []string{"application/json"}
	recordBody = []string{"application/octet-stream", "application/json"}
)

func localHostsOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		if ip := net.ParseIP(host); !(host == "localhost" || ip != nil && ip.IsLoopback()) {
			writeError(w, &apiError{Status: http.StatusMisdirectedRequest, Code: "host",
				Message: "this server answers requests to localhost only, not to " + strconv.Quote(r.Host)})
			return
		}
		h.ServeHTTP(w, r)
	})
}

// NewServer returns an http.Server for h with the timeouts a slow or
// stalled client meets: it cannot hold a connection open for long.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

// csp allows nothing from outside: scripts, styles, images and requests
// come from the server itself, and the page cannot be framed.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.ServeHTTP(w, r)
	})
}

func (s *server) boardCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write([]byte(boardCSS))
}

// textFont: the reports' CJK font, for pages on machines without one.
func textFont(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "font/otf")
	w.Header().Set("Cache-Control", "max-age=86400")
	http.ServeContent(w, r, "text.otf", time.Time{}, bytes.NewReader(htmlreport.TextFont()))
}

// handler is an API endpoint: it reads its request from r's body (capped)
// and returns the value to answer with, or an error.
type handler func(ctx context.Context, r *http.Request, body []byte) (any, error)

// api wraps an endpoint: the body's media type (one of accept), its cap, a slot among the concurrent analyses,
// the deadline, and JSON out (errors included).
func (s *server) api(h handler, accept []string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := checkContentType(r, accept); err != nil {
			writeError(w, err)
			return
		}
		body, err := readBody(w, r, s.opt.MaxBody)
		if err != nil {
			writeError(w, err)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.opt.Timeout)
		defer cancel()
		if !s.acquire(ctx, w) {
			return
		}
		// The analysis runs in its own goroutine, which keeps the slot
		// until it ends; the request answers at its deadline regardless.
		type result struct {
			v   any
			err error
		}
		done := make(chan result, 1)
		go func() {
			defer func() { <-s.sem }()
			defer func() {
				if p := recover(); p != nil {
					done <- result{err: &apiError{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error while analysing the request"}}
				}
			}()
			v, err := h(ctx, r, body)
			done <- result{v, err}
		}()
		select {
		case res := <-done:
			if res.err != nil {
				writeError(w, res.err)
				return
			}
			writeJSON(w, http.StatusOK, res.v)
		case <-ctx.Done():
			writeError(w, deadlineError(ctx))
		}
	}
}

func deadlineError(ctx context.Context) *apiError {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &apiError{Status: http.StatusServiceUnavailable, Code: "timeout", Message: "the analysis took longer than the server allows"}
	}
	return &apiError{Status: http.StatusServiceUnavailable, Code: "canceled", Message: "the request was canceled"}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// acquire takes an analysis slot: it waits a little for one, then answers
// 503 (busy, Retry-After) or the request's deadline and says false. The
// caller gives the slot back (<-s.sem) when its analysis ends.
func (s *server) acquire(ctx context.Context, w http.ResponseWriter) bool {
	wait := time.NewTimer(s.opt.Wait)
	defer wait.Stop()
	select {
	case s.sem <- struct{}{}:
		return true
	case <-wait.C:
		w.Header().Set("Retry-After", "1")
		writeError(w, &apiError{Status: http.StatusServiceUnavailable, Code: "busy",
			Message: "the server is busy: " + strconv.Itoa(s.opt.Concurrent) + " analyses are running; try again"})
	case <-ctx.Done():
		writeError(w, deadlineError(ctx))
	}
	return false
}
