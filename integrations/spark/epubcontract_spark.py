#!/usr/bin/env python3
"""Validate a catalog of EPUBs on a Spark cluster with epubcontract.

The job writes one row per book as JSON Lines (exactly the lines `epubcontract validate --jsonl`
writes) and as Parquet, and a table of message IDs (messages and books per ID, with their
severity) as Parquet and JSON. It reads the books one of two ways:

- **A URL** (`hdfs://…`, `s3a://…`, `file:///…`: any file system the cluster's Hadoop reaches):
  Spark reads each `.epub` under it with `binaryFiles`, and each book's bytes go to the binary on
  standard input (`validate --stdin-book NAME`); no shared file system is needed. A book is named
  by its URL, or by its path for `file:` URLs (as a run on that machine would name it).
- **A path** on a file system every executor mounts (a folder of books, searched with -r, a list
  file with one path per line, or one book): each partition runs one batch
  `epubcontract validate @PART --jsonl -`. Unpacked book folders are read this way only.

The binary, on each executor: the wheel shipped with the job (`--wheel dist/epubcontract-….whl`,
unpacked once per executor), else `--binary`, else the `epubcontract` Python package installed on
the executors (`pip install` of the same wheel), else `epubcontract` on PATH.

    spark-submit integrations/spark/epubcontract_spark.py --input s3a://bucket/catalog/ \\
        --output s3a://bucket/out --wheel dist/epubcontract-0.4.0-py3-none-manylinux_2_35_x86_64.whl -- -u
    spark-submit integrations/spark/epubcontract_spark.py --input /data/catalog --output /data/out \\
        --binary /usr/local/bin/epubcontract --partitions 400 -- -u

Arguments after `--` go to `epubcontract validate` (for example -u or --profile dict). Without
spark-submit, `python3 epubcontract_spark.py --master local[2] ...` runs the same job on this machine.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from urllib.parse import unquote, urlparse


def book_list(binary, source):
    """The books the binary itself would check for this input (folder rules, -r), in its order."""
    argument = source if not source.endswith(".txt") else "@" + source
    run = subprocess.run([binary, "validate", argument, "-r", "--list"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"epubcontract could not list the books of {source}: {run.stderr.strip()}")
    return [line for line in run.stdout.split("\n") if line]


def read_through_spark(context, args):
    """The `.epub` files under a URL as (url, bytes), through Hadoop's file systems."""
    source = args.input.rstrip("/")
    minimum = args.partitions or context.defaultParallelism
    return context.binaryFiles(source, minPartitions=minimum).filter(lambda book: book[0].lower().endswith(".epub"))


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
        # JSON Lines end at "\n" only: splitlines() would also cut at U+0085 or U+2028 in a value.
        lines = [line for line in result.stdout.split("\n") if line.startswith("{")]
        if len(lines) != len(paths):
            raise RuntimeError(f"epubcontract returned {len(lines)} records for {len(paths)} books "
                               f"(exit {result.returncode}): {result.stderr.strip()[:500]}")
        yield from lines
    return run


def is_url(source):
    """A Hadoop URL (scheme://…, file:/…) is read through Spark; anything else is a local path."""
    scheme = urlparse(source).scheme
    return len(scheme) > 1 and (source.startswith(scheme + "://") or scheme == "file")


def book_name(url):
    """What a record calls a book read through Spark: a local file's path, else its URL."""
    parsed = urlparse(url)
    return unquote(parsed.path) if parsed.scheme == "file" else url


def executor_binary(wheel_name, binary):
    """The binary on this executor: unpacked from the shipped wheel (once per executor, atomically),
    the given path, the installed Python package's, or the command on PATH."""
    if wheel_name:
        from pyspark import SparkFiles
        wheel = SparkFiles.get(wheel_name)
        with open(wheel, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
        target = os.path.join(tempfile.gettempdir(), f"epubcontract-wheel-{digest}")
        if not os.path.isdir(target):
            staging = tempfile.mkdtemp(prefix="epubcontract-wheel-", dir=tempfile.gettempdir())
            with zipfile.ZipFile(wheel) as archive:
                for entry in archive.infolist():
                    path = archive.extract(entry, staging)
                    mode = entry.external_attr >> 16 & 0o777
                    if mode:
                        os.chmod(path, mode)
            try:
                os.rename(staging, target)
            except OSError:  # another task of this executor got there first
                shutil.rmtree(staging, ignore_errors=True)
        return os.path.join(target, "epubcontract", "_bin", "epubcontract")
    if binary:
        return binary
    try:
        import epubcontract
        return epubcontract.binary_path()
    except Exception:
        return shutil.which("epubcontract") or "epubcontract"


def check_bytes(wheel_name, binary, extra, timeout):
    """A function for mapPartitions over (url, bytes): each book's record, its bytes on standard input."""
    def run(books):
        executable = executor_binary(wheel_name, binary)
        for url, data in books:
            yield record_from_bytes(executable, book_name(url), data, extra, timeout)
    return run


def record_from_bytes(executable, name, data, extra, timeout):
    """One book's JSON line; a book that hangs or crashes gets the record a batch would give it."""
    start = time.monotonic()
    command = [executable, "validate", "--stdin-book", name, "--jsonl", "-"] + extra
    try:
        result = subprocess.run(command, input=data, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return stopped(name, data, start, "timeout", f"stopped after {timeout:g} s (--timeout)")
    lines = [line for line in result.stdout.decode("utf-8").split("\n") if line.startswith("{")]
    if len(lines) == 1:
        return lines[0]
    if result.returncode == 2 and not lines and result.stderr.startswith(b"Error:"):
        raise RuntimeError(f"epubcontract refused the arguments: {result.stderr.decode('utf-8', 'replace')[:500]}")
    how = f"signal {-result.returncode}" if result.returncode < 0 else f"exit status {result.returncode}"
    said = result.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
    return stopped(name, data, start, "crashed", f"the check ended abnormally ({how})" + (f": {said[0]}" if said else ""))


def stopped(name, data, start, status, error):
    record = {"path": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(), "status": status,
              "exitCode": None, "elapsedMs": round((time.monotonic() - start) * 1000, 1), "peakMemoryKiB": None, "error": error}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="a URL read through Spark (hdfs://, s3a://, file:///...), or a path: a folder of books, a list file (.txt) or one book")
    parser.add_argument("--output", required=True, help="folder for books.jsonl/, books.parquet/, messages.parquet/, messages.json/")
    parser.add_argument("--binary", help="epubcontract on the executors (default: the installed Python package's, else on PATH)")
    parser.add_argument("--wheel", help="the epubcontract wheel, shipped to the executors with the job and unpacked there")
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
    context = spark.sparkContext
    wheel_name = None
    if args.wheel:
        context.addFile(os.path.abspath(args.wheel))
        wheel_name = os.path.basename(args.wheel)
    if is_url(args.input):
        books = read_through_spark(context, args)
        lines = books.mapPartitions(check_bytes(wheel_name, args.binary, args.extra, args.timeout)).cache()
    else:
        binary = executor_binary(wheel_name, args.binary)
        books = book_list(binary, args.input)
        if not books:
            sys.exit(f"no books found in {args.input}")
        partitions = args.partitions or context.defaultParallelism
        lines = context.parallelize(books, min(partitions, len(books))) \
            .mapPartitions(check_partition(binary, args.extra, args.timeout)).cache()
    if lines.isEmpty():
        sys.exit(f"no books found in {args.input}")

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
    print(f"{rows.count()} books: " + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())))
    messages.show(10, truncate=False)
    spark.stop()


if __name__ == "__main__":
    main()
