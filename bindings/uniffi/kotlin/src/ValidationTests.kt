// Every validation vector (tests/vectors/validation, the files the Rust, Python and Node
// tests read) through `validate` and `ensureValid`: the ordered [code, path] lists of
// errors and warnings, and the typed Report against the vector's `report` (the core's
// JSON), issue by issue.
package cobrotests

import cobro.CobroException
import cobro.MessageLocale
import cobro.Report
import cobro.RequestKind
import cobro.ensureValid
import cobro.validate
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

val KINDS = mapOf(
    "virtual-account" to RequestKind.VIRTUAL_ACCOUNT,
    "subscription" to RequestKind.SUBSCRIPTION,
    "subscription-cancel" to RequestKind.SUBSCRIPTION_CANCEL,
    "payin" to RequestKind.PAYIN,
)

/** The issue that only a pay-in key produces (DESIGN.md 9 row 18); the binding takes no key. */
val KEY_ONLY = listOf("ERR_INVALID_SIGNATURE", "payinVerification")

fun pairs(issues: List<cobro.Issue>): List<List<String>> = issues.map { listOf(it.code, it.path) }

@Suppress("UNCHECKED_CAST")
fun expectedPairs(case: JObj, key: String, keyed: Boolean): List<List<String>> =
    (case.list(key) as List<List<String>>).filter { !(keyed && it == KEY_ONLY) }

/** A vector's options, as the parameters of `validate` and `ensureValid`. */
data class Options(val strict: Boolean, val locale: MessageLocale?, val maxBytes: UInt?, val beforePrepare: Boolean)

fun options(case: JObj): Options {
    val o = case["options"] as JObj?
    return Options(
        strict = o?.get("strict") == true,
        locale = (o?.get("locale") as String?)?.let { tag ->
            MessageLocale.values().firstOrNull { it.name.lowercase() == tag } ?: error("unknown locale $tag")
        },
        maxBytes = (o?.get("max_bytes") as JNum?)?.text?.toUInt(),
        beforePrepare = o?.get("before_prepare") == true,
    )
}

fun validateWith(kind: RequestKind, body: ByteArray, o: Options): Report = validate(kind, body, o.strict, o.locale, o.maxBytes, o.beforePrepare)

fun ensureValidWith(kind: RequestKind, body: ByteArray, o: Options): Report = ensureValid(kind, body, o.strict, o.locale, o.maxBytes, o.beforePrepare)

/** The typed report equals a vector's report (the core's JSON, DESIGN.md section 3), issue by issue. */
fun assertSameReport(typed: Report, want: JObj) {
    assertEquals(setOf("valid", "errors", "warnings"), want.members.keys, "report keys")
    assertEquals(want["valid"], typed.valid, "valid")
    for ((name, issues) in listOf("errors" to typed.errors, "warnings" to typed.warnings)) {
        val list = want.list(name)
        assertEquals(list.size, issues.size, "$name count")
        for ((n, issue) in issues.withIndex()) {
            val c = list[n] as JObj
            assertEquals(setOf("path", "code", "message", "severity", "params"), c.members.keys, "$name[$n] keys")
            assertEquals(c["path"], issue.path, "$name[$n].path")
            assertEquals(c["code"], issue.code, "$name[$n].code")
            assertEquals(c["message"], issue.message, "$name[$n].message")
            assertEquals(c["severity"], issue.severity.name.lowercase(), "$name[$n].severity")
            assertEquals(c.obj("params").members, issue.params as Map<String, Any?>, "$name[$n].params")
        }
    }
}

fun validationVectors() {
    var count = 0
    var reports = 0
    for ((file, content) in vectorFiles("validation")) {
        val kind = KINDS.getValue(content.str("kind"))
        for (c in content.list("cases")) {
            val case = c as JObj
            count++
            T.test("validation ${file.name} / ${case.str("name")}") {
                val keyed = (case["options"] as JObj?)?.has("payin_key") == true
                val bytes = bodyBytes(case)
                val opts = options(case)
                val report = validateWith(kind, bytes, opts)
                val errors = expectedPairs(case, "errors", keyed)
                assertEquals(errors, pairs(report.errors), "errors")
                assertEquals(expectedPairs(case, "warnings", keyed), pairs(report.warnings), "warnings")
                assertEquals(errors.isEmpty(), report.valid, "valid")
                if (case.has("report") && !keyed) {
                    assertSameReport(report, case.obj("report"))
                    reports++
                }
                if (report.valid) {
                    assertEquals(report, ensureValidWith(kind, bytes, opts))
                } else {
                    val e = assertFailsWith<CobroException.Validation> { ensureValidWith(kind, bytes, opts) }
                    thrown(e)
                    assertEquals("ERR_INVALID_REQUEST", e.code)
                    assertEquals(report, e.report)
                    assertEquals(report.errors, e.errors)
                    // The description counts the errors ("1 error", never "1 errors") and
                    // names the first's code and path, in the report's language.
                    val first = report.errors.first()
                    assertTrue(e.description.contains(first.code), e.description)
                    if (first.path.isNotEmpty()) assertTrue(e.description.contains(first.path), e.description)
                    assertTrue(!Regex("\\b1 (errors|errores|erros)\\b").containsMatchIn(e.description), e.description)
                }
            }
        }
    }
    T.test("validation: MessageLocale.PT gives the messages in Portuguese") {
        val report = validate(RequestKind.PAYIN, "{}".toByteArray(), false, MessageLocale.PT, null)
        val first = report.errors.first()
        assertEquals(listOf("ERR_MISSING_FIELD", "payinMerchantID"), listOf(first.code, first.path))
        assertEquals("payinMerchantID é obrigatório", first.message)
        val english = validate(RequestKind.PAYIN, "{}".toByteArray(), false, null, null)
        assertEquals(pairs(english.errors), pairs(report.errors))
    }
    T.test("validation: there are many vectors, some with a report") {
        assertTrue(count >= 200, "only $count vectors")
        assertTrue(reports >= 25, "only $reports reports compared")
    }
}
