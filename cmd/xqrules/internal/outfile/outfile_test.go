package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// entries lists a directory: no temporary file may be left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, d := range des {
		out = append(out, d.Name())
	}
	return out
}

func TestCommitReplacesTarget(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	write(t, out, "old")
	require.NoError(t, os.Chmod(out, 0o600))
	f, err := Create(out)
	require.NoError(t, err)
	f.WriteString("new")
	assert.Equal(t, "old", read(t, out), "nothing reaches the target before Commit")
	require.NoError(t, f.Commit())
	f.Abort() // a no-op after Commit
	assert.Equal(t, "new", read(t, out))
	st, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the target's mode is kept")
	assert.Equal(t, []string{"out.txt"}, entries(t, dir))
}

func TestAbortLeavesTarget(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	write(t, out, "old")
	f, err := Create(out)
	require.NoError(t, err)
	f.WriteString("half")
	f.Flush()
	f.Abort()
	assert.Equal(t, "old", read(t, out))
	assert.Equal(t, []string{"out.txt"}, entries(t, dir))

	// A new file that is aborted is never created.
	f, err = Create(filepath.Join(dir, "new.txt"))
	require.NoError(t, err)
	f.Abort()
	assert.Equal(t, []string{"out.txt"}, entries(t, dir))
}

// An output that is an input is refused, through any path to it.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	write(t, in, "game")
	t.Chdir(dir)
	link := filepath.Join(dir, "link.pgn")
	require.NoError(t, os.Symlink(in, link))
	hard := filepath.Join(dir, "hard.pgn")
	require.NoError(t, os.Link(in, hard))
	for _, tc := range []struct{ out, in string }{
		{"in.pgn", "in.pgn"},
		{"./in.pgn", in},
		{in, "in.pgn"},
		{link, in},
		{"in.pgn", link},
		{hard, in},
	} {
		_, err := Create(tc.out, "-", "other.pgn", tc.in)
		var ie *InputError
		require.True(t, errors.As(err, &ie), "%v: %v", tc, err)
		assert.Equal(t, tc.in, ie.Input)
		assert.Contains(t, err.Error(), "refused")
	}
	assert.Equal(t, "game", read(t, in))
	assert.ElementsMatch(t, []string{"in.pgn", "link.pgn", "hard.pgn"}, entries(t, dir))
}

// Writing through a symbolic link replaces the file it points to and keeps the link.
func TestSymlinkTarget(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	write(t, real, "old")
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(real, link))
	f, err := Create(link)
	require.NoError(t, err)
	f.WriteString("new")
	require.NoError(t, f.Commit())
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is kept")
	assert.Equal(t, "new", read(t, real))
}

func TestCreateRefusals(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(dir)
	assert.ErrorContains(t, err, "is a directory")
	_, err = Create(filepath.Join(dir, "nosuchdir", "out.txt"))
	assert.ErrorContains(t, err, "cannot write there")
}
