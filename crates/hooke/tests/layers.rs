//! The layering of `crates/hooke/src` (docs/ARCHITECTURE.md) cannot drift: every module may use
//! only modules of its own layer or of the layers below it. This test reads every source file and
//! checks each `crate::module` path in its code (comments and doc comments are skipped: a doc link
//! upward is documentation, not a dependency).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Layers from the bottom up; the top-level modules of `hooke` in each.
const LAYERS: [&[&str]; 8] = [
    &["error", "units", "settle"],
    &["coeffs", "params"],
    &["scalar"],
    &["simd"],
    &["column", "views"],
    &["lanes"],
    &["par"],
    &["batch"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a source file belongs to (`lanes/quat.rs` -> `lanes`), or `None` for
/// `lib.rs`, which re-exports from every layer.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).expect("file under src");
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    let module = first.trim_end_matches(".rs").to_owned();
    (module != "lib").then_some(module)
}

/// The top-level modules named by `crate::` paths in one line of code.
fn crate_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::X, b::{Y, Z}};`: the first name of each top-level item.
            let mut depth = 0;
            let mut item_start = true;
            let mut name = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && (c.is_alphanumeric() || c == '_') => name.push(c),
                    _ if item_start && !name.is_empty() => {
                        found.push(std::mem::take(&mut name));
                        item_start = false;
                    }
                    _ => {}
                }
            }
            if !name.is_empty() {
                found.push(name);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let own = layer_of(&module).unwrap_or_else(|| {
            panic!(
                "{}: module `{module}` is in no layer of LAYERS",
                file.display()
            )
        });
        *seen.entry(module.clone()).or_default() += 1;
        let text = fs::read_to_string(file).expect("readable");
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for used in crate_paths(code) {
                // Items of the crate root (`crate::SpringCoeffs`, `crate::ParamError`) are
                // re-exports; what they re-export is checked where it is defined.
                let Some(layer) = layer_of(&used) else {
                    continue;
                };
                if layer > own {
                    violations.push(format!(
                        "{}:{}: `{module}` (layer {own}) uses `{used}` (layer {layer})",
                        file.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
    // Every layer's modules exist (a renamed module must be renamed here too).
    for module in LAYERS.iter().flat_map(|layer| layer.iter()) {
        assert!(seen.contains_key(*module), "no source file for `{module}`");
    }
}

#[test]
fn the_path_reader_sees_grouped_and_inline_paths() {
    assert_eq!(
        crate_paths("use crate::{coeffs::X, error::{A, B}};"),
        ["coeffs", "error"]
    );
    assert_eq!(
        crate_paths("let x = crate::lanes::f(crate::par::run);"),
        ["lanes", "par"]
    );
}
