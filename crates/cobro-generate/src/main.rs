//! `scripts/generate`: writes every generated file of the repository (see
//! [`cobro_generate::files`]) under the directory given, the repository's root.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(root) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cobro-generate ROOT");
        return ExitCode::from(2);
    };
    let mut written = 0;
    for (path, text) in cobro_generate::files() {
        let target = root.join(&path);
        if std::fs::read_to_string(&target).is_ok_and(|old| old == text) {
            continue;
        }
        if let Err(e) = std::fs::write(&target, text) {
            eprintln!("cobro-generate: cannot write {}: {e}", target.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {path}");
        written += 1;
    }
    if written == 0 {
        println!("every generated file is current");
    }
    ExitCode::SUCCESS
}
