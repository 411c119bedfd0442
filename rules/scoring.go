// Package rules holds xqrules' rule data: the repetition rule books and the
// tournament scoring schemes, embedded so the binary carries them.
package rules

import "embed"

// Scoring holds the tournament scoring schemes, one YAML file per scheme
// (scoring/standard.yaml, scoring/dafen-xiaofen.yaml, …). They are loaded and
// checked by package interp/scoring; a scheme is data, like a rule book.
//
//go:embed scoring/*.yaml
var Scoring embed.FS
