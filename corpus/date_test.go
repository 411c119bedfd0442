package corpus

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGameYear(t *testing.T) {
	for _, c := range []struct {
		date, event string
		year        int
		bad         bool
	}{
		{"1966年", "", 1966, false},
		{"2004-12-15", "", 2004, false},
		{"2004.9.8", "", 2004, false},
		{"1990.1.6", "", 1990, false},
		{"21-8-2009", "", 2009, false},
		{"6-6-2009", "", 2009, false},
		{"19850105", "", 1985, false},
		{"20040707-12：00", "", 2004, false},
		{"１９９０年９月３日", "", 1990, false},
		{"92.5.22", "", 1992, false},
		{"06-06-22", "", 2006, false},
		{"11/21/97", "", 1997, false},
		{"  ", "", 0, false},
		{"", "19850105李來群和胡榮華", 1985, false},
		{"", "1984年全國象棋團體賽", 1984, false},
		{"", "BGN2001世界象棋挑戰賽", 2001, false},
		{"", "93全國個人賽", 1993, false},
		{"", "66年個人賽", 1966, false},
		{"", "第21屆五羊杯", 0, false},
		{"7.9", "2008全國象棋甲級聯賽", 2008, true},
		{"11月9日", "", 0, true},
		{"0000-00-00", "香港全港公開賽", 0, true},
		{"003年12月3日", "2003年全國象棋甲級聯賽", 2003, true},
	} {
		y, bad := GameYear(c.date, c.event)
		assert.Equal(t, c.year, y, "%q %q", c.date, c.event)
		assert.Equal(t, c.bad, bad, "%q %q", c.date, c.event)
	}
}

func FuzzGameYear(f *testing.F) {
	f.Add("2004.9.8", "93全國")
	f.Fuzz(func(t *testing.T, date, event string) {
		if y, _ := GameYear(date, event); y != 0 && (y < minYear || y >= maxYear) {
			t.Fatalf("year %d out of range", y)
		}
	})
}
