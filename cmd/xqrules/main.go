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

	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/cmd/xqrules/internal/outfile"
	"github.com/xqrules/xqrules/internal/excerpt"
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

	// For the command being run (set by cobraCommand): inputs are the files
	// its arguments and flags name, which no output may overwrite; output is
	// its -o file when it writes one (stdout is then that file); spoiled is
	// set when it stops on an error, and the -o file is then not written.
	inputs  []string
	output  string
	spoiled *bool
	// outputs: the files the command has claimed with create, by flag; no
	// two may be the same file (scan --html X -o X).
	outputs []claimed
}

// claimed is an output file a command is writing, and the flag naming it.
type claimed struct {
	flag string
	f    *outfile.File
}

// runFunc runs a command with its flags parsed and its arguments (the
// words that are not flags, in order); it returns the exit status.
type runFunc func(e *env, args []string) int

// command is one subcommand. A command defines its flags in flags, which
// returns the function that runs it: the flags are parsed by cobra/pflag
// (see cli.go), anywhere on the line, "--" ending them. A command in the
// older form gives run instead and parses its own arguments (newFlags,
// parseFlags).
type command struct {
	name     string
	summary  string
	synopsis string // what follows "xqrules NAME" in the usage line
	help     string // what --help prints after the summary, if more is to be said
	flags    func(fs *pflag.FlagSet) runFunc
	sub      []*command // subcommands (rules list, rules check …)
	// complete, when set, completes the arguments (not the flags).
	complete func(args []string, toComplete string) []string
	run      runFunc // the older form
	// output: the command writes a document, to standard output or to the
	// file -o/--output names (see runWithOutput).
	output bool
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	e := &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, isTerminal: isTerminal(os.Stderr)}
	os.Exit(run(e, os.Args[1:]))
}

// run runs the command line args (without the program's name) and returns
// the exit status.
func run(e *env, args []string) int {
	if e.stdin != nil {
		stdinSource = e.stdin
	}
	status := exitOK
	root := newRoot(e, &status)
	if len(args) == 0 {
		root.SetOut(e.stderr)
		root.Usage()
		return exitUsage
	}
	return execute(e, root, &status, args)
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

// fail prints "xqrules <cmd>: err" and returns exitFailed; the command's
// output file, if any, is not written.
func fail(e *env, cmd string, err error) int {
	e.spoil()
	fmt.Fprintf(e.stderr, "xqrules %s: %v\n", cmd, err)
	return exitFailed
}

// usageErr prints a usage message and returns exitUsage.
func usageErr(e *env, cmd, format string, args ...any) int {
	e.spoil()
	for i, a := range args { // a word of the command line may be huge
		if s, ok := a.(string); ok {
			args[i] = excerpt.Cut(s)
		}
	}
	fmt.Fprintf(e.stderr, "xqrules %s: %s\n", cmd, fmt.Sprintf(format, args...))
	return exitUsage
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// spoil marks the command's output as incomplete: its -o file is not written.
func (e *env) spoil() {
	if e.spoiled != nil {
		*e.spoiled = true
	}
}

// create starts writing a file the command was asked to write (flag names
// the flag, for messages): see outfile. An output that is one of the
// command's inputs is a usage error; one that cannot be written, a failure.
func (e *env) create(cmd, flag, path string) (*outfile.File, int, bool) {
	f, err := outfile.Create(path, e.inputs...)
	var ie *outfile.InputError
	switch {
	case errors.As(err, &ie):
		return nil, usageErr(e, cmd, "%s: %v", flag, err), false
	case err != nil:
		return nil, fail(e, cmd, fmt.Errorf("%s: %w", flag, err)), false
	}
	for _, c := range e.outputs {
		if c.f.Same(f) {
			f.Abort()
			return nil, usageErr(e, cmd, "%s %s: the same file as %s %s (each output needs its own file)", flag, path, c.flag, c.f.Path()), false
		}
	}
	e.outputs = append(e.outputs, claimed{flag, f})
	return f, exitOK, true
}

// runWithOutput runs a command that writes a document, to standard output
// or, with -o PATH, to PATH: the file is replaced only when the command did
// not stop on an error (a failing case or a skipped game still writes it,
// as the document reports them).
func runWithOutput(e *env, cmd, path string, run runFunc, args []string) int {
	if path == "" || path == "-" {
		return run(e, args)
	}
	f, st, ok := e.create(cmd, "-o", path)
	if !ok {
		return st
	}
	defer f.Abort()
	e.stdout, e.output = f, path
	st = run(e, args)
	if *e.spoiled || st == exitUsage {
		fmt.Fprintf(e.stderr, "xqrules %s: %s not written\n", cmd, path)
		return st
	}
	if err := f.Commit(); err != nil {
		return fail(e, cmd, err)
	}
	return st
}
