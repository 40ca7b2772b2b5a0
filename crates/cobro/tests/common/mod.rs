//! Helpers shared by the integration tests: the location of the shared vectors and the
//! bodies of the validation vectors.
#![allow(dead_code)]

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::value::RawValue;

/// `tests/vectors` at the workspace root.
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// Every `*.json` file of `tests/vectors/<sub>`, sorted.
pub fn vector_files(sub: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir().join(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Decodes lowercase or upper-case hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// One case of `tests/vectors/validation`, with the body it stands for.
pub struct ValidationCase {
    /// The file's name.
    pub file: String,
    /// The file's `kind`.
    pub kind: String,
    /// The case's own JSON text, for the test to read its expectations from.
    pub case: Box<RawValue>,
    /// The body: `body` as written, `body_text`, `body_hex`, or a base with its patch
    /// applied (`tests/vectors/README.md`).
    pub body: Vec<u8>,
    /// Whether the body was given as JSON (`body` or a patch), not as text or bytes.
    pub json: bool,
}

#[derive(Deserialize)]
struct ValidationFile {
    kind: String,
    #[serde(default)]
    bases: Members,
    cases: Vec<Box<RawValue>>,
}

/// The ways a case gives its body; its other members are the test's to read.
#[derive(Deserialize)]
struct BodyForm {
    name: String,
    base: Option<String>,
    #[serde(default)]
    remove: Vec<String>,
    #[serde(default)]
    set: Members,
    body: Option<Box<RawValue>>,
    body_text: Option<String>,
    body_hex: Option<String>,
}

/// A JSON object's members in the order written, each value as its text.
#[derive(Default)]
struct Members(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> serde::de::Visitor<'de> for InOrder {
            type Value = Members;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Members, A::Error> {
                let mut out = Vec::new();
                while let Some(member) = map.next_entry()? {
                    out.push(member);
                }
                Ok(Members(out))
            }
        }
        d.deserialize_map(InOrder)
    }
}

/// Every case of every file of `tests/vectors/validation`, in file order.
pub fn validation_cases() -> Vec<ValidationCase> {
    let mut out = Vec::new();
    for path in vector_files("validation") {
        let text = std::fs::read_to_string(&path).unwrap();
        let file: ValidationFile = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for case in file.cases {
            let form: BodyForm = serde_json::from_str(case.get()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let id = format!("{name} / {}", form.name);
            let (body, json) = match (&form.base, &form.body, &form.body_text, &form.body_hex) {
                (Some(base), None, None, None) => {
                    let (_, base) = file
                        .bases
                        .0
                        .iter()
                        .find(|(n, _)| n == base)
                        .unwrap_or_else(|| panic!("{id}: no base {base:?}"));
                    (patched(base.get(), &form.remove, &form.set, &id).into_bytes(), true)
                }
                (None, Some(raw), None, None) => (raw.get().as_bytes().to_vec(), true),
                (None, None, Some(t), None) => (t.as_bytes().to_vec(), false),
                (None, None, None, Some(h)) => (unhex(h), false),
                _ => panic!("{id}: exactly one of base, body, body_text, body_hex"),
            };
            assert!(
                form.base.is_some() || form.remove.is_empty() && form.set.0.is_empty(),
                "{id}: a patch needs a base"
            );
            out.push(ValidationCase {
                file: name.clone(),
                kind: file.kind.clone(),
                case,
                body,
                json,
            });
        }
    }
    out
}

/// A body as a tree only where a patch reaches: an object's members, or a value's text.
enum Node {
    Text(String),
    Object(Vec<(String, Node)>),
}

impl Node {
    fn members(&mut self, id: &str) -> &mut Vec<(String, Node)> {
        if let Node::Text(text) = self {
            let members: Members =
                serde_json::from_str(text).unwrap_or_else(|_| panic!("{id}: a pointer goes through {text}"));
            *self = Node::Object(
                members
                    .0
                    .into_iter()
                    .map(|(k, v)| (k, Node::Text(v.get().to_string())))
                    .collect(),
            );
        }
        match self {
            Node::Object(members) => members,
            Node::Text(_) => unreachable!(),
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Node::Text(text) => out.push_str(text),
            Node::Object(members) => {
                out.push('{');
                for (n, (key, value)) in members.iter().enumerate() {
                    assert!(
                        !key.chars().any(|c| c == '"' || c == '\\' || c < ' '),
                        "the key {key:?} must be written as it reads"
                    );
                    if n > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&format!("\"{key}\": "));
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// The members holding the member `pointer` names, and that member's key.
fn parent<'a>(root: &'a mut Node, pointer: &str, id: &str) -> (&'a mut Vec<(String, Node)>, String) {
    let tokens: Vec<String> = pointer
        .strip_prefix('/')
        .unwrap_or_else(|| panic!("{id}: {pointer:?} does not start with /"))
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let (last, path) = tokens.split_last().unwrap();
    let mut node = root;
    for token in path {
        let members = node.members(id);
        let at = members.iter().position(|(k, _)| k == token);
        let at = at.unwrap_or_else(|| panic!("{id}: {pointer} names no member"));
        node = &mut members[at].1;
    }
    (node.members(id), last.clone())
}

/// `base` with the members of `remove` taken out, then each member of `set` given its
/// value in place, or appended to its object when new (`tests/vectors/README.md`).
fn patched(base: &str, remove: &[String], set: &Members, id: &str) -> String {
    let mut root = Node::Text(base.to_string());
    for pointer in remove {
        let (members, key) = parent(&mut root, pointer, id);
        let at = members.iter().position(|(k, _)| *k == key);
        members.remove(at.unwrap_or_else(|| panic!("{id}: nothing to remove at {pointer}")));
    }
    for (pointer, value) in &set.0 {
        let (members, key) = parent(&mut root, pointer, id);
        let value = Node::Text(value.get().to_string());
        match members.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => *old = value,
            None => members.push((key, value)),
        }
    }
    let mut out = String::new();
    root.write(&mut out);
    out
}

/// Random JSON values for property tests: scalars (with `strings` as the string
/// leaves), arrays and objects (keys from `keys`), nested up to `depth`.
pub fn arb_json(
    strings: proptest::strategy::BoxedStrategy<String>,
    keys: &'static str,
    depth: u32,
    width: usize,
) -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(serde_json::Value::from),
        strings.prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(depth, 48, width as u32, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..width).prop_map(serde_json::Value::Array),
            prop::collection::vec((keys, inner), 0..width)
                .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Replaces, removes or adds one member somewhere in `v`, steered by `path`.
pub fn edit(v: &mut serde_json::Value, path: &[proptest::sample::Index], op: u8, new: serde_json::Value) {
    match v {
        serde_json::Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let Some((first, rest)) = path.split_first() else {
                return;
            };
            let k = first.get(&keys).clone();
            match (op, rest.is_empty()) {
                (0, true) => {
                    map.remove(&k);
                }
                (1, true) => {
                    map.insert(format!("{k}X"), new);
                }
                (_, true) => {
                    map.insert(k, new);
                }
                (_, false) => edit(map.get_mut(&k).unwrap(), rest, op, new),
            }
        }
        serde_json::Value::Array(items) if !items.is_empty() => {
            let Some((first, rest)) = path.split_first() else {
                return;
            };
            let i = first.index(items.len());
            if rest.is_empty() {
                items[i] = new
            } else {
                edit(&mut items[i], rest, op, new)
            }
        }
        other => *other = new,
    }
}

#[derive(Deserialize)]
struct ResponseFile {
    document: String,
    cases: Vec<ResponseCase>,
}

#[derive(Deserialize)]
struct ResponseCase {
    name: String,
    #[serde(default)]
    http_status: Option<u16>,
    #[serde(default)]
    body: Option<Box<RawValue>>,
    #[serde(default)]
    body_text: Option<String>,
    #[serde(default)]
    body_hex: Option<String>,
}

/// Every case of `tests/vectors/responses` that parses: `file / case`, its kind and the
/// parsed value.
pub fn parsed_vectors() -> Vec<(String, cobro::parse::DocumentKind, cobro::parse::Parsed)> {
    let mut out = Vec::new();
    for path in vector_files("responses") {
        let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file: ResponseFile = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let kind = cobro::parse::DocumentKind::from_name(&file.document).unwrap();
        for case in file.cases {
            let body = match (&case.body, &case.body_text, &case.body_hex) {
                (Some(raw), _, _) => raw.get().as_bytes().to_vec(),
                (_, Some(t), _) => t.as_bytes().to_vec(),
                (_, _, Some(h)) => unhex(h),
                _ => panic!("{file_name} / {}: no body", case.name),
            };
            if let Ok(parsed) = cobro::parse::parse_document(kind, case.http_status.unwrap_or(200), &body) {
                out.push((format!("{file_name} / {}", case.name), kind, parsed));
            }
        }
    }
    out
}

/// The result of every document vector whose number is valid.
pub fn valid_documents() -> Vec<cobro::document::Valid> {
    let path = vectors_dir().join("documents/public-suites.json");
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            let t = cobro::document::find(c["country"].as_str()?, c["type"].as_str()?).ok()?;
            (t.validate)(c["number"].as_str()?).ok()
        })
        .collect()
}
