//! The page's languages other than English, one file each: the post-build
//! step writes `locales/<locale>.ftl` into the staged site, every message file
//! of `web/locales/<locale>/` in name order (Fluent resolves a message's
//! references wherever they stand in its bundle). The page fetches the one
//! its reader chose in a single request (`web/src/i18n/mod.rs`, `file_url`);
//! English is compiled into the page, so it has no file here.

use std::path::{Path, PathBuf};

/// The site's folder of language files.
pub const FOLDER: &str = "locales";
/// The language compiled into the page, which needs no file.
const COMPILED_IN: &str = "en";

/// `web/locales/`, where the message files are written.
pub fn sources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/locales")
}

/// Writes `site/locales/<locale>.ftl` for every language folder of
/// `sources` but English; returns the files written, relative to `site`.
pub fn write_bundles(sources: &Path, site: &Path) -> Result<Vec<String>, String> {
    let read =
        |path: &Path| std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()));
    let mut languages: Vec<PathBuf> = read(sources)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir() && !path.ends_with(COMPILED_IN))
        .collect();
    languages.sort();
    std::fs::create_dir_all(site.join(FOLDER)).map_err(|e| e.to_string())?;
    let mut written = Vec::new();
    for language in languages {
        let mut files: Vec<PathBuf> = read(&language)?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
            .collect();
        files.sort();
        let mut bundle = String::new();
        for file in &files {
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
            bundle.push_str(&text);
            if !bundle.ends_with('\n') {
                bundle.push('\n');
            }
        }
        let code = language
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or("a language folder's name")?;
        let name = format!("{FOLDER}/{code}.ftl");
        std::fs::write(site.join(&name), bundle).map_err(|e| format!("{name}: {e}"))?;
        written.push(name);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_but_english_is_one_file_of_all_its_messages() {
        let root = std::env::temp_dir().join(format!("lab-locales-{}", std::process::id()));
        let (sources, site) = (root.join("web"), root.join("site"));
        for (path, text) in [
            ("en/common.ftl", "title = Lab\n"),
            ("ja/common.ftl", "title = ラボ"),
            ("ja/glossary.ftl", "-query = クエリ\n"),
            ("ja/notes.txt", "not a message file"),
        ] {
            let path = sources.join(path);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder made");
            std::fs::write(path, text).expect("written");
        }
        let written = write_bundles(&sources, &site).expect("bundles written");
        assert_eq!(written, ["locales/ja.ftl"]);
        let ja = std::fs::read_to_string(site.join("locales/ja.ftl")).expect("ja.ftl");
        assert_eq!(ja, "title = ラボ\n-query = クエリ\n");
        assert!(
            !site.join("locales/en.ftl").exists(),
            "English is compiled in"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn the_lab_s_own_languages_are_found() {
        let site = std::env::temp_dir().join(format!("lab-locales-real-{}", std::process::id()));
        let written = write_bundles(&sources(), &site).expect("bundles written");
        assert_eq!(
            written,
            [
                "locales/ja.ftl",
                "locales/zh-Hans.ftl",
                "locales/zh-Hant.ftl"
            ]
        );
        let _ = std::fs::remove_dir_all(&site);
    }
}
