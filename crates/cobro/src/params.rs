//! The params of a report issue (DESIGN.md section 3): the rule's figures as strings,
//! held in place and borrowing static text wherever the figure is fixed, so recording an
//! issue allocates nothing for them.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// One param of an issue: its name and its value. The value borrows static text where
/// the rule's figure is fixed (a format, the list of allowed values, a small number), so
/// recording an issue copies no text.
pub type Param = (&'static str, Cow<'static, str>);

/// How many params an issue holds without a heap allocation; more move to the heap.
const INLINE_PARAMS: usize = 3;

/// The params of one issue: the rule's figures as strings, in a fixed order. A slice of
/// [`Param`] (`Deref`), held in place when there are at most three.
#[derive(Clone)]
pub struct Params(ParamsRepr);

#[derive(Clone)]
enum ParamsRepr {
    Inline(u8, [Param; INLINE_PARAMS]),
    Heap(Vec<Param>),
}

/// The filler of unused inline places.
const NO_PARAM: Param = ("", Cow::Borrowed(""));

impl Params {
    /// No params (no allocation).
    pub const fn new() -> Params {
        Params(ParamsRepr::Inline(0, [NO_PARAM; INLINE_PARAMS]))
    }

    /// Appends `param`.
    pub fn push(&mut self, param: Param) {
        match &mut self.0 {
            ParamsRepr::Inline(len, items) => {
                if let Some(place) = items.get_mut(usize::from(*len)) {
                    *place = param;
                    *len += 1;
                } else {
                    let mut heap: Vec<Param> = Vec::with_capacity(INLINE_PARAMS * 2);
                    heap.extend(items.iter_mut().map(|p| std::mem::replace(p, NO_PARAM)));
                    heap.push(param);
                    self.0 = ParamsRepr::Heap(heap);
                }
            }
            ParamsRepr::Heap(heap) => heap.push(param),
        }
    }

    /// The value of the param `name`, if the issue has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_ref())
    }

    /// The params from a list of static texts (no copy of any text).
    pub(crate) fn from_static(params: &[(&'static str, &'static str)]) -> Params {
        if params.len() > INLINE_PARAMS {
            return params.iter().map(|(k, v)| (*k, Cow::Borrowed(*v))).collect();
        }
        // Each place written once, in the array's own expression: filling an array of
        // fillers and then overwriting places makes the compiler build it on the stack
        // and copy it back out.
        let item = |at: usize| params.get(at).map_or(NO_PARAM, |&(k, v)| (k, Cow::Borrowed(v)));
        Params(ParamsRepr::Inline(params.len() as u8, std::array::from_fn(item)))
    }
}

impl Default for Params {
    fn default() -> Params {
        Params::new()
    }
}

impl Deref for Params {
    type Target = [Param];

    fn deref(&self) -> &[Param] {
        match &self.0 {
            ParamsRepr::Inline(len, items) => items.get(..usize::from(*len)).unwrap_or_default(),
            ParamsRepr::Heap(heap) => heap,
        }
    }
}

impl DerefMut for Params {
    fn deref_mut(&mut self) -> &mut [Param] {
        match &mut self.0 {
            ParamsRepr::Inline(len, items) => items.get_mut(..usize::from(*len)).unwrap_or_default(),
            ParamsRepr::Heap(heap) => heap,
        }
    }
}

impl PartialEq for Params {
    fn eq(&self, other: &Params) -> bool {
        **self == **other
    }
}

impl Eq for Params {}

impl fmt::Debug for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Param> for Params {
    fn from_iter<I: IntoIterator<Item = Param>>(iter: I) -> Params {
        let mut out = Params::new();
        for p in iter {
            out.push(p);
        }
        out
    }
}

impl<const N: usize> From<[Param; N]> for Params {
    fn from(params: [Param; N]) -> Params {
        if N > INLINE_PARAMS {
            return Params(ParamsRepr::Heap(params.into()));
        }
        let mut items = [NO_PARAM; INLINE_PARAMS];
        for (place, param) in items.iter_mut().zip(params) {
            *place = param;
        }
        Params(ParamsRepr::Inline(N as u8, items))
    }
}

impl From<Vec<Param>> for Params {
    fn from(params: Vec<Param>) -> Params {
        if params.len() > INLINE_PARAMS {
            Params(ParamsRepr::Heap(params))
        } else {
            params.into_iter().collect()
        }
    }
}

impl<'a> IntoIterator for &'a Params {
    type Item = &'a Param;
    type IntoIter = std::slice::Iter<'a, Param>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Params {
    type Item = &'a mut Param;
    type IntoIter = std::slice::IterMut<'a, Param>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_hold_three_in_place_and_more_on_the_heap() {
        let mut params = Params::from_static(&[("a", "1"), ("b", "2")]);
        assert!(matches!(params.0, ParamsRepr::Inline(2, _)));
        params.push(("c", Cow::Owned("3".to_string())));
        assert!(matches!(params.0, ParamsRepr::Inline(3, _)));
        params.push(("d", Cow::Borrowed("4")));
        assert!(matches!(params.0, ParamsRepr::Heap(_)));
        let names: Vec<&str> = params.iter().map(|(k, _)| *k).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert_eq!(params.get("c"), Some("3"));
        assert_eq!(params.get("e"), None);
        let from_array = Params::from([
            ("a", Cow::Borrowed("1")),
            ("b", Cow::Borrowed("2")),
            ("c", Cow::Borrowed("3")),
            ("d", Cow::Borrowed("4")),
        ]);
        assert_eq!(from_array, params);
        assert_eq!(Params::from(params.to_vec()), params);
        for (_, v) in &mut params {
            *v = Cow::Borrowed("x");
        }
        assert!(params.iter().all(|(_, v)| v == "x"));
        assert!(Params::new().is_empty());
    }
}
