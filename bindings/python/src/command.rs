//! `python -m cobro`: the `cobro` command line, run in this process by the code the
//! command runs (`cobro_cli::run`), so `listen`, `check-webhook` and the rest have the
//! same options and output from the wheel as from a build of the workspace.

use pyo3::prelude::*;

/// Runs the command line `args` (the first is the name usage lines show) without the
/// GIL and returns its exit code; what it prints goes to the process's standard output
/// and error. Internal: `cobro/__main__.py` calls it.
#[pyfunction]
#[pyo3(signature = (args, /))]
pub fn run_command(py: Python<'_>, args: Vec<String>) -> u8 {
    py.detach(|| cobro_cli::run(args))
}
