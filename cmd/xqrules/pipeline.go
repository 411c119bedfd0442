package main

import (
	"io"
	"sync"

	"github.com/xqrules/xqrules/position/record"
)

// gameItem is one record read from a file (or the error reading it) and
// what a worker made of it.
type gameItem[R any] struct {
	g       *record.Game
	readErr error // the record could not be read (a *record.Error), or the file not opened
	res     R
}

// gameBatch is a run of records of one file, handled by one worker.
type gameBatch[R any] struct {
	file  int // index of the file in the arguments
	items []gameItem[R]
	done  chan struct{}
}

// gamePipeline reads files in one goroutine, in batches of size records,
// hands each batch to one of jobs workers and returns the batches in file
// order: the output is the same whatever the number of goroutines.
// newWorker is called once per worker goroutine (its state stays private to
// it); the function it returns is called on every item, those that could
// not be read included. opened, when not nil, is told each file's reader.
func gamePipeline[R any](files []string, jobs, size int, opened func(file int, r *record.Reader),
	newWorker func() func(*gameItem[R])) <-chan *gameBatch[R] {
	work := make(chan *gameBatch[R], 2*jobs)
	order := make(chan *gameBatch[R], 8*jobs)
	out := make(chan *gameBatch[R])
	go func() { // reader
		defer close(work)
		defer close(order)
		send := func(b *gameBatch[R]) {
			order <- b
			work <- b
		}
		for fi, f := range files {
			b := &gameBatch[R]{file: fi, done: make(chan struct{})}
			r, err := openRecord(f)
			if err != nil {
				b.items = append(b.items, gameItem[R]{readErr: err})
				send(b)
				continue
			}
			if opened != nil {
				opened(fi, r)
			}
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				b.items = append(b.items, gameItem[R]{g: g, readErr: err})
				if len(b.items) == size {
					send(b)
					b = &gameBatch[R]{file: fi, done: make(chan struct{})}
				}
			}
			r.Close()
			if len(b.items) > 0 {
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
				for i := range b.items {
					handle(&b.items[i])
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

// forEach runs f(0) … f(n-1) on jobs goroutines and returns when all are
// done; done, when not nil, is called on the caller's goroutine as each one
// finishes (for a progress line).
func forEach(n, jobs int, f func(i int), done func(i int)) {
	work := make(chan int)
	finished := make(chan int)
	var wg sync.WaitGroup
	for range max(1, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				f(i)
				finished <- i
			}
		}()
	}
	go func() {
		for i := range n {
			work <- i
		}
		close(work)
		wg.Wait()
		close(finished)
	}()
	for i := range finished {
		if done != nil {
			done(i)
		}
	}
}
