#!/usr/bin/env python3
"""Validate a catalog of EPUBs on a Spark cluster with epubcontract.

Each partition of the book list runs one `epubcontract validate @PART --jsonl -` (the binary must be
installed on every executor, at the same path); the job writes one row per book as JSON Lines
(exactly the binary's lines) and as Parquet, and a table of message IDs (messages and books per ID,
with their severity) as Parquet and JSON.

    spark-submit integrations/spark/epubcontract_spark.py --input /data/catalog --output /data/out \\
        --binary /usr/local/bin/epubcontract --partitions 400 -- -u

--input is a folder of books (searched with -r), a list file (one path per line) or a single book;
paths must be readable by the executors (a shared file system). Arguments after `--` go to
`epubcontract validate` (for example -u or --profile dict). Without spark-submit, `python3
epubcontract_spark.py --master local[2] ...` runs the same job on this machine.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def book_list(binary, source):
    """The books the binary itself would check for this input (folder rules, -r), in its order."""
    argument = source if not source.endswith(".txt") else "@" + source
    run = subprocess.run([binary, "validate", argument, "-r", "--list"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"epubcontract could not list the books of {source}: {run.stderr.strip()}")
    return [line for line in run.stdout.splitlines() if line]


def check_partition(binary, extra, timeout):
    """A function for mapPartitions: the JSON line of every book of one partition."""
    def run(paths):
        paths = list(paths)
        if not paths:
            return
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
            listing.write("".join(p + "\n" for p in paths))
        try:
            command = [binary, "validate", "@" + listing.name, "--jsonl", "-", "-q", "-j", "1",
                       "--timeout", str(timeout)] + extra
            result = subprocess.run(command, capture_output=True, text=True)
        finally:
            os.unlink(listing.name)
        lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
        if len(lines) != len(paths):
            raise RuntimeError(f"epubcontract returned {len(lines)} records for {len(paths)} books "
                               f"(exit {result.returncode}): {result.stderr.strip()[:500]}")
        yield from lines
    return run


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="a folder of books, a list file (.txt) or one book")
    parser.add_argument("--output", required=True, help="folder for books.jsonl/, books.parquet/, messages.parquet/, messages.json/")
    parser.add_argument("--binary", default="epubcontract", help="epubcontract on the executors (default: on PATH)")
    parser.add_argument("--partitions", type=int, default=0, help="partitions of the book list (default: Spark's parallelism)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per book before it is recorded as timed out")
    parser.add_argument("--master", help="Spark master when run without spark-submit, e.g. local[2]")
    parser.add_argument("extra", nargs="*", help="arguments for epubcontract validate, after --")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession, functions as F

    builder = SparkSession.builder.appName("epubcontract")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    binary = args.binary
    if os.sep not in binary:
        found = subprocess.run(["sh", "-c", f"command -v {binary}"], capture_output=True, text=True).stdout.strip()
        binary = found or binary

    books = book_list(binary, args.input)
    if not books:
        sys.exit(f"no books found in {args.input}")
    partitions = args.partitions or spark.sparkContext.defaultParallelism
    lines = spark.sparkContext.parallelize(books, min(partitions, len(books))) \
        .mapPartitions(check_partition(binary, args.extra, args.timeout)).cache()

    lines.saveAsTextFile(os.path.join(args.output, "books.jsonl"))
    rows = spark.read.json(lines)
    rows.write.parquet(os.path.join(args.output, "books.parquet"))
    messages = rows.select("path", F.explode_outer("messages").alias("m")).where(F.col("m").isNotNull()) \
        .groupBy(F.col("m.id").alias("id"), F.col("m.severity").alias("severity")) \
        .agg(F.count("*").alias("messages"), F.countDistinct("path").alias("books")) \
        .orderBy(F.desc("books"), F.desc("messages"), "id")
    messages.write.parquet(os.path.join(args.output, "messages.parquet"))
    messages.coalesce(1).write.json(os.path.join(args.output, "messages.json"))

    statuses = {r["status"]: r["count"] for r in rows.groupBy("status").count().collect()}
    print(f"{len(books)} books: " + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())))
    messages.show(10, truncate=False)
    spark.stop()


if __name__ == "__main__":
    main()
