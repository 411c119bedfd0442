package rules

import "embed"

// Books holds the repetition rule books, one YAML file per book (11.yaml,
// asian.yaml, …; a book's id is its file's stem). They are loaded, checked
// and compiled by package interp.
//
//go:embed *.yaml
var Books embed.FS
