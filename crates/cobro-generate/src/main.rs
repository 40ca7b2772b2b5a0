//! `scripts/generate [--check]`: writes every generated file of the repository (see
//! [`cobro_generate::files`]) under the directory given, the repository's root; with
//! `--check`, writes nothing and fails, naming them, when any differs from what it
//! would write.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut check = false;
    let mut root = None;
    for arg in std::env::args_os().skip(1) {
        if arg == "--check" {
            check = true;
        } else {
            root = Some(PathBuf::from(arg));
        }
    }
    let Some(root) = root else {
        eprintln!("usage: cobro-generate [--check] ROOT");
        return ExitCode::from(2);
    };
    let mut changed = 0;
    for (path, text) in cobro_generate::files() {
        let target = root.join(&path);
        if std::fs::read_to_string(&target).is_ok_and(|old| old == text) {
            continue;
        }
        changed += 1;
        if check {
            eprintln!("{path} is not what scripts/generate writes: run it and commit the result");
        } else if let Err(e) = std::fs::write(&target, text) {
            eprintln!("cobro-generate: cannot write {}: {e}", target.display());
            return ExitCode::FAILURE;
        } else {
            println!("wrote {path}");
        }
    }
    match (changed, check) {
        (0, _) => {
            println!("every generated file is current");
            ExitCode::SUCCESS
        }
        (_, true) => ExitCode::FAILURE,
        (_, false) => ExitCode::SUCCESS,
    }
}
