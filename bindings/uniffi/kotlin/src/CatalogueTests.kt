// The catalogues as data: lookups answer the core's entry or null, the lists hold every
// entry once, and cobro's own catalogue (`codes()`) lists every code the vectors produce
// and every code a CobroException carried in the tests that ran before.
package cobrotests

import cobro.CobroException
import cobro.Disposition
import cobro.MessageLocale
import cobro.Severity
import cobro.SubscriptionOperation
import cobro.codes
import cobro.payinCreationCode
import cobro.payinCreationCodes
import cobro.payinState
import cobro.payinStates
import cobro.paymentConfirmationCode
import cobro.paymentConfirmationCodes
import cobro.subscriptionErrorCode
import cobro.subscriptionErrorCodes
import cobro.virtualAccountErrorCode
import cobro.virtualAccountErrorCodes
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.test.fail

fun catalogueTests() {
    T.test("catalogue lookups") {
        assertEquals(Disposition.SUCCESS, payinCreationCode("0000")?.disposition)
        assertEquals(Disposition.RETRY, payinCreationCode("0044")?.disposition) // not authorized yet
        assertNull(payinCreationCode("no such code"))
        assertEquals(true, payinState(5)?.paid)
        assertEquals("Autorizado", payinState(5)?.name)
        assertNull(payinState(999))
        assertNull(payinState(Long.MIN_VALUE))
        assertEquals(listOf(SubscriptionOperation.CANCEL), subscriptionErrorCode("9025")?.operations)
        assertNull(paymentConfirmationCode("zz-none"))
        assertNull(virtualAccountErrorCode("zz-none"))
    }
    T.test("catalogue lists: every entry is found by its lookup") {
        for (c in payinCreationCodes()) assertEquals(c, payinCreationCode(c.code))
        for (c in paymentConfirmationCodes()) assertEquals(c, paymentConfirmationCode(c.code))
        for (s in payinStates()) assertEquals(s, payinState(s.id))
        for (c in subscriptionErrorCodes()) assertEquals(c, subscriptionErrorCode(c.code))
        for (c in virtualAccountErrorCodes()) assertEquals(c, virtualAccountErrorCode(c.code))
        for (list in listOf(payinCreationCodes(), paymentConfirmationCodes(), virtualAccountErrorCodes())) {
            assertTrue(list.isNotEmpty())
            assertEquals(list.size, list.map { it.code }.toSet().size)
        }
    }
    T.test("codes: the core's catalogue, each code once, with its texts") {
        val all = codes()
        assertEquals(all.size, all.map { it.code }.toSet().size)
        for (c in all) {
            assertTrue(c.code.startsWith("ERR_") || c.code.startsWith("WARN_"), c.code)
            val severity = if (c.code.startsWith("WARN_")) Severity.WARNING else Severity.ERROR
            assertEquals(if ("report" in c.classes) severity else null, c.severity, c.code)
            assertTrue(c.classes.isNotEmpty() && c.meaning.isNotEmpty(), c.code)
            assertEquals(MessageLocale.values().toSet(), c.templates.keys, c.code)
            for (template in c.templates.values) {
                val names = Regex("\\{(\\w+)\\}").findAll(template).map { it.groupValues[1] }.toSet() - "path"
                assertEquals(c.params.toSet(), names, "${c.code}: $template")
            }
        }
        assertEquals(listOf("report", "ParseError"), all.first { it.code == "ERR_MALFORMED_JSON" }.classes)
        assertEquals(null, all.first { it.code == "ERR_INTERNAL" }.severity)
    }
    T.test("codes: the report codes are the codes the validation vectors produce") {
        val reported = codes().filter { "report" in it.classes }.map { it.code }.toSet()
        val seen = HashSet<String>()
        for ((_, content) in vectorFiles("validation")) {
            for (c in content.list("cases")) {
                for (key in listOf("errors", "warnings")) {
                    (c as JObj).list(key).forEach { seen.add((it as List<*>)[0] as String) }
                }
            }
        }
        assertEquals(reported, seen)
    }
    T.test("codes: every code a CobroException carried in the tests is listed, in its class") {
        val byCode = codes().associateBy { it.code }
        assertEquals(setOf("ParseError", "DocumentError", "ValidationError", "report"), THROWN.keys, "the tests threw each variant")
        for ((cls, seen) in THROWN) {
            for (code in seen) {
                val entry = byCode[code] ?: fail("$code ($cls) is not in codes()")
                assertTrue(cls in entry.classes, "$code is thrown as $cls but its classes are ${entry.classes}")
            }
        }
    }
}

/** The codes the exceptions of the tests carried, by the catalogue's class (see [thrown]). */
val THROWN = HashMap<String, MutableSet<String>>()

/** Records the code(s) of `e` for the catalogue test: a Validation's errors are report codes. */
fun thrown(e: CobroException) {
    fun add(cls: String, code: String) = THROWN.getOrPut(cls) { HashSet() }.add(code)
    when (e) {
        is CobroException.Parse -> add("ParseError", e.code)
        is CobroException.Document -> add("DocumentError", e.code)
        is CobroException.Validation -> {
            add("ValidationError", e.code)
            e.errors.forEach { add("report", it.code) }
        }
    }
}
