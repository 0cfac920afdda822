"""Every tests/scenarios/**/*.yaml file is collected as a test of its own."""
from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self):
        from tabletop.framework import scenarios

        scenarios.run(self.path)

    def repr_failure(self, excinfo):
        from tabletop.framework.errors import TabletopError

        if isinstance(excinfo.value, TabletopError):
            return excinfo.value.render()
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
