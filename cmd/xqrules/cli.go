package main

// The command line: the registered commands on cobra (github.com/spf13/cobra)
// with pflag. Cobra is what kubectl, gh, hugo and docker use: flags anywhere
// on the line, "--" ending them, GNU long and short flags, help and shell
// completion (bash, zsh, fish, powershell) generated from the flag
// definitions. A fresh tree is built for every run, so that tests run
// commands in-process and no flag value leaks from one run into the next.

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/xqrules/xqrules/internal/excerpt"
	"github.com/xqrules/xqrules/interp"
)

const rootHelp = `xqrules adjudicates Xiangqi repetition cycles under many rule books side by side.`

// usageLine and usageRest make every command's usage, helpTemplate its
// --help: the same layout everywhere (usage line, what it does, subcommands,
// flags).
const (
	usageLine = `Usage: {{.UseLine}}`
	usageRest = `{{if .HasAvailableSubCommands}}

Commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{.LocalFlags.FlagUsages | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableSubCommands}}

Run '{{.CommandPath}} <command> --help' for a command's flags.{{end}}{{if not .HasParent}}
Exit status: 0 ok, 1 failed, 2 bad usage.{{end}}
`
	usageTemplate = usageLine + usageRest
	helpTemplate  = usageLine + `{{with (or .Long .Short)}}

{{. | trimTrailingWhitespaces}}{{end}}` + usageRest
)

// newRoot builds the command tree for one run; status receives the exit
// status of the command run.
func newRoot(e *env, status *int) *cobra.Command {
	root := &cobra.Command{
		Use:           "xqrules <command> [flags] [args]",
		Short:         rootHelp,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// Run's absence would make "xqrules nosuch" print the help and
		// succeed; Args reports it instead.
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unknown command %q", excerpt.Cut(args[0]))
			}
			return nil
		},
		Run: func(cmd *cobra.Command, args []string) { cmd.Help() },
	}
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetIn(e.stdin)
	root.SetUsageTemplate(usageTemplate)
	root.SetHelpTemplate(helpTemplate)
	root.SetVersionTemplate("xqrules {{.Version}}\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		root.AddCommand(cobraCommand(e, commands[n], status))
	}
	root.SetHelpCommand(helpCommand())
	// Cobra adds help and completion when it runs a command line; the bare
	// usage is printed without running one, and must list them too.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// helpCommand is "xqrules help [COMMAND]": cobra's, except that an unknown
// topic is a usage error (exit 2), not a help page and success.
func helpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || cmd == nil || len(rest) > 0 {
				return fmt.Errorf("unknown help topic %q (see xqrules help)", excerpt.Cut(strings.Join(args, " ")))
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// execute runs args on root and returns the exit status.
func execute(e *env, root *cobra.Command, status *int, args []string) int {
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return *status
	}
	// Every error cobra returns is a bad command line: the commands
	// themselves return their status, not an error.
	name := cmd.CommandPath()
	fmt.Fprintf(e.stderr, "%s: %v\nRun '%s --help' for usage.\n", name, flagError(err), name)
	return exitUsage
}

// flagError words a flag's bad value for people: the value (cut short),
// the flag and what it wants, not the Go parser's message.
func flagError(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	f := ive.GetFlag()
	name := "--" + f.Name
	if f.Shorthand != "" {
		name = "-" + f.Shorthand + ", " + name
	}
	why := errors.Unwrap(ive).Error()
	var ne *strconv.NumError
	if errors.As(ive, &ne) {
		switch f.Value.Type() {
		case "int", "int64", "int32", "uint", "uint64":
			why = "want a whole number"
		case "bool":
			why = "want true or false"
		default:
			why = "want a number"
		}
		if errors.Is(ne.Err, strconv.ErrRange) {
			why = "out of range"
		}
	}
	return fmt.Errorf("invalid argument %s for %q flag: %s", excerpt.Quote(ive.GetValue()), name, why)
}

// cobraCommand adapts a registered command.
func cobraCommand(e *env, c *command, status *int) *cobra.Command {
	cc := &cobra.Command{
		Use:                   strings.TrimSpace(c.name + " " + c.synopsis),
		Short:                 c.summary,
		DisableFlagsInUseLine: true,
	}
	if c.help != "" {
		cc.Long = c.summary + "\n\n" + c.help
	}
	if c.run != nil { // the older form parses its own flags
		cc.DisableFlagParsing = true
		cc.Run = func(_ *cobra.Command, args []string) { *status = c.run(e, args) }
		return cc
	}
	if c.flags != nil {
		var outPath *string
		if c.output {
			outPath = cc.Flags().StringP("output", "o", "", "write to this file instead of standard output (replaced only when the whole output is written; never one of the inputs)")
		}
		run := c.flags(cc.Flags())
		name := strings.TrimPrefix(cc.CommandPath(), "xqrules ")
		cc.Run = func(_ *cobra.Command, args []string) {
			ce := *e // this run's: its inputs and output
			ce.inputs = inputsOf(cc.Flags(), args)
			ce.spoiled = new(bool)
			if outPath == nil {
				*status = run(&ce, args)
				return
			}
			*status = runWithOutput(&ce, name, *outPath, run, args)
		}
	}
	for _, s := range c.sub {
		cc.AddCommand(cobraCommand(e, s, status))
	}
	if c.complete != nil {
		cc.ValidArgsFunction = func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return c.complete(args, toComplete), cobra.ShellCompDirectiveDefault
		}
	}
	cc.Flags().VisitAll(func(f *pflag.Flag) {
		if vals, ok := f.Annotations[choicesKey]; ok {
			cc.RegisterFlagCompletionFunc(f.Name, func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return vals, cobra.ShellCompDirectiveNoFileComp
			})
		}
		if f.Name == "rules" {
			cc.RegisterFlagCompletionFunc(f.Name, completeBooks)
		}
	})
	return cc
}

// outputFlags name files a command writes, not reads.
var outputFlags = map[string]bool{"output": true, "html": true, "cpuprofile": true}

// inputsOf is every file a command line may read: its arguments and the
// values of its flags (a list such as --rules 11,./draft.yaml split at the
// commas), whether or not they name files; outfile skips those that do not.
func inputsOf(fs *pflag.FlagSet, args []string) []string {
	in := append([]string(nil), args...)
	fs.VisitAll(func(f *pflag.Flag) {
		if outputFlags[f.Name] || f.Value.Type() == "bool" {
			return
		}
		v := f.Value.String()
		in = append(in, v)
		if strings.Contains(v, ",") {
			in = append(in, strings.Split(v, ",")...)
		}
	})
	return in
}

// choicesKey annotates a flag with the values it takes (for completion).
const choicesKey = "xqrules_choices"

// choices tells shell completion the values flag name takes.
func choices(fs *pflag.FlagSet, name string, values ...string) {
	fs.SetAnnotation(name, choicesKey, values)
}

// completeBooks completes --rules: "all" and the bundled books' ids, after
// the ids already typed (11,asi → 11,asian); rule-set files as well.
func completeBooks(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	prefix := ""
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		prefix = toComplete[:i+1]
	}
	out := []string{}
	if prefix == "" {
		out = append(out, "all")
	}
	for _, id := range bookIDs() {
		out = append(out, prefix+id)
	}
	return out, cobra.ShellCompDirectiveDefault | cobra.ShellCompDirectiveNoSpace
}

// bookIDs lists the bundled books' ids, as rules list does.
func bookIDs() []string {
	lib, err := interp.Bundled()
	if err != nil {
		return nil
	}
	var ids []string
	for _, b := range lib.Books() {
		ids = append(ids, b.ID)
	}
	return ids
}

// buildVersion may be set at link time (-ldflags "-X main.buildVersion=v1.2.0")
// by a build that knows better than the build information.
var buildVersion string

// version is what --version prints.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	return versionOf(buildVersion, bi, ok)
}

// versionOf is the version set at link time; else the module's version
// from the build information (a tagged release, or a pseudo-version with
// the commit); else "devel" with the commit and its time when the build
// recorded them (go build in a git checkout); else "devel" with the Go
// version and the reason nothing better is known — never a bare "devel".
func versionOf(linked string, bi *debug.BuildInfo, ok bool) string {
	if linked != "" {
		return linked
	}
	if !ok || bi == nil {
		return "devel (built without build information)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, when, dirty := "", "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return "devel (" + bi.GoVersion + ", built without version control information: go run, or -buildvcs=false)"
	}
	if when != "" {
		when = " " + when
	}
	return "devel (" + rev + when + dirty + ")"
}
