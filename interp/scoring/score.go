package scoring

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Score is a number of points counted in hundredths, so that sums are exact:
// three draws at 0.8 make 2.40, not 2.4000000000000004. Every value a scheme's
// expression yields is taken to the nearest hundredth once, when it is made;
// everything after that is integer arithmetic.
type Score int64

// Unit is the number of Score steps in one point.
const Unit = 100

// FromFloat converts an expression's value. The value must be a finite
// multiple of 0.01 up to the rounding of binary floats (0.1*4 is
// 0.4000000000000001): a scheme that yields 0.125 is asking for a precision
// Score does not have, and is told so rather than silently rounded.
func FromFloat(x float64) (Score, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("value %v is not a finite number", x)
	}
	if math.Abs(x) > 1e12 {
		return 0, fmt.Errorf("value %v is out of range", x)
	}
	r := math.Round(x * Unit)
	if math.Abs(x*Unit-r) > 1e-6*math.Max(1, math.Abs(r)) {
		return 0, fmt.Errorf("value %v is not a multiple of 0.01 (scores are kept exactly in hundredths)", x)
	}
	return Score(r), nil
}

// Float returns s in points, for expressions and for JSON.
func (s Score) Float() float64 { return float64(s) / Unit }

// String returns s in points with no trailing zeros: "2", "2.4", "-0.35".
func (s Score) String() string {
	neg := s < 0
	if neg {
		s = -s
	}
	txt := strconv.FormatInt(int64(s/Unit), 10)
	if frac := int64(s % Unit); frac != 0 {
		txt += "." + strings.TrimRight(fmt.Sprintf("%02d", frac), "0")
	}
	if neg {
		txt = "-" + txt
	}
	return txt
}

// MarshalJSON writes s as a JSON number in points (2.8, not 280).
func (s Score) MarshalJSON() ([]byte, error) { return []byte(s.String()), nil }
