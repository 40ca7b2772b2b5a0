//! The JSON values a schema is made of, kept in the order they are built, and their
//! pretty text. serde_json's maps here sort their keys, which would scatter the spec
//! tables' order across the committed schemas; this keeps it.

use crate::json::writer::write_string;

/// A JSON value of a schema.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text.
    Number(String),
    /// A string.
    Text(String),
    /// An array.
    List(Vec<Node>),
    /// An object, its members in the order written.
    Map(Obj),
}

/// An object under construction: members in insertion order. It refuses a second member
/// of the same key (a document with one is refused by strict readers and type
/// generators, and by cobro itself in a request): the first stays, and the refused key
/// is kept for [`Node::repeated_keys`], which the tests hold empty for every document.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Obj {
    members: Vec<(String, Node)>,
    repeated: Vec<String>,
}

impl Obj {
    /// An empty object.
    pub(crate) fn new() -> Obj {
        Obj::default()
    }

    /// The object with the member `key` appended.
    pub(crate) fn with(mut self, key: &str, value: impl Into<Node>) -> Obj {
        self.push(key, value);
        self
    }

    /// Appends the member `key`, unless the object has one already.
    pub(crate) fn push(&mut self, key: &str, value: impl Into<Node>) {
        if self.members.iter().any(|(k, _)| k == key) {
            self.repeated.push(key.to_string());
        } else {
            self.members.push((key.to_string(), value.into()));
        }
    }

    /// The object with `items` added to the list under `key`: those it lacks appended
    /// to the list it has, or all as a new member.
    pub(crate) fn with_listed(mut self, key: &str, items: Vec<Node>) -> Obj {
        match self.members.iter_mut().find(|(k, _)| k == key) {
            Some((_, Node::List(list))) => {
                for item in items {
                    if !list.contains(&item) {
                        list.push(item);
                    }
                }
            }
            Some(_) => self.repeated.push(key.to_string()),
            None => self.members.push((key.to_string(), Node::List(items))),
        }
        self
    }

    /// The object with every member of `other` appended after its own, through
    /// [`Obj::push`] (a key both hold is refused as repeated).
    pub(crate) fn extended(mut self, other: Obj) -> Obj {
        self.repeated.extend(other.repeated);
        for (key, value) in other.members {
            self.push(&key, value);
        }
        self
    }

    /// The member `key`'s value.
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        self.members.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The members, in the order written.
    pub(crate) fn members(&self) -> impl Iterator<Item = (&str, &Node)> {
        self.members.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether the object has no member.
    pub(crate) fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}

/// The named schemas of one document (its `$defs`, or an OpenAPI document's
/// `components/schemas`), in the order first named: type generators make a class of
/// each, called by its name, where an inline object would get a name made up from its
/// place (`Owner1`, `Type2`).
#[derive(Debug)]
pub(crate) struct Defs {
    prefix: &'static str,
    named: Obj,
}

impl Defs {
    /// The named schemas of a JSON Schema document: `#/$defs/<name>`.
    pub(crate) fn json_schema() -> Defs {
        Defs {
            prefix: "#/$defs/",
            named: Obj::new(),
        }
    }

    /// The named schemas of an OpenAPI document: `#/components/schemas/<name>`.
    pub(crate) fn openapi() -> Defs {
        Defs {
            prefix: "#/components/schemas/",
            named: Obj::new(),
        }
    }

    /// Names `schema` `name` (its title too, which generators that go by titles read)
    /// and gives a reference to it. The same schema named twice is one definition; another
    /// schema under a name already given is refused as a repeated key, which the tests
    /// hold absent.
    pub(crate) fn name(&mut self, name: &str, schema: Obj) -> Obj {
        let titled = Obj::new().with("title", name).extended(schema);
        match self.named.get(name) {
            Some(Node::Map(known)) if *known == titled => {}
            _ => self.named.push(name, titled),
        }
        self.reference(name)
    }

    /// `{"$ref": ...}` to the schema named `name`.
    pub(crate) fn reference(&self, name: &str) -> Obj {
        Obj::new().with("$ref", format!("{}{name}", self.prefix))
    }

    /// The named schemas, as the object of `$defs` or `components/schemas`.
    pub(crate) fn into_obj(self) -> Obj {
        self.named
    }
}

impl From<Obj> for Node {
    fn from(o: Obj) -> Node {
        Node::Map(o)
    }
}

impl From<&str> for Node {
    fn from(s: &str) -> Node {
        Node::Text(s.to_string())
    }
}

impl From<String> for Node {
    fn from(s: String) -> Node {
        Node::Text(s)
    }
}

impl From<bool> for Node {
    fn from(b: bool) -> Node {
        Node::Bool(b)
    }
}

impl From<u64> for Node {
    fn from(n: u64) -> Node {
        Node::Number(n.to_string())
    }
}

impl From<usize> for Node {
    fn from(n: usize) -> Node {
        Node::Number(n.to_string())
    }
}

impl From<Vec<Node>> for Node {
    fn from(items: Vec<Node>) -> Node {
        Node::List(items)
    }
}

/// A list of strings.
pub(crate) fn texts<'a>(values: impl IntoIterator<Item = &'a str>) -> Node {
    Node::List(values.into_iter().map(Node::from).collect())
}

impl Node {
    /// Every key an object of this value refused a second time, with the path of keys
    /// to it.
    #[cfg(test)]
    pub(crate) fn repeated_keys(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_repeated("", &mut out);
        out
    }

    #[cfg(test)]
    fn collect_repeated(&self, at: &str, out: &mut Vec<String>) {
        match self {
            Node::List(items) => items.iter().for_each(|i| i.collect_repeated(at, out)),
            Node::Map(Obj { members, repeated }) => {
                out.extend(repeated.iter().map(|key| format!("{at}/{key}")));
                for (key, value) in members {
                    value.collect_repeated(&format!("{at}/{key}"), out);
                }
            }
            Node::Bool(_) | Node::Number(_) | Node::Text(_) => {}
        }
    }

    /// The value as pretty JSON: two spaces per level, one member or item per line, a
    /// newline at the end.
    pub(crate) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        match self {
            Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Node::Number(n) => out.push_str(n),
            Node::Text(s) => write_string(out, s),
            Node::List(items) if items.is_empty() => out.push_str("[]"),
            Node::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    indent(out, depth + 1);
                    item.write(out, depth + 1);
                }
                out.push('\n');
                indent(out, depth);
                out.push(']');
            }
            Node::Map(obj) if obj.is_empty() => out.push_str("{}"),
            Node::Map(Obj { members, .. }) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    indent(out, depth + 1);
                    write_string(out, key);
                    out.push_str(": ");
                    value.write(out, depth + 1);
                }
                out.push('\n');
                indent(out, depth);
                out.push('}');
            }
        }
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use super::*;

    #[test]
    fn pretty_keeps_the_order_and_reads_back() {
        let node: Node = Obj::new()
            .with("z", "a\"b")
            .with("a", vec![Node::from(1u64), Node::from(false), Node::from(true)])
            .with("m", Obj::new())
            .with("l", Vec::<Node>::new())
            .into();
        let text = node.pretty();
        assert_eq!(
            text,
            "{\n  \"z\": \"a\\\"b\",\n  \"a\": [\n    1,\n    false,\n    true\n  ],\n  \"m\": {},\n  \"l\": []\n}\n"
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["z"], "a\"b");
    }
}
