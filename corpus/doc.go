// Package corpus judges the repetition cycles of whole game corpora: it is
// what `xqrules scan` and `xqrules scan-merge` run, for Go programs.
//
// The story of a scan:
//
//   - Read: [Pipeline] reads record files (PGN, JSON Lines, DhtmlXQ, XQF;
//     gzip or not) in one goroutine, in small batches, hands each batch to a
//     worker and gives the batches back in file order, so the output is the
//     same whatever the number of workers.
//   - Find and judge: [Scan] is that pipeline with a worker that replays each
//     game of its [Shard], finds its repetition cycles ([interp.FindCycles])
//     and judges each under every book of [Options.Books] ([Cycle], [Ruling]).
//   - Summarise: a [Summary] counts, whatever the corpus size, what the books
//     ruled: verdicts per book, how often each rules against the side that
//     lost, how often two books agree.
//   - Merge: the summaries of the shards of one run, run anywhere, add up
//     with [Summary.Merge] into the summary one run over all the games gives
//     (the addition is associative); [ReadSummary] reads one back from a
//     `scan --format jsonl` output.
//
// A game belongs to one shard of N by its record id ([Shard]), so N machines
// or batch jobs can each take one.
package corpus
