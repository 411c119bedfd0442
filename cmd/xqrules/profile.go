package main

import (
	"fmt"
	"runtime/pprof"
)

// startCPUProfile starts writing a CPU profile to path (for go tool pprof,
// or as the build's default.pgo, see README) when path is set; stop ends
// it. An error opening the file is reported as cmd's and ok is false.
func startCPUProfile(e *env, cmd, path string) (stop func(), status int, ok bool) {
	if path == "" {
		return func() {}, 0, true
	}
	f, st, ok := e.create(cmd, "--cpuprofile", path)
	if !ok {
		return nil, st, false
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Abort()
		return nil, fail(e, cmd, err), false
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Commit(); err != nil {
			fmt.Fprintf(e.stderr, "xqrules %s: %v\n", cmd, err)
		}
	}, 0, true
}
