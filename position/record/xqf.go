package record

import "io"

// nextXQF refuses XQF (象棋演播室) files, which are recognised but not read yet.
func (r *Reader) nextXQF() (*Game, error) {
	if r.index > 0 {
		return nil, io.EOF
	}
	g := r.newGame(0)
	return nil, &Error{File: r.name, Index: g.Index, Code: CodeXQF, Msg: "XQF files are not supported yet", Fatal: true}
}
