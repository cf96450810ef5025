//! Writes the fuzz targets' seed inputs into `fuzz/seeds/`
//! (`lab_fuzz::seeds`):
//!
//! ```text
//! cargo run --release --manifest-path fuzz/Cargo.toml --features model --example seeds
//! ```

fn main() {
    lab_fuzz::seeds::write_all();
}
