# PyTorch's segment_reduce (float32 sums by offsets) of the segments of bench/segmented's reductions
# by offsets - 1, 8, 64, 1,024, 65,536 elements, one segment, lengths 2^U with U uniform in 0..16 -
# beside a copy of the bytes it moves (the values, the offsets as int64, a sum a segment): medians
# of CUDA events, one call each, after warm-up (slow calls: 3 of them), each sum checked against
# a float64 reference.
#   python3 bench/torch_segment_reduce.py [LOG2 ...]   (default: 24 26)
import sys, torch
from torch_timing import timed  # (bench/: beside this file)
gpu = torch.cuda.get_device_name(0)
print("gpu,torch,n,segments,count,torch_us,copy_us,of_copy")
logs = [int(v) for v in sys.argv[1:]] or [24, 26]
for lg in logs:
    n = 1 << lg
    x = torch.randn(n, device="cuda", dtype=torch.float32)
    for name, length in (("1", 1), ("8", 8), ("64", 64), ("1024", 1024), ("65536", 65536), ("one", n), ("power", -1)):
        if length > 0:
            starts = torch.arange(0, n, length, device="cuda", dtype=torch.int64)
        else:
            lens = 2 ** torch.randint(0, 17, (2 * n // 7000 + 64,), device="cuda", dtype=torch.int64)
            starts = torch.cat((torch.zeros(1, device="cuda", dtype=torch.int64), torch.cumsum(lens, 0)))
            starts = starts[starts < n]
        offsets = torch.cat((starts, torch.tensor([n], device="cuda", dtype=torch.int64)))
        m = starts.numel()
        got = torch.segment_reduce(x, "sum", offsets=offsets, unsafe=True)
        want = torch.segment_reduce(x.double(), "sum", offsets=offsets, unsafe=True)
        mag = torch.segment_reduce(x.double().abs(), "sum", offsets=offsets, unsafe=True)
        if not bool(((got.double() - want).abs() <= 1e-5 * mag + 1e-6).all()):
            print(f"MISMATCH n=2^{lg} segments {name}", flush=True)
        moved = 4 * n + 8 * (m + 1) + 4 * m
        src = torch.empty(moved // 2, device="cuda", dtype=torch.uint8)
        dst = torch.empty_like(src)
        cp = timed(lambda: dst.copy_(src))
        t = timed(lambda: torch.segment_reduce(x, "sum", offsets=offsets, unsafe=True))
        print(f"{gpu},{torch.__version__},{n},{name},{m},{t:.1f},{cp:.1f},{cp / t:.5f}", flush=True)
        del src, dst, got, want, mag
