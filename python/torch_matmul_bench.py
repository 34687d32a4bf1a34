#!/usr/bin/env python3
"""torch.matmul timed the way `autogemm bench` times its methods, written to the same CSV.

Methods: torch_matmul in layout nn (a @ b, b row-major K x N) and tn (a @ w.t(), w stored
N x K, the nn.Linear weight), interleaved per shape in shuffled rounds (DESIGN.md section 6).
Per shape: a correctness gate on fresh N(0,1) inputs against an fp32-accumulated reference
(a method that fails is reported FAILED and not timed); then timing on --data inputs:
  kernel:  CUDA events around a loop of back-to-back calls (one sample per loop);
  offline: host clock around each call plus torch.cuda.synchronize();
  server:  offline with exponentially distributed pauses (mean 1/--target_qps) before calls.
Protocol: the fast one (--rounds rounds of ~0.5 ms loops) or CUDA-L2's (--warmup_seconds,
--benchmark_seconds), sized exactly as src/bench/protocol.cpp does.
Each call allocates its output, as user code does; the gate therefore checks that the result
is finite and close to the reference (the poisoned-output check applies to the C++ methods).

  python3 python/torch_matmul_bench.py --shapes bench/shapes/grid100.txt --mode offline \
      --out torch_offline.csv
"""
import argparse
import csv
import math
import random
import sys
import time

COLUMNS = ["M", "N", "K", "dtype", "acc", "layout", "method", "mode", "median_us", "p10_us",
           "p90_us", "tflops", "rel_err", "spec", "status"]
GRID = [64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384]


class InputError(Exception):
    pass


def parse_shape(text, where):
    for sep in (",", "_", None):
        if sep is None or sep in text:
            parts = text.split(sep)
            break
    parts = [p.strip() for p in parts]
    if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise InputError(f"{where}: bad shape '{text}': expected M_N_K with three positive integers")
    return tuple(int(p) for p in parts)


def load_shapes(args):
    shapes = [parse_shape(s, "--mnk") for s in args.mnk]
    if args.shapes:
        try:
            lines = open(args.shapes).read().splitlines()
        except OSError:
            raise InputError(f"cannot open shapes file '{args.shapes}'")
        for i, line in enumerate(lines, 1):
            line = line.split("#")[0].strip()
            if line:
                shapes.append(parse_shape(line, f"{args.shapes}:{i}"))
    if args.grid:
        if args.grid != "cudal2":
            raise InputError(f"unknown grid '{args.grid}' (expected cudal2)")
        shapes += [(m, n, k) for m in GRID for n in GRID for k in GRID]
    if not shapes:
        raise InputError("no shapes: give --mnk, --shapes or --grid")
    return shapes


def percentile(samples, p):
    s = sorted(samples)
    pos = p * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def calls_per_loop(mode, call_us, args):
    """Same sizing as src/bench/protocol.cpp calls_per_loop."""
    target = 500.0
    if args.benchmark_seconds > 0:
        target = min(max(args.benchmark_seconds * 1e6 / 20, 500.0), 5e4)
    per_call = max(call_us, 0.1)
    if mode == "server":
        per_call += 1e6 / args.target_qps
        target = max(target, 2e4)
    return int(min(max(round(target / per_call), 1), 1000))


def more_rounds(args, done, min_spent):
    if args.benchmark_seconds > 0:
        return done < 3 or (done < 1000000 and min_spent < args.benchmark_seconds)
    return done < args.rounds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mnk", action="append", default=[], help="M_N_K (repeatable)")
    ap.add_argument("--shapes", help="shape file (M_N_K per line, # comments)")
    ap.add_argument("--grid", help="cudal2: the 1,000-shape grid")
    ap.add_argument("--dtype", default="fp16", choices=["fp16", "bf16"])
    ap.add_argument("--acc", "--acc_precise", default="fp32", choices=["fp32", "fp16"])
    ap.add_argument("--mode", default="kernel", choices=["kernel", "offline", "server"])
    ap.add_argument("--target_qps", type=float, default=100.0)
    ap.add_argument("--warmup_seconds", type=float, default=0.0)
    ap.add_argument("--benchmark_seconds", type=float, default=0.0)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--layouts", default="nn,tn", help="comma list of nn, tn")
    ap.add_argument("--data", default="normal", choices=["normal", "uniform"])
    ap.add_argument("--gpu_device_id", type=int, default=0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default="torch_matmul.csv", help="CSV output file")
    args = ap.parse_args()
    try:
        if args.acc == "fp16":
            raise InputError("--acc fp16: torch.matmul has no fp16 accumulator")
        if args.target_qps <= 0 or args.rounds < 1:
            raise InputError("--target_qps must be positive and --rounds at least 1")
        layouts = args.layouts.split(",")
        if not layouts or any(l not in ("nn", "tn") for l in layouts):
            raise InputError(f"--layouts '{args.layouts}': expected nn, tn or nn,tn")
        shapes = load_shapes(args)
    except InputError as e:
        print(f"torch_matmul_bench: error: {e}", file=sys.stderr)
        return 2

    import torch  # only where it is installed (the device machine)

    if not torch.cuda.is_available():
        print("torch_matmul_bench: no usable CUDA GPU", file=sys.stderr)
        return 3
    torch.cuda.set_device(args.gpu_device_id)
    dev = torch.device("cuda", args.gpu_device_id)
    dtype = torch.float16 if args.dtype == "fp16" else torch.bfloat16
    tol = 1e-3 if args.dtype == "fp16" else 1e-2  # src/bench/check_rule.cpp, fp32 accumulator
    spec = f"torch {torch.__version__} matmul"
    rng = random.Random(args.seed)
    gen = torch.Generator(device=dev)

    def inputs(m, n, k, seed, dist):
        gen.manual_seed(seed)
        if dist == "normal":
            a = torch.randn(m, k, device=dev, dtype=torch.float32, generator=gen)
            b = torch.randn(k, n, device=dev, dtype=torch.float32, generator=gen)
        else:
            a = torch.rand(m, k, device=dev, generator=gen) * 2 - 1
            b = torch.rand(k, n, device=dev, generator=gen) * 2 - 1
        a, b = a.to(dtype), b.to(dtype)
        w = b.t().contiguous()  # N x K storage of the same logical B
        return a, b, w

    def call_for(layout, a, b, w):
        if layout == "nn":
            return lambda: torch.matmul(a, b)
        return lambda: torch.matmul(a, w.t())

    def timed_loop(fn, calls, pauses, samples):
        torch.cuda.synchronize()
        wall0 = time.perf_counter()
        if args.mode == "kernel":
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(calls):
                fn()
            stop.record()
            stop.synchronize()
            samples.append(start.elapsed_time(stop) * 1000.0 / calls)
        else:
            for _ in range(calls):
                if pauses:
                    time.sleep(rng.expovariate(args.target_qps))
                t0 = time.perf_counter()
                fn()
                torch.cuda.synchronize()
                samples.append((time.perf_counter() - t0) * 1e6)
        return time.perf_counter() - wall0

    out = open(args.out, "w", newline="")
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    out.flush()
    t_start = time.perf_counter()
    for index, (m, n, k) in enumerate(shapes):
        state = {l: {"ok": True, "status": "ok", "rel_err": "", "samples": [], "spent": 0.0}
                 for l in layouts}
        try:
            a, b, w = inputs(m, n, k, args.seed * 1000003 + 2 * index, "normal")
            ref = a.float() @ b.float()
            ref_norm = ref.norm().item()
            for l in layouts:
                c = call_for(l, a, b, w)()
                bad = (~torch.isfinite(c)).sum().item()
                err = ((c.float() - ref).norm().item() / ref_norm) if bad == 0 else float("nan")
                state[l]["rel_err"] = f"{err:.3e}" if bad == 0 else "nan"
                if bad:
                    state[l].update(ok=False, status=f"FAILED: correctness: {bad} outputs NaN/Inf")
                elif not err <= tol:
                    state[l].update(ok=False, status=f"FAILED: correctness: rel_err {err:.3g} > tolerance {tol:g}")
            del ref, c
            a, b, w = inputs(m, n, k, args.seed * 1000003 + 2 * index + 1, args.data)
            live = [l for l in layouts if state[l]["ok"]]
            fns = {l: call_for(l, a, b, w) for l in live}
            calls = {}
            for l in live:  # calibrate: one warm call, then two timed without pauses
                fns[l]()
                cal = []
                timed_loop(fns[l], 2, False, cal)
                calls[l] = calls_per_loop(args.mode, sum(cal) / len(cal), args)
            rng.shuffle(live)
            for l in live:  # warm-up: one loop, or --warmup_seconds
                t0 = time.perf_counter()
                while True:
                    for _ in range(calls[l]):
                        fns[l]()
                    torch.cuda.synchronize()
                    if time.perf_counter() - t0 >= args.warmup_seconds:
                        break
            rounds = 0
            while live and more_rounds(args, rounds, min(state[l]["spent"] for l in live)):
                rng.shuffle(live)
                for l in live:
                    state[l]["spent"] += timed_loop(fns[l], calls[l], args.mode == "server",
                                                    state[l]["samples"])
                rounds += 1
            del a, b, w
        except torch.cuda.OutOfMemoryError:
            torch.cuda.empty_cache()
            for l in layouts:
                if state[l]["ok"]:
                    state[l].update(ok=False, status="SKIPPED: out of device memory")
        for l in layouts:
            s = state[l]
            row = [m, n, k, args.dtype, args.acc, l, "torch_matmul", args.mode]
            if s["ok"] and s["samples"]:
                med = percentile(s["samples"], 0.5)
                row += [f"{med:.3f}", f"{percentile(s['samples'], 0.1):.3f}",
                        f"{percentile(s['samples'], 0.9):.3f}", f"{2.0 * m * n * k / med / 1e6:.2f}"]
            else:
                row += ["", "", "", ""]
            row += [s["rel_err"], spec, s["status"]]
            writer.writerow(row)
        out.flush()
        done = index + 1
        if done % max(1, len(shapes) // 20) == 0 or done == len(shapes):
            el = time.perf_counter() - t_start
            print(f"{done}/{len(shapes)} elapsed {el:.0f}s ETA {el / done * (len(shapes) - done):.0f}s",
                  file=sys.stderr, flush=True)
    out.close()
    print(f"rows -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
