//! Personal values in the parsed objects, hidden when printed (DESIGN.md 6; STYLE.md 6):
//! the objects of the records the core lists as having personal fields
//! (`cobro::personal::fields`) are marked here, and `cobro.js` makes `util.inspect`
//! (so `console.log`) show those fields as `[REDACTED]`.
//!
//! The mark is a property keyed `Symbol.for('cobro.personal')` holding the names of
//! the object's personal fields, as its keys are named ([`crate::names`]). It is not enumerable, so `JSON.stringify`,
//! `Object.keys`, spreading and `assert.deepStrictEqual` do not see it: the values
//! stay whole for the program, only their printed form hides them.

use napi::bindgen_prelude::{FromNapiValue, Function, JsObjectValue, Object, PropertyAttributes};
use napi::{Env, JsValue, Property, Unknown};

use crate::errors::Res;
use crate::names::js_key;
use crate::trail::Step;

/// The description of the mark's global symbol (`Symbol.for`), which `cobro.js` reads.
pub const MARK: &str = "cobro.personal";

/// Marks the objects of `root` the trail found (each path from `root`, with the
/// record's personal fields).
pub fn mark(env: &Env, root: Unknown<'_>, found: Vec<(Vec<Step>, &'static [&'static str])>) -> Res<()> {
    if found.is_empty() {
        return Ok(());
    }
    // `Symbol.for` through the global: napi's `symbol_for` needs Node-API 9, and the
    // addon is built for Node-API 8 (the workspace's napi feature).
    // `Symbol` is a function, which napi's `Object` refuses to convert from; its
    // properties read the same through an `Object` over the value.
    let symbol_type: Unknown<'_> = env.get_global()?.get_named_property("Symbol")?;
    let symbol_type = Object::from_raw(env.raw(), symbol_type.raw());
    let symbol_for: Function<'_, &str, Unknown<'_>> = symbol_type.get_named_property("for")?;
    let symbol = symbol_for.call(MARK)?;
    'records: for (path, fields) in found {
        let mut object = Object::from_unknown(root)?;
        for step in path {
            object = match step {
                Step::Key(key) => object.get_named_property(key)?,
                Step::Index(index) => object.get_element(index)?,
                // Not reached: the trail refuses a record under a map.
                Step::MapValue => continue 'records,
            };
        }
        let names = Property::new()
            .with_name(env, symbol)?
            .with_napi_value(env, fields.iter().map(|f| js_key(f)).collect::<Vec<_>>())?
            .with_property_attributes(PropertyAttributes::Default);
        object.define_properties(&[names])?;
    }
    Ok(())
}
