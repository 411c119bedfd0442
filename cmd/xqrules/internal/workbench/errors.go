package workbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xqrules/xqrules/interp"
	"github.com/xqrules/xqrules/position"
)

// apiError is every error the API answers with, as {"error": {…}}: what
// went wrong (code, message: the CLI's words) and where when there is a
// where — a byte offset in the body or the FEN, a move's number (from 1),
// a draft's line and column (each of a draft's errors in Errors).
type apiError struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Field: the request field at fault (fen, moves, draft, rules, body).
	Field  string `json:"field,omitempty"`
	Offset *int64 `json:"offset,omitempty"`
	Move   int    `json:"move,omitempty"`
	Text   string `json:"text,omitempty"` // the move's text
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// Errors: a draft's problems, each at its line and column.
	Errors []ruleError `json:"errors,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

// ruleError is one problem of a rule set, as `rules check` prints it.
type ruleError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Text: file:line:col: rule "id": message — the CLI's line.
	Text string `json:"text"`
}

func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Code: "internal", Message: err.Error()}
	}
	writeJSON(w, ae.Status, map[string]*apiError{"error": ae})
}

func offset(n int64) *int64 { return &n }

// checkContentType: 415 unless the body is declared one of the types
// accepted (parameters aside; a charset, if any, must be UTF-8).
func checkContentType(r *http.Request, accept []string) error {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if err == nil && slices.Contains(accept, mt) {
		if cs, ok := params["charset"]; !ok || strings.EqualFold(cs, "utf-8") || mt == "application/octet-stream" {
			return nil
		}
	}
	got := "no Content-Type"
	if ct != "" {
		got = "Content-Type " + strconv.Quote(clip(ct, 60))
	}
	want := "the request body must be JSON, sent with Content-Type: application/json"
	if !slices.Contains(accept, "application/json") || len(accept) > 1 {
		want = "the request body must be sent with Content-Type: " + strings.Join(accept, " or ")
	}
	return &apiError{Status: http.StatusUnsupportedMediaType, Code: "content-type", Field: "body", Message: want + " (this request has " + got + ")"}
}

// clip cuts s to at most n bytes (on a rune boundary), marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// readBody reads the capped body. A client that does not finish sending
// it before the server's read deadline gets 408, in words, not the
// socket's error.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mb *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &mb):
			return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too-large", Field: "body",
				Message: fmt.Sprintf("the request body is over the limit of %d bytes", mb.Limit)}
		case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
			w.Header().Set("Connection", "close")
			return nil, &apiError{Status: http.StatusRequestTimeout, Code: "body-timeout", Field: "body",
				Message: "the request body did not arrive in time: the server waits a few seconds for a whole request"}
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, &apiError{Status: http.StatusBadRequest, Code: "body", Field: "body",
				Message: "the request body ended before the length its Content-Length header announced"}
		}
		return nil, &apiError{Status: http.StatusBadRequest, Code: "body", Field: "body", Message: "the request body could not be read: the connection broke"}
	}
	return body, nil
}

// decode reads a JSON request into v (a pointer to a request struct): one
// object, no unknown fields. Its errors speak of the JSON the client sent
// (an object, a string, the field names), never of the Go types behind.
func decode(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if dec.More() {
			off := dec.InputOffset()
			for off < int64(len(body)) && strings.ContainsRune(" \t\r\n", rune(body[off])) {
				off++
			}
			return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body", Offset: offset(off), Message: "malformed JSON: more than one value in the body"}
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var fe *fieldError
	switch {
	case errors.As(err, &fe):
		return &apiError{Status: http.StatusBadRequest, Code: "json-type", Field: fe.field, Message: fe.msg}
	case errors.Is(err, io.EOF):
		return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body", Offset: offset(0), Message: "malformed JSON: the body is empty"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body", Offset: offset(int64(len(body))), Message: "malformed JSON: the body ends too early"}
	case errors.As(err, &se):
		return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body", Offset: offset(se.Offset - 1), Message: "malformed JSON: " + strings.TrimPrefix(se.Error(), "json: ")}
	case errors.As(err, &te) && te.Field == "":
		return &apiError{Status: http.StatusBadRequest, Code: "json-type", Field: "body", Offset: offset(te.Offset),
			Message: fmt.Sprintf("the request body must be a JSON object with %s, not %s", fieldList(v), jsonValue(te.Value))}
	case errors.As(err, &te):
		return &apiError{Status: http.StatusBadRequest, Code: "json-type", Field: te.Field, Offset: offset(te.Offset),
			Message: fmt.Sprintf("field %q must be %s, not %s", te.Field, jsonKind(te.Type), jsonValue(te.Value))}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body",
			Message: fmt.Sprintf("unknown field %s: the request's fields are %s", name, fieldList(v))}
	}
	return &apiError{Status: http.StatusBadRequest, Code: "json", Field: "body", Message: "malformed request: " + msg}
}

// fieldList names the JSON fields of the request struct v points to:
// "fen, moves, rules and draft".
func fieldList(v any) string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var names []string
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				names = append(names, name)
			}
		}
	}
	switch len(names) {
	case 0:
		return "its fields"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// jsonKind says what JSON a Go type reads: "a string", "an array" …
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}

// jsonValue names the kind of JSON value encoding/json reports (array,
// number, string, bool, object, or "number 1.5").
func jsonValue(v string) string {
	switch {
	case v == "array" || v == "object":
		return "an " + v
	case v == "bool":
		return "true or false"
	case v == "":
		return "that"
	}
	return "a " + v
}

// fenError: a FEN that does not read, with the offset in it.
func fenError(err error) error {
	ae := &apiError{Status: http.StatusUnprocessableEntity, Code: "fen", Field: "fen", Message: err.Error()}
	var fe *position.FENError
	if errors.As(err, &fe) {
		ae.Code = "fen-" + fe.Code
		if fe.Offset >= 0 {
			ae.Offset = offset(int64(fe.Offset))
		}
	}
	return ae
}

// rulesError: a --rules selection or a draft refused; each positioned
// error is listed as `rules check` lists it.
func rulesError(field string, err error) error {
	var el interp.ErrorList
	if !errors.As(err, &el) {
		return &apiError{Status: http.StatusUnprocessableEntity, Code: "rules", Field: field, Message: err.Error()}
	}
	ae := &apiError{Status: http.StatusUnprocessableEntity, Code: "rules", Field: field,
		Message: fmt.Sprintf("rule set refused: %d error(s)", len(el))}
	for _, e := range el {
		ae.Errors = append(ae.Errors, ruleError{File: e.File, Line: e.Line, Column: e.Column, Rule: e.Rule, Code: e.Code, Message: e.Msg, Text: e.Error()})
	}
	if len(el) > 0 {
		ae.Line, ae.Column = el[0].Line, el[0].Column
		ae.Message = el[0].Error()
		if len(el) > 1 {
			ae.Message += fmt.Sprintf(" (and %d more)", len(el)-1)
		}
	}
	return ae
}
