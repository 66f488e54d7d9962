"""A contact force and a STEP schedule, evaluated by fexpr over NumPy arrays and plotted.

Run from a build:  PYTHONPATH=build/python python3 examples/python/plot_contact.py [OUT.png]
(or after `cmake --install build --component python`, with that directory on PYTHONPATH).
Written in cells (# %%) that a notebook or an editor runs one at a time.
"""

# %% Setup: Matplotlib without a display.
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import fexpr

out = sys.argv[1] if len(sys.argv) > 1 else "plot_contact.png"

# %% IMPACT: a ball of radius 0.1 m on a floor, stiffness 1E5, exponent 1.5, full damping 50 at
# 10 mm of penetration; x is the centre's height, v its velocity.
impact = fexpr.compile("IMPACT(x, v, 0.1, 1E5, 1.5, 50, 0.01)", variables=["x", "v"])
x = np.linspace(0.085, 0.105, 401)
velocities = np.array([-0.5, 0.0, 0.5])
# One call over the (3, 401) grid: the arrays broadcast like NumPy's and the loop runs in C++.
force = impact.value(x=x, v=velocities[:, None])
stiffness = -impact.gradient(x=x, v=0.0)["x"]

# %% A STEP schedule: a load ramped up over the first second, held, then released over half a second.
schedule = fexpr.compile("STEP(TIME, 0, 0, 1, 100) - STEP(TIME, 2, 0, 2.5, 100)")
t = np.linspace(-0.5, 3.0, 701)
load = schedule.value(time=t)
rate = schedule.gradient(time=t)["TIME"]

# %% Plot.
plt.rcParams["axes.titlesize"] = 9
fig, (left, middle, right) = plt.subplots(1, 3, figsize=(11, 3.4), layout="constrained")
for v, row in zip(velocities, force):
    left.plot(x * 1e3, row, label=f"v = {v:+.1f} m/s")
left.set(title="IMPACT(x, v, 0.1, 1E5, 1.5, 50, 0.01)", xlabel="x [mm]", ylabel="force [N]")
left.legend()
middle.plot(x * 1e3, stiffness, color="tab:purple")
middle.set(title="stiffness -dF/dx at v = 0", xlabel="x [mm]", ylabel="[N/m]")
right.plot(t, load, label="load")
right.plot(t, rate / 10, "--", label="d/dTIME / 10")
right.set(title="STEP(TIME,0,0,1,100) - STEP(TIME,2,0,2.5,100)", xlabel="TIME [s]")
right.legend()
fig.savefig(out, dpi=72)
print(f"wrote {out}")
