"""Every tests/scenarios/**/*.yaml file is collected as a test of its own."""
from __future__ import annotations

import os
import tempfile

import pytest

# The suite's sessions speak English whatever the machine's locale (a test that wants another
# language asks for it): LANGUAGE comes first in gettext's order.
os.environ["LANGUAGE"] = "en"
# A session whose input ends keeps its unsaved game in the user's state folder: the suite's
# go to a folder of its own, not the home of whoever runs it.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="tabletop-state-")


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switched the process to French leaves it in English for the next one."""
    yield
    from tabletop.framework import language

    language.use("en")


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
