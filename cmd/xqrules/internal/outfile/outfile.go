// Package outfile writes a file the user named so that it is never lost:
// the output goes to a temporary file beside the target, which replaces the
// target only when the whole output is written (Commit); a run that fails
// removes the temporary file (Abort) and leaves the target as it was. An
// output that is one of the inputs (the same file, through another path, a
// symbolic or a hard link) is refused before anything is written.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// InputError is an output that is one of the inputs.
type InputError struct {
	Output, Input string
}

func (e *InputError) Error() string {
	if e.Output == e.Input {
		return fmt.Sprintf("output %s is also an input: refused, it would be overwritten while it is read", e.Output)
	}
	return fmt.Sprintf("output %s is the input %s: refused, it would be overwritten while it is read", e.Output, e.Input)
}

// Check returns an *InputError when path names the same file as one of
// inputs (os.SameFile: through any path or link); inputs that do not exist,
// and "-", are skipped. A path that does not exist yet is no input.
func Check(path string, inputs ...string) error {
	out, err := os.Stat(path)
	if err != nil {
		return nil
	}
	for _, in := range inputs {
		if in == "" || in == "-" {
			continue
		}
		st, err := os.Stat(in)
		if err == nil && os.SameFile(out, st) {
			return &InputError{Output: path, Input: in}
		}
	}
	return nil
}

// File is an output being written. It is buffered; nothing reaches the
// target until Commit.
type File struct {
	*bufio.Writer
	tmp    *os.File
	target string // where the temporary file is renamed to (a link resolved)
	path   string // as the user named it, for messages
	mode   fs.FileMode
}

// Create starts writing path, after checking that it is none of inputs
// (see Check) and not a directory. The temporary file is created in the
// target's directory, so that the rename is atomic; when path is a symbolic
// link, the file it points to is replaced, not the link.
func Create(path string, inputs ...string) (*File, error) {
	if err := Check(path, inputs...); err != nil {
		return nil, err
	}
	target := path
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("output %s is a directory", path)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("output %s is not a regular file", path)
		}
		mode = st.Mode().Perm()
		if t, err := filepath.EvalSymlinks(path); err == nil {
			target = t
		}
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+strings.TrimPrefix(base, ".")+".tmp-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("output %s: cannot write there: %w", path, err)
	}
	return &File{Writer: bufio.NewWriterSize(tmp, 64<<10), tmp: tmp, target: target, path: path, mode: mode}, nil
}

// Path is the output's path as it was given.
func (f *File) Path() string { return f.path }

// Same reports whether f and g write the same file (their targets, links
// resolved, as absolute paths): two outputs of one command must not.
func (f *File) Same(g *File) bool {
	a, err1 := filepath.Abs(f.target)
	b, err2 := filepath.Abs(g.target)
	return err1 == nil && err2 == nil && a == b
}

// Commit flushes the output, syncs it to the disk and renames it over the
// target. On an error the target is left as it was and the temporary file
// removed.
func (f *File) Commit() error {
	if f.tmp == nil {
		return fmt.Errorf("output %s: already closed", f.path)
	}
	err := f.Flush()
	if err == nil {
		err = f.tmp.Chmod(f.mode)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.target)
	}
	if err != nil {
		os.Remove(f.tmp.Name())
		f.tmp = nil
		return fmt.Errorf("output %s not written: %w", f.path, err)
	}
	f.tmp = nil
	return nil
}

// Abort removes the temporary file: the target is left as it was. It does
// nothing after Commit, so it can be deferred.
func (f *File) Abort() {
	if f == nil || f.tmp == nil {
		return
	}
	f.tmp.Close()
	os.Remove(f.tmp.Name())
	f.tmp = nil
}
