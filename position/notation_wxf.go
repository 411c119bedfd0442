package position

// WXF is the notation of the World Xiangqi Federation: "C2.5", "H8+7", "R1+1",
// "+C.5"/"-C.5" for tandem pieces; "=" and "." both mean 平 (traverse).
type WXF struct{}

// Name returns "wxf".
func (WXF) Name() string { return "wxf" }

// Encode returns the canonical WXF text of m.
func (WXF) Encode(p *Position, m Move) string { return "" }

// Decode reads WXF text.
func (WXF) Decode(p *Position, text string) (Move, error) {
	return NoMove, moveErr("wxf", text, "syntax", "WXF decoding is not implemented yet")
}
