package main

import "sync"

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
