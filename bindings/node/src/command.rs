//! `npx cobro`: the `cobro` command line, run in this process by the code the command
//! runs (`cobro_cli::run`), so `listen`, `check-webhook` and the rest have the same
//! options and output from the npm package as from a build of the workspace.

use napi_derive::napi;

/// Runs the command line `args` (the first is the name usage lines show) and returns
/// its exit code; what it prints goes to the process's standard output and error. It
/// blocks the calling thread until the command ends (Ctrl-C for `listen` and `mock`).
/// Internal: `cobro-cli.js` calls it.
#[napi(skip_typescript, js_name = "runCommand")]
pub fn run_command(args: Vec<String>) -> u32 {
    u32::from(cobro_cli::run(args))
}
