package position

// Perft counts the leaf nodes of the legal move tree to depth (bulk-counting
// the last ply, as the reference engines do). The position is unchanged after.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	p.sync()
	buf := make([]Move, depth*MaxMoves)
	return p.perft(depth, buf)
}

// perft counts below a synced position; buf has room for one move list per ply.
func (p *Position) perft(depth int, buf []Move) uint64 {
	if depth == 1 {
		return uint64(p.legal(p.side, nil))
	}
	list := (*[MaxMoves]Move)(buf)
	n := p.legal(p.side, list)
	var total uint64
	rest := buf[MaxMoves:]
	for _, m := range list[:n] {
		p.Make(m)
		total += p.perft(depth-1, rest)
		p.Unmake()
	}
	return total
}

// DivideEntry is one root move and the number of leaves below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal root move, the perft count of depth-1 below it
// (in move-generation order): the tool for diffing against another engine.
func (p *Position) Divide(depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	var out []DivideEntry
	buf := make([]Move, depth*MaxMoves)
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		out = append(out, DivideEntry{m, p.perftOrOne(depth-1, buf)})
		p.Unmake()
	}
	return out
}

func (p *Position) perftOrOne(depth int, buf []Move) uint64 {
	if depth == 0 {
		return 1
	}
	return p.perft(depth, buf)
}
