// Package explore finds the smallest positions where two rule books part:
// what a committee drafting a clause needs to see before the tournaments
// find it.
//
// From start positions (the cycle starts of case files and game records,
// ReadStarts) it makes the repetition cycles a player can actually play
// there — a move and a reply each taken back (4 plies; the checks and
// their evasions first), and two pieces alternating (8 plies) — every one
// legal, capturing nothing, its start position recurring (IsCycle). Each
// is judged under the two books at the speed of interp.JudgeVerdicts; those
// whose verdicts differ (with Options.Labels, or whose labels differ) are
// grouped by what decided them — each book's deciding verdict row and
// verdict, the sides named by their part (the side a book makes vary, the
// other side) rather than by colour, and each side's label differences
// counted over its moves rather than by ply, so that a cycle, its
// colour-swapped twin and the same cycle entered a ply later are one group
// (Group) — and one example of each group is minimised: pieces are removed while the kings stay, the position
// stays legal (position's own validation), the moves stay a cycle and the
// group stays the same, until none can go.
//
// The candidates are made in a fixed order (round-robin over the starts,
// each start's own order seeded by its position), so a run with a count
// budget reports the same groups every time, whatever the number of
// workers; a time budget or a cancelled context stops it early with what it
// found (Report.Stopped).
package explore
