#!/usr/bin/env python3
"""scripts/issue5_summary.py on a tiny synthetic CSV, whose figures are worked out by hand.
Usage (CTest): python3 tests/cpu/test_issue5_summary.py scripts/issue5_summary.py"""
import importlib.util
import math
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = sys.argv.pop(1) if len(sys.argv) > 1 else "scripts/issue5_summary.py"
HEADER = "M,N,K,dtype,acc,layout,method,mode,median_us,p10_us,p90_us,tflops,rel_err,spec,status"


def row(shape, method, us, spec="s", status="ok"):
    t = "" if us is None else f"{us:.3f}"
    return f"{shape},fp16,fp32,tn,{method},kernel,{t},{t},{t},,,{spec},{status}"


# Two shapes. Sweep best: 10 us on A (the 12 us spec is ignored), 20 us on B (the failed spec
# too). cuBLASLt-autotune-max: 11 on A (nn), 25 on B (tn). tuned_b8 runs 10 on A and 40 on B;
# tuned_b32 runs 10 on A and has no entry for B; zero_shot fails on A and runs 20 on B.
CSV = "\n".join([
    HEADER,
    row("64,64,64", "cublaslt_autotune_nn", 11),
    row("64,64,64", "cublaslt_autotune_tn", 12),
    row("64,64,64", "autogemm", 10, "sweep_a"),
    row("64,64,64", "autogemm", 12, "sweep_b"),
    row("64,64,64", "tuned_b8", 10),
    row("64,64,64", "tuned_b32", 10),
    row("64,64,64", "zero_shot", None, "", "FAILED: correctness: rel_err 1"),
    row("64,64,64", "oracle", 10, "sweep_a"),
    row("128,64,64", "cublaslt_autotune_nn", 30),
    row("128,64,64", "cublaslt_autotune_tn", 25),
    row("128,64,64", "autogemm", 20, "sweep_a"),
    row("128,64,64", "autogemm", None, "sweep_b", "FAILED: prepare: x, y"),
    row("128,64,64", "tuned_b8", 40),
    row("128,64,64", "tuned_b32", None, "", "no_entry: not in tuning table t.json"),
    row("128,64,64", "zero_shot", 20),
    row("128,64,64", "oracle", 20, "sweep_a"),
]) + "\n"


def load():
    spec = importlib.util.spec_from_file_location("issue5_summary", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Issue5Summary(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as f:
            f.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_figures(self):
        import csv
        with open(self.path, newline="") as f:
            methods, oracle_vs_ref, oracle_shapes = load().summarize(csv.DictReader(f))
        self.assertEqual(list(methods), ["tuned_b8", "tuned_b32", "zero_shot"])
        self.assertEqual(oracle_shapes, 2)
        self.assertAlmostEqual(oracle_vs_ref, math.sqrt(11 / 10 * 25 / 20))
        b8 = methods["tuned_b8"]
        self.assertEqual((b8["shapes"], b8["timed"], b8["no_entry"], b8["failed"]), (2, 2, 0, 0))
        self.assertAlmostEqual(b8["vs_oracle"], math.sqrt(1 * 20 / 40))
        self.assertAlmostEqual(b8["vs_cublaslt"], math.sqrt(11 / 10 * 25 / 40))
        b32 = methods["tuned_b32"]
        self.assertEqual((b32["timed"], b32["no_entry"], b32["failed"]), (1, 1, 0))
        self.assertAlmostEqual(b32["vs_oracle"], 1.0)
        zero = methods["zero_shot"]
        self.assertEqual((zero["timed"], zero["no_entry"], zero["failed"]), (1, 0, 1))
        self.assertAlmostEqual(zero["vs_cublaslt"], 25 / 20)

    def test_command_prints_the_table(self):
        out = subprocess.run([sys.executable, SCRIPT, self.path], capture_output=True, text=True,
                             check=True).stdout
        self.assertIn("| tuned_b8 | 2 | 2 | 0 | 0 | 0.707 | - | 0.829 |", out)
        self.assertIn("| tuned_b32 | 2 | 1 | 1 | 0 | 1.000 | >= 0.97: yes (on 1/2 shapes) | 1.100 |",
                      out)
        self.assertIn("| zero_shot | 2 | 1 | 0 | 1 | 1.000 | >= 0.95: yes (on 1/2 shapes) | 1.250 |",
                      out)


if __name__ == "__main__":
    unittest.main()
