// Every validation vector (tests/vectors/validation, the files the Rust, Python and Node
// tests read) through `validate`, `validateBytes`, `validateJson` and `ensureValid`:
// the ordered [code, path] lists of errors and warnings, the report JSON byte for byte
// against the vector's `report`, and the typed Report against the core's JSON.
package cobrotests

import cobro.CobroException
import cobro.MessageLocale
import cobro.Report
import cobro.RequestKind
import cobro.ValidateOptions
import cobro.ensureValid
import cobro.validate
import cobro.validateBytes
import cobro.validateJson
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
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

fun options(case: JObj): ValidateOptions {
    val o = case["options"] as JObj?
    return ValidateOptions(
        strict = o?.get("strict") == true,
        locale = when (o?.get("locale")) {
            "es" -> MessageLocale.ES
            "en" -> MessageLocale.EN
            null -> null
            else -> error("unknown locale")
        },
        maxBytes = (o?.get("max_bytes") as JNum?)?.text?.toUInt(),
    )
}

/** The bytes as text when they are valid UTF-8. */
fun utf8(bytes: ByteArray): String? = try {
    Charsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString()
} catch (e: CharacterCodingException) {
    null
}

/**
 * A vector's report with its members in the fixed order of DESIGN.md section 3 (some
 * vectors list `warnings` before `errors`); every other byte is the vector's own.
 */
fun inCoreOrder(report: JObj): Map<String, Any?> {
    fun ordered(o: JObj, keys: List<String>): Map<String, Any?> {
        assertEquals(keys.toSet(), o.members.keys, "report keys")
        return keys.associateWith { o[it] }
    }
    val issue = listOf("path", "code", "message", "severity", "params")
    return mapOf(
        "valid" to report["valid"],
        "errors" to report.list("errors").map { ordered(it as JObj, issue) },
        "warnings" to report.list("warnings").map { ordered(it as JObj, issue) },
    ).also { assertEquals(it.keys, report.members.keys, "report keys") }
}

/** The typed report agrees with the core's report JSON, issue by issue. */
fun assertSameReport(typed: Report, json: String) {
    val core = parseJson(json) as JObj
    assertEquals(core["valid"], typed.valid, "valid")
    for ((name, issues) in listOf("errors" to typed.errors, "warnings" to typed.warnings)) {
        val list = core.list(name)
        assertEquals(list.size, issues.size, "$name count")
        for ((n, issue) in issues.withIndex()) {
            val c = list[n] as JObj
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
                val report = validateBytes(kind, bytes, opts)
                val errors = expectedPairs(case, "errors", keyed)
                assertEquals(errors, pairs(report.errors), "errors")
                assertEquals(expectedPairs(case, "warnings", keyed), pairs(report.warnings), "warnings")
                assertEquals(errors.isEmpty(), report.valid, "valid")
                val json = validateJson(kind, bytes, opts)
                if (case.has("report") && !keyed) {
                    assertEquals(writeJson(inCoreOrder(case.obj("report"))).toString(), json, "report JSON")
                    reports++
                }
                assertSameReport(report, json)
                utf8(bytes)?.let { assertEquals(report, validate(kind, it, opts), "text body") }
                if (report.valid) {
                    assertEquals(report, ensureValid(kind, bytes, opts))
                } else {
                    val e = assertFailsWith<CobroException.Validation> { ensureValid(kind, bytes, opts) }
                    thrown(e)
                    assertEquals(report.errors + report.warnings, e.issues)
                }
            }
        }
    }
    T.test("validation: there are many vectors, some with a report") {
        assertTrue(count >= 200, "only $count vectors")
        assertTrue(reports >= 25, "only $reports reports compared")
    }
}
