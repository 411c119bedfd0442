package main

import (
	"os"
	"runtime/pprof"
)

// startCPUProfile starts writing a CPU profile to path (for go tool pprof,
// or as the build's default.pgo, see README) when path is set; stop ends
// it. An error opening the file is reported as cmd's and ok is false.
func startCPUProfile(e *env, cmd, path string) (stop func(), status int, ok bool) {
	if path == "" {
		return func() {}, 0, true
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fail(e, cmd, err), false
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fail(e, cmd, err), false
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, 0, true
}
