"""An Ansible callback for the fleet tests: every task result of a run, one JSON line each,
appended to the file named by BYTEBENCH_TASK_RECORD: {"host", "task", "status" (ok, skipped,
failed, unreachable), "changed", "msg", "time" (when the result arrived, Unix time)}. A task delegated to another machine is recorded under
the inventory host it ran for. Results arrive in the controller's main process, one at a time,
so lines never mix, whatever the strategy (fleet.yml's run play is `free`, where a stdout
callback's task headers and host lines interleave).

Enabled with ANSIBLE_CALLBACK_PLUGINS=<this folder> ANSIBLE_CALLBACKS_ENABLED=task_record.
"""
import json
import os
import time

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
name: task_record
type: aggregate
short_description: every task result as a JSON line (bytebench's fleet tests)
description:
  - Appends host, task name, status, changed and msg of every task result to the file named by
    the environment variable BYTEBENCH_TASK_RECORD.
requirements:
  - enabled in callbacks_enabled
"""


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "aggregate"
    CALLBACK_NAME = "task_record"
    CALLBACK_NEEDS_ENABLED = True

    def _record(self, result, status):
        path = os.environ.get("BYTEBENCH_TASK_RECORD")
        if not path:
            return
        line = {"host": result._host.get_name(), "task": result._task.name, "status": status,
                "changed": bool(result._result.get("changed", False)),
                "msg": str(result._result.get("msg", "")), "time": time.time()}
        with open(path, "a") as out:
            out.write(json.dumps(line) + "\n")

    def v2_runner_on_ok(self, result):
        self._record(result, "ok")

    def v2_runner_on_skipped(self, result):
        self._record(result, "skipped")

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self._record(result, "failed")

    def v2_runner_on_unreachable(self, result):
        self._record(result, "unreachable")
