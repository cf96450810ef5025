//! `cargo xtask post-build`: `trunk build` runs it as a post-build hook
//! (`Trunk.toml`), on the staged site (`TRUNK_STAGING_DIR`), before it
//! becomes `dist/`. It writes one file per language other than English
//! (`crate::locales`), then the service worker's version and the list of the
//! site's files into the built `sw.js` (`web/sw.js`, which keeps the lab for
//! offline use), then, in a release build, the files' pre-compressed copies
//! (`crate::precompress`).
//!
//! The site's files keep fixed names (`filehash = false`), so the version
//! is a hash of their contents: a change to any built file changes `sw.js`,
//! and a browser that finds `sw.js` changed installs the new version, whose
//! caches replace the old ones.

use std::path::{Path, PathBuf};

/// The service worker's file, at the top of the site.
const SERVICE_WORKER: &str = "sw.js";
/// The lines of `web/sw.js` this step rewrites, as written there.
const VERSION_LINE: &str = "const VERSION = 'unstamped';";
const SITE_LINE: &str = "const SITE = ['./'];";
/// The folders the service worker does not fetch on install, but keeps as
/// the reader opens them: the tasks' models and sentences, and the page's
/// languages other than English (compiled in), which would add dozens of
/// requests to a first visit for languages most readers never open.
const ON_DEMAND: [&str; 2] = ["assets", crate::locales::FOLDER];

/// `cargo xtask post-build [DIR]`: writes the language files into `DIR`,
/// stamps `DIR/sw.js`, then writes the pre-compressed copies (not in a
/// debug build, nor under `cargo xtask serve`), by default in trunk's
/// staging folder.
pub fn post_build(options: &[String]) -> Result<(), String> {
    let dir = match options.first() {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("TRUNK_STAGING_DIR")
            .map(PathBuf::from)
            .ok_or(
            "post-build: no folder given and no TRUNK_STAGING_DIR (trunk's post-build hook sets it)",
        )?,
    };
    let languages = crate::locales::write_bundles(&crate::locales::sources(), &dir)?;
    println!("post-build: {}", languages.join(", "));
    let version = stamp(&dir)?;
    println!(
        "post-build: {} is version {version}",
        dir.join(SERVICE_WORKER).display()
    );
    // A debug build (`trunk build` without --release) is for its author's
    // machine, and trunk's own server never sends the copies: none, which
    // take about 15 s to write.
    let debug = std::env::var("TRUNK_PROFILE").as_deref() == Ok("debug");
    if !debug && std::env::var_os(crate::precompress::SKIP).is_none() {
        let files = files_under(&dir, Path::new(""))?;
        let written = crate::precompress::write_beside(&dir, &files)?;
        println!(
            "post-build: {} files pre-compressed ({}), {} bytes as {}",
            written.copies,
            crate::precompress::SUFFIX,
            written.before,
            written.after
        );
    }
    Ok(())
}

/// Stamps `dir/sw.js`: its version and its list of the site's files.
/// Returns the version.
fn stamp(dir: &Path) -> Result<String, String> {
    let path = dir.join(SERVICE_WORKER);
    let script = std::fs::read_to_string(&path)
        .map_err(|e| format!("stamp-sw: cannot read {}: {e}", path.display()))?;
    let files = files_under(dir, Path::new(""))?;
    let version = version(dir, &files)?;
    let mut site = vec!["./".to_string()];
    site.extend(
        files
            .iter()
            .filter(|f| {
                f.as_str() != SERVICE_WORKER
                    && !ON_DEMAND
                        .iter()
                        .any(|folder| f.starts_with(&format!("{folder}/")))
            })
            .cloned(),
    );
    let stamped = rewrite(&script, &version, &site)?;
    std::fs::write(&path, stamped)
        .map_err(|e| format!("stamp-sw: cannot write {}: {e}", path.display()))?;
    Ok(version)
}

/// `script` with its version and site list written in, or why not: each of
/// the two lines must stand in it exactly once.
fn rewrite(script: &str, version: &str, site: &[String]) -> Result<String, String> {
    for line in [VERSION_LINE, SITE_LINE] {
        if script.matches(line).count() != 1 {
            return Err(format!("stamp-sw: sw.js must hold `{line}` once"));
        }
    }
    let list: Vec<String> = site.iter().map(|f| format!("'{}'", js_quoted(f))).collect();
    Ok(script
        .replacen(VERSION_LINE, &format!("const VERSION = '{version}';"), 1)
        .replacen(
            SITE_LINE,
            &format!("const SITE = [{}];", list.join(", ")),
            1,
        ))
}

/// `text` inside single quotes of JavaScript.
fn js_quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\'', "\\'")
}

/// Every file under `dir/sub`, as `/`-separated paths relative to `dir`,
/// sorted; not the pre-compressed copies of a site built before, which are
/// not the site's files (`crate::precompress`).
fn files_under(dir: &Path, sub: &Path) -> Result<Vec<String>, String> {
    let folder = dir.join(sub);
    let entries = std::fs::read_dir(&folder)
        .map_err(|e| format!("stamp-sw: cannot list {}: {e}", folder.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let relative = sub.join(entry.file_name());
        if entry.path().is_dir() {
            files.extend(files_under(dir, &relative)?);
        } else if !relative
            .to_string_lossy()
            .ends_with(crate::precompress::SUFFIX)
        {
            let parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
    files.sort();
    Ok(files)
}

/// The site's version: FNV-1a (64 bits) over every file's path and bytes,
/// in path order, `sw.js` as written in `web/` included.
fn version(dir: &Path, files: &[String]) -> Result<String, String> {
    let mut hash = Fnv::default();
    for file in files {
        let bytes = std::fs::read(dir.join(file))
            .map_err(|e| format!("stamp-sw: cannot read {file}: {e}"))?;
        hash.write(file.as_bytes());
        hash.write(&[0]);
        hash.write(&(bytes.len() as u64).to_le_bytes());
        hash.write(&bytes);
    }
    Ok(format!("{:016x}", hash.0))
}

/// Fowler–Noll–Vo's FNV-1a: a fixed hash in a few lines (the standard
/// library's may change between Rust releases).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// A staged site in a fresh temporary folder: `web/sw.js` as written,
    /// and `files` (path, contents).
    fn staged(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("lab-stamp-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::copy(
            root().join("web").join(SERVICE_WORKER),
            dir.join(SERVICE_WORKER),
        )
        .expect("web/sw.js copies");
        for (path, contents) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
            std::fs::write(path, contents).expect("a file");
        }
        dir
    }

    fn stamped_script(dir: &Path) -> String {
        std::fs::read_to_string(dir.join(SERVICE_WORKER)).expect("sw.js reads")
    }

    #[test]
    fn the_site_list_is_every_built_file_but_the_tasks_the_languages_the_copies_and_the_worker_itself(
    ) {
        let dir = staged(
            "list",
            &[
                ("index.html", "<!doctype html>"),
                ("app_bg.wasm", "wasm"),
                ("app_bg.wasm.br", "a copy, from a build before"),
                ("snippets/x/inline0.js", "js"),
                ("assets/checkpoints/en-ja.ckpt", "model"),
                ("locales/ja.ftl", "common-title = アテンション・ラボ"),
            ],
        );
        stamp(&dir).expect("stamps");
        let script = stamped_script(&dir);
        assert!(
            script.contains(
                "const SITE = ['./', 'app_bg.wasm', 'index.html', 'snippets/x/inline0.js'];"
            ),
            "{script}"
        );
        assert!(
            !script.contains(VERSION_LINE),
            "the version is still unstamped"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn any_changed_byte_of_the_site_or_its_tasks_is_a_new_version() {
        let files = [
            ("index.html", "<!doctype html>"),
            ("assets/data/a.tsv", "a\tb"),
        ];
        let a = stamp(&staged("a", &files)).expect("stamps");
        // A pre-compressed copy is not the site's: the same version.
        let copied = [files[0], files[1], ("index.html.br", "a copy")];
        let same = stamp(&staged("same", &copied)).expect("stamps");
        let page =
            stamp(&staged("page", &[files[0], ("assets/data/a.tsv", "a\tc")])).expect("stamps");
        let renamed = stamp(&staged(
            "renamed",
            &[files[0], ("assets/data/b.tsv", "a\tb")],
        ))
        .expect("stamps");
        assert_eq!(a, same, "the same files, and a copy, are the same version");
        assert_ne!(a, page, "a changed task file is a new version");
        assert_ne!(a, renamed, "a renamed file is a new version");
        for name in ["a", "same", "page", "renamed"] {
            let _ = std::fs::remove_dir_all(
                std::env::temp_dir().join(format!("lab-stamp-{name}-{}", std::process::id())),
            );
        }
    }

    #[test]
    fn a_script_without_its_two_lines_is_refused_and_stamped_once_only() {
        let site = ["./".to_string()];
        assert!(rewrite("const VERSION = 'x';", "1", &site).is_err());
        let once = rewrite(&format!("{VERSION_LINE}\n{SITE_LINE}\n"), "1", &site).expect("stamps");
        assert_eq!(once, "const VERSION = '1';\nconst SITE = ['./'];\n");
        assert!(
            rewrite(&once, "2", &site).is_err(),
            "a stamped script is not stamped again"
        );
    }

    /// The manifest's colours are the page's own (`web/style.css`'s
    /// `--accent` and `--paper`), so is `index.html`'s theme colour, and
    /// the manifest's icons exist.
    #[test]
    fn the_manifest_takes_its_colours_from_the_style_and_its_icons_exist() {
        let style = std::fs::read_to_string(root().join("web/style.css")).expect("style.css");
        let manifest =
            std::fs::read_to_string(root().join("web/manifest.webmanifest")).expect("manifest");
        let var = |name: &str| {
            let at = style
                .find(&format!("{name}:"))
                .expect("the variable is defined");
            style[at + name.len() + 1..]
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        };
        assert!(
            manifest.contains(&format!("\"theme_color\": \"{}\"", var("--accent"))),
            "{manifest}"
        );
        assert!(
            manifest.contains(&format!("\"background_color\": \"{}\"", var("--paper"))),
            "{manifest}"
        );
        let index = std::fs::read_to_string(root().join("index.html")).expect("index.html");
        assert!(
            index.contains(&format!(
                "<meta name=\"theme-color\" content=\"{}\">",
                var("--accent")
            )),
            "index.html's theme colour is not style.css's --accent"
        );
        for icon in manifest.split("\"src\": \"").skip(1) {
            let file = icon.split('"').next().unwrap_or("");
            assert!(
                root().join("web").join(file).is_file(),
                "web/{file} is missing"
            );
            assert!(
                index.contains(&format!("href=\"web/{file}\"")),
                "index.html does not copy web/{file} into the site"
            );
        }
        // A launcher that cuts icons to a circle or a squircle gets one
        // drawn for it, in both sizes.
        let maskable: Vec<&str> = manifest
            .lines()
            .filter(|line| line.contains("\"purpose\": \"maskable\""))
            .collect();
        assert!(
            ["192x192", "512x512"]
                .iter()
                .all(|size| maskable.iter().any(|line| line.contains(size))),
            "{manifest}"
        );
    }
}
