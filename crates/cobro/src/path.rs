//! Field paths (DESIGN.md section 3): the path a validation pass walks, built on the
//! stack, and the compact path an issue keeps, rendered as text only when asked for.

use std::borrow::Cow;
use std::fmt;

/// How many steps an [`IssuePath`] holds in place; a deeper path is kept as text.
const INLINE_STEPS: usize = 5;

/// The field path of an issue (DESIGN.md section 3): dotted field names, `[i]` for
/// array indexes, `""` for the whole body. Kept in a compact form and rendered when
/// asked for ([`IssuePath::write_to`], `Display`, [`Report::to_json`](crate::Report::to_json)): a path of the
/// request's own field names and indexes is a few static references, so recording an
/// issue renders no path; a path through a key of the body itself (an unknown field, a
/// metadata key) is kept as its text.
#[derive(Clone)]
pub struct IssuePath(PathRepr);

#[derive(Clone)]
enum PathRepr {
    Steps(u8, [Step; INLINE_STEPS]),
    Text(Box<str>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Field(&'static str),
    Index(usize),
}

impl IssuePath {
    /// The path of the whole body, `""`.
    pub const ROOT: IssuePath = IssuePath(PathRepr::Steps(0, [Step::Index(0); INLINE_STEPS]));

    /// Whether the path is the whole body (`""`).
    pub fn is_empty(&self) -> bool {
        match &self.0 {
            PathRepr::Steps(len, steps) => !steps.iter().take(usize::from(*len)).any(|s| match s {
                Step::Field(k) => !k.is_empty(),
                Step::Index(_) => true,
            }),
            PathRepr::Text(text) => text.is_empty(),
        }
    }

    /// The rendered path appended to `out` (no allocation of its own).
    pub fn write_to(&self, out: &mut String) {
        match &self.0 {
            PathRepr::Text(text) => out.push_str(text),
            PathRepr::Steps(len, steps) => {
                let start = out.len();
                for step in steps.iter().take(usize::from(*len)) {
                    match step {
                        Step::Field(key) => {
                            if out.len() > start {
                                out.push('.');
                            }
                            out.push_str(key);
                        }
                        Step::Index(i) => {
                            out.push('[');
                            push_decimal(out, *i);
                            out.push(']');
                        }
                    }
                }
            }
        }
    }

    /// The rendered path as a new string.
    pub fn render(&self) -> String {
        match &self.0 {
            PathRepr::Text(text) => text.to_string(),
            PathRepr::Steps(..) => {
                let mut out = String::with_capacity(32);
                self.write_to(&mut out);
                out
            }
        }
    }

    /// The path as text: borrowed when it is kept as text, else rendered.
    pub fn as_text(&self) -> Cow<'_, str> {
        match &self.0 {
            PathRepr::Text(text) => Cow::Borrowed(text),
            PathRepr::Steps(..) => Cow::Owned(self.render()),
        }
    }

    /// The compact form of `path`, or its text when a step is a key of the body or the
    /// path is deeper than the inline steps.
    // Inlined where an issue is recorded: the steps are written once, not returned.
    #[inline(always)]
    pub(crate) fn of(path: &Path<'_>) -> IssuePath {
        let depth = path.depth();
        let mut steps = [Step::Index(0); INLINE_STEPS];
        // Filled from the leaf up, so each step lands at its place from the root.
        let mut place = steps.get_mut(..depth).unwrap_or_default().iter_mut().rev();
        let mut at = path;
        loop {
            let (parent, step) = match at {
                Path::Root => break,
                Path::Field(parent, key) => (parent, Step::Field(key)),
                Path::Index(parent, i) => (parent, Step::Index(*i)),
                Path::Key(..) => return IssuePath(PathRepr::Text(path.render().into_boxed_str())),
            };
            match place.next() {
                Some(p) => *p = step,
                None => return IssuePath(PathRepr::Text(path.render().into_boxed_str())),
            }
            at = parent;
        }
        IssuePath(PathRepr::Steps(depth as u8, steps))
    }
}

impl From<String> for IssuePath {
    fn from(text: String) -> IssuePath {
        IssuePath(PathRepr::Text(text.into_boxed_str()))
    }
}

impl From<&str> for IssuePath {
    fn from(text: &str) -> IssuePath {
        IssuePath(PathRepr::Text(text.into()))
    }
}

impl fmt::Display for IssuePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.as_text())
    }
}

impl fmt::Debug for IssuePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.as_text(), f)
    }
}

impl PartialEq for IssuePath {
    fn eq(&self, other: &IssuePath) -> bool {
        match (&self.0, &other.0) {
            (PathRepr::Steps(a, sa), PathRepr::Steps(b, sb))
                if a == b && sa.get(..usize::from(*a)) == sb.get(..usize::from(*b)) =>
            {
                true
            }
            _ => self.as_text() == other.as_text(),
        }
    }
}

impl Eq for IssuePath {}

impl PartialEq<str> for IssuePath {
    fn eq(&self, other: &str) -> bool {
        self.as_text() == other
    }
}

impl PartialEq<&str> for IssuePath {
    fn eq(&self, other: &&str) -> bool {
        self.as_text() == *other
    }
}

impl PartialEq<String> for IssuePath {
    fn eq(&self, other: &String) -> bool {
        self.as_text() == other.as_str()
    }
}

impl PartialEq<IssuePath> for str {
    fn eq(&self, other: &IssuePath) -> bool {
        other == self
    }
}

impl PartialEq<IssuePath> for &str {
    fn eq(&self, other: &IssuePath) -> bool {
        other == *self
    }
}

impl PartialEq<IssuePath> for String {
    fn eq(&self, other: &IssuePath) -> bool {
        other == self
    }
}

/// A field path built on the stack while walking a body; turned into an [`IssuePath`]
/// only when an issue is recorded, so a valid body builds no path.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Path<'p> {
    Root,
    /// A field the rules name (static text).
    Field(&'p Path<'p>, &'static str),
    /// A key of the body itself (an unknown field, a metadata key).
    Key(&'p Path<'p>, &'p str),
    Index(&'p Path<'p>, usize),
}

impl<'p> Path<'p> {
    /// The field `name` of this object, a name the rules know.
    pub(crate) fn key(&'p self, name: &'static str) -> Path<'p> {
        Path::Field(self, name)
    }

    /// The member `key` of this object, a key taken from the body.
    pub(crate) fn body_key(&'p self, key: &'p str) -> Path<'p> {
        Path::Key(self, key)
    }

    pub(crate) fn index(&'p self, i: usize) -> Path<'p> {
        Path::Index(self, i)
    }

    pub(crate) fn render(&self) -> String {
        let mut out = String::with_capacity(self.len());
        self.write(&mut out);
        out
    }

    /// The number of steps from the root.
    fn depth(&self) -> usize {
        let mut depth = 0;
        let mut at = self;
        while let Path::Field(parent, _) | Path::Key(parent, _) | Path::Index(parent, _) = at {
            depth += 1;
            at = parent;
        }
        depth
    }

    /// The rendered length, so rendering allocates once.
    fn len(&self) -> usize {
        match self {
            Path::Root => 0,
            Path::Field(parent, key) => {
                let before = parent.len();
                before + usize::from(before > 0) + key.len()
            }
            Path::Key(parent, key) => {
                let before = parent.len();
                before + usize::from(before > 0) + key.len()
            }
            Path::Index(parent, i) => parent.len() + 2 + i.checked_ilog10().map_or(1, |d| d as usize + 1),
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Path::Root => {}
            Path::Field(parent, key) => {
                parent.write(out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Key(parent, key) => {
                parent.write(out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Index(parent, i) => {
                parent.write(out);
                out.push('[');
                push_decimal(out, *i);
                out.push(']');
            }
        }
    }
}

fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from_digit((n % 10) as u32, 10).unwrap_or('0'));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_render_dotted_with_indexes() {
        let root = Path::Root;
        let m = root.key("metadata");
        let i = m.index(2);
        let k = i.key("key");
        assert_eq!(k.render(), "metadata[2].key");
        for n in [0, 9, 10, 99, 100, 12345] {
            let idx = root.index(n);
            let key = idx.key("k");
            assert_eq!(key.render().len(), key.len());
            assert_eq!(key.render(), format!("[{n}].k"));
        }
        assert_eq!(root.render(), "");
    }

    #[test]
    fn issue_paths_render_as_the_walked_path() {
        let root = Path::Root;
        let m = root.key("metadata");
        let i = m.index(12);
        let k = i.key("key");
        let body = i.body_key("a\"b");
        let deep = [root.key("a")];
        let deep = [deep[0].key("b")];
        let deep = [deep[0].index(3)];
        let deep = [deep[0].key("c")];
        let deep = [deep[0].index(0)];
        let deeper = deep[0].key("d");
        let first_index = root.index(0);
        let after_index = first_index.key("k");
        for path in [&root, &m, &i, &k, &body, &deep[0], &deeper, &first_index, &after_index] {
            let issue_path = IssuePath::of(path);
            assert_eq!(issue_path.render(), path.render());
            assert_eq!(issue_path, path.render());
            assert_eq!(issue_path, IssuePath::from(path.render()));
            assert_eq!(issue_path.is_empty(), path.render().is_empty());
            let mut out = String::from("x");
            issue_path.write_to(&mut out);
            assert_eq!(out, format!("x{}", path.render()));
        }
        assert!(matches!(IssuePath::of(&k).0, PathRepr::Steps(3, _)));
        assert!(matches!(IssuePath::of(&body).0, PathRepr::Text(_)));
        assert!(matches!(IssuePath::of(&deeper).0, PathRepr::Text(_)));
        assert_eq!(format!("{:?}", IssuePath::of(&k)), "\"metadata[12].key\"");
        assert_eq!(IssuePath::ROOT, "");
    }
}
