package position

// Chinese is the traditional notation: "炮二平五", "马8进7", "前车平四",
// simplified or traditional characters, full-width or ASCII digits for Black.
type Chinese struct{}

// Name returns "chinese".
func (Chinese) Name() string { return "chinese" }

// Encode returns the canonical (simplified) Chinese text of m.
func (Chinese) Encode(p *Position, m Move) string { return "" }

// Decode reads Chinese text.
func (Chinese) Decode(p *Position, text string) (Move, error) {
	return NoMove, moveErr("chinese", text, "syntax", "Chinese decoding is not implemented yet")
}
