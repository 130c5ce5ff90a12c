# The PyTorch benchmarks' timing (torch_axis.py, torch_segment_reduce.py): the median of CUDA
# events around one call each, after a warm-up call (calls past 50 ms: 3 of them, else 21).
import torch, statistics
def timed(fn):
    fn(); torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record(); fn(); b.record(); b.synchronize()
    reps = 3 if a.elapsed_time(b) > 50 else 21
    ts = []
    for _ in range(reps):
        a.record(); fn(); b.record(); b.synchronize()
        ts.append(a.elapsed_time(b) * 1e3)
    return statistics.median(ts)
