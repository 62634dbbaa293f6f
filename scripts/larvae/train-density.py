"""
Trains the larvae density model (ADR 0105) on the photos written by
scripts/larvae/density-data.ts (tuning generators A, B, E only) and exports it to ONNX
for OpenCV's dnn module (opset 11, fully convolutional, any input size).

  python3 scripts/larvae/train-density.py --data <folder> --out scripts/larvae/density/density-model.onnx

The model: RGB at the density input's size (density-input.ts, 800 px on the long side),
scaled to -4..4, six 3x3 convolutions (two of stride 2, two dilated), one output channel
at a quarter of the input's size through a ReLU: larvae per cell, summing to the count.
The loss sees the output before the ReLU where a larva is (so it cannot die there: a plain
ReLU did, every cell at zero) and after it elsewhere (the background only has to be <= 0). Target:
a Gaussian of one cell's sigma at each larva's point. Needs torch (CPU) and onnx.
"""
import argparse, glob, json, math, os, random, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDE = 4
SIGMA = 1.0  # in output cells


class DensityNet(nn.Module):
    def __init__(self, w=24, batch_norm=False):
        super().__init__()
        def conv(i, o, stride=1, dilation=1):
            c = nn.Conv2d(i, o, 3, stride=stride, padding=dilation, dilation=dilation)
            # Leaky: with plain ReLUs every hidden unit died in the first steps (the
            # output a constant, the mean density).
            act = nn.LeakyReLU(0.1)
            return [c, nn.BatchNorm2d(o), act] if batch_norm else [c, act]

        self.body = nn.Sequential(
            *conv(3, 8), *conv(8, 16, stride=2), *conv(16, 32, stride=2),
            *conv(32, w), *conv(w, w, dilation=2), *conv(w, w, dilation=4),
            nn.Conv2d(w, 1, 1),
        )
        # The background starts below the ReLU (an answer of 0, not the mean density).
        nn.init.constant_(self.body[-1].bias, -0.1)

    def raw(self, x):
        # A larva darkens or lightens the basin by a few levels in 255: ×8 lets the first
        # layer see it without weights that Adam's small steps take thousands of steps to grow.
        return self.body((x - 0.5) * 8)

    def forward(self, x):
        return F.relu(self.raw(x))


def load(folder):
    photos = []
    for path in sorted(glob.glob(os.path.join(folder, '*.json')), key=lambda p: int(os.path.basename(p)[:-5])):
        meta = json.load(open(path))
        rgb = np.fromfile(path[:-5] + '.rgb', dtype=np.uint8).reshape(meta['height'], meta['width'], 3)
        rgb = torch.from_numpy(rgb).permute(2, 0, 1).contiguous()
        pts = np.array(meta['points'], dtype=np.float32).reshape(-1, 2)
        photos.append((int(os.path.basename(path)[:-5]), rgb, pts))
    return photos


def target(pts, h, w):
    """Density at stride STRIDE: each point a normalised Gaussian (sum 1, even at the edge)."""
    gh, gw = (h + STRIDE - 1) // STRIDE, (w + STRIDE - 1) // STRIDE
    d = np.zeros((gh, gw), np.float32)
    r = int(math.ceil(3 * SIGMA))
    for x, y in pts:
        cx, cy = x / STRIDE - 0.5, y / STRIDE - 0.5
        ix, iy = int(round(cx)), int(round(cy))
        xs = np.arange(ix - r, ix + r + 1)
        ys = np.arange(iy - r, iy + r + 1)
        g = np.exp(-((xs[None, :] - cx) ** 2 + (ys[:, None] - cy) ** 2) / (2 * SIGMA ** 2))
        keep_y = (ys >= 0) & (ys < gh)
        keep_x = (xs >= 0) & (xs < gw)
        g = g[keep_y][:, keep_x]
        if g.size == 0 or g.sum() <= 0:
            continue
        d[ys[keep_y][0]:ys[keep_y][-1] + 1, xs[keep_x][0]:xs[keep_x][-1] + 1] += g / g.sum()
    return d


def sample(photo, size, rng):
    """A random square of the photo, zoomed by 0.75-1.33 to `size` px, and its target."""
    _, img, pts = photo
    h, w = img.shape[1:]
    c = min(h, w, round(size / math.exp(rng.uniform(math.log(0.75), math.log(1.33)))))
    y0, x0 = rng.randrange(0, h - c + 1), rng.randrange(0, w - c + 1)
    img = img[:, y0:y0 + c, x0:x0 + c].float()[None] / 255
    img = F.interpolate(img, size=(size, size), mode='bilinear', antialias=True, align_corners=False)[0]
    p = pts - np.array([x0, y0], np.float32)
    p = p[(p[:, 0] >= 0) & (p[:, 0] < c) & (p[:, 1] >= 0) & (p[:, 1] < c)] * (size / c)
    d = torch.from_numpy(target(p, size, size))
    # Flips and a quarter turn.
    if rng.random() < 0.5:
        img, d = img.flip(2), d.flip(1)
    if rng.random() < 0.5:
        img, d = img.flip(1), d.flip(0)
    if rng.random() < 0.5:
        img, d = img.transpose(1, 2), d.transpose(0, 1)
    # Light and camera: gain, offset, white balance, gamma, noise.
    gain = torch.tensor([rng.uniform(0.88, 1.12) for _ in range(3)])[:, None, None] * rng.uniform(0.75, 1.25)
    img = img.clamp(0, 1) ** rng.uniform(0.8, 1.25)
    img = img * gain + rng.uniform(-0.08, 0.08)
    img = img + torch.randn_like(img) * rng.uniform(0, 0.02)
    return img.clamp(0, 1), d


def count(model, photo):
    x = photo[1].float()[None] / 255
    with torch.no_grad():
        return float(model(x).sum())


def export(model, out):
    """The weights (`<out>.pt`) and the ONNX file, written at every validation."""
    torch.save(model.state_dict(), out + '.pt')
    torch.onnx.export(model, torch.zeros(1, 3, 224, 224), out, opset_version=11, dynamo=False,
                      input_names=['rgb'], output_names=['density'],
                      dynamic_axes={'rgb': {2: 'h', 3: 'w'}, 'density': {2: 'gh', 3: 'gw'}})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--steps', type=int, default=3000)
    ap.add_argument('--batch', type=int, default=12)
    ap.add_argument('--size', type=int, default=224)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--seed', type=int, default=25)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--count-weight', type=float, default=0.2, help='weight of the crop count error')
    ap.add_argument('--every', type=int, default=250, help='steps between validations (and exports)')
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    photos = load(a.data)
    val = [p for p in photos if p[0] % 10 == 9]
    train = [p for p in photos if p[0] % 10 != 9]
    print(f'{len(train)} training photos, {len(val)} for validation')
    model = DensityNet()
    opt = torch.optim.Adam(model.parameters(), lr=a.lr)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.steps, pct_start=0.1)
    t0 = time.time()
    for step in range(1, a.steps + 1):
        xs, ds = zip(*(sample(rng.choice(train), a.size, rng) for _ in range(a.batch)))
        x, d = torch.stack(xs), torch.stack(ds)[:, None]
        z = model.raw(x)
        y = F.relu(z)
        pix = torch.where(d > 1e-3, z - d, y) * 100
        loss = (pix ** 2).mean() + a.count_weight * (y.sum((1, 2, 3)) - d.sum((1, 2, 3))).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % a.every == 0 or step == a.steps:
            model.eval()
            export(model, a.out)
            errs = [abs(count(model, p) - len(p[2])) / max(len(p[2]), 1) * 100 for p in val if len(p[2])]
            negs = [round(count(model, p), 1) for p in val if not len(p[2])]
            model.train()
            print(f'step {step} loss {loss.item():.3f} val MAPE {np.mean(errs):.2f} % worst {np.max(errs):.1f} % '
                  f'no-larvae {negs} ({time.time() - t0:.0f} s)', flush=True)
    print('wrote', a.out, os.path.getsize(a.out), 'bytes')


if __name__ == '__main__':
    main()
