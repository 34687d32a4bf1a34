#!/usr/bin/env python3
"""scripts/table_update_confirmed.py, scripts/sustained_table_update.py,
scripts/oracle_short_report.py, scripts/arm_class_stats.py, scripts/trial_added_stats.py,
scripts/trial_vs_bench.py and scripts/power_window_report.py on tiny synthetic runs
whose outcomes are worked out by hand. Usage (CTest): python3 tests/cpu/test_table_scripts.py SCRIPTS_DIR"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = sys.argv.pop(1) if len(sys.argv) > 1 else "scripts"
HEADER = "M,N,K,dtype,acc,layout,method,mode,median_us,p10_us,p90_us,tflops,rel_err,spec,status"


def csv_text(rows):
    """rows: (shape 'M,N,K', method, us) or (..., status); us None: not timed."""
    def line(s, m, t, status="ok"):
        t = "" if t is None else t
        return f"{s},fp16,fp32,tn,{m},kernel,{t},{t},{t},,,x,{status}"
    return "\n".join([HEADER] + [line(*r) for r in rows]) + "\n"


def table(specs):
    """specs: {(m, n, k): spec}."""
    return {"format": "autogemm-tuning-table", "version": 1, "gpu": "G", "created": "c",
            "commit": "x", "entries": [
                {"dtype": "fp16", "acc": "fp32", "layout": "tn", "m": m, "n": n, "k": k,
                 "spec": s, "time_us": 1.0, "reference_us": 1.0, "reference_method": "none",
                 "gpu": "G", "date": "old"} for (m, n, k), s in specs.items()]}


class TableScripts(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def put(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text if isinstance(text, str) else json.dumps(text))
        return path

    def run_script(self, script, *args):
        r = subprocess.run([sys.executable, os.path.join(SCRIPTS, script), *args],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout

    def test_update_takes_the_fastest_candidate_unless_a_check_run_vetoes_it(self):
        A, B, C, D = (1, 8, 8), (2, 8, 8), (3, 8, 8), (4, 8, 8)
        shipped = self.put("shipped.json", table({A: "a0", B: "b0", C: "c0", D: "d0"}))
        new = self.put("new.json", table({A: "a1", B: "b1", C: "c1", D: "d1"}))
        sweep = self.put("sweep.json", table({A: "a2", B: "b2", C: "c2", D: "d2"}))
        # A: the sweep's pick is fastest (8 < 9 < 10). B: new is 0.5% faster, under the 1% margin.
        # C: new is faster, but the check run times it slower than the shipped spec: vetoed.
        # D: new is faster in both runs.
        confirm = self.put("confirm.csv", csv_text([
            ("1,8,8", "cublaslt_autotune_tn", 12), ("1,8,8", "old", 10), ("1,8,8", "new", 9),
            ("1,8,8", "sweep", 8),
            ("2,8,8", "cublaslt_autotune_tn", 12), ("2,8,8", "old", 10), ("2,8,8", "new", 9.95),
            ("3,8,8", "cublaslt_autotune_nn", 12), ("3,8,8", "old", 10), ("3,8,8", "new", 8),
            ("4,8,8", "cublaslt_autotune_tn", 12), ("4,8,8", "old", 10), ("4,8,8", "new", 8)]))
        check = self.put("check.csv", csv_text([
            ("3,8,8", "old", 10), ("3,8,8", "new", 10.5), ("4,8,8", "old", 10), ("4,8,8", "new", 9),
            ("1,8,8", "old", 10), ("1,8,8", "sweep", 9)]))
        out = os.path.join(self.dir.name, "out.json")
        said = self.run_script("table_update_confirmed.py", shipped, new, out, "--confirm", confirm,
                               "--check", check, "--old", "old", "--new", "new",
                               "--also", f"sweep={sweep}", "--date", "today",
                               "--report", out + ".md")
        self.assertIn("2 of 4 confirmed entries replaced (1 vetoed", said)
        # The gain over every confirmed shape (1.0 where an entry stays) and over the replaced.
        self.assertIn("1.1180x over all 4, 1.2500x over the 2 replaced", said)
        # The report: a line per replaced entry (A by the sweep, D by new), each with the check
        # runs' ratio where one timed it, and per run the set before and after against cuBLASLt.
        with open(out + ".md") as f:
            report = f.read()
        self.assertIn("| 1_8_8 | 10.00 -> 8.00 | 0.800, 0.900 | 1.200 -> 1.500 | a0 -> a2 |", report)
        self.assertIn("| 4_8_8 | 10.00 -> 8.00 | 0.800, 0.900 | 1.200 -> 1.500 | d0 -> d1 |", report)
        self.assertNotIn("3_8_8 |", report)
        self.assertIn("- confirm run (4 shapes): against cuBLASLt-autotune-max, old 1.200x -> "
                      "updated table 1.342x; below 1.0x 0 -> 0", report)
        # The same with a check run that did not time D's new pick: unconfirmed, so vetoed.
        partial = self.put("partial.csv", csv_text([
            ("1,8,8", "old", 10), ("1,8,8", "sweep", 9), ("3,8,8", "old", 10), ("3,8,8", "new", 9),
            ("4,8,8", "old", 10), ("4,8,8", "new", None, "timeout")]))
        said = self.run_script("table_update_confirmed.py", shipped, new, out + ".b", "--confirm",
                               confirm, "--check", partial, "--old", "old", "--new", "new",
                               "--also", f"sweep={sweep}", "--date", "today")
        self.assertIn("2 of 4 confirmed entries replaced (1 vetoed", said)
        with open(out + ".b") as f:
            b = {(e["m"], e["n"], e["k"]): e["spec"] for e in json.load(f)["entries"]}
        self.assertEqual([b[s] for s in (A, B, C, D)], ["a2", "b0", "c1", "d0"])
        # Check runs that each time a share of the shapes (tune_shards.sh CHECK=1): together they
        # cover every shape, so only C's slower check vetoes, as with one whole check run.
        share1 = self.put("share1.csv", csv_text([
            ("1,8,8", "old", 10), ("1,8,8", "sweep", 9), ("3,8,8", "old", 10), ("3,8,8", "new", 10.5)]))
        share2 = self.put("share2.csv", csv_text([("4,8,8", "old", 10), ("4,8,8", "new", 9)]))
        said = self.run_script("table_update_confirmed.py", shipped, new, out + ".c", "--confirm",
                               confirm, "--check", share1, "--check", share2, "--old", "old",
                               "--new", "new", "--also", f"sweep={sweep}", "--date", "today")
        self.assertIn("2 of 4 confirmed entries replaced (1 vetoed", said)
        with open(out) as f:
            entries = {(e["m"], e["n"], e["k"]): e for e in json.load(f)["entries"]}
        self.assertEqual([entries[s]["spec"] for s in (A, B, C, D)], ["a2", "b0", "c0", "d1"])
        self.assertEqual(entries[A]["time_us"], 8)
        self.assertEqual((entries[A]["reference_us"], entries[A]["reference_method"]),
                         (12, "cublaslt_autotune_tn"))
        self.assertEqual((entries[D]["date"], entries[B]["date"]), ("today", "old"))

    def test_report_times_the_first_runs_choice_in_the_others(self):
        # Two shapes, small (2MNK < 1e8) and large. Run 1 chooses `x` on both; in run 2 `y` is
        # faster on the small one, so max and chosen differ there.
        rows1 = [("64,64,64", "cublaslt_autotune_nn", 4), ("64,64,64", "cublaslt_autotune_tn", 5),
                 ("64,64,64", "x", 2), ("64,64,64", "y", 3),
                 ("8192,8192,8192", "cublaslt_autotune_nn", 100),
                 ("8192,8192,8192", "cublaslt_autotune_tn", 90),
                 ("8192,8192,8192", "x", 100), ("8192,8192,8192", "y", 120)]
        rows2 = [("64,64,64", "cublaslt_autotune_nn", 4), ("64,64,64", "cublaslt_autotune_tn", 4),
                 ("64,64,64", "x", 4), ("64,64,64", "y", 2),
                 ("8192,8192,8192", "cublaslt_autotune_nn", 90),
                 ("8192,8192,8192", "cublaslt_autotune_tn", 95),
                 ("8192,8192,8192", "x", 100), ("8192,8192,8192", "y", 100)]
        said = self.run_script("oracle_short_report.py", self.put("r1.csv", csv_text(rows1)),
                               self.put("r2.csv", csv_text(rows2)))
        run2 = said.split("run 2:")[1]
        # chosen: x on both, 4/4 = 1.0 and 90/100 = 0.9: geomean sqrt(0.9); only 0.9 is below 1.0x.
        self.assertIn("chosen     0.949x (1.000 / nan / 0.900), 1 below 1.0x, 2 shapes", run2)
        # max: y on the small one (4/2 = 2.0), 0.9 on the large one.
        self.assertIn("max        1.342x (2.000 / nan / 0.900), 1 below 1.0x, 2 shapes", run2)
        self.assertIn("chosen in run 1: x 2", said)
        # Each library's own geomean times by class: run 1's cuBLASLt-max 4 and 90 us.
        self.assertIn("times (us, geomean small / middle / large): cuBLASLt-autotune-max "
                      "4.00 / - / 90.00; x 2.00 / - / 100.00; y 3.00 / - / 120.00",
                      said.split("run 1:")[1].split("run 2:")[0])
        self.assertIn("cuBLASLt-autotune-max 4.00 / - / 90.00; x 4.00 / - / 100.00; "
                      "y 2.00 / - / 100.00", run2)

    def test_report_times_are_geomeans_by_class(self):
        # Two small shapes: x at 2 and 8 us, geomean 4 (an arithmetic mean would read 5).
        rows = [("64,64,64", "cublaslt_autotune_nn", 4), ("64,64,64", "cublaslt_autotune_tn", 4),
                ("64,64,128", "cublaslt_autotune_nn", 9), ("64,64,128", "cublaslt_autotune_tn", 9),
                ("64,64,64", "x", 2), ("64,64,128", "x", 8)]
        said = self.run_script("oracle_short_report.py", self.put("g1.csv", csv_text(rows)),
                               self.put("g2.csv", csv_text(rows)))
        self.assertIn("cuBLASLt-autotune-max 6.00 / - / -; x 4.00 / - / -", said)

    def test_report_counts_failures_instead_of_dropping_them(self):
        # Run 2: the chosen `x` computes a wrong C on the large shape; on a third shape no
        # candidate ran correctly in run 1, and a fourth lacks a baseline in run 2.
        base = [("64,64,64", "cublaslt_autotune_nn", 4), ("64,64,64", "cublaslt_autotune_tn", 5),
                ("8192,8192,8192", "cublaslt_autotune_nn", 100),
                ("8192,8192,8192", "cublaslt_autotune_tn", 90),
                ("128,128,128", "cublaslt_autotune_nn", 4), ("128,128,128", "cublaslt_autotune_tn", 4),
                ("256,256,256", "cublaslt_autotune_nn", 4)]
        rows1 = base + [("64,64,64", "x", 2), ("8192,8192,8192", "x", 100),
                        ("128,128,128", "x", None, "wrong_result: correctness"),
                        ("256,256,256", "cublaslt_autotune_tn", 4), ("256,256,256", "x", 2)]
        rows2 = base + [("64,64,64", "x", 2),
                        ("8192,8192,8192", "x", None, "wrong_result: correctness"),
                        ("128,128,128", "x", 3)]
        said = self.run_script("oracle_short_report.py", self.put("f1.csv", csv_text(rows1)),
                               self.put("f2.csv", csv_text(rows2)))
        self.assertIn("left out (a baseline missing or failed in some run): 256x256x256", said)
        self.assertIn("no candidate ran correctly in run 1 on: 128x128x128", said)
        run2 = said.split("run 2:")[1]
        self.assertIn("FAILED on 1", run2)
        self.assertIn("the choice FAILED or is missing on 1: 8192x8192x8192", run2)


    def test_arm_stats_pair_each_turn_with_its_own_cublaslt_and_flag_changed_picks(self):
        # The large shape is listed twice, so each process benches it twice; the GPU runs at half
        # speed in the second turn. Per process, ours and cuBLASLt are geomeans over the turns:
        # off sqrt(100 * 250), on sqrt(80 * 200) -> on/off 1.25; cuBLASLt sqrt(100 * 200) in both
        # (each turn's faster layout), so off 0.8944 and on 1.1180 of it. A mix-up of turns
        # (the last time of ours against the fastest cuBLASLt of all) reads otherwise.
        def rows(t1, t2, spec, mid_us, mid_spec):
            big = "8192,8192,8192"
            return [(big, "cublaslt_autotune_nn", 100, spec), (big, "cublaslt_autotune_tn", 110, spec),
                    (big, "autogemm", t1, spec), (big, "cublaslt_autotune_nn", 200, spec),
                    (big, "cublaslt_autotune_tn", 210, spec), (big, "autogemm", t2, spec),
                    ("1024,1024,1024", "cublaslt_autotune_tn", 10, spec),
                    ("1024,1024,1024", "autogemm", mid_us, mid_spec)]

        def text(rs):
            return "\n".join([HEADER] + [
                f"{s},fp16,fp32,tn,{m},kernel,{'' if t is None else t},,,,,id=1 {sp},"
                + ("ok" if t is not None else "wrong_result: correctness")
                for s, m, t, sp in rs]) + "\n"

        # A third shape, listed twice too, whose gemm() failed in its first turn of one process:
        # left out, not its second turn set against the first turn's cuBLASLt.
        four = "4096,4096,4096"
        failed = [(four, "cublaslt_autotune_tn", 100, "x"), (four, "autogemm", None, "sm90_a"),
                  (four, "cublaslt_autotune_tn", 200, "x"), (four, "autogemm", 250, "sm90_a")]
        passed = [(four, "cublaslt_autotune_tn", 100, "x"), (four, "autogemm", 90, "sm90_a"),
                  (four, "cublaslt_autotune_tn", 200, "x"), (four, "autogemm", 180, "sm90_a")]
        self.put("off_1.csv", text(rows(100, 250, "sm90_a", 5, "sm90_p") + failed))
        self.put("on_1.csv", text(rows(80, 200, "sm90_a", 4, "sm90_q") + passed))
        said = self.run_script("arm_class_stats.py", "-v", self.dir.name, "off", "on", "1")
        lines = {l.split("  n=")[0].strip(): l for l in said.splitlines() if "  n=" in l}
        self.assertIn("n=  1  on/off 1.2500  vs cuBLASLt off 0.8944 on 1.1180  changed 0",
                      lines["all large"])
        self.assertIn("on/off 1.2500  vs cuBLASLt off 2.0000 on 2.5000  changed 1", lines["all middle"])
        self.assertIn("1024x1024x1024 on/off 1.250 vs cuBLASLt 2.000 -> 2.500  sm90_p -> sm90_q", said)

    def test_arm_stats_ref_divides_out_a_slow_process(self):
        # Arm on's process ran every kernel slower: the reference (fixed picks, `tuned`) 2x, gemm()
        # 1.75x. Raw, on reads slower (8 / 14); against the reference in its own process it is
        # faster: (8 / 8) / (14 / 16) = 1.1429. The second shape's reference failed in one
        # process, so it is left out of the normalized figures only.
        def text(rs):
            return "\n".join([HEADER] + [
                f"{s},fp16,fp32,tn,{m},kernel,{'' if t is None else t},,,,,id=1 sm90_a,"
                + ("ok" if t is not None else "no_entry: not in tuning table")
                for s, m, t in rs]) + "\n"

        def rows(ours, ref, lt, ref2):
            a, b = "1024,1024,1024", "2048,1024,1024"
            return [(a, "cublaslt_autotune_tn", lt), (a, "autogemm", ours), (a, "tuned", ref),
                    (b, "cublaslt_autotune_tn", lt), (b, "autogemm", ours), (b, "tuned", ref2)]

        self.put("off_1.csv", text(rows(8, 8, 10, 8)))
        self.put("on_1.csv", text(rows(14, 16, 20, None)))
        said = self.run_script("arm_class_stats.py", "--ref", "tuned", self.dir.name, "off", "on",
                               "1")
        lines = {l.split("  n=")[0].strip(): l for l in said.splitlines() if "  n=" in l}
        self.assertIn("n=  2  on/off 0.5714", lines["all middle"])
        self.assertIn("on/off vs tuned 1.1429 (n=1)", lines["all middle"])
        self.assertIn("on/off vs tuned by pair: pair 1 1.1429", said)
        plain = self.run_script("arm_class_stats.py", self.dir.name, "off", "on", "1")
        self.assertNotIn("vs tuned", plain)
        same = self.run_script("arm_class_stats.py", "--ref=tuned", self.dir.name, "off", "on",
                               "1")
        self.assertIn("on/off vs tuned 1.1429 (n=1)", same)
        # A misspelt or baseline reference is refused, not read as "no figures".
        for bad in ("tunde", "cublaslt_autotune_tn", "autogemm"):
            run = subprocess.run([sys.executable, os.path.join(SCRIPTS, "arm_class_stats.py"),
                                  "--ref", bad, self.dir.name, "off", "on", "1"],
                                 capture_output=True, text=True)
            self.assertNotEqual(run.returncode, 0, bad)
            self.assertIn("--ref", run.stderr, bad)

    def test_trial_added_stats_splits_shapes_by_what_the_trials_say(self):
        # Arm "on" times 7 candidates on shapes 1 and 2 (in its one process), 6 on shape 3. On
        # shape 1 the added (last) candidate won; on shape 2 the trial kept the pick although the
        # added one's median equals the pick's (not a win). gemm(): off 10 / on 8 on shape 1,
        # 10 / 10 on 2, 10 / 5 on 3; `cm` ran 2x slower in on's process, so against it shape 1
        # reads (10 / 10) / (8 / 20) = 2.5. A shape missing its cuBLASLt row is left out, not
        # a crash.
        def log(shape, n, winner, pick, last):
            meds = ", ".join([f"sm90_x{i} {pick + i}" for i in range(n - 1)] + [f"sm90_add {last}"])
            return (f"{shape} autogemm: not in tuning table; timed on this GPU on its first call: "
                    f"{winner:.2f} us against the model's pick's {pick:.2f} us, chosen from {n} "
                    f"candidates (the model's top; 5 rounds of 1; medians in us: {meds}); first "
                    f"call 9 ms\n")

        def rows(t1, t2, t3, cm):
            out = []
            for shape, t in (("1_2_3", t1), ("4_5_6", t2), ("7_8_9", t3)):
                s = shape.replace("_", ",")
                out += [(s, "cublaslt_autotune_nn", 12), (s, "cublaslt_autotune_tn", 12),
                        (s, "autogemm", t), (s, "cm", cm)]
            return out + [("9,9,9", "autogemm", 1), ("9,9,9", "cm", 1)]

        self.put("off_1.csv", csv_text(rows(10, 10, 10, 10)))
        self.put("on_1.csv", csv_text(rows(8, 10, 5, 20)))
        self.put("off_1.log", "")
        self.put("on_1.log", log("1_2_3", 7, 90.0, 100.0, 90.0) + log("4_5_6", 7, 100.0, 100.0, 100.0)
                 + log("7_8_9", 6, 50.0, 50.0, 50.0))
        said = self.run_script("trial_added_stats.py", self.dir.name, "off", "on", "1")
        lines = {l[:9].strip() + (" pooled" if "pooled" in l else ""): l for l in said.splitlines()}
        self.assertIn("n   2  raw 1.1180  vs cm 2.2361", lines["fired pooled"])
        self.assertIn("n   1  raw 2.0000  vs cm 4.0000", lines["not every pooled"])
        self.assertIn("n   1  raw 1.2500  vs cm 2.5000", lines["won all pooled"])
        self.assertIn("won some  n   0", said)

    def test_trial_vs_bench_pairs_each_candidate_and_flags_twin_order(self):
        # The trial read spec a 16, its twin a_nopdl 15 (twin first), b 20, b_nopdl 21 (PDL
        # first); the bench ran a 16, a_nopdl 18 (order flipped), b 20 (b_nopdl not timed: named,
        # not counted), and gemm()'s own `auto` row ('timed ...') is no candidate. nopdl:
        # 18 / 15 = 1.2 over one; other: (16 / 16 * 20 / 20) -> 1.0 over two; 1 of 1 pair flips.
        # A process without its CSV is named and skipped.
        log = ("1_2_3 autogemm: not in tuning table; timed on this GPU on its first call: 15.00 us "
               "against the model's pick's 16.00 us, chosen from 4 candidates (medians in us: "
               "sm90_a 16.00, sm90_a_nopdl 15.00, sm90_b 20.00, sm90_b_nopdl 21.00); first call "
               "9 ms\n")
        self.put("p_1.log", log)
        self.put("p_1.csv", HEADER + "\n" + "\n".join([
            "1,2,3,fp16,fp32,tn,autogemm,kernel,17,17,17,,,timed sm90_a_nopdl,ok",
            "1,2,3,fp16,fp32,tn,c0,kernel,16,16,16,,,sm90_a,ok",
            "1,2,3,fp16,fp32,tn,c1,kernel,18,18,18,,,sm90_a_nopdl,ok",
            "1,2,3,fp16,fp32,tn,c2,kernel,20,20,20,,,sm90_b,ok",
            "1,2,3,fp16,fp32,tn,c3,kernel,,,,,,sm90_b_nopdl,failed"]) + "\n")
        self.put("p_2.log", log)
        said = self.run_script("trial_vs_bench.py", *[os.path.join(self.dir.name, f) for f in
                                                      ("p_1.log", "p_1.csv", "p_2.log", "p_2.csv")])
        self.assertIn("1_2_3: trial pick sm90_a_nopdl (15.00 us)", said)
        self.assertIn("nopdl: bench/trial geomean 1.200 over 1", said)
        self.assertIn("other: bench/trial geomean 1.000 over 2", said)
        self.assertIn("differs between trial and bench in 1 of 1 pairs", said)
        self.assertIn("p_2.log: no results", said)
        self.assertRegex(said, r"sm90_b_nopdl +trial +21.00 +bench -")

    def test_sustained_update_needs_alt_faster_in_every_process_of_both_protocols(self):
        A, B, C = (1, 8, 8), (2, 8, 8), (3, 8, 8)
        shipped = self.put("shipped.json", table({A: "a0", B: "b0", C: "c0"}))
        alt = self.put("alt.json", table({A: "a1", B: "b1", C: "c0"}))
        os.mkdir(os.path.join(self.dir.name, "cmp"))
        # A: alt faster everywhere: taken, with fast alt 4 and 9 (geomean 6) and the faster
        # cuBLASLt (nn 8 and tn 18: geomean 12, named by the fastest of them).
        # B: alt slower in one sustained process: kept. C: same spec: left alone.
        def proc(a_fast, b_alt, nn, tn):
            return csv_text([("1,8,8", "cublaslt_autotune_nn", nn),
                             ("1,8,8", "cublaslt_autotune_tn", tn),
                             ("1,8,8", "tab", 10), ("1,8,8", "alt", a_fast),
                             ("2,8,8", "tab", 10), ("2,8,8", "alt", b_alt),
                             ("3,8,8", "tab", 10), ("3,8,8", "alt", 9)])
        self.put("cmp/fast_1.csv", proc(4, 9, 8, 20))
        self.put("cmp/fast_2.csv", proc(9, 9, 19, 18))
        self.put("cmp/sus_1.csv", proc(9, 9, 8, 20))
        self.put("cmp/sus_2.csv", proc(9, 11, 8, 20))
        out = os.path.join(self.dir.name, "out.json")
        log = self.run_script("sustained_table_update.py", shipped, alt,
                              os.path.join(self.dir.name, "cmp"), "--date", "today", "--out", out)
        self.assertIn("1 entries taken", log)
        got = {(e["m"], e["n"], e["k"]): e for e in json.load(open(out))["entries"]}
        self.assertEqual(got[A]["spec"], "a1")
        self.assertAlmostEqual(got[A]["time_us"], 6.0)
        self.assertAlmostEqual(got[A]["reference_us"], 12.0)
        self.assertEqual(got[A]["reference_method"], "cublaslt_autotune_nn")
        self.assertEqual(got[A]["date"], "today")
        self.assertEqual((got[B]["spec"], got[B]["date"]), ("b0", "old"))
        self.assertEqual((got[C]["spec"], got[C]["date"]), ("c0", "old"))
        # A 12% margin: A's alt is 10% faster in three processes, so nothing is taken.
        log = self.run_script("sustained_table_update.py", shipped, alt,
                              os.path.join(self.dir.name, "cmp"), "--date", "today", "--margin",
                              "0.12", "--out", out)
        self.assertIn("0 entries taken", log)

    def test_power_report_averages_each_runs_own_window(self):
        # nvidia-smi every 100 ms from t = 1000 s (epoch, UTC): 300 W / 1000 MHz before 1002.0 s,
        # 600 W / 1500 MHz up to 1004.0 s, then 700 W / 1200 MHz.
        def stamp(ms):
            import datetime
            t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
            return t.strftime("%Y/%m/%d %H:%M:%S.") + f"{t.microsecond // 1000:03d}"
        lines = ["timestamp, power.draw [W], clocks.sm [MHz], temperature.gpu"]
        for ms in range(1000000, 1008000, 100):
            w, mhz = (300, 1000) if ms < 1002000 else (600, 1500) if ms < 1004000 else (700, 1200)
            lines.append(f"{stamp(ms)}, {w}, {mhz}, 40")
        d = os.path.join(self.dir.name, "cap")
        os.makedirs(d)
        self.put("cap/smi.csv", "\n".join(lines) + "\n")
        # A probe run over [1001 s, 1003 s]: its second half (1002-1003 s) is all 600 W.
        self.put("cap/probe.csv", "structure,data,start_ms,end_ms,tflops,sm_mhz,"
                 "flops_per_sm_cycle,peak_fraction\n1x2x192,normal,1001000,1003000,600,1000,0,0\n")
        # A bench run ending at 1007 s: its window 1004.5-1006.8 s is all 700 W.
        self.put("cap/windows.csv", "date_ms,1000000\nbench,alone,8_8_8,1004000,1007000\n")
        self.put("cap/bench_alone_8_8_8.csv", csv_text([("8,8,8", "autogemm", 1)]).replace(
            ",,,x,ok", ",700,,x,ok"))
        out = self.run_script("power_window_report.py", d, "100").splitlines()
        # 600 TFLOP/s at 1000 MHz on 100 SMs: 6000 flop per SM cycle, 1.465 of 4096.
        self.assertEqual(out[1], "1x2x192 normal,600.0,600,1500,1.000,1000,1.465")
        self.assertEqual(out[2], "alone 8_8_8,700.0,700,1200,1.000,,")


if __name__ == "__main__":
    unittest.main()
