//! The uniffi bindings generator, built from the same uniffi version as the library so
//! the generated Kotlin and Swift always match its scaffolding (TOOLCHAIN.md):
//! `uniffi-bindgen generate <libcobro_uniffi.so> --language kotlin --out-dir <dir>`.

fn main() {
    uniffi::uniffi_bindgen_main()
}
