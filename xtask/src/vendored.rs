//! The vendored crates are their release plus their patches, and nothing of
//! the lab: each `vendor/NAME/patches/*.patch` is one change, against the
//! crate as published, that could be offered upstream as it is
//! (`vendor/NAME/ATTENTION-LAB.md`, "Upstream status").

use std::path::{Path, PathBuf};
use std::process::Command;

/// The vendored crates and their versions on crates.io.
const VENDORED: [(&str, &str); 2] = [("burn-flex", "0.22.1"), ("gemm-f32", "0.19.0")];

fn vendor() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vendor")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a scratch folder");
    for entry in std::fs::read_dir(from).expect("readable folder") {
        let path = entry.expect("readable entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copied");
        }
    }
}

fn files_containing(dir: &Path, needle: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            files_containing(&path, needle, out);
        } else if std::fs::read_to_string(&path).is_ok_and(|t| t.contains(needle)) {
            out.push(path.display().to_string());
        }
    }
}

/// The crate's patches, in the order they apply.
fn patches(name: &str) -> Vec<PathBuf> {
    let dir = vendor().join(name).join("patches");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "patch"))
        .collect();
    found.sort();
    found
}

/// The crate as published, where cargo has unpacked it (`None` on a machine
/// that never downloaded it: the patched copy replaces it in the build).
fn released_source(name: &str, version: &str) -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))?;
    let registry = home.join("registry/src");
    std::fs::read_dir(registry)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join(format!("{name}-{version}")))
        .find(|p| p.join("src").is_dir())
}

/// Whether two folders hold the same files with the same bytes.
fn same_tree(a: &Path, b: &Path) -> Result<(), String> {
    let status = Command::new("diff")
        .args(["-rq"])
        .arg(a)
        .arg(b)
        .status()
        .map_err(|e| format!("diff: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{} and {} differ", a.display(), b.display()))
}

#[test]
fn each_vendored_crate_is_its_release_and_its_patches() {
    for (name, version) in VENDORED {
        let crate_dir = vendor().join(name);
        // No dependency on a lab crate, by path or otherwise.
        let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).expect("manifest");
        assert!(
            !manifest.contains("../"),
            "{name} depends on a path outside itself"
        );
        assert!(!manifest.contains("lab-"), "{name} depends on a lab crate");
        // Undo the patches, last first, on a copy of the source.
        let scratch =
            std::env::temp_dir().join(format!("lab-vendored-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        copy_dir(&crate_dir.join("src"), &scratch.join("src"));
        let found = patches(name);
        assert!(!found.is_empty(), "{name} has no patch");
        for patch in found.iter().rev() {
            let undone = Command::new("git")
                .args(["apply", "-R"])
                .arg(patch)
                .current_dir(&scratch)
                .output()
                .expect("git runs");
            assert!(
                undone.status.success(),
                "{} does not undo on the vendored {name}: {}",
                patch.display(),
                String::from_utf8_lossy(&undone.stderr)
            );
        }
        // Every change is in a patch: none of the lab's marks is left.
        let mut marked = Vec::new();
        files_containing(&scratch, "Attention Lab", &mut marked);
        assert!(
            marked.is_empty(),
            "{name}: changes outside its patches in {marked:?}"
        );
        // Where cargo has the release, the patches undone give it back exactly.
        if let Some(release) = released_source(name, version) {
            same_tree(&scratch.join("src"), &release.join("src")).unwrap();
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
