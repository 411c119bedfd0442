package position

// Precomputed geometry. Everything a generator needs about "where can a piece of
// this kind go from here, and which square blocks it" is looked up, never
// recomputed, so the inner loops carry no bounds arithmetic.

// step is a destination with the square that must be empty for the step
// (a horse's leg 马腿, an elephant's eye 象眼); block is NoSquare when none.
type step struct {
	to, block Square
}

// Directions for rays: north (towards Black), south, east (towards file i), west.
const (
	dirN = iota
	dirS
	dirE
	dirW
)

var (
	// rays[sq][dir] lists the squares from sq outwards in dir, nearest first.
	rays [NumSquares][4][]Square
	// kingSteps and advisorSteps stay inside the palace the square belongs to.
	kingSteps    [NumSquares][]Square
	advisorSteps [NumSquares][]Square
	// elephantSteps stay on the square's own side of the river.
	elephantSteps [NumSquares][]step
	horseSteps    [NumSquares][]step
	// horseAttackers[sq]: squares from which a horse attacks sq, with the leg that
	// must be empty (always a diagonal neighbour of sq).
	horseAttackers [NumSquares][]step
	// pawnSteps[color][sq]: a pawn's moves (forward; sideways once across the river).
	pawnSteps [2][NumSquares][]Square
	// pawnAttackers[color][sq]: squares from which a pawn of color attacks sq.
	pawnAttackers [2][NumSquares][]Square
	// inPalace[sq] reports whether sq is in either palace.
	inPalace [NumSquares]bool
	// diagNeighbour[k][sq]: sq is diagonally adjacent to k (a horse leg for attacks on k).
	diagNeighbour [NumSquares][NumSquares]bool
)

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

func palaceAt(f, r int) bool {
	return f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

// redHalf reports whether rank r is on Red's side of the river.
func redHalf(r int) bool { return r <= 4 }

func init() {
	for sq := Square(0); sq < NumSquares; sq++ {
		f, r := sq.File(), sq.Rank()
		inPalace[sq] = palaceAt(f, r)
		for d, dv := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			for nf, nr := f+dv[0], r+dv[1]; onBoard(nf, nr); nf, nr = nf+dv[0], nr+dv[1] {
				rays[sq][d] = append(rays[sq][d], SquareAt(nf, nr))
			}
		}
		for _, dv := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			nf, nr := f+dv[0], r+dv[1]
			if onBoard(nf, nr) && palaceAt(nf, nr) && palaceAt(f, r) && redHalf(nr) == redHalf(r) {
				kingSteps[sq] = append(kingSteps[sq], SquareAt(nf, nr))
			}
		}
		for _, dv := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			nf, nr := f+dv[0], r+dv[1]
			if onBoard(nf, nr) && palaceAt(nf, nr) && palaceAt(f, r) && redHalf(nr) == redHalf(r) {
				advisorSteps[sq] = append(advisorSteps[sq], SquareAt(nf, nr))
			}
			if onBoard(nf, nr) {
				diagNeighbour[sq][SquareAt(nf, nr)] = true
			}
			ef, er := f+2*dv[0], r+2*dv[1]
			if onBoard(ef, er) && redHalf(er) == redHalf(r) {
				elephantSteps[sq] = append(elephantSteps[sq], step{SquareAt(ef, er), SquareAt(nf, nr)})
			}
		}
		for _, hv := range [8][4]int{
			{1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1},
			{2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0},
		} {
			nf, nr := f+hv[0], r+hv[1]
			if onBoard(nf, nr) {
				horseSteps[sq] = append(horseSteps[sq], step{SquareAt(nf, nr), SquareAt(f+hv[2], r+hv[3])})
			}
		}
		for c := Red; c <= Black; c++ {
			fwd := 1
			crossed := r >= 5
			if c == Black {
				fwd, crossed = -1, r <= 4
			}
			if onBoard(f, r+fwd) {
				pawnSteps[c][sq] = append(pawnSteps[c][sq], SquareAt(f, r+fwd))
			}
			if crossed {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						pawnSteps[c][sq] = append(pawnSteps[c][sq], SquareAt(f+df, r))
					}
				}
			}
		}
	}
	for from := Square(0); from < NumSquares; from++ {
		for _, st := range horseSteps[from] {
			horseAttackers[st.to] = append(horseAttackers[st.to], step{from, st.block})
		}
		for c := Red; c <= Black; c++ {
			for _, to := range pawnSteps[c][from] {
				pawnAttackers[c][to] = append(pawnAttackers[c][to], from)
			}
		}
	}
}
