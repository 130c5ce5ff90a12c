# PyTorch's cumsum (float32) along each axis of the shapes of bench/axis, beside a copy of the
# tensor: medians of CUDA events, one call each, after warm-up (slow calls: 3 of them).
#   python3 bench/torch_axis.py [ROWSxCOLS ...]   (default: every shape of bench/axis)
import sys, torch
from torch_timing import timed  # (bench/: beside this file)
gpu = torch.cuda.get_device_name(0)
print("gpu,torch,shape,axis,torch_cumsum_us,copy_us,of_copy")
shapes = [(2**20, 2), (2**24, 8), (2, 2**24), (4096, 4096), (2**16, 1024), (1024, 2**16), (2**26, 1), (8, 2**22)]
if len(sys.argv) > 1:
    shapes = [tuple(int(v) for v in a.split("x")) for a in sys.argv[1:]]
for r, c in shapes:
    x = torch.randn(r, c, device="cuda", dtype=torch.float32)
    y = torch.empty_like(x)
    cp = timed(lambda: y.copy_(x))
    for d in ([0] if c == 1 else [0, 1]):
        t = timed(lambda: torch.cumsum(x, dim=d))
        print(f"{gpu},{torch.__version__},{r}x{c},{d},{t:.1f},{cp:.1f},{cp / t:.5f}", flush=True)
