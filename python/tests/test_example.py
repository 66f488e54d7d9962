"""examples/python/plot_contact.py runs and writes its PNG."""

import os
import subprocess
import sys

from conftest import SOURCE_DIR


def test_the_plot_example_writes_a_png(tmp_path):
    out = tmp_path / "plot.png"
    run = subprocess.run([sys.executable, "-B", str(SOURCE_DIR / "examples" / "python" / "plot_contact.py"), str(out)],
                         capture_output=True, text=True, env=dict(os.environ, MPLBACKEND="Agg"))
    assert run.returncode == 0, run.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
