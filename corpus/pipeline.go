package corpus

import (
	"io"
	"sync"

	"github.com/xqrules/xqrules/position/record"
)

// Item is one record read from a file (or the error reading it) and what a
// worker made of it.
type Item[R any] struct {
	Game    *record.Game
	ReadErr error // the record could not be read (a *record.Error), or the file not opened
	Res     R
}

// Batch is a run of records of one file, handled by one worker.
type Batch[R any] struct {
	File  int // index of the file in the list read
	Items []Item[R]
	done  chan struct{}
}

// Reading says how a [Pipeline] reads its files.
type Reading struct {
	Jobs      int // worker goroutines (at least 1)
	BatchSize int // records per batch (at least 1)
	// Open opens a record file; nil: [record.Open].
	Open func(path string) (*record.Reader, error)
	// Opened, when not nil, is told each file's reader (for a progress line:
	// [record.Reader.Progress]).
	Opened func(file int, r *record.Reader)
}

// Pipeline reads files in one goroutine, in batches, hands each batch to one
// of rd.Jobs workers and returns the batches in file order: the output is
// the same whatever the number of goroutines. newWorker is called once per
// worker goroutine (its state stays private to it); the function it returns
// is called on every item, those that could not be read included. The
// reorder window is the pipeline's channels, a few batches per worker, so
// memory does not grow with the corpus.
func Pipeline[R any](files []string, rd Reading, newWorker func() func(*Item[R])) <-chan *Batch[R] {
	jobs, size := max(1, rd.Jobs), max(1, rd.BatchSize)
	open := rd.Open
	if open == nil {
		open = record.Open
	}
	work := make(chan *Batch[R], 2*jobs)
	order := make(chan *Batch[R], 8*jobs)
	out := make(chan *Batch[R])
	go func() { // reader
		defer close(work)
		defer close(order)
		send := func(b *Batch[R]) {
			order <- b
			work <- b
		}
		for fi, f := range files {
			b := &Batch[R]{File: fi, done: make(chan struct{})}
			r, err := open(f)
			if err != nil {
				b.Items = append(b.Items, Item[R]{ReadErr: err})
				send(b)
				continue
			}
			if rd.Opened != nil {
				rd.Opened(fi, r)
			}
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				b.Items = append(b.Items, Item[R]{Game: g, ReadErr: err})
				if len(b.Items) == size {
					send(b)
					b = &Batch[R]{File: fi, done: make(chan struct{})}
				}
			}
			r.Close()
			if len(b.Items) > 0 {
				send(b)
			}
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			handle := newWorker()
			for b := range work {
				for i := range b.Items {
					handle(&b.Items[i])
				}
				close(b.done)
			}
		}()
	}
	go func() { // in order
		defer close(out)
		for b := range order {
			<-b.done
			out <- b
		}
		wg.Wait()
	}()
	return out
}
