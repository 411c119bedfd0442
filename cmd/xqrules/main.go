// Command xqrules adjudicates repetition cycles in Xiangqi under many rule
// books side by side, and explains every ruling move by move.
//
// Usage: xqrules <command> [flags] [args]; "xqrules help" lists the commands.
// Exit status: 0 ok, 1 failed (a bad case, an illegal move, a rule file
// refused), 2 bad usage.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// env is what a command sees of the world, so tests can run commands in-process.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	// isTerminal reports whether stderr is a terminal (progress lines are shown only then).
	isTerminal bool
}

// command is one subcommand. run returns the exit status.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	e := &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, isTerminal: isTerminal(os.Stderr)}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(e, []string{"--help"})
			}
		}
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "xqrules: unknown command %q\n\n", args[0])
		usage(e.stderr)
		return exitUsage
	}
	return c.run(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "xqrules adjudicates Xiangqi repetition cycles under many rule books side by side.")
	fmt.Fprintln(w, "\nUsage: xqrules <command> [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'xqrules <command> --help' for a command's flags.")
	fmt.Fprintln(w, "Exit status: 0 ok, 1 failed, 2 bad usage.")
}

// newFlags returns a flag set that prints its usage to e.stderr and does not exit.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: xqrules %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; it returns (status, false) when the command should
// stop: --help (status 0, usage printed to stdout) or bad flags (status 2).
func parseFlags(e *env, fs *flag.FlagSet, args []string) (int, bool) {
	// The flag package prints its own complaint and the usage while parsing;
	// hold them so that --help goes to stdout once and errors to stderr once.
	var held bytes.Buffer
	fs.SetOutput(&held)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK, false
	}
	fs.SetOutput(e.stderr)
	if err != nil {
		e.stderr.Write(held.Bytes())
		return exitUsage, false
	}
	return 0, true
}

// fail prints "xqrules <cmd>: err" and returns exitFailed.
func fail(e *env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "xqrules %s: %v\n", cmd, err)
	return exitFailed
}

// usageErr prints a usage message and returns exitUsage.
func usageErr(e *env, cmd, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "xqrules %s: %s\n", cmd, fmt.Sprintf(format, args...))
	return exitUsage
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
