package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/workbench"
	"github.com/xqrules/xqrules/interp"
)

func init() {
	register(&command{name: "serve", summary: "a workbench in the browser: set up a position, play the cycle, see every book's ruling, edit a draft",
		synopsis: "[--addr 127.0.0.1:8080] [--rules all|11,asian] [--open]", flags: runServe})
}

func runServe(fs *pflag.FlagSet) runFunc {
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (the loopback interface unless told otherwise)")
	rulesArg := fs.String("rules", "all", "the books judged when the page or a request names none: all or bundled ids (11,asian)")
	open := fs.Bool("open", false, "open the page in the default browser")
	return func(e *env, args []string) int {
		if len(args) > 0 {
			return usageErr(e, "serve", "unexpected argument %q", args[0])
		}
		if books, st := selectBooks(e, "serve", *rulesArg); books == nil {
			return st
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fail(e, "serve", err)
		}
		// On the loopback interface, only requests to localhost are answered.
		ip := ln.Addr().(*net.TCPAddr).IP
		h := newWorkbench(*rulesArg, defaultCaseFiles(), ip.IsLoopback())
		url := "http://" + ln.Addr().String() + "/"
		fmt.Fprintf(e.stdout, "xqrules serve: the workbench is at %s (Ctrl-C stops it)\n", url)
		if !ip.IsLoopback() {
			fmt.Fprintf(e.stderr, "xqrules serve: warning: listening on %s, not the loopback interface: the workbench is reachable from the network, "+
				"and anyone who can reach this machine can use it (it has no login); --addr 127.0.0.1:%d keeps it on this computer\n",
				ln.Addr(), ln.Addr().(*net.TCPAddr).Port)
		}
		if *open {
			openBrowser(e, url)
		}
		srv := workbench.NewServer(*addr, h)
		ctx, stop := serveContext()
		defer stop()
		go func() {
			<-ctx.Done()
			srv.Shutdown(context.Background())
		}()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fail(e, "serve", err)
		}
		return exitOK
	}
}

// serveContext ends when the server is to stop (Ctrl-C); tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// newWorkbench is the workbench over the bundled books; its diff runs over
// the case files given (the casebook), read by the server, never named by
// a request.
func newWorkbench(rules string, caseFiles []string, localOnly bool) http.Handler {
	opt := workbench.Options{Rules: rules, LocalHostsOnly: localOnly}
	if len(caseFiles) > 0 {
		opt.Diff = func(books []*interp.Book) (any, error) {
			return compareBooks(books, caseFiles, interp.CyclesAll, 1), nil
		}
		opt.Explore = workbenchExplore(caseFiles)
	}
	return workbench.New(opt)
}

func openBrowser(e *env, url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(e.stderr, "xqrules serve: cannot open a browser (%v); open %s yourself\n", err, url)
		return
	}
	go cmd.Wait()
}
