// Personal values of the parsed answers and notifications: each is a `Personal` record
// whose toString is the core's `[REDACTED]` (the Rust Display the record exports), so
// toString of every parsed vector, which is what loggers call, shows none of them, and
// `.value` gives the text.
package cobrotests

import cobro.Personal
import java.lang.reflect.Modifier
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

/** The texts of the [Personal] values of `v`, and every other string in it. */
fun strings(v: Any?, personal: MutableList<String>, other: MutableSet<String>) {
    when (v) {
        null, is Boolean, is Number, is ByteArray, is Enum<*>, is ULong, is UInt, is UShort, is UByte -> {}
        is Personal -> personal += v.value
        is String -> other += v
        is List<*> -> v.forEach { strings(it, personal, other) }
        is Map<*, *> -> v.forEach { (k, x) -> strings(k, personal, other); strings(x, personal, other) }
        else -> for (f in v.javaClass.declaredFields) {
            if (Modifier.isStatic(f.modifiers) || f.isSynthetic) continue
            f.isAccessible = true
            strings(f.get(v), personal, other)
        }
    }
}

fun personalTests() {
    var hidden = 0
    for ((file, content) in vectorFiles("responses")) {
        val parse = PARSERS.getValue(content.str("document"))
        for (c in content.list("cases")) {
            val case = c as JObj
            if (!case.has("expected")) continue
            T.test("personal ${file.name} / ${case.str("name")}") {
                val value = parse(bodyBytes(case), case)
                val personal = mutableListOf<String>()
                val other = mutableSetOf<String>()
                strings(value, personal, other)
                val shown = value.toString()
                assertEquals(personal.size, shown.split("[REDACTED]").size - 1, "one [REDACTED] per personal value")
                for (p in personal) {
                    // A value inside some other field's text (a code, a URL) may show there,
                    // and a short one (`7`, `null`) anywhere.
                    if (p.length < 5 || other.any { p in it }) continue
                    assertFalse(p in shown, "toString shows a personal value")
                    hidden++
                }
            }
        }
    }
    T.test("personal: the vectors hold personal values") { assertTrue(hidden > 40, "only $hidden") }
    T.test("personal: a Personal prints [REDACTED], holds its text and compares by it") {
        val p = Personal("Testa Ejemplo")
        assertEquals("[REDACTED]", p.toString())
        assertEquals("[REDACTED]", "$p")
        assertEquals("Testa Ejemplo", p.value)
        assertEquals(Personal("Testa Ejemplo"), p)
        assertEquals(Personal("Testa Ejemplo").hashCode(), p.hashCode())
        assertNotEquals(Personal("Otra"), p)
    }
}
