package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/outfile"
	"github.com/xqrules/xqrules/corpus"
)

// scanParquet is --format parquet: the cycles go to DIR/cycles.parquet
// (cycles-K-of-N.parquet for a shard; schema: corpus.ParquetCycle), the
// summary line of --format jsonl to DIR/summary….jsonl beside it, each
// written under a temporary name and renamed when complete; standard output
// gets the bad games and the summary table, as --format text --quiet.
type scanParquet struct {
	text *scanText
	dir  string
	sh   corpus.Shard
	file *outfile.File
	pw   *corpus.ParquetWriter
	err  error
	e    *env
}

// newScanParquet claims the output directory: created when missing;
// refused when it holds files other than this run's shards' unless force.
func newScanParquet(e *env, dir string, force bool, sh corpus.Shard, text *scanText) (*scanParquet, error) {
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return nil, fmt.Errorf("-o %s: not a directory", dir)
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("-o %s: %w", dir, unwrapPath(err))
		}
		var others []string
		for _, en := range ents {
			if !corpus.OutputFile(en.Name(), sh) {
				others = append(others, en.Name())
			}
		}
		if len(others) > 0 && !force {
			slices.Sort(others)
			if len(others) > 3 {
				others = append(others[:3], "…")
			}
			return nil, fmt.Errorf("-o %s: the directory holds other files (%s): refused, --force writes there all the same", dir, strings.Join(others, ", "))
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("-o %s: %w", dir, unwrapPath(err))
	}
	f, err := outfile.Create(filepath.Join(dir, corpus.ParquetName(sh)), e.inputs...)
	if err != nil {
		return nil, err
	}
	return &scanParquet{text: text, dir: dir, sh: sh, file: f, pw: corpus.NewParquetWriter(f), e: e}, nil
}

func (o *scanParquet) cycle(c *scanCycle) {
	if o.err == nil {
		o.err = o.pw.Write(c)
	}
}

func (o *scanParquet) badGame(er replayError) { o.text.badGame(er) }

func (o *scanParquet) flush() error {
	if o.err != nil {
		return o.err
	}
	return o.text.flush()
}

func (o *scanParquet) end(t *scanTotals, elapsed time.Duration) error {
	if o.err != nil {
		return o.err
	}
	if err := o.pw.Close(); err != nil {
		return err
	}
	if err := o.file.Commit(); err != nil {
		return err
	}
	sum, err := outfile.Create(filepath.Join(o.dir, corpus.SummaryName(o.sh)), o.e.inputs...)
	if err != nil {
		return err
	}
	defer sum.Abort()
	enc := json.NewEncoder(sum)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t); err != nil {
		return err
	}
	if err := sum.Commit(); err != nil {
		return err
	}
	return o.text.end(t, elapsed)
}

// discard removes the temporary file of a run that did not finish.
func (o *scanParquet) discard() { o.file.Abort() }

// unwrapPath is err without the path and operation os adds (the message
// names the path already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
