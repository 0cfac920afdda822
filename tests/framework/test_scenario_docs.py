"""The scenario shown in docs/scenarios.md is a real, passing scenario."""
import re
from pathlib import Path

from tabletop.framework import scenarios

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def test_the_documented_scenario_passes(tmp_path):
    first = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[0]
    path = tmp_path / "example.yaml"
    path.write_text(first, encoding="utf-8")
    scenarios.run(path)
