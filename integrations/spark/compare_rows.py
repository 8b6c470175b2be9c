#!/usr/bin/env python3
"""Compares the Spark job's output with one single-process `--jsonl` run: the same rows, book for
book (all fields but the timings and memory), each book once, the Parquet rows and the message
table. Usage: compare_rows.py SINGLE.jsonl SPARK_OUTPUT_FOLDER WHAT_RAN"""
import glob, json, os, sys
from pyspark.sql import SparkSession
session = SparkSession.builder.master("local[1]").appName("check").getOrCreate()
def load(lines):
    rows = {}
    for line in lines:
        r = json.loads(line)
        r.pop("elapsedMs"); r.pop("peakMemoryKiB")
        rows[r["path"]] = r
    return rows
single = load(open(sys.argv[1]))
lines = [l for f in sorted(glob.glob(os.path.join(sys.argv[2], "books.jsonl", "part-*"))) for l in open(f)]
spark = load(lines)
assert len(lines) == len(spark), f"{len(lines) - len(spark)} duplicate row(s) after the retried task"
assert single.keys() == spark.keys(), (len(single), len(spark), sorted(single.keys() ^ spark.keys())[:5])
different = [p for p in single if single[p] != spark[p]]
assert not different, different[:5]
paths = [r["path"] for r in session.read.parquet(os.path.join(sys.argv[2], "books.parquet")).select("path").collect()]
assert sorted(paths) == sorted(single), len(paths)
ids = {}
for r in single.values():
    for m in r.get("messages") or []:
        ids.setdefault((m["id"], m["severity"]), set()).add(r["path"])
messages = [r.asDict() for r in session.read.parquet(os.path.join(sys.argv[2], "messages.parquet")).collect()]
assert {(m["id"], m["severity"]): m["books"] for m in messages} == {k: len(v) for k, v in ids.items()}, "message table"
print(f"spark: {len(single)} books in {os.path.basename(sys.argv[1]).split('.')[0]}, {sys.argv[3]}, rows equal to the single-process --jsonl (no duplicate, none missing), {len(messages)} message IDs")
