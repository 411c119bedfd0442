package record

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// Benchmarks over the CCPD corpus (58,463 records, 4.86 M plies counting
// duplicates), in one goroutine; `xqrules replay` adds the parallel
// pipeline. They skip when ../shared/data is absent. Run with
//
//	go test -run - -bench CCPD -benchtime 3x ./position/record/

func benchCCPD(b *testing.B, replay bool, memo bool) {
	path := dataFile(b, "ccpd_games_iccs.jsonl.gz")
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		r, err := Open(path)
		require.NoError(b, err)
		rp := Replayer{}
		if memo {
			rp.Memo = NewMemo()
		}
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil || !replay {
				continue
			}
			_, n, _ := rp.Check(g)
			plies += n
		}
		r.Close()
	}
	if replay {
		b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	}
}

// BenchmarkReadCCPD is decompression and parsing alone.
func BenchmarkReadCCPD(b *testing.B) { benchCCPD(b, false, false) }

// BenchmarkReplayCCPD replays every record, repetitions counted.
func BenchmarkReplayCCPD(b *testing.B) { benchCCPD(b, true, false) }

// BenchmarkReplayCCPDMemo skips the duplicate records.
func BenchmarkReplayCCPDMemo(b *testing.B) { benchCCPD(b, true, true) }

// BenchmarkReadCCPDChinese reads the Chinese-notation PGN corpus (UTF-8,
// 15,407 games) without replaying it: the cost of reading text, which the
// encoding detection must not raise.
func BenchmarkReadCCPDChinese(b *testing.B) {
	path := dataFile(b, "ccpd_national_events_chinese_notation.pgn.gz")
	for b.Loop() {
		r, err := Open(path)
		require.NoError(b, err)
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			}
		}
		r.Close()
	}
}
