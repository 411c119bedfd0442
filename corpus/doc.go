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
//     and judges each under every book of [Options.Books] ([ScanGame],
//     [Cycle], [Ruling]). A nil book is the book in force: the table of
//     rules/in-force.yaml ([interp.InForce]) places the game by its event,
//     path and year ([GameYear]) and names its book, or none ([Unknown]).
//   - Compare: a cycle that ends a game with a result is set against it
//     ([RealVerdict]): each ruling says whether it agrees.
//   - Summarise: a [Summary] counts, in memory that does not grow with the
//     corpus, what the books ruled: verdicts per book, how often each rules
//     against the side that lost, how often two books agree, how often each
//     agrees with the real results (per result and per decade, [Tally]),
//     and lists (up to [MaxListed]) the disagreements and the games without
//     a book in force or a readable date.
//   - Write: [ParquetWriter] writes the cycles as Parquet rows
//     ([ParquetCycle]), one file per shard ([ParquetName]), for DuckDB,
//     Spark or BigQuery.
//   - Merge: the summaries of the shards of one run, run anywhere, add up
//     with [Summary.Merge] into the summary one run over all the games gives
//     (the addition is associative); [ReadSummary] reads one back from a
//     `scan --format jsonl` output.
//
// A game belongs to one shard of N by its record id ([Shard]), so N machines
// or batch jobs can each take one; [ShardFromEnv] reads the shard from a
// Kubernetes Indexed Job or a Slurm job array.
package corpus
