package rules

import "embed"

// Books holds the repetition rule books, one YAML file per book (11.yaml,
// asian.yaml, …; a book's id is its file's stem). They are loaded, checked
// and compiled by package interp.
//
//go:embed *.yaml
var Books embed.FS

// InForceFile is the table of the book in force by jurisdiction and period
// (in-force.yaml): data about the books, not a book, so the loader of books
// skips it. Package interp reads it (interp.BundledInForce).
const InForceFile = "in-force.yaml"

// InForce is in-force.yaml as embedded.
//
//go:embed in-force.yaml
var InForce []byte
